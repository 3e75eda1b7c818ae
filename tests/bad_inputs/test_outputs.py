"""Results and reports of `tessera-interp run` (docs/cli.md, "Inputs and outputs").

Regression tests of issue #11: item 15 (a failed write of a trace or output went unnoticed,
exit 0) and item 16 (--print showed integers through %.9g; 1065353217 printed as
1.06535322e+09; warnings were to be printed once). Expected text comes from Python's own
integer and float formatting.
"""
import os
import subprocess

import numpy as np
import pytest

from interp_cli import TOOL, run, save, write  # tests/pylib, on sys.path by conftest.py
HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")

IDENTITY = """func.func @main(%a: tensor<{n}x{t}>) -> tensor<{n}x{t}> {{
  return %a : tensor<{n}x{t}>
}}
"""
NEG = """func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessera.neg %a : (tensor<4xf32>) -> tensor<4xf32>
  %1 = tessera.exp %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""
MESH_SEND = """module attributes {tessera.mesh = {axes = ["pp"], shape = [2]}} {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    "tessera.send"(%x) {axes = ["pp"], pairs = [[0, 1]], channel = 0} : (tensor<3xf32>) -> ()
    %r = "tessera.recv"() {axes = ["pp"], pairs = [[0, 1]], channel = 0} : () -> tensor<3xf32>
    %d = tessera.exp %x : (tensor<3xf32>) -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
}
"""
FULL = "/dev/full"
needs_dev_full = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full")


# --- item 16: --print ------------------------------------------------------------------------

INTEGERS = [
    ("i32", np.array([1065353217, -2147483648, 2147483647, 16777217], np.int32)),
    ("i64", np.array([2**62 + 1, -(2**63), 2**63 - 1, 9007199254740993], np.int64)),
    ("ui64", np.array([2**64 - 1, 2**63 + 1, 0, 18446744073709551557], np.uint64)),
    ("ui32", np.array([4294967295, 4294967294, 16777217, 1], np.uint32)),
    ("i16", np.array([-32768, 32767, 12345, -1], np.int16)),
    ("i8", np.array([-128, 127, 5, -1], np.int8)),
    ("ui8", np.array([255, 0, 128, 7], np.uint8)),
]


@pytest.mark.parametrize("ptype,arr", INTEGERS, ids=[i[0] for i in INTEGERS])
def test_print_shows_integers_exactly(tmp_path, ptype, arr):
    prog = write(tmp_path, "p.mlir", IDENTITY.format(n=4, t=ptype))
    p = run(["run", prog, "-i", f"a={save(tmp_path, 'a.npy', arr)}", "--print"])
    assert p.returncode == 0, p.stderr
    want = "[" + ", ".join(str(int(v)) for v in arr.tolist()) + "]"
    assert want in p.stdout, p.stdout


def test_print_shows_f64_with_round_trip_digits(tmp_path):
    arr = np.array([0.1, 1 / 3, 2.0**-1074, 1e300], np.float64)
    prog = write(tmp_path, "p.mlir", IDENTITY.format(n=4, t="f64"))
    p = run(["run", prog, "-i", f"a={save(tmp_path, 'a.npy', arr)}", "--print"])
    assert p.returncode == 0, p.stderr
    values = p.stdout.split("\n", 1)[1].strip().strip("[]").split(", ")
    assert [float(v) for v in values] == arr.tolist()  # every value reads back exactly


def test_warnings_print_once(tmp_path):
    prog = write(tmp_path, "p.mlir", NEG)
    x = save(tmp_path, "x.npy", np.zeros(4, np.float32))
    for args in (["run", prog, "-i", f"a={x}"], ["verify", prog]):
        p = run(args)
        assert p.returncode == 0, p.stderr
        assert p.stderr.count("result is never used (func_w1)") == 1, p.stderr
    mesh = write(tmp_path, "m.mlir", MESH_SEND)
    p = run(["run", mesh, "-i", f"x={save(tmp_path, 'm.npy', np.ones(3, np.float32))}", "--per-rank-outputs"])
    assert p.returncode == 0, p.stderr
    assert p.stderr.count("result is never used (func_w1)") == 1, p.stderr


# --- item 15: failed writes ------------------------------------------------------------------

@needs_dev_full
def test_trace_to_a_full_disk_is_an_error(tmp_path):
    prog = write(tmp_path, "p.mlir", NEG)
    x = save(tmp_path, "x.npy", np.zeros(4, np.float32))
    p = run(["run", prog, "-i", f"a={x}", "--trace", FULL])  # no tile kernel: an empty trace
    assert p.returncode == 1 and f"{FULL}: error:" in p.stderr, p.stderr
    saxpy = os.path.join(EXAMPLES, "tile", "saxpy.mlir")
    ins = ["-i", f"x={save(tmp_path, 'sx.npy', np.ones(1000, np.float32))}",
           "-i", f"y={save(tmp_path, 'sy.npy', np.ones(1000, np.float32))}",
           "-i", f"alpha={save(tmp_path, 'sa.npy', np.array(2, np.float32))}"]
    p = run(["run", saxpy, *ins, "--trace", FULL])
    assert p.returncode == 1 and f"{FULL}: error:" in p.stderr, p.stderr
    good = tmp_path / "t.json"
    p = run(["run", saxpy, *ins, "--trace", str(good)])
    assert p.returncode == 0 and good.stat().st_size > 0, p.stderr


@needs_dev_full
def test_mesh_traces_to_a_full_disk_are_errors(tmp_path):
    mesh = write(tmp_path, "m.mlir", MESH_SEND)
    x = save(tmp_path, "m.npy", np.ones(3, np.float32))
    for trace in (FULL,):  # the p2p text trace (any name not ending in .json)
        p = run(["run", mesh, "-i", f"x={x}", "--per-rank-outputs", "--trace", trace])
        assert p.returncode == 1 and f"{trace}: error:" in p.stderr, p.stderr
    link = tmp_path / "t.json"
    os.symlink(FULL, link)  # the Perfetto trace of every rank's tile kernels
    p = run(["run", mesh, "-i", f"x={x}", "--per-rank-outputs", "--trace", str(link)])
    assert p.returncode == 1 and "t.json: error:" in p.stderr, p.stderr


@needs_dev_full
def test_outputs_to_a_full_disk_are_errors(tmp_path):
    prog = write(tmp_path, "p.mlir", NEG)
    x = save(tmp_path, "x.npy", np.zeros(4, np.float32))
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(FULL, out / "0.npy")
    p = run(["run", prog, "-i", f"a={x}", "-o", str(out)])
    assert p.returncode == 1 and "0.npy: error:" in p.stderr, p.stderr
    mesh = write(tmp_path, "m.mlir", MESH_SEND)
    mout = tmp_path / "mout"
    mout.mkdir()
    os.symlink(FULL, mout / "r@1.npy")
    p = run(["run", mesh, "-i", f"x={save(tmp_path, 'm.npy', np.ones(3, np.float32))}",
             "--per-rank-outputs", "-o", str(mout)])
    assert p.returncode == 1 and "r@1.npy: error:" in p.stderr, p.stderr
    with open(FULL, "w") as full:  # --print into a full disk
        p = subprocess.run([TOOL, "run", prog, "-i", f"a={x}", "--print"], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == 1 and "error:" in p.stderr, p.stderr


CONFORM = os.path.join(os.path.dirname(TOOL), "tessera-conform")


@pytest.mark.skipif(not os.path.exists(CONFORM), reason="tessera-conform not built")
def test_conform_errors_read_location_error(tmp_path):
    p = subprocess.run([CONFORM, "--frobnicate"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stderr.startswith("tessera-conform: error: "), p.stderr
    cases = os.path.join(HERE, "..", "..", "conformance", "cases", "graph", "add.mlir")
    if os.path.exists(FULL) and os.path.exists(cases):
        p = subprocess.run([CONFORM, "--cases", cases, "--junit", FULL], capture_output=True,
                           text=True, timeout=300)
        assert p.returncode == 1 and p.stderr.startswith(f"{FULL}: error: "), p.stderr


@needs_dev_full
def test_cast_to_a_full_disk_is_an_error(tmp_path):
    x = save(tmp_path, "x.npy", np.arange(4, dtype=np.float32))
    p = run(["cast", x, FULL, "--to", "bf16"])
    assert p.returncode == 1 and p.stderr.startswith(f"{FULL}: error: "), p.stderr
