"""The spec's pow (core/numerics/pow64.h): f64 pow64 and f32 spec_pow against mpmath's power at
200 bits rounded once (correctly rounded on every sample), bit for bit equal to the Python model
of the documented steps (conformance/gen/spec_exp64.py), and C99's special cases as the C
library gives them (glibc's pow, its specials exact)."""
import itertools
import math
import os
import pathlib
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_exp64  # noqa: E402
from tessera_numerics_ctypes import binary  # noqa: E402

np.seterr(all="ignore")
mpmath.mp.prec = 200


def exact(x, y, f32=False):
    v = mpmath.power(mpmath.mpf(float(x)), mpmath.mpf(float(y)))
    if f32:  # round once to f32 (subnormals on the 2^-149 grid)
        if abs(v) < mpmath.mpf(2) ** -126:
            return float(mpmath.nint(v * mpmath.mpf(2) ** 149)) * 2.0**-149
        return float(np.float32(float(v))) if abs(v) < 2**128 else math.inf
    if abs(v) < mpmath.mpf(2) ** -1022:
        return float(mpmath.nint(v * mpmath.mpf(2) ** 1074)) * 2.0**-1074
    return float(v)


def sample(rng, n):
    """Positive bases over many binades with real exponents; negative bases with integer
    exponents; results near overflow and in the subnormal range."""
    x = np.exp(rng.uniform(-30, 30, n))
    y = rng.uniform(-20, 20, n)
    neg = rng.random(n) < 0.3
    x[neg] = -x[neg]
    y[neg] = np.round(y[neg])
    x2 = rng.uniform(1.5, 3.0, n // 4)
    y2 = np.log(2) * 1020 / np.log(x2) * rng.uniform(0.99, 1.0, n // 4)
    y3 = -np.log(2) * 1060 / np.log(x2) * rng.uniform(0.99, 1.01, n // 4)
    return np.concatenate([x, x2, x2]), np.concatenate([y, y2, y3])


def test_pow64_correctly_rounded():
    x, y = sample(np.random.default_rng(71), 3_000)
    got = binary("tessera_pow64", x, y, np.float64)
    bad = [(a, b, g) for a, b, g in zip(x, y, got) if g != exact(a, b)]
    assert not bad, [(float(a).hex(), float(b).hex(), float(g).hex()) for a, b, g in bad[:4]]
    assert (got.view(np.uint64) == spec_exp64.pow64_array(x, y).view(np.uint64)).all()


def test_powf_correctly_rounded():
    rng = np.random.default_rng(72)
    x = np.exp(rng.uniform(-8, 8, 4_000)).astype(np.float32)
    y = rng.uniform(-10, 10, 4_000).astype(np.float32)
    got = binary("tessera_powf_spec", x, y, np.float32)
    bad = [(a, b, g) for a, b, g in zip(x, y, got) if float(g) != exact(a, b, f32=True)]
    assert not bad, [(float(a).hex(), float(b).hex(), float(g).hex()) for a, b, g in bad[:4]]


def test_special_cases_as_c99():
    vals = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, math.inf, -math.inf, math.nan, 3.0, -3.0,
            1e-310, 2.5, -2.5, 2.0**53, -(2.0**53), 2.0**52 + 1, 1e300, -1e300]
    x, y = map(np.array, zip(*itertools.product(vals, vals)))
    got = binary("tessera_pow64", x, y, np.float64)
    want = np.power(x, y)  # the C library's pow: the special cases of C99 F.9.4.4
    special = ~np.isfinite(x) | ~np.isfinite(y) | (x == 0) | (y == 0) | ~np.isfinite(want) | (
        want == 0)
    same = (got.view(np.uint64) == want.view(np.uint64)) | (np.isnan(got) & np.isnan(want))
    assert same[special].all(), [(a, b, g, w) for a, b, g, w in
                                 zip(x[special], y[special], got[special], want[special])][:4]
    # The finite, non-zero results: correctly rounded (the C library's differs on 3 of them).
    for a, b, g in zip(x[~special], y[~special], got[~special]):
        assert g == exact(a, b), (a, b, g)
