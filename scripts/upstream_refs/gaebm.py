"""Numpy references of upstream op family `gaebm` (Clifford (geometric algebra) and energy-based-model
ops), from the specs in docs/ops/graph/clifford.md and docs/ops/graph/ebm.md.

Everything is float64 and written from the blade-product definition, independently of the
interpreter: tests/gaebm checks these functions on hand-derived identities (e_i e_i = metric,
anticommutation, associativity, closed-form exponentials) before comparing the interpreter with
them. Also imported by tests/gaebm, tests/python/jit_fam_gaebm.py and conformance/gen/graph_gaebm.py.
"""

from __future__ import annotations

import math

import numpy as np

# ---- Clifford algebra ------------------------------------------------------------------------


def metric_of(attrs):
    """The metric (+1, -1, 0 per generator) of an op's attributes: `algebra = [p, q(, r)]`, or
    `p`/`q` with an optional `signature`."""
    if "algebra" in attrs:
        alg = [int(v) for v in attrs["algebra"]]
        p, q, r = alg[0], alg[1], (alg[2] if len(alg) > 2 else 0)
        return [1] * p + [-1] * q + [0] * r
    p, q = int(attrs["p"]), int(attrs.get("q", 0))
    if "signature" in attrs:
        return [int(s) for s in attrs["signature"]]
    return [1] * p + [-1] * q


def grade(k: int) -> int:
    return bin(k).count("1")


def blade_sign(metric, a: int, b: int) -> int:
    """e_a e_b = sign * e_(a ^ b): one swap per (generator i of b, generator j > i of a) pair,
    times the square of every shared generator."""
    swaps = sum(grade(a >> (i + 1)) for i in range(len(metric)) if (b >> i) & 1)
    s = -1 if swaps % 2 else 1
    for i, m in enumerate(metric):
        if (a & b) >> i & 1:
            s *= m
    return s


def sign_table(metric, kind="geometric"):
    nb = 1 << len(metric)
    t = np.zeros((nb, nb), np.int64)
    for a in range(nb):
        for b in range(nb):
            s = blade_sign(metric, a, b)
            if kind == "outer" and a & b:
                s = 0
            if kind == "inner" and a & ~b:
                s = 0
            t[a, b] = s
    return t


def product(x, y, metric, kind="geometric"):
    """x y over the last axis; terms of each result blade summed in increasing left blade."""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    t = sign_table(metric, kind)
    nb = t.shape[0]
    out = np.zeros(np.broadcast_shapes(x.shape, y.shape), np.float64)
    for a in range(nb):
        for b in range(nb):
            if t[a, b]:
                out[..., a ^ b] += t[a, b] * (x[..., a] * y[..., b])
    return out


def reverse(x):
    x = np.asarray(x, np.float64)
    s = np.array([(-1) ** (grade(k) * (grade(k) - 1) // 2) for k in range(x.shape[-1])], np.float64)
    return x * s


def grade_project(x, grades):
    x = np.asarray(x, np.float64).copy()
    for k in range(x.shape[-1]):
        if grade(k) not in set(grades):
            x[..., k] = 0.0
    return x


def scalar_product(x, y, metric):
    """<x ~y>_0 per multivector."""
    return product(x, reverse(y), metric)[..., 0]


def norm(x, metric, keep=False):
    n = np.sqrt(np.maximum(scalar_product(x, x, metric), 0.0))
    if not keep:
        return n
    out = np.zeros(np.shape(x), np.float64)
    out[..., 0] = n
    return out


def exp_series(x, metric, terms=24):
    x = np.asarray(x, np.float64)
    term = np.zeros_like(x)
    term[..., 0] = 1.0
    out = term.copy()
    for j in range(1, terms + 1):
        term = product(term, x, metric) / j
        out = out + term
    return out


def rotor_from_axis(axis, angle):
    b = grade_project(axis, [2])
    n = np.sqrt((b * b).sum(axis=-1))
    safe = np.where(n > 0, n, 1.0)
    r = -np.sin(angle / 2) * b / safe[..., None]
    r[..., 0] = np.cos(angle / 2)
    r[n == 0] = 0.0
    r[..., 0] = np.where(n == 0, 1.0, r[..., 0])
    return r


def _mask(a, n):
    g = a.get("grade_mask", a.get("grades"))
    return list(range(n + 1)) if g is None else [int(v) for v in g]


def _sandwich(v, a):
    m = metric_of(a)
    out = product(product(v[0], v[1], m), reverse(v[0]), m)
    return [grade_project(out, _mask(a, len(m)))]


# ---- Energy-based models ---------------------------------------------------------------------

M0, M1, W0, W1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85


def philox4x32_10(ctr, key):
    """Philox4x32-10 (Salmon et al. 2011) on arrays of counters [..., 4] and a key (k0, k1)."""
    c = [np.asarray(ctr[..., i], np.uint64) for i in range(4)]
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    mask = np.uint64(0xFFFFFFFF)
    for r in range(10):
        if r:
            k0, k1 = (k0 + np.uint64(W0)) & mask, (k1 + np.uint64(W1)) & mask
        p0, p1 = np.uint64(M0) * c[0], np.uint64(M1) * c[2]
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ k0, p1 & mask, (p0 >> np.uint64(32)) ^ c[3] ^ k1, p0 & mask]
    return np.stack(c, axis=-1).astype(np.uint32)


def philox_normals(seed, counter, n):
    """z_i of langevin_step_philox (ebm.md): block counter + i, Box-Muller on words 0 and 1."""
    s = int(seed) & (2**64 - 1)
    base = sum((int(counter[w]) & 0xFFFFFFFF) << (32 * w) for w in range(4))
    blocks = [(base + i) % 2**128 for i in range(n)]
    ctr = np.array([[(b >> (32 * w)) & 0xFFFFFFFF for w in range(4)] for b in blocks], np.uint64)
    words = philox4x32_10(ctr.reshape(-1, 4), (s & 0xFFFFFFFF, s >> 32)).astype(np.float64)
    u0, u1 = (words[:, 0] + 0.5) * 2.0**-32, (words[:, 1] + 0.5) * 2.0**-32
    # The spec's f64 log and cos (randn's step, docs/ops/graph/random.md) are correctly rounded
    # on these arguments: mpmath at 160 bits, rounded once; sqrt and products in f64.
    import mpmath

    def rn(f, x):
        with mpmath.workprec(160):
            return float(f(mpmath.mpf(float(x))))

    return np.array([math.sqrt(-2.0 * rn(mpmath.log, a)) * rn(mpmath.cos, 6.283185307179586 * b)
                     for a, b in zip(u0, u1)])


def random_bits(seed, stream, idx):
    """random.md's word idx of (seed, stream): block idx / 4, word idx % 4."""
    s, st = int(seed) & (2**64 - 1), int(stream) & (2**64 - 1)
    idx = np.asarray(idx, np.uint64)
    blk = idx // np.uint64(4)
    ctr = np.stack([blk & np.uint64(0xFFFFFFFF), blk >> np.uint64(32),
                    np.full_like(blk, st & 0xFFFFFFFF), np.full_like(blk, st >> 32)], axis=-1)
    words = philox4x32_10(ctr, (s & 0xFFFFFFFF, s >> 32))
    return np.take_along_axis(words, (idx % np.uint64(4)).astype(np.int64)[..., None], -1)[..., 0]


def randn(seed, n):
    """tessera.randn's stream 0 (random.md): Box-Muller on words 2i and 2i + 1."""
    i = np.arange(n, dtype=np.uint64)
    w0 = random_bits(seed, 0, 2 * i).astype(np.float64)
    w1 = random_bits(seed, 0, 2 * i + 1).astype(np.float64)
    u1 = (np.floor(w0 / 256) + 1) * 2.0**-24
    u2 = np.floor(w1 / 256) * 2.0**-24
    return np.sqrt(-2.0 * np.log(u1)) * np.cos(6.283185307179586 * u2)


def amplitude(a):
    if "noise_scale" in a:
        return float(a["noise_scale"])
    return math.sqrt(2.0 * float(a.get("eta", 0.0)) * float(a.get("temperature", 0.0)))


def _f(x):
    return np.asarray(x, np.float64)


def inner_step(v, a, k=1):
    y = _f(v[0]) - (k * float(a["eta"])) * _f(v[1])
    if len(v) > 2:
        y = y + (k * amplitude(a)) * _f(v[2])
    return [y]


def langevin_philox(v, a):
    y = _f(v[0])
    z = philox_normals(np.asarray(v[2]).reshape(-1)[0], np.asarray(v[3]).reshape(-1), y.size)
    return [(y - float(a["eta"]) * _f(v[1])) + amplitude(a) * z.reshape(y.shape)]


def bivector_step(v, a):
    return [grade_project(inner_step(v, a)[0], [2])]


def sphere_step(v, a):
    s = _f(v[0])
    step = inner_step(v, a)[0] - s
    if a.get("projection", "tangent") == "tangent":
        step = step - (s * step).sum(axis=-1, keepdims=True) * s
    w = s + step
    n = np.sqrt((w * w).sum(axis=-1, keepdims=True))
    return [np.where(n > 0, w / np.where(n > 0, n, 1.0), w)]


def energy_quadratic(v, a):
    return [0.5 * ((_f(v[0]) - _f(v[1])) ** 2).sum(axis=-1)]


def decode_init(v, a):
    x = _f(v[0])
    k = int(a["steps"])
    seg = [int(s) for s in a.get("operandSegmentSizes", [1, 0, 0])]
    shape = (x.shape[0], k) + x.shape[1:]
    strategy = a["strategy"]
    std = float(a.get("std", 1.0))
    if strategy == "copy":
        return [np.broadcast_to(x[:, None], shape).copy()]
    if strategy == "base_model":
        return [np.broadcast_to(_f(v[1])[:, None], shape).copy()]
    if seg[2]:
        return [std * _f(v[1 + seg[1]])]
    return [std * randn(int(a["seed"]), int(np.prod(shape))).reshape(shape)]


def self_verify(v, a):
    e, c = _f(v[0]), _f(v[1])
    if a.get("reduction", "hard_argmin") == "softmin":
        l = -e / float(a["temperature"])
        w = np.exp(l - l.max(axis=1, keepdims=True))
        w = w / w.sum(axis=1, keepdims=True)
        return [(w.reshape(w.shape + (1,) * (c.ndim - 2)) * c).sum(axis=1)]
    idx = np.argmin(np.where(np.isnan(e), np.inf, e), axis=1)
    return [c[np.arange(c.shape[0]), idx]]


def partition_exact(v, a, scalar=True):
    e = _f(v[0])
    l = -(e.reshape(-1) if scalar else e) / float(a.get("temperature", 1.0))
    m = l.max(axis=-1, keepdims=True)
    lz = (m + np.log(np.exp(l - m).sum(axis=-1, keepdims=True)))[..., 0]
    red = a.get("reduction", "logsumexp")
    if red == "sum":
        return [np.exp(lz)]
    if red == "mean":
        return [np.exp(lz) / l.shape[-1]]
    return [lz]


def _bin(kind):
    return lambda v, a: [product(v[0], v[1], metric_of(a), kind)]


REFS = {
    "tessera.clifford.geometric_product": _bin("geometric"),
    "tessera_clifford.geo_product": _bin("geometric"),
    "tessera.clifford.outer_product": _bin("outer"),
    "tessera.clifford.inner_product": _bin("inner"),
    "tessera.clifford.reverse": lambda v, a: [reverse(v[0])],
    "tessera.clifford.grade_project": lambda v, a: [grade_project(v[0], _mask(a, len(metric_of(a))))],
    "tessera_clifford.grade": lambda v, a: [grade_project(v[0], _mask(a, len(metric_of(a))))],
    "tessera.clifford.norm": lambda v, a: [norm(v[0], metric_of(a))],
    "tessera.clifford.rotor_sandwich": _sandwich,
    "tessera_clifford.rotor_sandwich": _sandwich,
    "tessera_clifford.inner": lambda v, a: [scalar_product(v[0], v[1], metric_of(a))],
    "tessera_clifford.exp": lambda v, a: [exp_series(v[0], metric_of(a), int(a.get("terms", 24)))],
    "tessera_clifford.rotor_from_axis": lambda v, a: [rotor_from_axis(_f(v[0]), float(a.get("angle", 0.0)))],
    "tessera.ebm.energy_quadratic": energy_quadratic,
    "tessera.ebm.inner_step": inner_step,
    "tessera.ebm.langevin_step": inner_step,
    "tessera.ebm.refinement": lambda v, a: inner_step(v, a, int(a["steps"])),
    "tessera.ebm.langevin_step_philox": langevin_philox,
    "tessera.ebm.bivector_langevin_step": bivector_step,
    "tessera.ebm.sphere_langevin_step": sphere_step,
    "tessera.ebm.decode_init": decode_init,
    "tessera.ebm.self_verify": self_verify,
    "tessera.ebm.partition_exact": partition_exact,
}
