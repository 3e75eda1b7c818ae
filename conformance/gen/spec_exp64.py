"""The spec's f64 exp and log (docs/numerics.md "exp and log on f64") as a Python model written
from the document: double-double steps on Python floats (f64, round to nearest even, no fma).
An independent check of core/numerics/exp64.h and log64.h."""
import math

import numpy as np

INV_LN2 = float.fromhex("0x1.71547652b82fep+0")
SHIFT = float.fromhex("0x1.8p52")
LN2 = [float.fromhex("0x1.62e42fefa3800p-1"), float.fromhex("0x1.ef35793c76800p-45"),
       float.fromhex("-0x1.9ff0342542fc3p-90")]
SQRT2 = float.fromhex("0x1.6a09e667f3bcdp+0")
EXP_HEAD, EXP_DEGREE = 8, 20
LOG_HEAD, LOG_DEGREE = 6, 18


def dd_const(num, den):
    """num/den as (hi, lo): hi rounded to f64, lo the rest rounded (exact rational arithmetic)."""
    from fractions import Fraction
    v = Fraction(num, den)
    hi = float(v)
    return hi, float(v - Fraction(hi))


FACT = [dd_const(1, math.factorial(n)) for n in range(EXP_DEGREE + 1)]
ODD = [dd_const(1, 2 * n + 1) for n in range(LOG_DEGREE + 1)]


def two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def fast_two_sum(a, b):
    s = a + b
    return s, b - (s - a)


def split(a):
    c = 134217729.0 * a
    hi = c - (c - a)
    return hi, a - hi


def two_prod(a, b):
    p = a * b
    ah, al = split(a)
    bh, bl = split(b)
    return p, (((ah * bh - p) + ah * bl) + al * bh) + al * bl


def dd_mul(a, b):
    p, e = two_prod(a[0], b[0])
    return fast_two_sum(p, e + (a[0] * b[1] + a[1] * b[0]))


def dd_add(a, b):
    s, e = two_sum(a[0], b[0])
    return fast_two_sum(s, e + (a[1] + b[1]))


def series(c, head, degree, x):
    """sum c[n] x^n: the terms above head by Horner in f64 on x.hi, then double-double."""
    q = c[degree][0]
    for n in range(degree - 1, head, -1):
        q = q * x[0] + c[n][0]
    y = (q, 0.0)
    for n in range(head, -1, -1):
        y = dd_add(dd_mul(y, x), c[n])
    return y


def exp64(x):
    """exp of one f64 (a Python float)."""
    x = float(x)
    if x != x:
        return x
    if x > 710.0:
        return math.inf
    if x < -746.0:
        return 0.0
    return exp_scale(x, None)


def exp_scale(x, xlo):
    """2^k exp(r) rounded once, r = x (+ xlo) - k ln2 as a double-double."""
    kd = (x * INV_LN2 + SHIFT) - SHIFT
    r0 = x - kd * LN2[0]
    hi, lo = two_sum(r0, -(kd * LN2[1]))
    r = fast_two_sum(hi, lo - kd * LN2[2]) if xlo is None else two_sum(hi, (lo - kd * LN2[2]) + xlo)
    y = series(FACT, EXP_HEAD, EXP_DEGREE, r)
    k = int(kd)
    if k > -1022 or (k == -1022 and y[0] >= 1.0):
        with np.errstate(over="ignore"):
            return float(np.ldexp(np.float64(y[0]), k))  # exact, or +Inf
    # A subnormal result, rounded once on the grid of 2^-1074.
    wh, wl = math.ldexp(y[0], k + 1074), math.ldexp(y[1], k + 1074)
    t = (wh + 2.0**52) - 2.0**52
    f = wh - t
    if f == 0.5 and wl > 0:
        t += 1
    if f == -0.5 and wl < 0:
        t -= 1
    return t * 2.0**-1074


def log64(x):
    """log of one f64 (a Python float)."""
    x = float(x)
    if x != x:
        return x
    if x < 0:
        return math.nan
    if x == 0:
        return -math.inf
    if x == math.inf:
        return x
    return log64_dd(x)[0]


def log1p64(u):
    """log1p of one f64: log(1 + u) with 1 + u = w exactly as a double-double."""
    u = float(u)
    if u != u:
        return u
    if u < -1:
        return math.nan
    if u == -1:
        return -math.inf
    if u == math.inf or u == 0:
        return u
    w = two_sum(1.0, u)
    ch = w[1] / w[0]
    p = two_prod(ch, w[0])
    cl = ((w[1] - p[0]) - p[1]) / w[0] if w[0] <= 2.0**900 else 0.0
    return dd_add(log64_dd(w[0]), fast_two_sum(ch, cl - (0.5 * ch) * ch))[0]


def log64_dd(x):
    """log of a positive finite f64 as a double-double (before the final rounding)."""
    m, k = math.frexp(x)  # x = m 2^k, m in [1/2, 1): then into [sqrt2 / 2, sqrt2)
    if m < SQRT2 * 0.5:
        m, k = m * 2.0, k - 1
    f = m - 1.0
    d = fast_two_sum(2.0, f)
    sh = f / d[0]
    p = two_prod(sh, d[0])
    s = fast_two_sum(sh, (((f - p[0]) - p[1]) - sh * d[1]) / d[0])
    z = dd_mul(s, s)
    y = series(ODD, LOG_HEAD, LOG_DEGREE, z)
    lm = dd_mul((2.0 * s[0], 2.0 * s[1]), y)
    k = float(k)
    a = fast_two_sum(k * LN2[0], k * LN2[1])
    return dd_add((a[0], a[1] + k * LN2[2]), lm)


def exp64_array(a):
    a = np.asarray(a, np.float64)
    return np.array([exp64(v) for v in a.ravel()], np.float64).reshape(a.shape)


def log64_array(a):
    a = np.asarray(a, np.float64)
    return np.array([log64(v) for v in a.ravel()], np.float64).reshape(a.shape)


def log1p64_array(a):
    a = np.asarray(a, np.float64)
    return np.array([log1p64(v) for v in a.ravel()], np.float64).reshape(a.shape)


def pow64(x, y):
    """pow of two f64 values with C99's special cases (docs/numerics.md "pow")."""
    x, y = float(x), float(y)
    if y == 0 or x == 1:
        return 1.0
    if x != x or y != y:
        return x + y
    integer = abs(y) >= 2.0**52 or float(int(abs(y))) == abs(y)
    odd = integer and abs(y) < 2.0**53 and int(abs(y)) % 2 == 1
    if x == 0:
        if y < 0:
            return math.copysign(math.inf, x) if odd else math.inf
        return x if odd else 0.0
    if math.isinf(y):
        if x == -1:
            return 1.0
        return math.inf if (abs(x) < 1) == (y < 0) else 0.0
    if x == math.inf:
        return 0.0 if y < 0 else math.inf
    if x == -math.inf:
        if y < 0:
            return -0.0 if odd else 0.0
        return -math.inf if odd else math.inf
    if x < 0 and not integer:
        return math.nan
    p = dd_mul((y, 0.0), log64_dd(abs(x)))
    r = math.inf if p[0] > 710 else 0.0 if p[0] < -746 else exp_scale(p[0], p[1])
    return -r if x < 0 and odd else r


def pow64_array(x, y):
    x, y = np.broadcast_arrays(np.asarray(x, np.float64), np.asarray(y, np.float64))
    return np.array([pow64(a, b) for a, b in zip(x.ravel(), y.ravel())]).reshape(x.shape)
