"""The spec's f64 cos (core/numerics/cos64.h) against mpmath (200-bit cos rounded once to f64):
correctly rounded on a stride of randn's arguments x = 6.283185307179586 * (j * 2^-24) (every
one of them was checked once against 113-bit quadmath: docs/numerics.md), on those around the
quadrant boundaries, on a random sample of [-8, 8] and on arguments next to multiples of pi/2;
NaN, infinities and |x| >= 2^20 give NaN."""
import ctypes
import os
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from tessera_numerics_ctypes import lib  # noqa: E402

TWO_PI = 6.283185307179586


def ours(x):
    x = np.ascontiguousarray(x, np.float64)
    y = np.empty_like(x)
    lib().tessera_cos64.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    lib().tessera_cos64(x.ctypes.data, y.ctypes.data, x.size)
    return y


def exact(v):
    with mpmath.workprec(200):
        return float(mpmath.cos(mpmath.mpf(float(v))))  # one rounding, to nearest


def check_all(x):
    y = ours(x)
    bad = [(v, g, exact(v)) for v, g in zip(x, y) if g != exact(v)]
    assert not bad, bad[:5]


def test_randn_arguments():
    j = np.arange(0, 1 << 24, 4099, dtype=np.int64)
    quarters = np.array([q << 22 for q in range(4)], np.int64)
    near = (quarters[:, None] + np.arange(-3, 4)[None, :]).ravel()
    j = np.concatenate([j, near[(near >= 0) & (near < 1 << 24)], [(1 << 24) - 1]])
    x = TWO_PI * (j.astype(np.float64) * 2.0**-24)  # randn's f64 product, rounded once
    check_all(x)


def test_random_arguments():
    rng = np.random.default_rng(7)
    check_all(np.concatenate([rng.uniform(-8, 8, 3000), rng.uniform(-1, 1, 500) * 1e-9]))


def test_next_to_multiples_of_half_pi():
    c = np.array([k * (np.pi / 2) for k in range(1, 6)])
    x = (c[:, None] + np.arange(-40, 41)[None, :] * 2.0**-50).ravel()
    check_all(np.concatenate([x, np.nextafter(c, 0), np.nextafter(c, 8)]))


def test_special_cases():
    y = ours(np.array([np.nan, np.inf, -np.inf, 2.0**20, -1e300, 0.0, -0.0, 5e-324]))
    assert np.isnan(y[:5]).all()  # outside |x| < 2^20: NaN
    assert (y[5:] == 1.0).all()
