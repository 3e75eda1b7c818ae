"""The spec's log1pf (core/numerics/log1pf.h) against the exact log1p: within 1 ulp (in fact
correctly rounded) on a wide sample (numpy longdouble), correctly rounded on a stride of bit
patterns (mpmath), bit for bit equal to the Python model of its documented steps
(conformance/gen/spec_log1pf.py), and every special case."""
import os
import pathlib
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_log1pf  # noqa: E402
from tessera_numerics_ctypes import unary_f32  # noqa: E402

np.seterr(all="ignore")


def ours(x):
    return unary_f32("tessera_log1pf", x)


def sample(rng, n):
    """Magnitudes from subnormal to FLT_MAX, both signs above -1, and the neighbourhoods of -1,
    0, sqrt(1/2) - 1 and sqrt(2) - 1 (the main path's case boundaries)."""
    x = np.concatenate([rng.uniform(-1, 4, n), np.exp(rng.uniform(-103, 88.7, n)),
                        -np.exp(rng.uniform(-103, 0, n)), -1 + np.exp(rng.uniform(-16.6, 0, n // 4)),
                        np.sqrt(0.5) - 1 + rng.uniform(-1e-3, 1e-3, n // 8),
                        np.sqrt(2) - 1 + rng.uniform(-1e-3, 1e-3, n // 8),
                        2.0 ** 53 * rng.uniform(0.5, 2, n // 8)]).astype(np.float32)
    return x[(x > -1) & np.isfinite(x)]


def test_within_one_ulp_of_log1p():
    x = sample(np.random.default_rng(13), 300_000)
    e = np.log1p(x.astype(np.longdouble))
    y = ours(x).astype(np.longdouble)
    ulp = np.maximum(np.longdouble(2.0) ** (np.floor(np.log2(np.abs(e))) - 23),
                     np.longdouble(2.0) ** -149)
    ok = e != 0
    err = (np.abs(y - e)[ok] / ulp[ok])
    assert err.max() < 1.0
    assert err.max() <= 0.5 + 1e-6  # correctly rounded on this sample
    assert (y[~ok] == 0).all()


def test_correctly_rounded_on_a_stride_of_patterns():
    pos = np.arange(1, 0x7F800000, 257 * 1031 * 2, dtype=np.uint64).astype(np.uint32)
    neg = np.arange(0x80000001, 0xBF800000, 257 * 1031, dtype=np.uint64).astype(np.uint32)
    x = np.concatenate([pos, neg]).view(np.float32)
    for v, got in zip(x, ours(x)):
        with mpmath.workprec(120):
            want = np.float32(float(mpmath.log1p(mpmath.mpf(float(v)))))
        assert got == want, (v, got, want)


def test_the_documented_steps():
    x = sample(np.random.default_rng(14), 4_000)
    assert (ours(x).view(np.uint32) == spec_log1pf.log1pf_array(x).view(np.uint32)).all()


def test_special_cases():
    f = np.float32
    x = np.array([0.0, -0.0, -1.0, -1.5, -np.inf, np.inf, np.nan, 1e-45, -1e-45, 1e-30,
                  3.4028235e38, 2.0 ** 53, -0.99999994], f)
    y = ours(x)
    assert y[0] == 0 and not np.signbit(y[0]) and y[1] == 0 and np.signbit(y[1])
    assert y[2] == -np.inf and np.isnan(y[3]) and np.isnan(y[4]) and y[5] == np.inf
    assert np.isnan(y[6])
    assert y[7] == x[7] and y[8] == x[8] and y[9] == x[9]  # log1p(u) rounds to u for tiny u
    with mpmath.workprec(120):
        for i in (10, 11, 12):
            assert y[i] == f(float(mpmath.log1p(mpmath.mpf(float(x[i]))))), i
