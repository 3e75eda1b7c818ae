"""The spec's logf (core/numerics/logf.h) against the exact log: within 1 ulp on a wide sample
(numpy longdouble), correctly rounded on every 257th bit pattern of the positive range and on
subnormals (mpmath), and every special case."""
import ctypes
import os
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from tessera_numerics_ctypes import lib  # noqa: E402

np.seterr(all="ignore")


def ours(x):
    x = np.ascontiguousarray(x, np.float32)
    y = np.empty_like(x)
    lib().tessera_logf.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    lib().tessera_logf(x.ctypes.data, y.ctypes.data, x.size)
    return y


def test_within_one_ulp_of_log():
    rng = np.random.default_rng(11)
    x = np.concatenate([rng.uniform(0, 4, 500_000), np.exp(rng.uniform(-100, 88, 500_000)),
                        1 + rng.uniform(-1e-3, 1e-3, 100_000)]).astype(np.float32)
    x = x[(x > 0) & np.isfinite(x)]
    e = np.log(x.astype(np.longdouble))
    y = ours(x).astype(np.longdouble)
    ulp = np.longdouble(2.0) ** (np.floor(np.log2(np.abs(e))) - 23)
    ok = e != 0
    assert (np.abs(y - e)[ok] / ulp[ok]).max() < 1.0
    assert (y[~ok] == 0).all()


def test_correctly_rounded_on_a_stride_of_patterns():
    bits = np.arange(1, 0x7F800000, 257 * 4099, dtype=np.uint64).astype(np.uint32)
    x = bits.view(np.float32)
    y = ours(x)
    for v, got in zip(x, y):
        with mpmath.workprec(100):
            want = np.float32(float(mpmath.log(mpmath.mpf(float(v)))))
        assert got == want, (v, got, want)


def test_special_cases():
    f = np.float32
    x = np.array([0.0, -0.0, -1.0, -np.inf, np.inf, np.nan, 1.0, 1e-45, 3.4028235e38], f)
    y = ours(x)
    assert y[0] == -np.inf and y[1] == -np.inf
    assert np.isnan(y[2]) and np.isnan(y[3]) and np.isnan(y[5])
    assert y[4] == np.inf and y[6] == 0 and not np.signbit(y[6])
    with mpmath.workprec(100):
        assert y[7] == f(float(mpmath.log(mpmath.mpf(float(x[7])))))
        assert y[8] == f(float(mpmath.log(mpmath.mpf(float(x[8])))))
