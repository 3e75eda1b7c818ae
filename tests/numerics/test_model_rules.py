"""Every format x profile x rounding mode x saturation against an independent Python model of the
rules in docs/numerics.md (neighbour search on exact values, no bit tricks). ml_dtypes is used
only to encode the model's already-representable results and to decode ours."""
import math
import os
import sys

import ml_dtypes
import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from tessera_numerics_ctypes import convert  # noqa: E402

np.seterr(all="ignore")

# name: (mantissa bits, min normal exponent, max finite, kind, random bits, numpy dtype)
FMT = {
    "e4m3": (3, -6, 448.0, "fn", 20, ml_dtypes.float8_e4m3fn),
    "e5m2": (2, -14, 57344.0, "ieee", 21, ml_dtypes.float8_e5m2),
    "e2m3": (3, 0, 7.5, "none", 20, ml_dtypes.float6_e2m3fn),
    "e3m2": (2, -2, 28.0, "none", 21, ml_dtypes.float6_e3m2fn),
    "e2m1": (1, 0, 6.0, "none", 22, ml_dtypes.float4_e2m1fn),
    "e8m0": (0, -127, 2.0 ** 127, "e8m0", 23, ml_dtypes.float8_e8m0fnu),
    "bf16": (7, -126, (2 - 2 ** -7) * 2.0 ** 127, "ieee", 16, ml_dtypes.bfloat16),
    "f16": (10, -14, 65504.0, "ieee", 13, np.float16),
}
MODES = ["rne", "rtz", "rup", "rdown", "rna", "stochastic"]
SIGN = {"e4m3": 0x80, "e5m2": 0x80, "e2m3": 0x20, "e3m2": 0x20, "e2m1": 0x8, "bf16": 0x8000,
        "f16": 0x8000, "e8m0": 0}
NANBITS = {"e4m3": 0x7F, "e5m2": 0x7E, "bf16": 0x7FC0, "f16": 0x7E00}
MAXBITS = {"e4m3": 0x7E, "e5m2": 0x7B, "e2m3": 0x1F, "e3m2": 0x1F, "e2m1": 0x7, "bf16": 0x7F7F,
           "f16": 0x7BFF, "e8m0": 0xFE}
INFBITS = {"e5m2": 0x7C, "bf16": 0x7F80, "f16": 0x7C00}


def philox4x32(ctr, key):
    """Philox4x32-10 written from Salmon et al. 2011."""
    m0, m1, w0, w1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
    x0, x1, x2, x3 = ctr
    k0, k1 = key
    for r in range(10):
        if r:
            k0, k1 = (k0 + w0) & 0xFFFFFFFF, (k1 + w1) & 0xFFFFFFFF
        p0, p1 = m0 * x0, m1 * x2
        x0, x1, x2, x3 = ((p1 >> 32) ^ x1 ^ k0, p1 & 0xFFFFFFFF, (p0 >> 32) ^ x3 ^ k1,
                          p0 & 0xFFFFFFFF)
    return [x0, x1, x2, x3]


def rbits(seed, stream, i):
    blk = i >> 2
    out = philox4x32([blk & 0xFFFFFFFF, blk >> 32, stream & 0xFFFFFFFF, stream >> 32],
                     [seed & 0xFFFFFFFF, seed >> 32])
    return out[i & 3]


def test_python_philox_known_answers():
    assert philox4x32([0, 0, 0, 0], [0, 0]) == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]
    f = 0xFFFFFFFF
    assert philox4x32([f] * 4, [f, f]) == [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]


def encode(fmt, value):
    """Bits of a value that is exactly representable in fmt."""
    arr = np.array([value], dtype=np.float64).astype(np.float32).astype(FMT[fmt][5])
    return int(arr.view(np.uint16 if fmt in ("bf16", "f16") else np.uint8)[0])


def choose(a, lo, hi, ulp, mode, neg, r, rcount, tie_up=False):
    """Rounds magnitude a in [lo, hi) (hi = lo + ulp) by mode."""
    if a == lo:
        return lo
    d_lo, d_hi = a - lo, hi - a
    if mode == "rne":
        if d_lo != d_hi:
            return lo if d_lo < d_hi else hi
        return hi if tie_up else (lo if int(lo / ulp) % 2 == 0 else hi)
    if mode == "rna":
        return lo if d_lo < d_hi else hi
    if mode == "rtz":
        return lo
    if mode == "rup":
        return lo if neg else hi
    if mode == "rdown":
        return hi if neg else lo
    t = math.floor(d_lo / ulp * 2 ** rcount)
    return hi if t + (r % (1 << rcount)) >= (1 << rcount) else lo


def model(fmt, x, mode, profile, sat, flush_out, r):
    """Expected destination bits for a Python float x (exact f32 or f64 value)."""
    man, emin, maxf, kind, rcount, _ = FMT[fmt]
    cuda = profile == "cuda"
    neg = math.copysign(1.0, x) < 0
    sign = SIGN[fmt] if neg else 0
    if math.isnan(x):
        if kind == "e8m0":
            return 0xFF
        if kind == "none":
            return MAXBITS[fmt] if cuda else (0 if neg else SIGN[fmt])
        if cuda:
            return {"e4m3": 0x7F, "e5m2": 0x7F, "bf16": 0x7FFF, "f16": 0x7FFF}[fmt]
        return sign | NANBITS[fmt]
    if kind == "e8m0":
        if math.isinf(x):
            return 0xFE if (cuda and sat) else 0xFF
        if x == 0 or (neg and not cuda):
            return 0x00 if (cuda or sat) else 0xFF
        a = abs(x)
        e = math.frexp(a)[1] - 1
        if not cuda and e == -127 and a != 2.0 ** -127 and mode in ("rne", "rna"):
            return 0x01
        v = choose(a, 2.0 ** e, 2.0 ** (e + 1), 2.0 ** e, mode, False, r, rcount, tie_up=True)
        ev = math.frexp(v)[1] - 1
        if ev < -127:
            return 0x00
        if ev > 127:
            return 0xFE if (sat or mode == "rtz" or mode == "rdown") else 0xFF
        return ev + 127
    if math.isinf(x):
        if kind == "none" or (cuda and sat):
            return sign | MAXBITS[fmt]
        return sign | (0x7F if kind == "fn" else INFBITS[fmt])
    if x == 0:
        return sign
    a = abs(x)
    if flush_out and a < 2.0 ** emin:
        return sign
    e = max(math.frexp(a)[1] - 1, emin)
    ulp = 2.0 ** (e - man)
    lo = math.floor(a / ulp) * ulp
    v = choose(a, lo, lo + ulp, ulp, mode, neg, r, rcount)
    if v > maxf:
        toward_zero = mode == "rtz" or (mode == "rup" and neg) or (mode == "rdown" and not neg)
        if sat or kind == "none" or toward_zero:
            return sign | MAXBITS[fmt]
        return sign | (0x7F if kind == "fn" else INFBITS[fmt])
    return encode(fmt, -v if neg else v)


def inputs_for(fmt):
    man, emin, maxf, kind, _, _ = FMT[fmt]
    emax = math.frexp(maxf)[1] - 1
    lo_e = max(emin - man - 3, -149)
    hi_e = min(emax + 2, 127)
    exps = range(lo_e, hi_e + 1)
    if fmt in ("bf16", "e8m0"):
        exps = list(range(-149, -120)) + list(range(-5, 6)) + list(range(120, 128))
    drop = 23 - man
    half = 1 << (drop - 1)
    mants = set()
    for kept in (0, 1, (1 << man) - 1):
        for tail in (0, 1, half - 1, half, half + 1, (1 << drop) - 1):
            mants.add(((kept << drop) | tail) & 0x7FFFFF)
    rng = np.random.default_rng(7)
    mants.update(int(v) for v in rng.integers(0, 1 << 23, 4))
    vals = []
    for e in exps:
        for m in sorted(mants):
            if e < -126:  # f32 subnormal
                v = m * 2.0 ** -149 if e == -127 else (m >> (-126 - e)) * 2.0 ** -149
            else:
                v = (1 + m / 2 ** 23) * 2.0 ** e
            vals += [v, -v]
    vals += [math.inf, -math.inf, math.nan, -math.nan, 0.0, -0.0, 1e30, -1e30]
    return np.array(vals, dtype=np.float32)


@pytest.mark.parametrize("fmt", list(FMT))
@pytest.mark.parametrize("profile", ["ocp", "cuda"])
@pytest.mark.parametrize("sat", [False, True])
def test_f32_source_matches_model(fmt, profile, sat):
    xs = inputs_for(fmt)
    bits = xs.view(np.uint32)
    for mode in MODES:
        for flush in ([False, True] if mode == "rne" else [False]):
            got = convert("f32", bits, fmt, profile, mode, sat, flush_out=flush, seed=5, stream=3)
            bad = []
            for i, x in enumerate(xs.tolist()):
                r = rbits(5, 3, i) if mode == "stochastic" else 0
                want = model(fmt, x, mode, profile, sat, flush, r)
                if int(got[i]) != want:
                    bad.append((hex(int(bits[i])), hex(int(got[i])), hex(want)))
            assert not bad, f"{mode} flush={flush}: {len(bad)} mismatches, first {bad[:5]}"


@pytest.mark.parametrize("fmt", ["e4m3", "e5m2", "e2m1", "e8m0", "bf16", "f16"])
@pytest.mark.parametrize("mode", MODES)
def test_f64_source_rounds_once(fmt, mode):
    xs = inputs_for(fmt).astype(np.float64)
    xs = xs[np.isfinite(xs)]
    xs = np.concatenate([xs * (1 + 2.0 ** -40), xs * (1 - 2.0 ** -40)])
    got = convert("f64", xs.view(np.uint64), fmt, "ocp", mode, False, seed=9, stream=1)
    for i, x in enumerate(xs.tolist()):
        r = rbits(9, 1, i) if mode == "stochastic" else 0
        assert int(got[i]) == model(fmt, x, mode, "ocp", False, False, r), (hex(int(xs.view(np.uint64)[i])), mode)


def test_float_to_int_rule():
    xs = np.array([2.9, -2.9, 300.0, -300.0, 0.5, -0.5, 1e10, -1e10, math.nan, math.inf,
                   -math.inf, 127.99, -128.5], dtype=np.float32)
    got = convert("f32", xs.view(np.uint32), "i8").view(np.int8)
    want = []
    for x in xs.tolist():
        if math.isnan(x):
            want.append(0)
        elif math.isinf(x):
            want.append(127 if x > 0 else -128)
        else:
            want.append(max(-128, min(127, math.trunc(x))))
    assert got.tolist() == want
