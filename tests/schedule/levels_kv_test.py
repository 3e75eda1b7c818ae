"""tessera.kv_cache.append and tessera.kv_cache.read lowered to Tile and Target IR: every level
bit-exact with numpy (slice assignment and slicing along the sequence axis), for f32, bf16, i32
and i1 caches, signed and unsigned positions, axes -2 and 0, windows of the whole cache. A
position outside [0, S - T] stops the run at every level with an error (kv_cache_append_c5,
kv_cache_read_c5), not a signal.

Usage: levels_kv_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import finish
from levels_index_test import bad_index, case

BF = ml_dtypes.bfloat16


def appended(cache, new, pos, axis):
    out = cache.copy()
    at = [slice(None)] * cache.ndim
    at[axis] = slice(pos, pos + new.shape[axis])
    out[tuple(at)] = new
    return out


def window(cache, start, length, axis):
    at = [slice(None)] * cache.ndim
    at[axis] = slice(start, start + length)
    return cache[tuple(at)].copy()


def main():
    rng = np.random.default_rng(17)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        cache = rng.standard_normal((2, 3, 7, 4)).astype(np.float32)
        new = rng.standard_normal((2, 3, 2, 4)).astype(np.float32)
        pos = np.array(5, np.int64)
        s, f = case(d, "append_f32", "kv_cache.append", [cache, new, pos],
                    appended(cache, new, 5, -2))
        bad_index(d, "append_f32", s, f, 2, np.array(6, np.int64))  # 6 + 2 > 7
        bad_index(d, "append_neg", s, f, 2, np.array(-1, np.int64))
        cb = rng.standard_normal((5, 3)).astype(BF)
        nb = rng.standard_normal((5, 3)).astype(BF)
        case(d, "append_bf16_all", "kv_cache.append", [cb, nb, np.array(0, np.uint8)],
             appended(cb, nb, 0, 0), " {axis = 0}")
        ci = rng.integers(-2**31, 2**31 - 1, size=(4, 6), dtype=np.int64).astype(np.int32)
        ni = rng.integers(-2**31, 2**31 - 1, size=(4, 1), dtype=np.int64).astype(np.int32)
        s, f = case(d, "append_i32_last", "kv_cache.append", [ci, ni, np.array(5, np.int16)],
                    appended(ci, ni, 5, -1), " {axis = -1}")
        bad_index(d, "append_i32_last", s, f, 2, np.array(6, np.int16))
        cache = rng.standard_normal((2, 9, 3)).astype(np.float32)
        s, f = case(d, "read_f32", "kv_cache.read", [cache, np.array(4, np.int32)],
                    window(cache, 4, 5, -2), " {length = 5}")
        # Start 5 would read past the slice into the next one, inside the operand: the checked
        # select must still stop the run.
        bad_index(d, "read_f32", s, f, 1, np.array(5, np.int32))
        bad_index(d, "read_neg", s, f, 1, np.array(-3, np.int32))
        cm = rng.integers(0, 2, size=(6, 2)).astype(np.bool_)
        case(d, "read_i1_all", "kv_cache.read", [cm, np.array(0, np.int64)],
             window(cm, 0, 6, 0), " {axis = 0, length = 6}")
    finish()


if __name__ == "__main__":
    main()
