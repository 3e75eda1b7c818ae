"""The spec's f64 tanh and erfc (core/numerics/tanh64.h, erfc64.h) against the exact functions
(mpmath at 200 bits): correctly rounded on dense samples of every range (the tiny-argument and
saturation thresholds, erfc's Taylor/fraction split and its subnormal results), every special
case, and erfc's double-double constants."""
import math
import os
import sys
from fractions import Fraction

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from tessera_numerics_ctypes import unary_f64  # noqa: E402
from test_exp64_oracle import rounded  # noqa: E402  (the f64 nearest to an mpf)

mpmath.mp.prec = 200


def exact_tanh(x):
    return rounded(mpmath.tanh(mpmath.mpf(float(x))))


def exact_erfc(x):
    return rounded(mpmath.erfc(mpmath.mpf(float(x))))


def tanh_sample(rng, n):
    """Both signs: 2^-30 .. 2^5 log-uniform, uniform on [0, 1] and [0, 20], the thresholds."""
    s = np.sign(rng.standard_normal(n))
    return np.concatenate([
        s * np.exp2(rng.uniform(-30, 5, n)), s * rng.uniform(0, 1, n), s * rng.uniform(0, 20, n),
        s[: n // 8] * rng.uniform(18.5, 20.5, n // 8),
        s[: n // 8] * np.exp2(-27) * rng.uniform(0.9, 1.1, n // 8),
        np.arange(-40, 41) * 0.6931471805599453 / 2,  # 2|x| near multiples of ln 2
    ])


def erfc_sample(rng, n):
    """Both signs over [-6.5, 28], the split 2 and the fraction tiers, tiny |x|, the subnormal
    results (26.5 .. 27.3)."""
    s = np.sign(rng.standard_normal(n))
    return np.concatenate([
        rng.uniform(-6.5, 28, n), s * np.exp2(rng.uniform(-60, 1, n)), rng.uniform(-3, 3, n),
        s[: n // 4] * rng.uniform(1.99, 2.01, n // 4), rng.uniform(26.4, 27.4, n // 4),
        s[: n // 4] * rng.uniform(5.9, 6.1, n // 4), np.array([3.0, 4.0, 6.0, -3.0, -4.0]),
    ])


def test_tanh_correctly_rounded():
    x = tanh_sample(np.random.default_rng(71), 4_000)
    y = unary_f64("tessera_tanh64", x)
    bad = [(v, g) for v, g in zip(x, y) if g != exact_tanh(v)]
    assert not bad, [(float(v).hex(), float(g).hex()) for v, g in bad[:4]]


def test_erfc_correctly_rounded():
    x = erfc_sample(np.random.default_rng(72), 3_000)
    y = unary_f64("tessera_erfc64", x)
    bad = [(v, g) for v, g in zip(x, y) if g != exact_erfc(v)]
    assert not bad, [(float(v).hex(), float(g).hex()) for v, g in bad[:4]]


def test_tanh_special_cases():
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 5e-324, -5e-324, 2.0**-28, -(2.0**-28),
                  20.0, -20.0, 20.5, 1e300, -1e300])
    y = unary_f64("tessera_tanh64", x)
    assert np.isnan(y[0]) and y[1] == 1 and y[2] == -1
    assert y[3] == 0 and not np.signbit(y[3]) and y[4] == 0 and np.signbit(y[4])
    assert (y[5:9] == x[5:9]).all()
    assert y[9] == 1 and y[10] == -1 and y[11] == 1 and y[12] == 1 and y[13] == -1


def test_erfc_special_cases():
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 5e-324, -(2.0**-57), 27.3, 28.0, -6.5,
                  27.0, 27.2, 27.22])
    y = unary_f64("tessera_erfc64", x)
    assert np.isnan(y[0]) and y[1] == 0 and not np.signbit(y[1]) and y[2] == 2
    assert (y[3:7] == 1).all()
    assert y[7] == 0 and y[8] == 0 and y[9] == 2
    for i in range(10, 13):  # subnormal results
        assert y[i] == exact_erfc(x[i]) and 0 < y[i] < 2.0**-1022, i


def test_constants():
    import ctypes
    from tessera_numerics_ctypes import lib
    out = np.zeros(2 * 52 + 4)
    fn = lib().tessera_erfc64_tables
    fn.argtypes = [ctypes.c_void_p]
    fn(out.ctypes.data)
    mp = mpmath.mpf
    exact = [mp((-1)**n) / (math.factorial(n) * (2 * n + 1)) for n in range(52)]
    exact += [2 / mpmath.sqrt(mpmath.pi), 1 / mpmath.sqrt(mpmath.pi)]
    for i, v in enumerate(exact):  # hi = v rounded, lo = the rest rounded
        hi, lo = out[2 * i], out[2 * i + 1]
        assert hi == float(v) and lo == float(v - mp(hi)), i
    assert Fraction(out[0]) == 1
