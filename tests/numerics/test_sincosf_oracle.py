"""The spec's sincosf (core/numerics/sincosf.h) against the exact sin and cos (mpmath, rounded
once to f32 at 24 bits): correctly rounded on a dense sample of |x| <= 1e8 and on a stride of bit
patterns, bit for bit equal to the Python model of its documented steps
(conformance/gen/spec_sincosf.py), and the special cases."""
import os
import pathlib
import sys

import mpmath
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_sincosf  # noqa: E402
from tessera_numerics_ctypes import unary_f32  # noqa: E402

np.seterr(all="ignore")


def ours(x):
    return unary_f32("tessera_sinf", x), unary_f32("tessera_cosf", x)


def sample(rng, n):
    """Angles of rotary embeddings (|x| <= 1e4), small magnitudes of both signs, large ones up to
    1e8, and the neighbourhoods of multiples of pi/2 (the quadrant boundaries)."""
    s = np.sign(rng.standard_normal(n))
    k = rng.integers(-2000, 2000, n // 4)
    x = np.concatenate([rng.uniform(-10, 10, n), rng.uniform(-1e4, 1e4, n // 2),
                        s[: n // 4] * np.exp(rng.uniform(-40, 18.4, n // 4)),
                        k * (np.pi / 2) + rng.uniform(-1e-4, 1e-4, n // 4)])
    return x.astype(np.float32)


def exact_f32(fn, x):
    """fn(x) in 200 bits, rounded once to 24 bits (nearest even), as np.float32."""
    out = []
    with mpmath.workprec(200):
        for v in x:
            e = fn(mpmath.mpf(float(v)))
            with mpmath.workprec(24):
                out.append(np.float32(float(+e)))
    return np.array(out, np.float32)


def test_correctly_rounded():
    x = sample(np.random.default_rng(41), 40_000)
    s, c = ours(x)
    ws, wc = exact_f32(mpmath.sin, x), exact_f32(mpmath.cos, x)
    assert (s == ws).all(), x[s != ws][:5]
    assert (c == wc).all(), x[c != wc][:5]


def test_correctly_rounded_on_a_stride_of_patterns():
    bits = np.arange(0x00800000, 0x4CBEBC20, 40009 * 3, dtype=np.uint64).astype(np.uint32)
    x = np.concatenate([bits, bits | 0x80000000]).view(np.float32)  # up to 1e8, both signs
    s, c = ours(x)
    assert (s == exact_f32(mpmath.sin, x)).all()
    assert (c == exact_f32(mpmath.cos, x)).all()


def test_the_documented_steps():
    x = np.concatenate([sample(np.random.default_rng(42), 3_000),
                        np.array([1e9, -3e12, 3.4028235e38], np.float32)])
    s, c = ours(x)
    ms, mc = spec_sincosf.sincosf_array(x)
    assert (s.view(np.uint32) == ms.view(np.uint32)).all()
    assert (c.view(np.uint32) == mc.view(np.uint32)).all()


def test_special_cases():
    f = np.float32
    x = np.array([0.0, -0.0, 1e-45, -1e-45, np.inf, -np.inf, np.nan], f)
    s, c = ours(x)
    assert s[0] == 0 and not np.signbit(s[0]) and s[1] == 0 and np.signbit(s[1])
    assert s[2] == f(1e-45) and s[3] == f(-1e-45) and (c[:4] == 1).all()
    assert np.isnan(s[4:]).all() and np.isnan(c[4:]).all()
