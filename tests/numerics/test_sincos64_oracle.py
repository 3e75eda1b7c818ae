"""The spec's f64 sin and cos (core/numerics/sincos64.h) against mpmath (sin and cos at a working
precision of 2300 bits, so that the reduction of arguments up to 2^1024 is exact, rounded once
to f64): correctly rounded on a random sample of every binade of the f64 range, on arguments
next to multiples of pi/2 (small k, and the f64 values closest to a multiple of pi/2 among
large ones), on integers and powers of two; NaN and +-Inf give NaN, +-0 gives (+-0, 1)."""
import ctypes
import os
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from tessera_numerics_ctypes import lib  # noqa: E402


def ours(x):
    x = np.ascontiguousarray(x, np.float64)
    s, c = np.empty_like(x), np.empty_like(x)
    f = lib().tessera_sincos64
    f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    f(x.ctypes.data, s.ctypes.data, c.ctypes.data, x.size)
    return s, c


def exact(v):
    with mpmath.workprec(2300):
        m = mpmath.mpf(float(v))
        return float(mpmath.sin(m)), float(mpmath.cos(m))  # one rounding each, to nearest


def check_all(x):
    s, c = ours(x)
    bad = []
    for v, gs, gc in zip(x, s, c):
        es, ec = exact(v)
        if gs != es or gc != ec:
            bad.append((v.hex(), gs, es, gc, ec))
    assert not bad, (len(bad), bad[:5])


def test_every_binade():
    rng = np.random.default_rng(14)
    e = np.arange(-1074, 1024)
    m = rng.uniform(1.0, 2.0, (3, e.size))
    x = np.ldexp(m, e[None, :]).ravel()
    x = x[np.isfinite(x)]
    check_all(np.concatenate([x, -x[::7]]))


def test_random_small_and_moderate():
    rng = np.random.default_rng(15)
    check_all(np.concatenate([rng.uniform(-10, 10, 3000), rng.uniform(-1e6, 1e6, 1000),
                              rng.uniform(-1, 1, 300) * 1e-9]))


def test_next_to_multiples_of_half_pi():
    c = np.array([k * (np.pi / 2) for k in range(1, 40)])
    x = (c[:, None] + np.arange(-8, 9)[None, :] * 2.0**-48).ravel()
    check_all(np.concatenate([x, np.nextafter(c, 0), np.nextafter(c, 1e9)]))


def test_hard_reduction_cases():
    # The f64 values nearest to a multiple of pi/2 (x (2/pi) within 2^-60 of an integer):
    # 6381956970095103 2^797 is the classic worst case of the whole range.
    x = [np.ldexp(6381956970095103.0, 797), np.ldexp(5261692873635770.0, 499),
         np.ldexp(8111563974035426.0, -40 + 40), 1e22, 2.0**1023, 1.7976931348623157e308,
         2.0**512, np.nextafter(2.0**512, 0), np.nextafter(np.pi / 4, 0), np.pi / 4,
         np.nextafter(np.pi / 4, 1)]
    x = np.array(x)
    check_all(np.concatenate([x, -x, np.arange(1, 2000, dtype=np.float64),
                              2.0 ** np.arange(-1074, 1024, dtype=np.float64)]))


def test_special_cases():
    s, c = ours(np.array([np.nan, np.inf, -np.inf, 0.0, -0.0]))
    assert np.isnan(s[:3]).all() and np.isnan(c[:3]).all()
    assert s[3] == 0.0 and not np.signbit(s[3]) and np.signbit(s[4]) and (c[3:] == 1.0).all()
