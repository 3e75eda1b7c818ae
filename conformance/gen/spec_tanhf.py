"""The spec's f32 tanh (docs/numerics.md "tanh") as a Python model written from the document: each
step an f64 operation (Python floats round to nearest even). An independent check of
core/numerics/tanhf.h and an oracle of the lowered kernels that use it."""
import math

import numpy as np

INV_LN2 = float.fromhex("0x1.71547652b82fep+0")
SHIFT = float.fromhex("0x1.8p+52")
LN2_HI = float.fromhex("0x1.62e42feep-1")
LN2_LO = float.fromhex("0x1.a39ef35793c76p-33")
CLAMP = 9.5
SMALL = 2.0 ** -12
C = [1.0 / math.factorial(i + 1) for i in range(13)]  # 1/(i+1)! rounded to f64


def tanhf(x):
    """tanh of one f32 (a Python float holding an f32 value) -> np.float32."""
    x = float(np.float32(x))
    if x != x:
        return np.float32(x)
    if abs(x) < SMALL:
        return np.float32(x)
    a = -x if x < 0 else x
    a = a if a <= CLAMP else CLAMP
    y = 2.0 * a
    kd = (y * INV_LN2 + SHIFT) - SHIFT
    r = (y - kd * LN2_HI) - kd * LN2_LO
    q = C[12]
    for c in reversed(C[:12]):
        q = q * r + c
    er = r * q
    p = float(1 << int(kd))
    em = p * er + (p - 1.0)
    t = np.float32(em / (em + 2.0))
    return -t if x < 0 else t


def tanhf_array(a):
    a = np.asarray(a, np.float32)
    return np.array([tanhf(float(v)) for v in a.ravel()], np.float32).reshape(a.shape)
