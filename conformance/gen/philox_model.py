"""A numpy model of the random stream of Tessera's random ops (docs/ops/graph/random.md).

Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011) written
from the paper's definition, vectorised over uint64 arrays holding 32-bit words, and the
distributions of tessera.uniform / randn / poisson / dropout as the spec states them. Used by
conformance/gen/graph_random.py and tests/graph_prims/; independent of the interpreter.
"""
import math

import numpy as np

_M0, _M1, _W0, _W1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
_U32 = np.uint64(0xFFFFFFFF)


def philox4x32_10(c0, c1, c2, c3, k0, k1):
    c = [np.asarray(v, np.uint64) for v in (c0, c1, c2, c3)]
    k0, k1 = np.uint64(k0), np.uint64(k1)
    for rnd in range(10):
        if rnd:
            k0, k1 = (k0 + np.uint64(_W0)) & _U32, (k1 + np.uint64(_W1)) & _U32
        p0 = np.uint64(_M0) * c[0]
        p1 = np.uint64(_M1) * c[2]
        c = [((p1 >> np.uint64(32)) ^ c[1] ^ k0) & _U32, p1 & _U32,
             ((p0 >> np.uint64(32)) ^ c[3] ^ k1) & _U32, p0 & _U32]
    return c


def words(seed, stream, n):
    """Words 0 .. n-1 of the stream (seed, stream) as uint64 holding 32 bits each."""
    seed &= (1 << 64) - 1  # two's complement of a negative seed
    i = np.arange(n, dtype=np.uint64)
    q = i >> np.uint64(2)
    s = np.uint64(stream)
    w = philox4x32_10(q & _U32, q >> np.uint64(32), np.full(n, s & _U32),
                      np.full(n, s >> np.uint64(32)), seed & 0xFFFFFFFF, seed >> 32)
    return np.choose((i & np.uint64(3)).astype(np.int64), w)


def u24(w):
    return (w >> np.uint64(8)).astype(np.float64) * 2.0**-24


def u53(seed, stream, n):
    w = words(seed, stream, 2 * n)
    a, b = w[0::2] >> np.uint64(5), w[1::2] >> np.uint64(6)
    return (a * np.uint64(67108864) + b).astype(np.float64) * 2.0**-53


def uniform(seed, stream, shape, dtype, low=0.0, high=1.0):
    n = int(np.prod(shape))
    t = np.dtype(dtype).type
    u = u53(seed, stream, n) if np.dtype(dtype) == np.float64 else u24(words(seed, stream, n))
    lo = t(low)
    width = t(t(high) - lo)
    return (lo + (width * u.astype(dtype)).astype(dtype)).astype(dtype).reshape(shape)


def _rn(f, x):
    """f(x) of an f64 computed by mpmath at 160 bits, rounded once to the nearest f64: the
    correctly rounded value, which the spec's log64 and cos64 give on randn's arguments
    (docs/numerics.md)."""
    import mpmath
    with mpmath.workprec(160):
        return float(f(mpmath.mpf(float(x))))


def randn(seed, stream, shape, dtype, mean=0.0, stddev=1.0):
    """Box-Muller as the spec states it: sqrt(-2 log u1) cos(2 pi u2) in f64 with correctly
    rounded log, cos and sqrt, one rounding per operation."""
    import mpmath
    n = int(np.prod(shape))
    w = words(seed, stream, 2 * n)
    u1 = ((w[0::2] >> np.uint64(8)) + np.uint64(1)).astype(np.float64) * 2.0**-24
    u2 = u24(w[1::2])
    z = [math.sqrt(-2.0 * _rn(mpmath.log, a)) * _rn(mpmath.cos, 6.283185307179586 * b)
         for a, b in zip(u1, u2)]
    return np.array([mean + stddev * v for v in z], np.float64).astype(dtype).reshape(shape)


def poisson(seed, stream, shape, dtype, lam):
    n = int(np.prod(shape))
    out = []
    for u in u53(seed, stream, n):
        k, p = 0, math.exp(-lam)
        f = p
        while u >= f and p > 0 and k < 4096:
            k += 1
            p = p * lam / k
            f = f + p
        out.append(k)
    return np.array(out, np.float64).astype(dtype).reshape(shape)


def dropout(x, seed, stream, p, training=True):
    if not training:
        return x.copy()
    t = x.dtype.type
    keep = u24(words(seed, stream, x.size)).reshape(x.shape) >= p
    scale = t(1.0 / (1.0 - p))
    return np.where(keep, x * scale, t(0)).astype(x.dtype)
