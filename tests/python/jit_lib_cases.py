"""CASES of test_jit.py for the guide's library primitives (indexing, loss, random, optimisers,
KV cache, grouped GEMM, linear algebra, FFT, guide names). Oracles: numpy, numpy.linalg,
numpy.fft, JAX, and the numpy Philox model of conformance/gen/philox_model.py (written from the
Philox paper and docs/ops/graph/random.md, independent of the interpreter)."""

from __future__ import annotations

import pathlib
import sys

import jax
import numpy as np

import tessera as ts

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import philox_model as pm  # noqa: E402

RNG = np.random.default_rng(7)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


X = rand(5, 4)
IDX = np.array([3, 0, 4], np.int64)
UPD = rand(3, 4)
LABELS = np.array([0, 3, 1, 2, 3], np.int32)
SPD = (X.T.astype(np.float64) @ X + 4 * np.eye(4)).astype(np.float32)
CPLX = rand(3, 8, 2)
CPLX2 = rand(2, 4, 8, 2)
Q = rand(1, 2, 5, 8)
K = rand(1, 2, 5, 8)
V = rand(1, 2, 5, 8)
GW = rand(3, 4, 2)
GSIZES = np.array([2, 0, 3], np.int32)
# A CSR matrix [3, 5] with an empty row and a duplicate entry (duplicates add up).
CSR_VALUES = rand(4)
CSR_COLS = np.array([4, 1, 4, 0], np.int64)
CSR_ROWPTR = np.array([0, 3, 3, 4], np.int64)
DENSE = rand(5, 4)


def f64(a):
    return np.asarray(a, np.float64)


def _scatter(d, i, u):
    out = d.copy()
    out[i] = u
    return out


def _cross_entropy(logits, labels):
    ls = jax.nn.log_softmax(f64(logits), axis=-1)
    return -np.take_along_axis(np.asarray(ls), labels[:, None].astype(np.int64), -1).mean()


def _adam(p, g, m, v, lr, step, b1=0.9, b2=0.999, eps=1e-8, wd=0.0):
    p, g, m, v = f64(p), f64(g), f64(m), f64(v)
    m1 = b1 * m + (1 - b1) * g
    v1 = b2 * v + (1 - b2) * g * g
    mh, vh = m1 / (1 - b1**step), v1 / (1 - b2**step)
    return p - lr * (mh / (np.sqrt(vh) + eps) + wd * p), m1, v1


def _grouped(x, w, sizes):
    ends = np.cumsum(sizes)
    out = np.zeros((x.shape[0], w.shape[2]))
    for g, (s, e) in enumerate(zip(ends - sizes, ends)):
        out[s:e] = f64(x[s:e]) @ w[g]
    return out


def _csr_dense(values, cols, rowptr, k):
    a = np.zeros((len(rowptr) - 1, k))
    for r in range(len(rowptr) - 1):
        for e in range(rowptr[r], rowptr[r + 1]):
            a[r, cols[e]] += values[e]
    return a


def _complex(a):
    return f64(a)[..., 0] + 1j * f64(a)[..., 1]


def _pairs(c):
    return np.stack([c.real, c.imag], -1)


def _layer_norm(a):
    return (a - a.mean(-1, keepdims=True)) / np.sqrt(a.var(-1, keepdims=True) + 1e-5)


def _attention(q, k, v):
    t = (0, 2, 1, 3)
    return jax.nn.dot_product_attention(q.transpose(t), k.transpose(t), v.transpose(t),
                                        is_causal=True).transpose(t)


def _fori(x, w):
    c = (f64(x), f64(w))
    for i in range(2, 6):
        c = (c[0] * 0.5 + c[1] * i, c[1])
    return c


def _while(x):
    v = x.copy()
    while v.max() < 50:
        v = v * np.float32(1.5) + np.float32(1)
    return v


def _scan(c, xs):
    ys = []
    for x in xs:
        ys.append(np.exp(f64(c)))
        c = c + x
    return c, np.stack(ys)


# op -> (traced function, args, oracle, tolerance); tuple results compare element by element.
LIB_CASES = {
    "tessera.gather": (lambda a, i: ts.gather(a, i, axis=0), (X, IDX),
                       lambda a, i: np.take(a, i, axis=0), 0),
    "tessera.scatter": (ts.scatter, (X, IDX, UPD), _scatter, 0),
    "tessera.embedding": (ts.embedding, (X, IDX.reshape(3, 1)), lambda t, i: t[i], 0),
    "tessera.topk": (lambda a: ts.topk(a, 2), (X,),
                     lambda a: (-np.sort(-a, axis=-1)[:, :2],
                                np.argsort(-a, axis=-1, kind="stable")[:, :2].astype(np.int64)),
                     0),
    "tessera.cross_entropy": (ts.cross_entropy, (X, LABELS), _cross_entropy, 1e-6),
    "tessera.uniform": (lambda a: ts.random.uniform((5, 4), seed=11, stream=3, low=-2.0,
                                                    high=3.0), (X,),
                        lambda a: pm.uniform(11, 3, (5, 4), np.float32, -2.0, 3.0), 0),
    "tessera.randn": (lambda a: ts.randn((5, 4), seed=5, mean=1.0, stddev=2.0), (X,),
                      lambda a: pm.randn(5, 0, (5, 4), np.float32, 1.0, 2.0), 1e-6),
    "tessera.poisson": (lambda a: ts.poisson((5, 4), 3.5, seed=9), (X,),
                        lambda a: pm.poisson(9, 0, (5, 4), np.float32, 3.5), 0),
    "tessera.dropout": (lambda a: ts.dropout(a, 0.25, seed=3, stream=1), (X,),
                        lambda a: pm.dropout(a, 3, 1, 0.25), 0),
    "tessera.sgd": (lambda p, g: ts.sgd(p, g, lr=0.1), (X, UPD[:1] + X),
                    lambda p, g: p - np.float32(0.1) * g, 0),
    "tessera.adam": (lambda p, g, m, v: ts.adam(p, g, m, v, lr=0.01, step=3),
                     (X, rand(5, 4), rand(5, 4), np.abs(rand(5, 4))),
                     lambda p, g, m, v: _adam(p, g, m, v, 0.01, 3), 1e-5),
    "tessera.adamw": (lambda p, g, m, v: ts.adamw(p, g, m, v, lr=0.01, step=2,
                                                  weight_decay=0.1),
                      (X, rand(5, 4), rand(5, 4), np.abs(rand(5, 4))),
                      lambda p, g, m, v: _adam(p, g, m, v, 0.01, 2, wd=0.1), 1e-5),
    "tessera.kv_cache.append": (lambda c, n: ts.kv_cache.append(c, n, 2, axis=0),
                                (X, UPD[:2]),
                                lambda c, n: np.concatenate([c[:2], n, c[4:]]), 0),
    "tessera.kv_cache.read": (lambda c: ts.kv_cache.read(c, 1, 3, axis=0), (X,),
                              lambda c: c[1:4], 0),
    "tessera.grouped_gemm": (ts.grouped_gemm, (X, GW, GSIZES), _grouped, 1e-5),
    "tessera.cholesky": (ts.linalg.cholesky, (SPD,), lambda a: np.linalg.cholesky(f64(a)),
                         1e-5),
    "tessera.tri_solve": (lambda a, b: ts.linalg.tri_solve(a, b, lower=False),
                          (SPD, X[:4, :3]),
                          lambda a, b: np.linalg.solve(np.triu(f64(a)), f64(b)), 1e-5),
    "tessera.cholesky_solve": (ts.linalg.cholesky_solve, (SPD, X[:4, :3]),
                               lambda a, b: np.linalg.solve(f64(a), f64(b)), 1e-4),
    "tessera.svd": (lambda a: (lambda u, s, vt: (s, (u * s) @ vt))(*ts.svd(a)), (X,),
                    lambda a: (np.linalg.svd(f64(a), compute_uv=False), a), 1e-5),
    "tessera.spmm": (ts.spmm, (CSR_VALUES, CSR_COLS, CSR_ROWPTR, DENSE),
                     lambda v, c, r, d: _csr_dense(v, c, r, 5) @ f64(d), 1e-6),
    "tessera.fft": (lambda a: ts.fft(a), (CPLX,), lambda a: _pairs(np.fft.fft(_complex(a))), 1e-5),
    "tessera.ifft": (ts.fft.ifft, (CPLX,), lambda a: _pairs(np.fft.ifft(_complex(a))), 1e-5),
    "tessera.fft2d": (ts.fft.fft2, (CPLX2,), lambda a: _pairs(np.fft.fft2(_complex(a))), 1e-5),
    "tessera.rmsnorm_safe": (ts.rmsnorm_safe, (X,),
                             lambda a: a / np.sqrt((f64(a) ** 2).mean(-1, keepdims=True) + 1e-5),
                             1e-5),
    "tessera.layernorm_safe": (ts.layernorm_safe, (X,), _layer_norm, 1e-5),
    "tessera.flash_attention": (lambda q, k, v: ts.flash_attention(q, k, v, causal=True),
                                (Q, K, V), _attention, 1e-5),
    # Traced control flow: the oracle is the same loop run eagerly in numpy.
    "tessera.control_for": (lambda x, w: ts.fori_loop(
        2, 6, lambda i, c: (c[0] * 0.5 + c[1] * ts.cast(i, ts.f32), c[1]), (x, w)),
        (X, UPD[:1] + X), _fori, 1e-6),
    "tessera.control_while": (lambda x: ts.while_loop(lambda v: ts.max(v) < 50.0,
                                                      lambda v: v * 1.5 + 1.0, x),
                              (np.abs(X),), _while, 1e-6),
    "tessera.control_if": (lambda p, x, y: ts.cond(p, lambda a, b: a @ b.T, lambda a, b: a - b,
                                                   x[:, :4], y[:, :4]),
                           (np.array(False), X[:4], UPD[:1] + X[:4]),
                           lambda p, x, y: x - y, 0),
    "tessera.control_scan": (lambda c, xs: ts.scan(lambda c, x: (c + x, ts.exp(c)), c, xs),
                             (X[0], X), _scan, 1e-6),
}
