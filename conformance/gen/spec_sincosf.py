"""The spec's f32 sin and cos (docs/numerics.md "sin and cos") as a Python model written from the
document: each step an f64 operation (Python floats round to nearest even, no fused multiply-add).
The Taylor coefficients are computed here from exact fractions. An independent check of
core/numerics/sincosf.h and an oracle of the lowered kernels that use it (tessera.rope)."""
from fractions import Fraction
from math import factorial

import numpy as np

TWO_OVER_PI = float.fromhex("0x1.45f306dc9c883p-1")
SHIFT = float.fromhex("0x1.8p52")
P1 = float.fromhex("0x1.921fb54p+0")
P2 = float.fromhex("0x1.10b461p-30")
P3 = float.fromhex("0x1.a62633145c06ep-58")
TERMS = 8
S = [float(Fraction((-1) ** i, factorial(2 * i + 1))) for i in range(TERMS + 1)]
C = [float(Fraction((-1) ** i, factorial(2 * i))) for i in range(TERMS + 1)]


def sincos64(x):
    """(sin, cos) of one f32 value before the final rounding, as f64 Python floats."""
    xd = float(np.float32(x))
    kd = (xd * TWO_OVER_PI + SHIFT) - SHIFT
    r = ((xd - kd * P1) - kd * P2) - kd * P3
    z = r * r
    ps, pc = S[TERMS], C[TERMS]
    for i in range(TERMS - 1, 0, -1):
        ps = ps * z + S[i]
        pc = pc * z + C[i]
    s = r * (1.0 + z * ps)
    c = 1.0 + z * pc
    q = kd - 4.0 * ((kd * 0.25 + SHIFT) - SHIFT)
    if q == 1.0:
        return c, -s
    if q in (2.0, -2.0):
        return -s, -c
    if q == -1.0:
        return -c, s
    return s, c


def sincosf(x):
    """(sin, cos) of one f32, each rounded once to np.float32."""
    s, c = sincos64(x)
    return np.float32(s), np.float32(c)


def sincosf_array(x):
    """Elementwise (sin, cos) of an f32 array."""
    out = [sincosf(v) for v in np.asarray(x, np.float32).ravel()]
    shape = np.shape(x)
    return (np.array([o[0] for o in out], np.float32).reshape(shape),
            np.array([o[1] for o in out], np.float32).reshape(shape))
