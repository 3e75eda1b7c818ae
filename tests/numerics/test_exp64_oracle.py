"""The spec's f64 exp, log and log1p (core/numerics/exp64.h, log64.h) against the exact functions
(mpmath at 200 bits): correctly rounded on dense samples of every range (subnormal results and
inputs, the neighbourhood of 1, the overflow and underflow thresholds), bit for bit equal to the
Python model of the documented steps (conformance/gen/spec_exp64.py), every special case, and
the double-double constants."""
import math
import os
import pathlib
import sys
from fractions import Fraction

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_exp64  # noqa: E402
from tessera_numerics_ctypes import unary_f64  # noqa: E402

np.seterr(all="ignore")
mpmath.mp.prec = 200


def rounded(v):
    """The f64 nearest to the mpf v, on the subnormal grid below 2^-1022 (mpmath's float()
    rounds twice there)."""
    if abs(v) < mpmath.mpf(2) ** -1022:
        return float(mpmath.nint(v * mpmath.mpf(2) ** 1074)) * 2.0**-1074
    return float(v)


def exact_exp(x):
    return math.inf if x > 710 else rounded(mpmath.exp(mpmath.mpf(float(x))))


def exact_log(x):
    return rounded(mpmath.log(mpmath.mpf(float(x))))


def exp_sample(rng, n):
    """Uniform over the whole range, small magnitudes of both signs, the thresholds."""
    s = np.sign(rng.standard_normal(n))
    return np.concatenate([
        rng.uniform(-745.2, 709.8, n), s * np.exp2(rng.uniform(-60, 0, n)),
        rng.uniform(-745.2, -708.3, n // 2), rng.uniform(709.0, 709.79, n // 8),
        np.arange(-40, 41) * 0.6931471805599453,  # near multiples of ln 2
    ])


def log_sample(rng, n):
    """Uniform exponents (normal and subnormal), the neighbourhood of 1, the split sqrt 2."""
    bits = rng.integers(1, 0x7FF0000000000000, n, dtype=np.int64).astype(np.uint64)
    return np.concatenate([
        bits.view(np.float64), 1.0 + rng.uniform(-2.0**-10, 2.0**-10, n),
        1.0 + rng.uniform(-0.3, 0.5, n // 2), np.exp2(rng.uniform(-1074, 1024, n // 4)),
        math.sqrt(2) * (1.0 + rng.uniform(-1e-12, 1e-12, n // 8)),
    ])


def test_exp_correctly_rounded():
    x = exp_sample(np.random.default_rng(61), 6_000)
    y = unary_f64("tessera_exp64", x)
    bad = [(v, g) for v, g in zip(x, y) if g != exact_exp(v)]
    assert not bad, [(float(v).hex(), float(g).hex()) for v, g in bad[:4]]


def test_log_correctly_rounded():
    x = log_sample(np.random.default_rng(62), 6_000)
    y = unary_f64("tessera_log64", x)
    bad = [(v, g) for v, g in zip(x, y) if g != exact_log(v)]
    assert not bad, [(float(v).hex(), float(g).hex()) for v, g in bad[:4]]


def exact_log1p(x):
    return rounded(mpmath.log1p(mpmath.mpf(float(x))))


def log1p_sample(rng, n):
    """Both signs from 2^-1074 to 1, (-1, -0.5], up to 2^60, exp(-|z|) of BCE's logits."""
    s = np.sign(rng.standard_normal(n))
    return np.concatenate([
        s * np.exp2(rng.uniform(-1074, 0, n)), s * np.exp2(rng.uniform(-60, 0, n)),
        -1.0 + np.exp2(rng.uniform(-53, -1, n // 2)), np.exp2(rng.uniform(0, 60, n // 2)),
        np.exp(-np.abs(rng.standard_normal(n // 2) * 20)),
    ])


def test_log1p_correctly_rounded():
    x = log1p_sample(np.random.default_rng(64), 4_000)
    y = unary_f64("tessera_log1p64", x)
    bad = [(v, g) for v, g in zip(x, y) if g != exact_log1p(v)]
    assert not bad, [(float(v).hex(), float(g).hex()) for v, g in bad[:4]]
    assert (y.view(np.uint64) == spec_exp64.log1p64_array(x).view(np.uint64)).all()


def test_log1p_special_cases():
    x = np.array([np.nan, -2.0, -np.inf, -1.0, np.inf, 0.0, -0.0, 5e-324, -5e-324, 2.0**-54,
                  1.7976931348622157e308, -1.0 + 2.0**-53])
    y = unary_f64("tessera_log1p64", x)
    assert np.isnan(y[0]) and np.isnan(y[1]) and np.isnan(y[2])
    assert y[3] == -np.inf and y[4] == np.inf
    assert y[5] == 0 and not np.signbit(y[5]) and y[6] == 0 and np.signbit(y[6])
    assert y[7] == 5e-324 and y[8] == -5e-324 and y[9] == 2.0**-54
    assert y[10] == exact_log1p(x[10]) and y[11] == exact_log1p(x[11])


def test_the_documented_steps():
    rng = np.random.default_rng(63)
    x = exp_sample(rng, 2_000)
    assert (unary_f64("tessera_exp64", x).view(np.uint64) ==
            spec_exp64.exp64_array(x).view(np.uint64)).all()
    x = log_sample(rng, 2_000)
    assert (unary_f64("tessera_log64", x).view(np.uint64) ==
            spec_exp64.log64_array(x).view(np.uint64)).all()


def test_exp_special_cases():
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 710.0, 709.782712893384, 709.7827128933841,
                  -745.1332191019411, -745.1332191019412, -746.0, -800.0, 1e-300, -1e-300,
                  5e-324, 2.0**-54, -(2.0**-53)])
    y = unary_f64("tessera_exp64", x)
    assert np.isnan(y[0]) and y[1] == np.inf and y[2] == 0 and not np.signbit(y[2])
    assert y[3] == 1 and y[4] == 1
    assert y[5] == np.inf and y[6] == 1.7976931348622732e308 and y[7] == np.inf
    assert y[8] == 5e-324 and y[9] == 0 and y[10] == 0 and y[11] == 0 and not np.signbit(y[11])
    assert (y[12:15] == 1).all() and y[15] == 1 and y[16] == 1 - 2.0**-53


def test_log_special_cases():
    x = np.array([np.nan, -1.0, -np.inf, 0.0, -0.0, np.inf, 1.0, 5e-324, 2.2250738585072014e-308,
                  1.7976931348622157e308, 2.0, 0.5])
    y = unary_f64("tessera_log64", x)
    assert np.isnan(y[0]) and np.isnan(y[1]) and np.isnan(y[2])
    assert y[3] == -np.inf and y[4] == -np.inf and y[5] == np.inf
    assert y[6] == 0 and not np.signbit(y[6])
    for i in range(7, 12):
        assert y[i] == exact_log(x[i]), i


def test_constants():
    import ctypes
    from tessera_numerics_ctypes import lib
    out = np.zeros(2 * 21 + 2 * 19 + 3)
    fn = lib().tessera_exp64_tables
    fn.argtypes = [ctypes.c_void_p]
    fn(out.ctypes.data)
    exact = [Fraction(1, math.factorial(n)) for n in range(21)] + [
        Fraction(1, 2 * n + 1) for n in range(19)]
    for i, v in enumerate(exact):  # hi = v rounded, lo = the rest rounded
        hi, lo = out[2 * i], out[2 * i + 1]
        assert hi == float(v) and lo == float(v - Fraction(hi)), i
    assert list(out[-3:]) == spec_exp64.LN2
    ln2 = mpmath.log(2)
    parts = spec_exp64.LN2
    assert abs(sum(mpmath.mpf(p) for p in parts) - ln2) < mpmath.mpf(2) ** -140
    for p in parts[:2]:  # 42 significant bits: k * part is exact for |k| < 2^11
        assert Fraction(p) * 2**(41 - math.floor(math.log2(abs(p)))) % 1 == 0
