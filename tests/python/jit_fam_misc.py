"""test_jit cases of upstream op family `misc`: op name -> (fn, args, oracle, tol), oracle numpy/JAX."""

from __future__ import annotations

import math
import pathlib
import sys

import ml_dtypes
import numpy as np

import tessera as ts

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import philox_model as pm  # noqa: E402

RNG = np.random.default_rng(18)


def rand(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def _rope(x, th, scale=1.0):
    x = x.astype(np.float64)
    a = th.astype(np.float64)[..., 0::2] / scale
    y = np.empty_like(x)
    y[..., 0::2] = x[..., 0::2] * np.cos(a) - x[..., 1::2] * np.sin(a)
    y[..., 1::2] = x[..., 0::2] * np.sin(a) + x[..., 1::2] * np.cos(a)
    return y


def _softmax(x, axis=-1):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _stats(x):
    x = x.astype(np.float64)
    m = x.mean(axis=-1)
    return m, 1 / np.sqrt(((x - m[:, None]) ** 2).mean(axis=-1) + 1e-5)


X, TH = rand(2, 3, 8), rand(3, 8) * 3
TOK, LOG = np.array([3, 1, 4], np.int32), rand(3, 6) * 4
MASKED = rand(4, 5)
MASKED[2] = -np.inf
MASK = RNG.uniform(size=(4, 5)) < 0.5
V = rand(4)

A, B, BIAS = rand(4, 6), rand(6, 3), rand(3)
XQ = rand(3, 8)
WQ = RNG.integers(-8, 8, (8, 5)).astype(np.int8)
SQ = RNG.uniform(0.5, 2, (2, 5)).astype(np.float32)


def _gelu(v):
    return np.vectorize(lambda t: 0.5 * t * (1 + math.erf(t / math.sqrt(2))))(v)


Y = rand(1, 3, 1, 4)


def _quantize_fp8(x):
    s = np.float32(np.abs(x).max() / np.float32(448))
    q = np.clip(x / s, -448, 448).astype(ml_dtypes.float8_e4m3fn)
    return q, s


def _bernoulli(x, p, seed, stream):
    return pm.u24(pm.words(seed, stream, x.size)).reshape(x.shape) < p


CASES: dict = {
    "tessera.rope": (ts.rope, (X, TH), _rope, 1e-6),
    "tessera.ntk_rope": (lambda x, t: ts.ntk_rope(x, t, scale=2.0), (X, TH),
                         lambda x, t: _rope(x, t, 2.0), 1e-6),
    "tessera.target_verify": (ts.target_verify, (TOK, LOG), lambda t, lg: _softmax(lg), 1e-6),
    "tessera.softmax_safe": (ts.softmax_safe, (MASKED,),
                             lambda x: np.where(np.isneginf(x).all(-1, keepdims=True), 0.0,
                                                _softmax(np.where(np.isneginf(x).all(-1, keepdims=True),
                                                                  0.0, x))), 1e-6),
    "tessera.normalization_stats": (ts.normalization_stats, (rand(3, 7),), _stats, 1e-5),
    "tessera.compare_scalar": (lambda x: ts.compare_scalar(x, "ge", 0.25), (rand(3, 4),),
                               lambda x: x >= 0.25, 0),
    "tessera.masked_fill": (lambda x, m: ts.masked_fill(x, m, -1.5), (MASKED, MASK),
                            lambda x, m: np.where(m, np.float32(-1.5), x), 0),
    "tessera.broadcast_in_dim": (lambda v: ts.broadcast_in_dim(v, [4, 3], [0]), (V,),
                                 lambda v: np.repeat(v[:, None], 3, 1), 0),
    "tessera.fused_epilogue": (lambda a, b, c: ts.fused_epilogue(a, b, c, epilogue="gelu"),
                               (A, B, BIAS),
                               lambda a, b, c: _gelu(a.astype(np.float64) @ b + c), 1e-5),
    "tessera.dequant_matmul": (lambda x, w, s: ts.dequant_matmul(x, w, s, weight_dtype="int4",
                                                                 quant_group_size=4),
                               (XQ, WQ, SQ),
                               lambda x, w, s: x.astype(np.float64) @
                               (w * np.repeat(s.astype(np.float64), 4, axis=0)), 1e-5),
    "tessera.squeeze": (lambda y: ts.squeeze(y, [0, 2]), (Y,), lambda y: y.reshape(3, 4), 0),
    "tessera.unsqueeze": (lambda y: ts.unsqueeze(y, [-1]), (Y,), lambda y: y[..., None], 0),
    "tessera.expand": (lambda y: ts.expand(y, [2, 3, 5, 4]), (Y,),
                       lambda y: np.broadcast_to(y, (2, 3, 5, 4)), 0),
    "tessera.flatten": (lambda y: ts.flatten(y, 1, 2), (Y,), lambda y: y.reshape(1, 3, 4), 0),
    "tessera.rng_uniform": (lambda y: ts.rng_uniform((4, 3), seed=5, stream=2, low=-1.0,
                                                     high=1.0), (Y,),
                            lambda y: pm.uniform(5, 2, (4, 3), np.float32, -1.0, 1.0), 0),
    "tessera.rng_normal": (lambda y: ts.rng_normal((4, 3), seed=6, mean=1.0, stddev=2.0), (Y,),
                           lambda y: pm.randn(6, 0, (4, 3), np.float32, 1.0, 2.0), 1e-6),
    "tessera_rng.bernoulli": (lambda y: ts.rng_bernoulli(y, 0.25, seed=3), (Y,),
                              lambda y: _bernoulli(y, 0.25, 3, 0), 0),
    "tessera_rng.normal": (lambda y: ts.rng_normal_like(y, 0.5, 2.0, seed=8, stream=1), (Y,),
                           lambda y: pm.randn(8, 1, y.shape, np.float32, 0.5, 2.0), 1e-6),
    "tessera.quantize_fp8": (ts.quantize_fp8, (rand(4, 8) * 3,), _quantize_fp8, 0),
}
