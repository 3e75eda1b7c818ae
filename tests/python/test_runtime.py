"""The runtime contract (tessera._runtime.run_module): MLIR text in, numpy out, errors as
exceptions naming the Python location. Oracles: numpy and ml_dtypes."""

from __future__ import annotations

import pathlib

import ml_dtypes
import numpy as np
import pytest

import tessera as ts
from tessera._runtime import run_module

ROOT = pathlib.Path(__file__).resolve().parents[2]

ADD = """module {
  func.func @main(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x3xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32> loc("model.py":7:5)
    return %0 : tensor<4x3xf32>
  }
}
"""


def test_add_matches_numpy():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, 3), dtype=np.float32)
    b = rng.standard_normal(3, dtype=np.float32)
    (out,) = run_module(ADD, "main", [a, b])
    assert out.dtype == np.float32 and out.shape == (4, 3)
    np.testing.assert_array_equal(out, a + b)


def test_inputs_by_name():
    a = np.ones((4, 3), np.float32)
    b = np.arange(3, dtype=np.float32)
    (out,) = run_module(ADD, "main", {"b": b, "a": a})
    np.testing.assert_array_equal(out, a + b)


def test_noncontiguous_and_unaligned_inputs_are_copied():
    base = np.arange(40, dtype=np.float32)
    a = base[1:13].reshape(4, 3)  # 4-byte offset: not 64-byte aligned
    b = np.arange(6, dtype=np.float32)[::2]  # strided
    (out,) = run_module(ADD, "main", [a, b])
    np.testing.assert_array_equal(out, a + b)


def test_borrowed_input_is_not_overwritten():
    # A 64-byte aligned C-contiguous input is shared with the interpreter, never recycled.
    buf = np.empty(64 + 12 * 4, np.uint8)
    off = (-buf.ctypes.data) % 64
    a = buf[off:off + 48].view(np.float32).reshape(4, 3)
    a[:] = np.arange(12, dtype=np.float32).reshape(4, 3)
    assert a.ctypes.data % 64 == 0
    keep = a.copy()
    b = np.full(3, 2.0, np.float32)
    for _ in range(3):
        (out,) = run_module(ADD, "main", [a, b])
        np.testing.assert_array_equal(out, keep + 2.0)
    np.testing.assert_array_equal(a, keep)


def test_results_are_not_copied():
    a = np.ones((4, 3), np.float32)
    (out,) = run_module(ADD, "main", [a, np.ones(3, np.float32)])
    assert not out.flags.owndata and out.base is not None
    out[0, 0] = 7.0  # results are the caller's to keep and change
    assert out[0, 0] == 7.0


BF16 = """module {
  func.func @main(%x: tensor<5xbf16>) -> (tensor<5xf32>, tensor<5xf8E4M3FN>, tensor<5xi4>) {
    %0 = "tessera.cast"(%x) : (tensor<5xbf16>) -> tensor<5xf32>
    %1 = "tessera.cast"(%0) : (tensor<5xf32>) -> tensor<5xf8E4M3FN>
    %2 = "tessera.cast"(%0) : (tensor<5xf32>) -> tensor<5xi4>
    return %0, %1, %2 : tensor<5xf32>, tensor<5xf8E4M3FN>, tensor<5xi4>
  }
}
"""


def test_ml_dtypes_in_and_out():
    x = np.array([1.5, -2.25, 3.0, -7.0, 0.3], dtype=ml_dtypes.bfloat16)
    f, q, i4 = run_module(BF16, "main", [x])
    assert f.dtype == np.float32 and q.dtype == ml_dtypes.float8_e4m3fn
    assert i4.dtype == ml_dtypes.int4
    np.testing.assert_array_equal(f, x.astype(np.float32))
    np.testing.assert_array_equal(q.view(np.uint8),
                                  x.astype(np.float32).astype(ml_dtypes.float8_e4m3fn)
                                  .view(np.uint8))
    # float -> int truncates toward zero (docs/ops/graph/cast.md)
    np.testing.assert_array_equal(i4.astype(np.int8), np.trunc(x.astype(np.float32)).astype(np.int8))


def test_raw_bit_carrier_accepted():
    x = np.array([1.5, -2.25, 3.0, -7.0, 0.3], dtype=ml_dtypes.bfloat16)
    f, _, _ = run_module(BF16, "main", [x.view(np.uint16)])
    np.testing.assert_array_equal(f, x.astype(np.float32))


def test_int4_input_roundtrip():
    text = """module {
  func.func @main(%x: tensor<7xi4>) -> tensor<7xf32> {
    %0 = "tessera.cast"(%x) : (tensor<7xi4>) -> tensor<7xf32>
    return %0 : tensor<7xf32>
  }
}
"""
    x = np.array([-8, -3, -1, 0, 1, 5, 7], dtype=ml_dtypes.int4)
    (out,) = run_module(text, "main", [x])
    np.testing.assert_array_equal(out, x.astype(np.float32))


def test_verify_error_names_python_line():
    bad = ADD.replace("tensor<3xf32>", "tensor<5xf32>")
    with pytest.raises(ts.VerifyError) as e:
        run_module(bad, "main", [])
    msg = str(e.value)
    assert msg.startswith("model.py:7:5: error: 'tessera.add' op"), msg
    assert "(add_c" in msg or "_c" in msg
    assert "<python>:3:" in msg  # the generated line, as a note


def test_parse_error_is_verify_error():
    with pytest.raises(ts.VerifyError, match=r"<python>:\d+:\d+: error:"):
        run_module("module { func.func @main( }", "main", [])


def test_wrong_inputs_raise_input_errors():
    a = np.ones((4, 3), np.float32)
    with pytest.raises(ts.InputError, match="not bound|missing|bound"):
        run_module(ADD, "main", [a])
    with pytest.raises(ts.RuntimeError_, match="float64|f64|dtype"):
        run_module(ADD, "main", [a.astype(np.float64), np.ones(3, np.float32)])
    with pytest.raises(ts.RuntimeError_, match="shape|4x3|dim"):
        run_module(ADD, "main", [np.ones((5, 3), np.float32), np.ones(3, np.float32)])
    with pytest.raises(ts.RuntimeError_, match="complex"):
        run_module(ADD, "main", [a.astype(np.complex64), np.ones(3, np.float32)])
    with pytest.raises(ts.InputError):
        run_module(ADD, "main", {"nope": a})


def test_unknown_entry_and_backend():
    with pytest.raises(ts.VerifyError, match="nothere"):
        run_module(ADD, "nothere", [])
    with pytest.raises(ts.BackendError, match="nosuchbackend"):
        run_module(ADD, "main", [], backend="nosuchbackend")
    with pytest.raises(ts.BackendError, match="cuda"):
        run_module(ADD, "main", [], backend="cuda")


def test_plugin_backend_matches_reference():
    plugin = ROOT / "build" / "lib" / "tessera" / "plugins" / "libtessera_reference.so"
    import os

    d = os.environ.get("TESSERA_PLUGIN_DIR")
    if d:
        plugin = pathlib.Path(d) / "libtessera_reference.so"
    if not plugin.exists():
        pytest.skip(f"{plugin} not built")
    a = np.arange(12, dtype=np.float32).reshape(4, 3)
    b = np.ones(3, np.float32)
    (out,) = run_module(ADD, "main", [a, b], backend=str(plugin))
    np.testing.assert_array_equal(out, a + b)
    (out2,) = run_module(ADD, "main", [a, b], backend="reference")
    np.testing.assert_array_equal(out, out2)


def test_sanitizer_report_is_an_exception_naming_the_line():
    src = (ROOT / "tests" / "sanitizers" / "bounds_global_off_by_one.mlir").read_text()
    src = src.replace("-> ()  // REPORT: bounds", '-> () loc("kern.py":42:7)')
    with pytest.raises(ts.SanitizerError) as e:
        run_module(src, "main", [], check="all")
    msg = str(e.value)
    assert "bounds" in msg.lower() or "out of bounds" in msg.lower(), msg
    assert "kern.py:42:7" in msg, msg
    # Without checks the same program runs (the store lands out of bounds unchecked is the
    # documented behaviour only under --check; a clean kernel runs clean).
    clean = (ROOT / "examples" / "tile" / "saxpy.mlir").read_text()
    assert clean


def test_huge_shape_is_an_error_not_a_crash():
    text = """module {
  func.func @main(%a: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
    %0 = "tessera.relu"(%a) : (tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32>
    return %0 : tensor<4611686018427387904x4xf32>
  }
}
"""
    with pytest.raises(ts.TesseraError):
        run_module(text, "main", [np.ones((1, 4), np.float32)])


def test_compiled_modules_are_cached():
    from tessera import _runtime

    c1 = _runtime.compile_module(ADD, "main")
    c2 = _runtime.compile_module(ADD, "main")
    assert c1 is c2
    assert c1.params() == [("a", "tensor<4x3xf32>"), ("b", "tensor<3xf32>")]


def test_mesh_program_global_and_per_rank():
    # examples/mesh/ring_all_reduce.mlir on 8 simulated ranks: integer-valued inputs make every
    # summation order exact, so the result equals numpy's sum of the 8 shards on every rank.
    from tessera import _runtime

    text = (ROOT / "examples" / "mesh" / "ring_all_reduce.mlir").read_text()
    x = np.random.default_rng(9).integers(-1000, 1000, 1024).astype(np.float32)
    want = x.reshape(8, 128).sum(axis=0)
    (out,) = run_module(text, "main", [x], check="all")
    np.testing.assert_array_equal(out, want)
    rows = _runtime.compile_module(text, "main").run([x], per_rank=True)
    assert len(rows) == 8
    for (r,) in rows:
        np.testing.assert_array_equal(r, want)
