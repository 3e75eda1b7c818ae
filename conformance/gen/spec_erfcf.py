"""The spec's f32 erfc (docs/numerics.md "erfc") as a Python model written from the document: each
step an f64 operation (Python floats round to nearest even). An independent check of
core/numerics/erfcf.h and an oracle of the lowered kernels that use it."""
import numpy as np

# tanh's Cody-Waite constants and 1/(i+1)! polynomial, which erfcf's exp(-z2) reuses.
from spec_tanhf import C, INV_LN2, LN2_HI, LN2_LO, SHIFT

CLAMP = 10.1
SPLIT = 2.0
TAYLOR_TERMS = 32
FRACTION_TERMS = 40
TWO_OVER_SQRT_PI = float.fromhex("0x1.20dd750429b6dp+0")
INV_SQRT_PI = float.fromhex("0x1.20dd750429b6dp-1")


def exp_neg(y):
    """exp(-y) for 0 <= y <= 102.01: Cody-Waite reduction, the degree-13 polynomial of tanhf,
    then three exact divisions by powers of two."""
    kd = (y * INV_LN2 + SHIFT) - SHIFT
    r = (kd * LN2_HI - y) + kd * LN2_LO
    q = C[12]
    for c in reversed(C[:12]):
        q = q * r + c
    e = 1.0 + r * q
    k = int(kd)
    k1 = min(k, 62)
    k2 = min(k - k1, 62)
    k3 = k - k1 - k2
    return ((e / float(1 << k1)) / float(1 << k2)) / float(1 << k3)


def erfcf(x):
    """erfc of one f32 (a Python float holding an f32 value) -> np.float32."""
    x = float(np.float32(x))
    if x != x:
        return np.float32(x)
    a = -x if x < 0 else x
    a = a if a <= CLAMP else CLAMP
    z2 = a * a
    t = s = a
    for n in range(1, TAYLOR_TERMS + 1):
        t = (t * -z2) / float(n)
        s = s + t / float(2 * n + 1)
    erf = TWO_OVER_SQRT_PI * s
    f = np.float64(a)  # IEEE division: at a = 0 the fraction runs through Inf (unused there)
    with np.errstate(divide="ignore", invalid="ignore"):
        for k in range(FRACTION_TERMS, 0, -1):
            f = a + np.float64(0.5 * k) / f
        ec = float(np.float64(exp_neg(z2) * INV_SQRT_PI) / f)
    near = 1.0 + erf if x < 0 else 1.0 - erf
    far = 2.0 - ec if x < 0 else ec
    return np.float32(near if a <= SPLIT else far)


def erfcf_array(a):
    a = np.asarray(a, np.float32)
    return np.array([erfcf(float(v)) for v in a.ravel()], np.float32).reshape(a.shape)
