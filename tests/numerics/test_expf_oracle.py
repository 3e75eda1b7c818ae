"""The spec's expf (core/numerics/expf.h) against two oracles: the independent Python model of
docs/numerics.md (conformance/gen/spec_expf.py: mpmath table, exact fmas), bit for bit; and the
exact exp (numpy longdouble and mpmath), within 1 ulp, with every special case."""
import ctypes
import os
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "conformance", "gen"))
import spec_expf  # noqa: E402
from tessera_numerics_ctypes import lib  # noqa: E402

np.seterr(all="ignore")


def ours(x):
    x = np.ascontiguousarray(x, np.float32)
    y = np.empty_like(x)
    lib().tessera_expf.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    lib().tessera_expf(x.ctypes.data, y.ctypes.data, x.size)
    return y


def ulp_error(x, y):
    """|y - exp(x)| in ulps of the f32 binade of exp(x) (longdouble: 64-bit significand)."""
    e = np.exp(x.astype(np.longdouble))
    tiny = np.longdouble(2.0) ** -149
    ulp = np.maximum(np.longdouble(2.0) ** (np.floor(np.log2(e)) - 23), tiny)
    return np.abs(y.astype(np.longdouble) - e) / ulp


def test_table_is_correctly_rounded():
    got = (ctypes.c_uint64 * 32)()
    lib().tessera_exp_table(got)
    for i in range(32):
        want = np.float64(spec_expf.TABLE[i]).view(np.uint64) - np.uint64(i << 47)
        assert got[i] == int(want), i


def test_bits_equal_the_python_model():
    rng = np.random.default_rng(13)
    x = np.concatenate([rng.uniform(-104, 89, 3000), rng.standard_normal(1000),
                        rng.uniform(-1e-6, 1e-6, 200)]).astype(np.float32)
    want = np.array([spec_expf.expf(float(v)) for v in x], np.float32)
    assert np.array_equal(ours(x).view(np.uint32), want.view(np.uint32))


def test_within_one_ulp_of_exp():
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.uniform(-103.97, 88.72, 1_000_000),
                        rng.uniform(-1, 1, 200_000)]).astype(np.float32)
    # Every 4099th bit pattern of the finite range that does not overflow or underflow to 0.
    pats = np.arange(0, 1 << 32, 4099, dtype=np.uint64).astype(np.uint32).view(np.float32)
    pats = pats[np.isfinite(pats) & (pats > -103.9) & (pats < 88.7)]
    x = np.concatenate([x, pats])
    err = ulp_error(x, ours(x))
    assert err.max() < 1.0, (x[err.argmax()], err.max())


def test_subnormal_results_against_mpmath():
    x = np.linspace(-103.97, -87.4, 2000).astype(np.float32)
    y = ours(x)
    for v, got in zip(x, y):
        with mpmath.workprec(120):
            e = mpmath.exp(mpmath.mpf(float(v)))
        lo, hi = np.float32(float(e)), np.float32(float(e))
        lo = np.nextafter(lo, np.float32(0))
        hi = np.nextafter(hi, np.float32(1))
        assert lo <= got <= hi, v


def test_special_cases():
    f = np.float32
    big = f(spec_expf.OVERFLOW)
    small = f(spec_expf.UNDERFLOW)
    x = np.array([-np.inf, np.inf, np.nan, 0.0, -0.0, big, np.nextafter(big, f(200)),
                  small, np.nextafter(small, f(-200)), 88.0, -88.0, 1e-45, -1e-45], f)
    y = ours(x)
    assert y[0] == 0 and not np.signbit(y[0])
    assert y[1] == np.inf and np.isnan(y[2])
    assert y[3] == 1 and y[4] == 1
    assert np.isfinite(y[5]) and y[5] > f(3.4e38)
    assert y[6] == np.inf
    assert y[7] > 0 and y[8] == 0 and not np.signbit(y[8])
    assert y[11] == 1 and y[12] == 1
    want = np.array([spec_expf.expf(float(v)) for v in x], f)
    assert np.array_equal(np.isnan(y), np.isnan(want))
    ok = ~np.isnan(y)
    assert np.array_equal(y[ok].view(np.uint32), want[ok].view(np.uint32))
