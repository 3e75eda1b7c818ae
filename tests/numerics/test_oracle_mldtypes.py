"""Bit-exact comparison of the ocp profile (round to nearest even) against ml_dtypes 0.5/0.6."""
import os
import sys

import ml_dtypes
import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from tessera_numerics_ctypes import convert  # noqa: E402

# Oracle casts of NaN/Inf/overflowing values raise numpy floating-point warnings by design.
np.seterr(all="ignore")

# Our format name -> (numpy dtype of the oracle, number of meaningful storage bits).
FORMATS = {
    "e4m3": (ml_dtypes.float8_e4m3fn, 8),
    "e5m2": (ml_dtypes.float8_e5m2, 8),
    "e2m3": (ml_dtypes.float6_e2m3fn, 6),
    "e3m2": (ml_dtypes.float6_e3m2fn, 6),
    "e2m1": (ml_dtypes.float4_e2m1fn, 4),
    "e8m0": (ml_dtypes.float8_e8m0fnu, 8),
    "bf16": (ml_dtypes.bfloat16, 16),
    "f16": (np.float16, 16),
}
SMALL = list(FORMATS)


def all_patterns(fmt):
    dt, bits = FORMATS[fmt]
    store = np.uint16 if bits == 16 else np.uint8
    return np.arange(1 << bits, dtype=np.uint64).astype(store)


def as_oracle(fmt, patterns):
    dt, _ = FORMATS[fmt]
    return patterns.view(dt)


def bits_of(arr):
    return arr.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[arr.dtype.itemsize])


def check_equal(got, want, inputs):
    bad = np.nonzero(got != want)[0]
    if bad.size:
        i = bad[:8]
        pytest.fail(f"{bad.size} mismatches; inputs {[hex(int(v)) for v in inputs[i]]} "
                    f"got {[hex(int(v)) for v in got[i]]} want {[hex(int(v)) for v in want[i]]}")


@pytest.mark.parametrize("fmt", SMALL)
@pytest.mark.parametrize("wide", ["f32", "f64"])
def test_every_pattern_widens_like_mldtypes(fmt, wide):
    pats = all_patterns(fmt)
    want = bits_of(as_oracle(fmt, pats).astype(np.float32 if wide == "f32" else np.float64))
    check_equal(convert(fmt, pats, wide), want, pats)


@pytest.mark.parametrize("src", SMALL)
@pytest.mark.parametrize("dst", SMALL)
def test_every_pattern_between_small_formats(src, dst):
    pats = all_patterns(src)
    # A direct cast (NaN payload rules differ from going through float32, values do not).
    try:
        want = bits_of(as_oracle(src, pats).astype(FORMATS[dst][0]))
    except TypeError:  # no direct cast registered (e8m0): float32 is exact for both sides
        want = bits_of(as_oracle(src, pats).astype(np.float32).astype(FORMATS[dst][0]))
    check_equal(convert(src, pats, dst), want, pats)
    check_equal(convert(src, pats, dst, reference=True), want, pats)


def boundary_f32():
    """Every f32 exponent, both signs, with mantissas at the rounding boundaries of every target:
    ties, ties +- 1 ulp, all-ones and zero tails, kept bits 0/1/even/odd/max, NaN payloads."""
    mants = set()
    for drop in (13, 16, 20, 21, 22, 23):  # f16/tf32, bf16, e4m3/e2m3, e5m2/e3m2, e2m1, e8m0
        half = 1 << (drop - 1)
        for tail in (0, 1, half - 1, half, half + 1, (1 << drop) - 1):
            for kept in (0, 1, 2, 3, (1 << (23 - drop)) - 2, (1 << (23 - drop)) - 1):
                if kept >= 0 and kept < (1 << (23 - drop)):
                    mants.add((kept << drop) | tail)
    mants.update([0x400000, 0x400001, 0x7FFFFF, 0x3FFFFF, 1, 2])
    mants = np.array(sorted(mants), dtype=np.uint32)
    exps = np.arange(256, dtype=np.uint32)
    pats = (exps[:, None] << 23) | mants[None, :]
    pats = pats.ravel()
    return np.concatenate([pats, pats | np.uint32(0x80000000)])


@pytest.mark.parametrize("fmt", SMALL)
def test_f32_boundaries_round_like_mldtypes(fmt):
    pats = boundary_f32()
    with np.errstate(invalid="ignore", over="ignore"):
        want = bits_of(pats.view(np.float32).astype(FORMATS[fmt][0]))
    check_equal(convert("f32", pats, fmt), want, pats)
    check_equal(convert("f32", pats, fmt, reference=True), want, pats)


@pytest.mark.parametrize("fmt", SMALL)
def test_nan_and_inf_classes(fmt):
    pats = np.array([0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
                     0x7FBFFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x00000000, 0x80000000],
                    dtype=np.uint32)
    with np.errstate(invalid="ignore", over="ignore"):
        want = bits_of(pats.view(np.float32).astype(FORMATS[fmt][0]))
    check_equal(convert("f32", pats, fmt), want, pats)


@pytest.mark.parametrize("fmt", SMALL)
def test_random_f32_patterns(fmt):
    rng = np.random.default_rng(20240601 + SMALL.index(fmt))
    pats = rng.integers(0, 1 << 32, size=1 << 24, dtype=np.uint64).astype(np.uint32)
    with np.errstate(invalid="ignore", over="ignore"):
        want = bits_of(pats.view(np.float32).astype(FORMATS[fmt][0]))
    check_equal(convert("f32", pats, fmt), want, pats)
    # The scalar reference path on a slice (the fast path was just checked on all of them).
    part = pats[: 1 << 20]
    check_equal(convert("f32", part, fmt, reference=True), want[: 1 << 20], part)


def test_int4_wraps_like_mldtypes():
    vals = np.arange(-128, 128, dtype=np.int8)
    want = vals.astype(ml_dtypes.int4).view(np.uint8) & 0xF
    got = convert("i8", vals.view(np.uint8), "i4")
    unpacked = np.stack([got & 0xF, got >> 4], axis=1).ravel()
    check_equal(unpacked, want, vals.view(np.uint8))


def test_int4_widens_like_mldtypes():
    nib = np.arange(16, dtype=np.uint8)
    packed = (nib[0::2] | (nib[1::2] << 4)).astype(np.uint8)
    want = bits_of(nib.view(ml_dtypes.int4).astype(np.float32))
    src = np.zeros(8, dtype=np.uint8)
    src[:] = packed
    from tessera_numerics_ctypes import lib, DTYPES
    dst = np.zeros(16, dtype=np.uint32)
    lib().tessera_convert(DTYPES["i4"], src.ctypes.data, DTYPES["f32"], dst.ctypes.data, 16,
                          0, 0, 0, 0, 0, 0, 0, 0)
    check_equal(dst, want, nib)
