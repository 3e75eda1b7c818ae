"""Binding .npy inputs to parameters (docs/cli.md, "Inputs and outputs"), single-device and mesh.

Regression tests of issue #11: item 5 (a global input of the wrong rank crashed the mesh
sharding), item 13 (a file of another dtype was reinterpreted bit for bit; ml_dtypes files were
refused) and item 20 (errors about an input name the file, the parameter and read
'PATH: error: ...'). Expected values come from numpy / ml_dtypes, never from the interpreter.
"""
import re

import ml_dtypes
import numpy as np
import pytest

from interp_cli import run, save, write  # tests/pylib, on sys.path by conftest.py

IDENTITY = """func.func @main(%a: tensor<4x{t}>) -> tensor<4x{t}> {{
  return %a : tensor<4x{t}>
}}
"""
TO_F32 = """func.func @main(%a: tensor<4x{t}>) -> tensor<4xf32> {{
  %0 = "tessera.cast"(%a) : (tensor<4x{t}>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}}
"""
MESH = """module attributes {{tessera.mesh = {{axes = ["dp", "tp"], shape = [2, 4]}}}} {{
  func.func @main(%x: tensor<2x3x{t}> {{tessera.shard = {{partition = ["row"], mesh_axes = ["tp"]}}}})
      -> tensor<2x3x{t}> attributes {{tessera.result_shards = [{{partition = ["row"], mesh_axes = ["tp"]}}]}} {{
    return %x : tensor<2x3x{t}>
  }}
}}
"""
# An error message: "file:line:col: error: ..." or "PATH: error: ..." on its first line.
ERROR_HEAD = re.compile(r"^\S.*?(:\d+:\d+)?: error: ", re.M)



def prog(tmp_path, text, name="prog.mlir"):
    return write(tmp_path, name, text)



def assert_error(p, *fragments, code=1):
    assert p.returncode == code, f"exit {p.returncode}: {p.stderr[-2000:]}"
    assert ERROR_HEAD.match(p.stderr), f"no 'LOCATION: error:' head: {p.stderr[-2000:]}"
    for f in fragments:
        assert f in p.stderr, f"missing {f!r} in {p.stderr[-2000:]}"


# --- item 13: dtype rules -------------------------------------------------------------------

WRONG_DTYPES = [  # (parameter type, array, numpy name in the message)
    ("f32", np.array([1, 2, 3, 4], np.int32), "int32"),
    ("f32", np.arange(4, dtype=np.float64), "float64"),
    ("f32", np.arange(4, dtype=np.uint32), "uint32"),
    ("i32", np.arange(4, dtype=np.float32), "float32"),
    ("i32", np.arange(4, dtype=np.uint32), "uint32"),
    ("i64", np.arange(4, dtype=np.int32), "int32"),
    ("f16", np.arange(4, dtype=np.uint16), "uint16"),
    ("f16", np.arange(4, dtype=np.int16), "int16"),
    ("bf16", np.arange(4, dtype=np.int16), "int16"),
    ("bf16", np.arange(4, dtype=np.float16), "float16"),
    ("f8E4M3FN", np.arange(4, dtype=np.int8), "int8"),
    ("i8", np.arange(4, dtype=np.uint8), "uint8"),
    ("i1", np.arange(4, dtype=np.uint8), "uint8"),
    ("f32", np.arange(4, dtype=np.float32).astype(ml_dtypes.bfloat16), "'V2'"),
    ("f16", np.arange(4, dtype=np.float32).astype(ml_dtypes.bfloat16), "'V2'"),
    ("bf16", np.arange(4, dtype=np.float32).astype(ml_dtypes.float8_e4m3fn), "'V1'"),
    ("i8", np.arange(4, dtype=np.float32).astype(ml_dtypes.float8_e4m3fn), "'V1'"),
]


@pytest.mark.parametrize("ptype,arr,numpy_name", WRONG_DTYPES,
                         ids=[f"{w[0]}<-{w[2]}" for w in WRONG_DTYPES])
def test_dtype_mismatch_is_refused(tmp_path, ptype, arr, numpy_name):
    p = run(["run", prog(tmp_path, IDENTITY.format(t=ptype)), "-i", f"a={save(tmp_path, 'a.npy', arr)}"])
    assert_error(p, "a.npy: error: parameter '%a' is tensor<4x" + ptype + ">", numpy_name)


def test_dtype_mismatch_is_refused_on_a_mesh(tmp_path):
    text = prog(tmp_path, MESH.format(t="f32"))
    glob = save(tmp_path, "g.npy", np.arange(24, dtype=np.int32).reshape(8, 3))
    assert_error(run(["run", text, "-i", f"x={glob}"]), "g.npy: error: parameter '%x'", "int32", "f32")
    args = ["run", text]
    for r in range(8):
        dt = np.float32 if r != 5 else np.int32
        args += ["-i", f"x@{r}={save(tmp_path, f'x{r}.npy', np.zeros((2, 3), dt))}"]
    assert_error(run(args), "x5.npy: error: parameter '%x'", "int32")


RAW_CARRIERS = [  # (parameter type, ml_dtypes type, raw numpy carrier)
    ("bf16", ml_dtypes.bfloat16, np.uint16),
    ("f8E4M3FN", ml_dtypes.float8_e4m3fn, np.uint8),
    ("f8E5M2", ml_dtypes.float8_e5m2, np.uint8),
    ("f6E2M3FN", ml_dtypes.float6_e2m3fn, np.uint8),
    ("f6E3M2FN", ml_dtypes.float6_e3m2fn, np.uint8),
    ("f4E2M1FN", ml_dtypes.float4_e2m1fn, np.uint8),
    ("f8E8M0FNU", ml_dtypes.float8_e8m0fnu, np.uint8),
]
VALUES = np.array([1.0, -2.0, 0.5, 4.0], np.float32)


@pytest.mark.parametrize("ptype,ml,raw", RAW_CARRIERS, ids=[c[0] for c in RAW_CARRIERS])
def test_raw_bits_and_ml_dtypes_files_bind_low_precision(tmp_path, ptype, ml, raw):
    values = np.abs(VALUES) if ptype == "f8E8M0FNU" else VALUES
    typed = values.astype(ml)  # np.save writes descr '<V1' / '<V2' for these
    want = typed.astype(np.float32)
    text = prog(tmp_path, TO_F32.format(t=ptype))
    for name, arr in (("ml.npy", typed), ("raw.npy", typed.view(raw))):
        out = tmp_path / name.replace(".npy", "")
        p = run(["run", text, "-i", f"a={save(tmp_path, name, arr)}", "-o", str(out)])
        assert p.returncode == 0, p.stderr
        np.testing.assert_array_equal(np.load(out / "0.npy"), want)


def test_ml_dtypes_int4_binds_i4(tmp_path):
    vals = np.array([-8, -1, 0, 7], np.int8)
    text = prog(tmp_path, IDENTITY.format(t="i4"))
    for name, arr in (("ml.npy", vals.astype(ml_dtypes.int4)), ("i8.npy", vals)):
        out = tmp_path / name.replace(".npy", "")
        p = run(["run", text, "-i", f"a={save(tmp_path, name, arr)}", "-o", str(out)])
        assert p.returncode == 0, p.stderr
        np.testing.assert_array_equal(np.load(out / "a.npy"), vals)  # i4 is written as int8


def test_ml_dtypes_bf16_binds_a_mesh_parameter(tmp_path):
    g = (np.arange(24, dtype=np.float32).reshape(8, 3) - 7.5).astype(ml_dtypes.bfloat16)
    out = tmp_path / "out"
    p = run(["run", prog(tmp_path, MESH.format(t="bf16")), "-i", f"x={save(tmp_path, 'g.npy', g)}",
             "-o", str(out)])
    assert p.returncode == 0, p.stderr
    np.testing.assert_array_equal(np.load(out / "x.npy"), g.view(np.uint16))


def test_other_void_dtypes_stay_refused(tmp_path):
    arr = np.zeros(4, dtype="V4")
    p = run(["run", prog(tmp_path, IDENTITY.format(t="f32")), "-i", f"a={save(tmp_path, 'v.npy', arr)}"])
    assert_error(p, "v.npy: error: npy:", "'|V4'")


def test_fp4_raw_bits_above_the_format_are_refused(tmp_path):
    arr = np.array([1, 2, 0x1F, 3], np.uint8)
    p = run(["run", prog(tmp_path, IDENTITY.format(t="f4E2M1FN")), "-i", f"a={save(tmp_path, 'a.npy', arr)}"])
    assert_error(p, "a.npy: error: parameter '%a'", "element 2 has byte value 31")


# --- item 5: ranks of global mesh inputs ------------------------------------------------------

@pytest.mark.parametrize("shape", [(8, 3, 2), (8, 3, 1, 1, 1, 1), (24,), (), (8, 4), (6, 3)])
def test_global_input_of_another_shape_is_diagnosed(tmp_path, shape):
    text = prog(tmp_path, MESH.format(t="f32"))
    p = run(["run", text, "-i", f"x={save(tmp_path, 'g.npy', np.zeros(shape, np.float32))}"])
    assert_error(p, "g.npy: error: parameter '%x'")


def test_single_device_input_of_another_rank_is_diagnosed(tmp_path):
    text = prog(tmp_path, IDENTITY.format(t="f32"))
    p = run(["run", text, "-i", f"a={save(tmp_path, 'a.npy', np.zeros((4, 1), np.float32))}"])
    assert_error(p, "a.npy: error: input #0 ('%a') has type tensor<4x1xf32>")


# --- item 20: every error reads 'LOCATION: error:' ---------------------------------------------

def test_input_errors_read_location_error(tmp_path):
    text = prog(tmp_path, IDENTITY.format(t="f32"))
    mesh = prog(tmp_path, MESH.format(t="f32"), "mesh.mlir")
    good = save(tmp_path, "good.npy", np.zeros(4, np.float32))
    bad = tmp_path / "bad.npy"
    bad.write_bytes(b"\x93NUMPY\x01\x00garbage")
    cases = [
        (["run", text, "-i", f"a={tmp_path}/nope.npy"], 1, "nope.npy: error:"),
        (["run", text, "-i", f"a={bad}"], 1, "bad.npy: error: npy:"),
        (["run", text, "-i", f"a={good}", "--max-memory", "8"], 1, "good.npy: error:"),
        (["run", text, "-i", f"a={good}", "--entry", "nope"], 1, "prog.mlir: error: no function body"),
        (["run", str(tmp_path / "absent.mlir")], 1, "absent.mlir: error: cannot open file"),
        (["run", mesh, "-i", f"x={save(tmp_path, 'g.npy', np.zeros((6, 3), np.float32))}"], 1,
         "g.npy: error: parameter '%x': cannot shard"),
        (["run", text, "-i", f"a@1={good}"], 2, "error: --input 'a@1="),
        (["run", text], 2, "error: missing --input for parameter '%a'"),
        (["run", text, "--per-rank-outputs", "-i", f"a={good}"], 2, "error: --per-rank-outputs"),
        (["cast", good, str(tmp_path / "o.npy"), "--to", "nope"], None, "error:"),
        (["numerics", "nope"], None, "error:"),
        (["print", str(tmp_path / "absent.mlir")], 1, "absent.mlir: error:"),
        (["verify", str(tmp_path)], 1, ": error: not a regular file"),
        (["frobnicate"], 2, "error: unknown command"),
    ]
    for argv, code, fragment in cases:
        p = run(argv)
        assert p.returncode != 0, argv
        if code is not None:
            assert p.returncode == code, (argv, p.returncode, p.stderr)
        assert ERROR_HEAD.match(p.stderr), (argv, p.stderr)
        assert fragment in p.stderr, (argv, p.stderr)
