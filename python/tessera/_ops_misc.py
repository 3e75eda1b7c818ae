"""ts entry points of upstream op family `misc`: rope, shape helpers, fused epilogues, dequantizing GEMMs, comparisons, random aliases.

Specs: docs/ops/graph/rope.md (rope, ntk_rope, target_verify) and docs/ops/graph/carriers.md
(softmax_safe, normalization_stats, compare_scalar, masked_fill, broadcast_in_dim),
docs/ops/graph/misc_gemm.md (fused_epilogue, dequant_matmul), docs/ops/graph/misc_views.md
(squeeze, unsqueeze, expand, flatten) and docs/ops/graph/misc_random.md (rng_uniform, rng_normal,
tessera_rng.bernoulli as rng_bernoulli, tessera_rng.normal as rng_normal_like),
docs/ops/graph/misc_quant.md (quantize_fp8)."""

from __future__ import annotations

from typing import Any, Sequence

from ._ops import _as_value, _emit1
from ._trace import Value, current, tensor_type

__all__: list[str] = ["rope", "ntk_rope", "target_verify", "softmax_safe", "normalization_stats",
                      "compare_scalar", "masked_fill", "broadcast_in_dim", "fused_epilogue",
                      "dequant_matmul", "squeeze", "unsqueeze", "expand", "flatten", "rng_uniform",
                      "rng_normal", "rng_bernoulli", "rng_normal_like", "quantize_fp8"]

#: ts name -> the Graph IR op it traces to (the python column of docs/status.md).
OP_NAMES: dict[str, str] = {
    "rope": "tessera.rope", "ntk_rope": "tessera.ntk_rope",
    "target_verify": "tessera.target_verify", "softmax_safe": "tessera.softmax_safe",
    "normalization_stats": "tessera.normalization_stats",
    "compare_scalar": "tessera.compare_scalar", "masked_fill": "tessera.masked_fill",
    "broadcast_in_dim": "tessera.broadcast_in_dim", "fused_epilogue": "tessera.fused_epilogue",
    "dequant_matmul": "tessera.dequant_matmul", "squeeze": "tessera.squeeze",
    "unsqueeze": "tessera.unsqueeze", "expand": "tessera.expand", "flatten": "tessera.flatten",
    "rng_uniform": "tessera.rng_uniform", "rng_normal": "tessera.rng_normal",
    "rng_bernoulli": "tessera_rng.bernoulli", "rng_normal_like": "tessera_rng.normal",
    "quantize_fp8": "tessera.quantize_fp8",
}


def rope(x: Any, theta: Any) -> Value:
    """tessera.rope: the pairs (x[..., 2p], x[..., 2p+1]) turned by the angle theta[..., 2p];
    theta's shape is a suffix of x's (it repeats over x's leading dims)."""
    return _emit1("tessera.rope", [_as_value(x, None), _as_value(theta, None)])


def ntk_rope(x: Any, theta: Any, scale: float = 1.0) -> Value:
    """tessera.ntk_rope: rope(x, theta / scale) (NTK-aware scaling of the angles)."""
    attrs = {"scale": float(scale)} if scale != 1.0 else None
    return _emit1("tessera.ntk_rope", [_as_value(x, None), _as_value(theta, None)], attrs)


def target_verify(tokens: Any, logits: Any) -> Value:
    """tessera.target_verify: softmax of the [S, V] logits over V (tokens [S] i32 fix S)."""
    return _emit1("tessera.target_verify", [_as_value(tokens, None), _as_value(logits, None)])


def softmax_safe(x: Any, axis: int = -1) -> Value:
    """tessera.softmax_safe: softmax along `axis`; a row of only -Inf gives zeros, not NaN."""
    return _emit1("tessera.softmax_safe", [_as_value(x, None)], {"axis": int(axis)})


def normalization_stats(x: Any, axis: int = -1, eps: float = 1e-5) -> tuple[Value, Value]:
    """tessera.normalization_stats: (mean, 1 / sqrt(var + eps)) along `axis` (population
    variance; the statistics of layer_norm)."""
    (a, b) = current().emit("tessera.normalization_stats", [_as_value(x, None)],
                            {"axis": int(axis), "epsilon": float(eps)})
    return a, b


def compare_scalar(x: Any, predicate: str, rhs: float) -> Value:
    """tessera.compare_scalar: the i1 mask x <predicate> rhs, predicate one of eq ne lt le gt ge."""
    return _emit1("tessera.compare_scalar", [_as_value(x, None)],
                  {"predicate": str(predicate), "rhs": float(rhs)})


def masked_fill(x: Any, mask: Any, value: float) -> Value:
    """tessera.masked_fill: value where mask (i1, x's shape) is true, x elsewhere."""
    return _emit1("tessera.masked_fill", [_as_value(x, None), _as_value(mask, None)],
                  {"value": float(value)})


def broadcast_in_dim(x: Any, shape: Sequence[int], broadcast_dimensions: Sequence[int]) -> Value:
    """tessera.broadcast_in_dim: operand dim k goes to result dim broadcast_dimensions[k]."""
    v = _as_value(x, None)
    dims = [int(d) for d in broadcast_dimensions]
    return _emit1("tessera.broadcast_in_dim", [v], {"broadcast_dimensions": dims},
                  [tensor_type([int(s) for s in shape], v.dtype)])


def fused_epilogue(a: Any, b: Any, bias: Any | None = None, epilogue: str = "none",
                   out_dtype: Any | None = None) -> Value:
    """tessera.fused_epilogue: epilogue(a @ b + bias), epilogue "none", "relu" or "gelu" (erf);
    the result has a's type, or `out_dtype` (the compute type f32 for bf16 / f16 operands)."""
    ops = [_as_value(a, None), _as_value(b, None)]
    if bias is not None:
        ops.append(_as_value(bias, None))
    declared = []
    if out_dtype is not None:
        declared = [tensor_type([ops[0].shape[0], ops[1].shape[1]], out_dtype)]
    attrs = {"epilogue": epilogue, "has_bias": bias is not None}
    return _emit1("tessera.fused_epilogue", ops, attrs, declared)


def dequant_matmul(x: Any, w_codes: Any, scale: Any | None = None, *, weight_dtype: str,
                   quant_group_size: int | None = None) -> Value:
    """tessera.dequant_matmul: x @ (value(w_codes) * scale), codes int4 / int8 integers or fp8
    values (rounded to "fp8_e4m3" / "fp8_e5m2"); scale [ceil(K / quant_group_size), N]."""
    ops = [_as_value(x, None), _as_value(w_codes, None)]
    if scale is not None:
        ops.append(_as_value(scale, None))
    attrs = {"weight_dtype": weight_dtype,
             "quant_group_size": None if quant_group_size is None else int(quant_group_size)}
    return _emit1("tessera.dequant_matmul", ops, attrs)


def squeeze(x: Any, axes: Sequence[int] | None = None) -> Value:
    """tessera.squeeze: numpy.squeeze (every dim of extent 1 without `axes`)."""
    attrs = None if axes is None else {"axes": [int(a) for a in axes]}
    return _emit1("tessera.squeeze", [_as_value(x, None)], attrs)


def unsqueeze(x: Any, axes: Sequence[int]) -> Value:
    """tessera.unsqueeze: numpy.expand_dims at the result positions `axes`."""
    return _emit1("tessera.unsqueeze", [_as_value(x, None)], {"axes": [int(a) for a in axes]})


def expand(x: Any, shape: Sequence[int]) -> Value:
    """tessera.expand: numpy.broadcast_to(x, shape)."""
    v = _as_value(x, None)
    return _emit1("tessera.expand", [v], None, [tensor_type([int(s) for s in shape], v.dtype)])


def flatten(x: Any, start: int = 0, end: int = -1) -> Value:
    """tessera.flatten: dims start..end (inclusive) merged into one, as torch.flatten."""
    return _emit1("tessera.flatten", [_as_value(x, None)], {"start": int(start), "end": int(end)})


def _seeded(seed: int | None, stream: int) -> dict[str, Any]:
    return {"seed": None if seed is None else int(seed), "stream": int(stream) or None}


def rng_uniform(shape: Sequence[int], *, seed: int, stream: int = 0, low: float = 0.0,
                high: float = 1.0, dtype: Any = None) -> Value:
    """tessera.rng_uniform: tessera.uniform with upstream's `shape` attribute."""
    from ._types import f32
    shape = [int(s) for s in shape]
    attrs = {"shape": shape, **_seeded(seed, stream), "low": float(low), "high": float(high)}
    (r,) = current().emit("tessera.rng_uniform", [], attrs, [tensor_type(shape, dtype or f32)])
    return r


def rng_normal(shape: Sequence[int], *, seed: int, stream: int = 0, mean: float = 0.0,
               stddev: float = 1.0, dtype: Any = None) -> Value:
    """tessera.rng_normal: tessera.randn with upstream's `shape` attribute."""
    from ._types import f32
    shape = [int(s) for s in shape]
    attrs = {"shape": shape, **_seeded(seed, stream), "mean": float(mean),
             "stddev": float(stddev)}
    (r,) = current().emit("tessera.rng_normal", [], attrs, [tensor_type(shape, dtype or f32)])
    return r


def rng_bernoulli(like: Any, p: float = 0.5, *, seed: int | None = None,
                  stream: int = 0) -> Value:
    """tessera_rng.bernoulli: an i1 mask of like's shape, true where u24(i) < p."""
    attrs = {"p": float(p), **_seeded(seed, stream)}
    (r,) = current().emit("tessera_rng.bernoulli", [_as_value(like, None)], attrs)
    return r


def rng_normal_like(like: Any, mean: float = 0.0, stddev: float = 1.0, *,
                    seed: int | None = None, stream: int = 0) -> Value:
    """tessera_rng.normal: tessera.randn's numbers with like's type (its values unread)."""
    attrs = {"mean": float(mean), "stddev": float(stddev), **_seeded(seed, stream)}
    (r,) = current().emit("tessera_rng.normal", [_as_value(like, None)], attrs)
    return r


def quantize_fp8(x: Any, format: str = "e4m3") -> tuple[Value, Value]:
    """tessera.quantize_fp8: (codes, scale) with scale = amax / max_finite and the codes x / scale
    rounded and saturated to fp8 ("e4m3": E4M3FN, "e5m2")."""
    (q, s) = current().emit("tessera.quantize_fp8", [_as_value(x, None)], {"format": format})
    return q, s
