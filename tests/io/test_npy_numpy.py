"""Cross-checks tessera_io against numpy: numpy writes, the C++ probe reads and rewrites."""
import os
import subprocess

import ml_dtypes
import numpy as np
import pytest

PROBE = os.environ.get("TESSERA_NPY_PROBE")
pytestmark = pytest.mark.skipif(not PROBE, reason="TESSERA_NPY_PROBE is not set")

# numpy dtype -> (MLIR name the probe reports, descr the probe writes back)
PLAIN = {
    "bool": ("i1", "|b1"),
    "int8": ("i8", "|i1"),
    "int16": ("i16", "<i2"),
    "int32": ("i32", "<i4"),
    "int64": ("i64", "<i8"),
    "uint8": ("ui8", "|u1"),
    "uint16": ("ui16", "<u2"),
    "uint32": ("ui32", "<u4"),
    "uint64": ("ui64", "<u8"),
    "float16": ("f16", "<f2"),
    "float32": ("f32", "<f4"),
    "float64": ("f64", "<f8"),
}

SHAPES = [(), (0,), (5,), (2, 3), (3, 0, 2), (2, 3, 4)]


def run_probe(*args, check=True):
    proc = subprocess.run([PROBE, *map(str, args)], capture_output=True, text=True, timeout=60)
    if check and proc.returncode != 0:
        raise AssertionError(f"probe failed ({proc.returncode}): {proc.stderr}")
    return proc


def sample(dtype, shape, seed):
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape, dtype=np.int64))
    if dtype == np.bool_:
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    raw = rng.integers(0, 256, n * dtype.itemsize, dtype=np.uint8)
    return raw.view(dtype).reshape(shape)  # every bit pattern, NaN payloads included


@pytest.mark.parametrize("name", sorted(PLAIN))
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("endian", ["<", ">"])
def test_numpy_file_reads_and_rewrites_identically(tmp_path, name, order, endian):
    mlir_name, descr = PLAIN[name]
    dtype = np.dtype(name).newbyteorder(endian) if np.dtype(name).itemsize > 1 else np.dtype(name)
    for i, shape in enumerate(SHAPES):
        arr = sample(dtype, shape, i)
        arr = arr.copy(order=order)  # (np.asfortranarray would make a 0-d array 1-d)
        src, dst = tmp_path / f"in{i}.npy", tmp_path / f"out{i}.npy"
        np.save(src, arr)
        info = run_probe("info", src).stdout.split()
        assert info == [mlir_name, *map(str, shape)]
        run_probe("copy", src, dst)
        with open(dst, "rb") as f:
            assert np.lib.format.read_magic(f) == (1, 0)
            header = np.lib.format.read_array_header_1_0(f)
        assert header == (shape, False, np.dtype(descr))
        back = np.load(dst)
        want = arr.astype(np.dtype(descr), order="C")
        assert back.tobytes() == want.tobytes()


@pytest.mark.parametrize(
    "ml_type,mlir_name,raw",
    [
        (ml_dtypes.bfloat16, "bf16", np.uint16),
        (ml_dtypes.float8_e4m3fn, "f8E4M3FN", np.uint8),
        (ml_dtypes.float8_e5m2, "f8E5M2", np.uint8),
        (ml_dtypes.float6_e2m3fn, "f6E2M3FN", np.uint8),
        (ml_dtypes.float6_e3m2fn, "f6E3M2FN", np.uint8),
        (ml_dtypes.float4_e2m1fn, "f4E2M1FN", np.uint8),
        (ml_dtypes.float8_e8m0fnu, "f8E8M0FNU", np.uint8),
    ],
)
def test_low_precision_raw_bits(tmp_path, ml_type, mlir_name, raw):
    values = np.linspace(-3, 3, 24, dtype=np.float32).reshape(2, 3, 4)
    if mlir_name == "f8E8M0FNU":
        values = np.abs(values) + 0.5
    arr = values.astype(ml_type)
    bits = np.asfortranarray(arr.view(raw))
    np.save(tmp_path / "in.npy", bits.astype(bits.dtype.newbyteorder(">")))
    run_probe("copy", tmp_path / "in.npy", tmp_path / "out.npy", mlir_name)
    back = np.load(tmp_path / "out.npy")
    assert back.dtype == np.dtype(raw).newbyteorder("<")
    np.testing.assert_array_equal(back.view(ml_type), arr)


def test_int4_is_written_as_int8(tmp_path):
    vals = np.array([[-8, -1, 0], [1, 6, 7]], dtype=np.int8)
    np.save(tmp_path / "in.npy", vals)
    run_probe("copy", tmp_path / "in.npy", tmp_path / "out.npy", "i4")
    back = np.load(tmp_path / "out.npy")
    assert back.dtype == np.int8
    assert back.astype(ml_dtypes.int4).tobytes() == vals.astype(ml_dtypes.int4).tobytes()
    np.testing.assert_array_equal(back, vals)


@pytest.mark.parametrize(
    "arr,fragment",
    [
        (np.array([1 + 2j], dtype=np.clongdouble), "complex dtype"),  # complex64/128 read
        (np.zeros(2, dtype=[("a", "<i4"), ("b", "<f4")]), "structured dtypes"),
        (np.array(["ab"]), "string dtype"),
        (np.array([np.datetime64("2020-01-01")]), "datetime dtype"),
        (np.array([1, "x"], dtype=object), "object dtype"),
    ],
)
def test_refused_dtypes(tmp_path, arr, fragment):
    path = tmp_path / "bad.npy"
    np.save(path, arr, allow_pickle=True)
    proc = run_probe("info", path, check=False)
    assert proc.returncode == 1
    assert f"{path}: error: npy: " in proc.stderr and fragment in proc.stderr


def test_large_header_version_2(tmp_path):
    # numpy writes version 2.0 and 3.0 headers on request.
    arr = np.arange(6, dtype=np.int32).reshape(2, 3)
    path = tmp_path / "v2.npy"
    with open(path, "wb") as f:
        np.lib.format.write_array(f, arr, version=(2, 0))
    assert run_probe("info", path).stdout.split() == ["i32", "2", "3"]
    with open(path, "wb") as f:
        np.lib.format.write_array(f, arr, version=(3, 0))
    run_probe("copy", path, tmp_path / "o.npy")
    np.testing.assert_array_equal(np.load(tmp_path / "o.npy"), arr)
