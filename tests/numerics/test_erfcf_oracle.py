"""The spec's erfcf (core/numerics/erfcf.h) against the exact erfc (mpmath): within 1 ulp on a
dense sample and on a stride of bit patterns, bit for bit equal to the Python model of its
documented steps (conformance/gen/spec_erfcf.py), and every special case."""
import os
import pathlib
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_erfcf  # noqa: E402
from tessera_numerics_ctypes import unary_f32  # noqa: E402

np.seterr(all="ignore")


def ours(x):
    return unary_f32("tessera_erfcf", x)


def sample(rng, n):
    """Uniform on [-5, 11], small magnitudes of both signs, and the neighbourhoods of the split
    +-2 and of the clamp 10.1 (where results become subnormal, then 0)."""
    s = np.sign(rng.standard_normal(n))
    x = np.concatenate([rng.uniform(-5, 11, n), s[: n // 4] * np.exp(rng.uniform(-30, 1, n // 4)),
                        2.0 * s[: n // 8] + rng.uniform(-1e-3, 1e-3, n // 8),
                        rng.uniform(9.3, 10.2, n // 8)]).astype(np.float32)
    return x


def ulp_error(x, y):
    """|y - erfc(x)| in units of the f32 ulp at erfc(x) (subnormal spacing below 2^-126)."""
    err = []
    with mpmath.workprec(120):
        for v, got in zip(x, y):
            e = mpmath.erfc(mpmath.mpf(float(v)))
            ex = max(int(mpmath.floor(mpmath.log(e, 2))), -126) if e != 0 else -126
            err.append(float(abs(mpmath.mpf(float(got)) - e) / mpmath.mpf(2) ** (ex - 23)))
    return np.array(err)


def test_within_one_ulp_of_erfc():
    x = sample(np.random.default_rng(31), 8_000)
    err = ulp_error(x, ours(x))
    assert err.max() < 1.0, x[err.argmax()]


def test_within_one_ulp_on_a_stride_of_patterns():
    bits = np.arange(0x30000000, 0x41220000, 4099 * 7, dtype=np.uint64).astype(np.uint32)
    x = np.concatenate([bits, bits[bits < 0x40A00000] | 0x80000000]).view(np.float32)
    err = ulp_error(x, ours(x))
    assert err.max() < 1.0, x[err.argmax()]


def test_the_documented_steps():
    x = sample(np.random.default_rng(32), 3_000)
    assert (ours(x).view(np.uint32) == spec_erfcf.erfcf_array(x).view(np.uint32)).all()


def test_special_cases():
    f = np.float32
    x = np.array([0.0, -0.0, 1e-45, np.inf, -np.inf, np.nan, 10.1, 11.0, 3.4028235e38,
                  -3.4028235e38, -4.0, 10.0], f)
    y = ours(x)
    assert (y[0:3] == 1).all()
    assert y[3] == 0 and not np.signbit(y[3]) and y[4] == 2 and np.isnan(y[5])
    assert (y[6:9] == 0).all() and y[9] == 2 and y[10] == 2  # 2 - erfc(4) rounds to 2
    with mpmath.workprec(120):
        assert y[11] == f(float(mpmath.erfc(10)))  # a subnormal result, rounded once
