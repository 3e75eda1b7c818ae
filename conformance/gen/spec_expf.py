"""The spec's f32 exp (docs/numerics.md "exp") as a Python model: written from the document, with
the table computed by mpmath and every fma exact (fractions, one rounding), so it is an
independent check of core/numerics/expf.h and the oracle of the bit-exact conformance cases."""
import struct
from fractions import Fraction

import mpmath
import numpy as np

INV_LN2_N = float.fromhex("0x1.71547652b82fep+5")
SHIFT = float.fromhex("0x1.8p+52")
C0 = float.fromhex("0x1.c6af84b912394p-20")
C1 = float.fromhex("0x1.ebfce50fac4f3p-13")
C2 = float.fromhex("0x1.62e42ff0c52d6p-6")
OVERFLOW = float.fromhex("0x1.62e42ep6")
UNDERFLOW = -float.fromhex("0x1.9fe368p6")


def _table():
    with mpmath.workprec(200):
        return [float(mpmath.mpf(2) ** (mpmath.mpf(i) / 32)) for i in range(32)]


TABLE = _table()  # 2^(i/32) correctly rounded to f64


def fma(a, b, c):
    """a * b + c with one rounding to f64 (int / int division in Python rounds correctly)."""
    q = Fraction(a) * Fraction(b) + Fraction(c)
    return q.numerator / q.denominator


def _bits64(d):
    return struct.unpack("<Q", struct.pack("<d", d))[0]


def expf(x):
    """exp of one f32 (a Python float holding an f32 value) -> np.float32."""
    x = float(np.float32(x))
    if x != x:
        return np.float32(x)
    if x == -np.inf:
        return np.float32(0.0)
    if x == np.inf or x > OVERFLOW:
        return np.float32(np.inf)
    if x < UNDERFLOW:
        return np.float32(0.0)
    kd = fma(INV_LN2_N, x, SHIFT)
    ki = _bits64(kd)
    kd = kd - SHIFT  # exact
    r = fma(INV_LN2_N, x, -kd)
    k = ki - _bits64(SHIFT)  # the integer k as a signed value (|k| < 2^51)
    s = TABLE[k % 32] * 2.0 ** (k // 32)  # exact: a power-of-two scaling of a normal double
    z = fma(r, C0, C1)
    r2 = r * r
    y = fma(r, C2, 1.0)
    y = fma(z, r2, y)
    return np.float32(y * s)  # y * s is normal in f64; float32() rounds it once


def expf_array(a):
    """Elementwise expf of a float32 array, with a cache (inputs repeat in the cases)."""
    a = np.asarray(a, np.float32)
    flat = a.ravel()
    cache = {}
    out = np.empty_like(flat)
    for i, v in enumerate(flat):
        key = v.tobytes()
        if key not in cache:
            cache[key] = expf(float(v))
        out[i] = cache[key]
    return out.reshape(a.shape)
