"""Numpy references of upstream op family `misc` (rope, shape helpers, fused epilogues, dequantizing GEMMs, comparisons, random aliases), from the specs in docs/ops/graph/."""

import math
import pathlib
import sys

import ml_dtypes
import numpy as np

from upstream_refs.common import NoOracle

# The numpy Philox model of the random ops (written from docs/ops/graph/random.md).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import philox_model as _pm  # noqa: E402


def _rope(x, theta, scale=1.0):
    """docs/ops/graph/rope.md: pairs (x[2p], x[2p+1]) turned by theta[2p] / scale (theta
    repeating over x's leading dims), in float64."""
    x = np.asarray(x, np.float64)
    t = np.asarray(theta, np.float64).reshape(-1) / scale
    flat = x.reshape(-1)
    e = np.arange(0, flat.size, 2)
    a = t[e % t.size] if t.size else np.zeros(0)
    c, s = np.cos(a), np.sin(a)
    y = np.empty_like(flat)
    y[e] = flat[e] * c - flat[e + 1] * s
    y[e + 1] = flat[e] * s + flat[e + 1] * c
    return y.reshape(x.shape)


def _softmax(x, axis=-1, safe=False):
    x = np.asarray(x, np.float64)
    dead = np.all(x == -np.inf, axis=axis, keepdims=True) if safe else False
    z = np.where(dead, 0.0, x)
    e = np.exp(z - z.max(axis=axis, keepdims=True))
    return np.where(dead, 0.0, e / e.sum(axis=axis, keepdims=True))


def _stats(v, a):
    x = np.asarray(v[0], np.float64)
    axis = a.get("axis", -1)
    eps = a.get("epsilon", a.get("eps", 1e-5))
    m = x.mean(axis=axis)
    var = ((x - np.expand_dims(m, axis)) ** 2).mean(axis=axis)
    return [m, 1 / np.sqrt(var + eps)]


_PRED = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
         "gt": np.greater, "ge": np.greater_equal}


def _broadcast_in_dim(v, a):
    x = np.asarray(v[0])
    shape = np.asarray(v[1]).shape if len(v) == 2 else _result_shape(a)
    dims = a.get("broadcast_dimensions", list(range(len(shape) - x.ndim, len(shape))))
    view = [1] * len(shape)
    for k, d in enumerate(dims):
        view[d] = x.shape[k]
    return [np.broadcast_to(x.reshape(view), shape)]


_EPILOGUE = {0: "none", 1: "relu", 2: "gelu", "none": "none", "relu": "relu", "gelu": "gelu"}


def _fused_epilogue(v, a):
    """docs/ops/graph/misc_gemm.md: act(a @ b + bias), gelu in its erf form."""
    x = np.asarray(v[0], np.float64) @ np.asarray(v[1], np.float64)
    if len(v) == 3:
        x = x + np.asarray(v[2], np.float64)
    kind = _EPILOGUE.get(a.get("epilogue", 0))
    if kind == "relu":
        return [np.where(np.isnan(x), x, np.maximum(x, 0))]
    if kind == "gelu":
        return [np.vectorize(lambda t: 0.5 * t * (1 + math.erf(t / math.sqrt(2))))(x)]
    return [x]


_FP8 = {"fp8_e4m3": ml_dtypes.float8_e4m3fn, "fp8_e5m2": ml_dtypes.float8_e5m2}


def _dequant_matmul(v, a):
    """docs/ops/graph/misc_gemm.md: x @ (code value * scale of the code's row group)."""
    x = np.asarray(v[0], np.float64)
    codes = np.asarray(v[1])
    fmt = a.get("weight_dtype")
    if fmt in _FP8:
        w = codes.astype(np.float64).astype(_FP8[fmt]).astype(np.float64)
    else:
        w = codes.astype(np.float64)
        if np.any(w < (-8 if fmt == "int4" else -128)) or np.any(w > (7 if fmt == "int4" else 127)):
            raise NoOracle(f"{fmt} codes out of range (the op refuses them)")
    if len(v) == 3:
        k = w.shape[0]
        g = int(a.get("quant_group_size", k))
        w = w * np.repeat(np.asarray(v[2], np.float64), g, axis=0)[:k]
    return [x @ w]


def _result_shape(a, k=0):
    """The static shape of result k's type (the corpus runner passes the types)."""
    types = a.get("_result_types") or []
    t = types[k].strip() if k < len(types) else ""
    if not (t.startswith("tensor<") and t.endswith(">")):
        raise NoOracle("result type " + t)
    dims = t[len("tensor<"):-1].split("x")[:-1]
    if not all(d.isdigit() for d in dims):
        raise NoOracle("a dynamic result type " + t)
    return tuple(int(d) for d in dims)


def _squeeze(v, a):
    x = np.asarray(v[0])
    axes = a.get("axes")
    if axes is None:
        return [np.squeeze(x)] if x.ndim else [x]
    return [np.squeeze(x, axis=tuple(int(d) for d in axes))]


def _unsqueeze(v, a):
    return [np.expand_dims(np.asarray(v[0]), tuple(int(d) for d in a["axes"]))]


def _flatten(v, a):
    x = np.asarray(v[0])
    s = int(a.get("start", 0)) % x.ndim
    e = int(a.get("end", -1)) % x.ndim
    return [x.reshape(x.shape[:s] + (-1,) + x.shape[e + 1:])]


def _key(a):
    return int(a.get("seed", 0)), int(a.get("stream", 0))


def _rng_bernoulli(v, a):
    """docs/ops/graph/misc_random.md: u24(word i) < p."""
    shape = np.asarray(v[0]).shape
    seed, stream = _key(a)
    n = int(np.prod(shape))
    return [(_pm.u24(_pm.words(seed, stream, n)) < float(a.get("p", 0.5))).reshape(shape)]


def _rng_normal(shape, a):
    seed, stream = _key(a)
    return _pm.randn(seed, stream, shape, np.float64, float(a.get("mean", 0.0)),
                     float(a.get("stddev", a.get("std", 1.0))))


def _rng_uniform(a):
    seed, stream = _key(a)
    shape = _result_shape(a)
    t = (a.get("_result_types") or [""])[0].strip()
    if not t.endswith(("xf32>", "xf64>")):
        raise NoOracle("rng_uniform of " + t)
    dt = np.float64 if t.endswith("xf64>") else np.float32
    return _pm.uniform(seed, stream, shape, dt, float(a.get("low", 0.0)), float(a.get("high", 1.0)))

_FP8_MAX = {"e4m3": (ml_dtypes.float8_e4m3fn, 448.0), "e5m2": (ml_dtypes.float8_e5m2, 57344.0)}


def _quantize_fp8(v, a):
    """docs/ops/graph/misc_quant.md: s = amax / max_finite in f32, codes x / s saturated."""
    fmt, maxf = _FP8_MAX[a.get("format", "e4m3")]
    x = np.asarray(v[0]).astype(np.float32)
    amax = np.float32(np.abs(x).max()) if x.size else np.float32(0)
    s = np.float32(amax / np.float32(maxf)) if np.isfinite(amax) and amax > 0 else np.float32(1)
    return [np.clip(x / s, -maxf, maxf).astype(fmt), s]


REFS = {
    "tessera.rope": lambda v, a: [_rope(v[0], v[1])],
    "tessera.ntk_rope": lambda v, a: [_rope(v[0], v[1], float(a.get("scale", 1.0)))],
    "tessera.target_verify": lambda v, a: [_softmax(v[1])],
    "tessera.softmax_safe": lambda v, a: [_softmax(v[0], a.get("axis", -1), safe=True)],
    "tessera.normalization_stats": _stats,
    "tessera.compare_scalar": lambda v, a: [_PRED[a["predicate"]](
        np.asarray(v[0], np.float64), float(a["rhs"]))],
    "tessera.masked_fill": lambda v, a: [np.where(np.asarray(v[1]), float(a["value"]),
                                                  np.asarray(v[0], np.float64))],
    "tessera.broadcast_in_dim": _broadcast_in_dim,
    "tessera.fused_epilogue": _fused_epilogue,
    "tessera.dequant_matmul": _dequant_matmul,
    "tessera.squeeze": _squeeze,
    "tessera.unsqueeze": _unsqueeze,
    "tessera.flatten": _flatten,
    "tessera.expand": lambda v, a: [np.broadcast_to(np.asarray(v[0]), _result_shape(a))],
    "tessera_rng.bernoulli": _rng_bernoulli,
    "tessera_rng.normal": lambda v, a: [_rng_normal(np.asarray(v[0]).shape, a)],
    "tessera.rng_normal": lambda v, a: [_rng_normal(tuple(int(d) for d in a["shape"]), a)],
    "tessera.rng_uniform": lambda v, a: [_rng_uniform(a)],
    "tessera.quantize_fp8": _quantize_fp8,
}
