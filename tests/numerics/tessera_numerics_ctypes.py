"""ctypes binding of the numerics C ABI used by the oracle tests (library path: $TESSERA_NUMERICS_LIB)."""
import ctypes
import os

import numpy as np

DTYPES = {"f64": 0, "f32": 1, "f16": 2, "bf16": 3, "e4m3": 4, "e5m2": 5, "e2m3": 6, "e3m2": 7,
          "e2m1": 8, "e8m0": 9, "tf32": 10, "i1": 11, "i4": 12, "i8": 13, "i16": 14, "i32": 15,
          "i64": 16, "u8": 17}
MODES = {"rne": 0, "rtz": 1, "rup": 2, "rdown": 3, "rna": 4, "stochastic": 5}
PROFILES = {"ocp": 0, "cuda": 1}
STORAGE = {"f64": np.uint64, "f32": np.uint32, "tf32": np.uint32, "f16": np.uint16,
           "bf16": np.uint16}

_lib = None


def lib():
    global _lib
    if _lib is None:
        path = os.environ.get("TESSERA_NUMERICS_LIB")
        if not path:
            raise RuntimeError("TESSERA_NUMERICS_LIB is not set (run through ctest)")
        _lib = ctypes.CDLL(path)
        args = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t,
                ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint64]
        _lib.tessera_convert.argtypes = args
        _lib.tessera_convert_reference.argtypes = args
        _lib.tessera_convert_scalar.argtypes = [ctypes.c_int, ctypes.c_uint64, ctypes.c_int] + \
            [ctypes.c_int] * 6 + [ctypes.c_uint32]
        _lib.tessera_convert_scalar.restype = ctypes.c_uint64
        _lib.tessera_mx_quantize.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t,
                                             ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                             ctypes.c_int]
        _lib.tessera_random_bits.argtypes = [ctypes.c_uint64] * 3
        _lib.tessera_random_bits.restype = ctypes.c_uint32
    return _lib


def storage(fmt):
    return STORAGE.get(fmt, np.uint8)


def convert(src_fmt, src_bits, dst_fmt, profile="ocp", mode="rne", saturate=False,
            flush_in=False, flush_out=False, seed=0, stream=0, first=0, reference=False):
    """Converts an array of storage bits; returns the destination storage bits."""
    src = np.ascontiguousarray(src_bits, dtype=storage(src_fmt))
    n = src.size
    if dst_fmt == "i4":
        dst = np.zeros((n + 1) // 2, dtype=np.uint8)
    else:
        dst = np.zeros(n, dtype=storage(dst_fmt))
    fn = lib().tessera_convert_reference if reference else lib().tessera_convert
    fn(DTYPES[src_fmt], src.ctypes.data, DTYPES[dst_fmt], dst.ctypes.data, n, PROFILES[profile],
       MODES[mode], int(saturate), int(flush_in), int(flush_out), seed, stream, first)
    return dst


def convert_scalar(src_fmt, bits, dst_fmt, profile="ocp", mode="rne", saturate=False,
                   flush_in=False, flush_out=False, rbits=0):
    return lib().tessera_convert_scalar(DTYPES[src_fmt], int(bits), DTYPES[dst_fmt],
                                        PROFILES[profile], MODES[mode], int(saturate),
                                        int(flush_in), int(flush_out), rbits)


def unary_f32(name, x):
    """The C ABI's f32 function `name` (tessera_expf, tessera_logf, ...) over the array x."""
    x = np.ascontiguousarray(x, np.float32)
    y = np.empty_like(x)
    fn = getattr(lib(), name)
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    fn(x.ctypes.data, y.ctypes.data, x.size)
    return y


def unary_f64(name, x):
    """The C ABI's f64 function `name` (tessera_exp64, tessera_log64) over the array x."""
    x = np.ascontiguousarray(x, np.float64)
    y = np.empty_like(x)
    fn = getattr(lib(), name)
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    fn(x.ctypes.data, y.ctypes.data, x.size)
    return y


def binary(name, x, y, dtype):
    """The C ABI's function `name` of two arrays of `dtype` (tessera_pow64, tessera_powf_spec)."""
    x = np.ascontiguousarray(x, dtype)
    y = np.ascontiguousarray(y, dtype)
    r = np.empty_like(x)
    fn = getattr(lib(), name)
    fn.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_size_t]
    fn(x.ctypes.data, y.ctypes.data, r.ctypes.data, x.size)
    return r
