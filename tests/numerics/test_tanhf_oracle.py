"""The spec's tanhf (core/numerics/tanhf.h) against the exact tanh: within 1 ulp (in fact
correctly rounded) on a wide sample (numpy longdouble), correctly rounded on a stride of bit
patterns (mpmath), bit for bit equal to the Python model of its documented steps
(conformance/gen/spec_tanhf.py), and every special case."""
import os
import pathlib
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_tanhf  # noqa: E402
from tessera_numerics_ctypes import unary_f32  # noqa: E402

np.seterr(all="ignore")


def ours(x):
    return unary_f32("tessera_tanhf", x)


def sample(rng, n):
    """Both signs: uniform on [-10, 10], magnitudes from 2^-20 to 20, and the neighbourhoods of
    the small threshold 2^-12, of ln2 / 4 (where k becomes 1) and of the clamp 9.5."""
    s = np.sign(rng.standard_normal(n))
    x = np.concatenate([rng.uniform(-10, 10, n), s * np.exp(rng.uniform(-14, 3, n)),
                        2.0 ** -12 * rng.uniform(0.99, 1.01, n // 8),
                        np.log(2) / 4 + rng.uniform(-1e-3, 1e-3, n // 8),
                        9.5 + rng.uniform(-0.01, 0.01, n // 8)]).astype(np.float32)
    return x


def test_within_one_ulp_of_tanh():
    x = sample(np.random.default_rng(21), 200_000)
    e = np.tanh(x.astype(np.longdouble))
    y = ours(x).astype(np.longdouble)
    ulp = np.longdouble(2.0) ** (np.floor(np.log2(np.abs(e))) - 23)
    err = np.abs(y - e) / ulp
    assert err.max() < 1.0
    assert err.max() <= 0.5 + 1e-6  # correctly rounded on this sample


def test_correctly_rounded_on_a_stride_of_patterns():
    bits = np.arange(0x39000000, 0x41200000, 257 * 131, dtype=np.uint64).astype(np.uint32)
    x = np.concatenate([bits, bits | 0x80000000]).view(np.float32)  # 2^-13 .. 10, both signs
    for v, got in zip(x, ours(x)):
        with mpmath.workprec(120):
            want = np.float32(float(mpmath.tanh(mpmath.mpf(float(v)))))
        assert got == want, (v, got, want)


def test_the_documented_steps():
    x = sample(np.random.default_rng(22), 4_000)
    assert (ours(x).view(np.uint32) == spec_tanhf.tanhf_array(x).view(np.uint32)).all()


def test_special_cases():
    f = np.float32
    x = np.array([0.0, -0.0, 1e-45, -1e-45, 1e-30, 2.0 ** -13, np.inf, -np.inf, np.nan, 20.0,
                  -3.4028235e38, 9.0], f)
    y = ours(x)
    assert y[0] == 0 and not np.signbit(y[0]) and y[1] == 0 and np.signbit(y[1])
    assert (y[2:6] == x[2:6]).all()  # tanh(x) rounds to x for |x| < 2^-12
    assert y[6] == 1 and y[7] == -1 and np.isnan(y[8]) and y[9] == 1 and y[10] == -1
    with mpmath.workprec(120):
        assert y[11] == f(float(mpmath.tanh(9)))
