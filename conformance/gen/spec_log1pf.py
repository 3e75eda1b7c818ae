"""The spec's f32 log1p (docs/numerics.md "log1p") as a Python model written from the document:
each step an f64 operation (Python floats round to nearest even), logf as the correctly rounded
log of the f32 (docs/numerics.md "log": the spec's logf equals it on every positive f32). An
independent check of core/numerics/log1pf.h and an oracle of the lowered kernels that use it."""
import math

import numpy as np

SQRT_HALF = float.fromhex("0x1.6a09e667f3bcdp-1")
SQRT2 = float.fromhex("0x1.6a09e667f3bcdp+0")
INV_LN2 = float.fromhex("0x1.71547652b82fep+0")
SHIFT = float.fromhex("0x1.8p+52")
LN2 = float.fromhex("0x1.62e42fefa39efp-1")
C = [1.0 / (2 * i + 1) for i in range(1, 11)]  # 1/3 .. 1/21 rounded to f64


def logf(x):
    """The spec's logf of a positive finite f32 value (a Python float)."""
    return float(np.float32(math.log(x)))


def log1pf(u):
    """log1p of one f32 (a Python float holding an f32 value) -> np.float32."""
    u = float(np.float32(u))
    if u != u:
        return np.float32(u)
    if u < -1.0:
        return np.float32(np.nan)
    if u == -1.0:
        return np.float32(-np.inf)
    if u > 2.0 ** 53:
        return np.float32(logf(u))
    w = 1.0 + u
    near_one = SQRT_HALF <= w <= SQRT2
    kd = (logf(float(np.float32(w))) * INV_LN2 + SHIFT) - SHIFT
    k = int(kd) if -60 <= kd <= 60 else 0
    p = float(1 << abs(k))
    m = w * p if k < 0 else w / p
    f = u if near_one else m - 1.0
    s = f / (2.0 + f)
    z = s * s
    q = C[9]
    for c in reversed(C[:9]):
        q = q * z + c
    t = 2.0 * s
    lm = t + t * (z * q)
    return np.float32(lm if near_one else float(k) * LN2 + lm)


def log1pf_array(a):
    a = np.asarray(a, np.float32)
    return np.array([log1pf(float(v)) for v in a.ravel()], np.float32).reshape(a.shape)
