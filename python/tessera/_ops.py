"""The Graph IR op set under the guide's names: `ts.matmul`, `ts.softmax`, `ts.exp`, ...

The elementwise ops come from the op table (`_core.op_table()`, one function per `tessera.<op>`
with the elementwise trait); the others take keyword attributes and are written here. Every
function works on traced values inside `@ts.jit` (docs/python.md, "Ops").
"""

from __future__ import annotations

import builtins
from typing import Any, Callable, Sequence

import numpy as np

from . import _core
from ._errors import VerifyError
from ._trace import Value, current, located, tensor_type, user_location
from ._types import DType, Policy, as_dtype, f32

# numeric_policy fields each op family accepts (cast_c3, quantize: conversion fields only).
_CONVERSION_FIELDS = ("rounding", "seed")


def _policy_of(vals: Sequence[Value]) -> Policy | None:
    for v in vals:
        if v.policy is not None:
            return v.policy
    return None


def _policy_attr(op: str, pol: Policy | None) -> dict[str, Any] | None:
    if pol is None:
        return None
    fields = pol.fields()
    if op in ("tessera.cast", "tessera.quantize", "tessera.dequantize"):
        fields = {k: v for k, v in fields.items() if k in _CONVERSION_FIELDS}
    return fields or None


def _result_policy(pol: Policy | None, v: Value) -> Policy | None:
    return pol if pol is not None and pol.storage is v.dtype else None


def _as_value(x: Any, like: Value | None) -> Value:
    """A traced value, or a Python / numpy scalar as a rank-0 constant of `like`'s dtype."""
    if isinstance(x, Value):
        return x
    if isinstance(x, (bool, int, float, np.number, np.bool_)) and np.ndim(x) == 0:
        dtype = like.dtype if like is not None else f32
        return current().constant(x, dtype)
    if isinstance(x, np.ndarray):
        raise VerifyError(
            located(
                user_location(),
                "numpy arrays are not captured as constants: pass the array as an argument "
                "of the @ts.jit function",
            )
        )
    raise VerifyError(located(user_location(), f"{type(x).__name__} is not a traced tensor"))


def _emit1(op: str, operands: Sequence[Value], attrs: dict[str, Any] | None = None,
           declared: Sequence[str] = ()) -> Value:
    pol = _policy_of(operands)
    a = dict(attrs or {})
    a["numeric_policy"] = _policy_attr(op, pol)
    (r,) = current().emit(op, operands, a, declared)
    r.policy = _result_policy(pol, r)
    return r


def binary(op: str, a: Any, b: Any) -> Value:
    like = a if isinstance(a, Value) else b if isinstance(b, Value) else None
    return _emit1(op, [_as_value(a, like), _as_value(b, like)])


def unary(op: str, x: Any, **attrs: Any) -> Value:
    return _emit1(op, [_as_value(x, None)], attrs)


def _make_elementwise(opname: str, arity: int) -> Callable[..., Value]:
    if arity == 1:

        def f1(x: Any) -> Value:
            return unary(opname, x)

        return f1

    def f2(a: Any, b: Any) -> Value:
        return binary(opname, a, b)

    return f2


# ---- generated from the op table --------------------------------------------------------------

#: ts name -> op, for every elementwise op of the table (plus numpy-style aliases below).
ELEMENTWISE: dict[str, str] = {}
for _rec in _core.op_table():
    if _rec["level"] == "graph" and _rec["elementwise"] and _rec["name"] not in (
        "tessera.cast",
        "tessera.select",
        "tessera.gelu",
    ):
        ELEMENTWISE[_rec["name"].split(".", 1)[1]] = _rec["name"]
_ALIASES = {
    "subtract": "sub", "multiply": "mul", "divide": "div", "maximum": "max", "minimum": "min",
    "negative": "neg", "power": "pow", "equal": "cmp_eq", "not_equal": "cmp_ne", "less": "cmp_lt",
    "less_equal": "cmp_le", "greater": "cmp_gt", "greater_equal": "cmp_ge",
}
GENERATED: dict[str, Callable[..., Value]] = {}
for _name, _op in ELEMENTWISE.items():
    _rec = next(r for r in _core.op_table() if r["name"] == _op)
    GENERATED[_name] = _make_elementwise(_op, _rec["max_operands"])
for _alias, _name in _ALIASES.items():
    GENERATED[_alias] = GENERATED[_name]
# max/min are reductions as well (ts.max(x, axis=-1) in the guide): defined below.
_elementwise_max = GENERATED.pop("max")
_elementwise_min = GENERATED.pop("min")


# ---- written by hand: ops with attributes -----------------------------------------------------


def gelu(x: Any, approximate: str = "none") -> Value:
    """tessera.gelu; `approximate` is "none" (erf) or "tanh"."""
    return unary("tessera.gelu", x, approximate=approximate)


def where(cond: Any, a: Any, b: Any) -> Value:
    """tessera.select: `a` where `cond` (i1) holds, else `b` (numpy broadcasting)."""
    like = a if isinstance(a, Value) else b if isinstance(b, Value) else None
    return _emit1("tessera.select", [_as_value(cond, None), _as_value(a, like),
                                     _as_value(b, like)])


def cast(x: Any, dtype: Any, rounding: str | None = None, saturate: bool | None = None,
         seed: int | None = None) -> Value:
    """tessera.cast to `dtype` (a ts dtype or policy), with optional rounding/saturation."""
    v = _as_value(x, None)
    pol = dtype if not isinstance(dtype, DType) and hasattr(dtype, "fields") else None
    d = as_dtype(dtype)
    fields = _policy_attr("tessera.cast", v.policy) or {}
    fields.update({k: val for k, val in (("rounding", rounding), ("saturate", saturate),
                                          ("seed", seed)) if val is not None})
    (r,) = current().emit("tessera.cast", [v], {"numeric_policy": fields or None},
                          [tensor_type(v.shape, d)])
    r.policy = pol
    return r


def _contraction_dtype(a: Value, b: Value, out: Any) -> DType:
    if out is not None:
        return as_dtype(out)
    for v in (a, b):
        if v.policy is not None and v.policy.accum is not None:
            return v.policy.accum
    return a.dtype if a.dtype.is_float else f32


def matmul(a: Any, b: Any, *, transpose_a: bool = False, transpose_b: bool = False,
           out_dtype: Any = None) -> Value:
    """tessera.matmul (numpy matmul with batch broadcasting). The result type is `out_dtype`,
    else an operand policy's accumulator (`ts.fp8_e4m3 @ ts.accum(ts.f32)` gives f32), else
    the operands' type."""
    av, bv = _as_value(a, None), _as_value(b, None)
    d = _contraction_dtype(av, bv, out_dtype)
    attrs = {"transpose_a": transpose_a or None, "transpose_b": transpose_b or None}
    # The declared type only carries the element type; the hook infers the shape.
    return _emit1("tessera.matmul", [av, bv], attrs, [tensor_type((), d)])


gemm = matmul


def conv2d(x: Any, w: Any, bias: Any = None, *, strides: Sequence[int] | None = None,
           padding: Any = None, dilations: Sequence[int] | None = None) -> Value:
    """tessera.conv2d_nhwc: x [N,H,W,C], w [KH,KW,C,F], optional bias [F]."""
    ops = [_as_value(x, None), _as_value(w, None)]
    if bias is not None:
        ops.append(_as_value(bias, ops[0]))
    return _emit1("tessera.conv2d_nhwc", ops,
                  {"strides": strides, "padding": padding, "dilations": dilations})


def _axes(axis: Any) -> Any:
    if axis is None:
        return None
    return [int(a) for a in axis] if isinstance(axis, (list, tuple)) else [int(axis)]


def _reduce(kind: str, x: Any, axis: Any, keepdims: bool) -> Value:
    return _emit1("tessera.reduce", [_as_value(x, None)],
                  {"kind": kind, "axes": _axes(axis), "keepdims": keepdims or None})


def sum(x: Any, axis: Any = None, keepdims: bool = False) -> Value:  # noqa: A001
    """tessera.reduce kind "sum" over `axis` (default: every axis)."""
    return _reduce("sum", x, axis, keepdims)


def mean(x: Any, axis: Any = None, keepdims: bool = False) -> Value:
    """tessera.reduce kind "mean"."""
    return _reduce("mean", x, axis, keepdims)


def max(x: Any, *args: Any, axis: Any = None, keepdims: bool = False) -> Value:  # noqa: A001
    """`ts.max(x, axis=-1, keepdims=True)`: tessera.reduce kind "max"; `ts.max(a, b)` of two
    tensors (or a tensor and a scalar): elementwise tessera.max."""
    if args:
        return _elementwise_max(x, args[0])
    return _reduce("max", x, axis, keepdims)


def min(x: Any, *args: Any, axis: Any = None, keepdims: bool = False) -> Value:  # noqa: A001
    """Like ts.max, with "min"."""
    if args:
        return _elementwise_min(x, args[0])
    return _reduce("min", x, axis, keepdims)


maximum = _elementwise_max
minimum = _elementwise_min


def softmax(x: Any, axis: int = -1) -> Value:
    return _emit1("tessera.softmax", [_as_value(x, None)], {"axis": axis})


def log_softmax(x: Any, axis: int = -1) -> Value:
    return _emit1("tessera.log_softmax", [_as_value(x, None)], {"axis": axis})


def _norm(op: str, x: Any, params: Sequence[Any], axis: int, eps: float | None) -> Value:
    xv = _as_value(x, None)
    ops = [xv] + [_as_value(p, xv) for p in params]
    return _emit1(op, ops, {"axis": axis, "epsilon": None if eps is None else float(eps)})


def layer_norm(x: Any, gamma: Any = None, beta: Any = None, *, axis: int = -1,
               eps: float | None = None, _op: str = "tessera.layer_norm") -> Value:
    """tessera.layer_norm over the trailing dims from `axis`; `eps` defaults to 1e-5. Its
    two-pass mean/variance is the guide's `layernorm_safe`."""
    xv = _as_value(x, None)
    if beta is not None and gamma is None:
        shape = xv.shape[axis if axis >= 0 else len(xv.shape) + axis:]
        gamma = broadcast_to(current().constant(1.0, xv.dtype), shape)
    params = [p for p in (gamma, beta) if p is not None]
    return _norm(_op, xv, params, axis, eps)


def layernorm_safe(x: Any, gamma: Any = None, beta: Any = None, *, axis: int = -1,
                   eps: float | None = None) -> Value:
    """tessera.layernorm_safe: the guide's name of tessera.layer_norm (same semantics)."""
    return layer_norm(x, gamma, beta, axis=axis, eps=eps, _op="tessera.layernorm_safe")


layernorm = layer_norm


def rmsnorm(x: Any, gamma: Any = None, *, axis: int = -1, eps: float | None = None) -> Value:
    """tessera.rmsnorm (the guide's `rmsnorm_safe`)."""
    return _norm("tessera.rmsnorm", x, [gamma] if gamma is not None else [], axis, eps)


def rmsnorm_safe(x: Any, gamma: Any = None, *, axis: int = -1,
                 eps: float | None = None) -> Value:
    """tessera.rmsnorm_safe: the guide's name of tessera.rmsnorm (same semantics)."""
    return _norm("tessera.rmsnorm_safe", x, [gamma] if gamma is not None else [], axis, eps)


rms_norm = rmsnorm


def transpose(x: Any, perm: Sequence[int] | None = None) -> Value:
    """tessera.transpose (numpy.transpose: reversed dims without `perm`)."""
    return _emit1("tessera.transpose", [_as_value(x, None)],
                  {"perm": list(perm) if perm is not None else None})


def permute(x: Any, perm: Sequence[int]) -> Value:
    return _emit1("tessera.permute", [_as_value(x, None)], {"perm": list(perm)})


def reshape(x: Any, shape: Sequence[int]) -> Value:
    """tessera.reshape; one dim may be -1 (numpy)."""
    v = _as_value(x, None)
    shape = [int(s) for s in shape]
    if shape.count(-1) == 1:
        known = int(np.prod([s for s in shape if s != -1]))
        total = int(np.prod(v.shape))
        shape[shape.index(-1)] = total // known if known and total % known == 0 else -2
    if builtins.any(s < 0 for s in shape):
        raise VerifyError(located(user_location(),
                                  f"cannot reshape {v.type} to {list(shape)}"))
    return _emit1("tessera.reshape", [v], None, [tensor_type(shape, v.dtype)])


def broadcast_to(x: Any, shape: Sequence[int]) -> Value:
    """tessera.broadcast to `shape` (numpy.broadcast_to)."""
    v = _as_value(x, None)
    shape = [int(s) for s in shape]
    dims = list(range(len(shape) - len(v.shape), len(shape)))
    return _emit1("tessera.broadcast", [v], {"broadcast_dimensions": dims},
                  [tensor_type(shape, v.dtype)])


def concat(xs: Sequence[Any], axis: int = 0) -> Value:
    vals = [_as_value(x, None) for x in xs]
    return _emit1("tessera.concat", vals, {"axis": axis})


concatenate = concat


def slice(x: Any, start: Sequence[int], limit: Sequence[int],  # noqa: A001
          strides: Sequence[int] | None = None) -> Value:
    """tessera.slice: numpy x[start:limit:strides] per dim."""
    return _emit1("tessera.slice", [_as_value(x, None)],
                  {"start": list(start), "limit": list(limit),
                   "strides": list(strides) if strides is not None else None})


def constant(value: Any, dtype: Any = f32, shape: Sequence[int] = ()) -> Value:
    """A splat constant of `dtype` and `shape` (tessera.constant)."""
    return current().constant(value, as_dtype(dtype), tuple(int(s) for s in shape))


def full(shape: Sequence[int], value: Any, dtype: Any = f32) -> Value:
    return constant(value, dtype, shape)


def zeros(shape: Sequence[int], dtype: Any = f32) -> Value:
    return constant(0, dtype, shape)


def ones(shape: Sequence[int], dtype: Any = f32) -> Value:
    return constant(1, dtype, shape)


def _attention(op: str, q: Any, k: Any, v: Any, causal: bool, scale: float | None) -> Value:
    ops = [_as_value(q, None), _as_value(k, None), _as_value(v, None)]
    return _emit1(op, ops,
                  {"causal": causal or None, "scale": None if scale is None else float(scale)})


def flash_attn(q: Any, k: Any, v: Any, *, causal: bool = False,
               scale: float | None = None) -> Value:
    """tessera.flash_attn: softmax(q k^T * scale [+ causal mask]) v over [B, H, S, D]."""
    return _attention("tessera.flash_attn", q, k, v, causal, scale)


def flash_attention(q: Any, k: Any, v: Any, *, causal: bool = False,
                    scale: float | None = None) -> Value:
    """tessera.flash_attention: the guide's name of tessera.flash_attn (same semantics)."""
    return _attention("tessera.flash_attention", q, k, v, causal, scale)


def mse(pred: Any, target: Any, reduction: str = "mean") -> Value:
    """tessera.mse: mean (or sum) of squared differences, a rank-0 tensor."""
    p = _as_value(pred, None)
    return _emit1("tessera.mse", [p, _as_value(target, p)], {"reduction": reduction})


def binary_cross_entropy(logits: Any, target: Any, reduction: str = "mean") -> Value:
    """tessera.binary_cross_entropy: binary cross entropy of logits against targets (the logits
    form, docs/ops/graph/losses.md), a rank-0 tensor."""
    z = _as_value(logits, None)
    return _emit1("tessera.binary_cross_entropy", [z, _as_value(target, z)],
                  {"reduction": reduction})


def quantize(x: Any, dtype: Any, scheme: str = "tensor", scale: Any = None,
             scale_rule: str | None = None) -> tuple[Value, ...]:
    """tessera.quantize into `dtype`: ("tensor") q, scale; ("mx") q, scales; ("nvfp4") q,
    scales, g (docs/ops/graph/quantization.md)."""
    xv = _as_value(x, None)
    d = as_dtype(dtype)
    ops = [xv] + ([_as_value(scale, None)] if scale is not None else [])
    pol = _policy_attr("tessera.quantize", xv.policy)
    res = current().emit("tessera.quantize", ops,
                         {"scheme": scheme, "scale_rule": scale_rule, "numeric_policy": pol},
                         [tensor_type(xv.shape, d)] + _quant_scale_types(xv, scheme))
    return tuple(res)


def _quant_scale_types(x: Value, scheme: str) -> list[str]:
    from ._types import e8m0, fp8_e4m3

    rows, last = list(x.shape[:-1]), (x.shape[-1] if x.shape else 1)
    if scheme == "mx":
        return [tensor_type(rows + [-(-last // 32)], e8m0)]
    if scheme == "nvfp4":
        return [tensor_type(rows + [-(-last // 16)], fp8_e4m3), tensor_type((), f32)]
    return [tensor_type((), f32)]


def dequantize(q: Any, *scales: Any, scheme: str = "tensor", dtype: Any = f32) -> Value:
    """tessera.dequantize of q with its scales (as quantize returned them) into `dtype`."""
    qv = _as_value(q, None)
    ops = [qv] + [_as_value(s, None) for s in scales]
    return _emit1("tessera.dequantize", ops, {"scheme": scheme},
                  [tensor_type(qv.shape, as_dtype(dtype))])


def round(x: Any) -> Value:  # noqa: A001
    """Round half to even (numpy.round). Graph IR has no round op: this traces, in f32,
    `r = (|x| + 2^23) - 2^23` (exact for |x| < 2^23, where f32 spacing is 1 past 2^23) with
    x's sign, and keeps x where |x| >= 2^23 (already an integer); then casts back to x's type."""
    v = _as_value(x, None)
    src = v.dtype
    if not src.is_float:
        return v
    xf = cast(v, f32) if src is not f32 else v
    ax = GENERATED["abs"](xf)
    big = 8388608.0
    r = (ax + big) - big
    r = where(GENERATED["cmp_lt"](xf, 0.0), GENERATED["neg"](r), r)
    out = where(GENERATED["cmp_lt"](ax, big), r, xf)
    return cast(out, src) if src is not f32 else out


# ---- Python operators on traced values --------------------------------------------------------


def _getitem(v: Value, key: Any) -> Value:
    """numpy basic indexing: ints, slices with positive steps, `...` and None."""
    keys = list(key) if isinstance(key, tuple) else [key]
    if builtins.sum(k is Ellipsis for k in keys) > 1:
        raise VerifyError(located(user_location(), "an index can only have one ellipsis"))
    n_real = builtins.sum(1 for k in keys if k is not None and k is not Ellipsis)
    if n_real > len(v.shape):
        raise VerifyError(located(user_location(),
                                  f"too many indices for a tensor of rank {len(v.shape)}"))
    if Ellipsis in keys:
        i = keys.index(Ellipsis)
        keys[i:i + 1] = [builtins.slice(None)] * (len(v.shape) - n_real)
    else:
        keys += [builtins.slice(None)] * (len(v.shape) - n_real)
    start, limit, strides, out_shape = [], [], [], []
    d = 0
    for k in keys:
        if k is None:
            out_shape.append(1)
            continue
        n = v.shape[d]
        if isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            i = int(k) + (n if k < 0 else 0)
            if not 0 <= i < n:
                raise VerifyError(located(user_location(),
                                          f"index {int(k)} is out of range for dim {d} of size {n}"))
            start.append(i), limit.append(i + 1), strides.append(1)
        elif isinstance(k, builtins.slice):
            s, e, st = k.indices(n)
            if st <= 0:
                raise VerifyError(located(user_location(),
                                          "slices with a negative step are not supported"))
            e = builtins.max(e, s)
            start.append(s), limit.append(e), strides.append(st)
            out_shape.append(-(-(e - s) // st))
        else:
            raise VerifyError(located(user_location(),
                                      f"unsupported index {k!r}: use ints, slices, ... or None"))
        d += 1
    r = v
    if builtins.any(s != 0 for s in start) or list(limit) != list(v.shape) or \
            builtins.any(s != 1 for s in strides):
        r = slice(v, start, limit, strides if builtins.any(s != 1 for s in strides) else None)
    if list(r.shape) != out_shape:
        r = reshape(r, out_shape)
    return r


def _install_operators() -> None:
    def bin_(op: str, reflected: bool = False) -> Callable[[Value, Any], Value]:
        if reflected:
            return lambda a, b: binary(op, b, a)
        return lambda a, b: binary(op, a, b)

    for name, op in (("add", "tessera.add"), ("sub", "tessera.sub"), ("mul", "tessera.mul"),
                     ("truediv", "tessera.div"), ("pow", "tessera.pow")):
        setattr(Value, f"__{name}__", bin_(op))
        setattr(Value, f"__r{name}__", bin_(op, True))
    for name, op in (("lt", "cmp_lt"), ("le", "cmp_le"), ("gt", "cmp_gt"), ("ge", "cmp_ge"),
                     ("eq", "cmp_eq"), ("ne", "cmp_ne")):
        setattr(Value, f"__{name}__", bin_("tessera." + op))
    Value.__hash__ = object.__hash__  # type: ignore[method-assign]
    Value.__matmul__ = lambda a, b: matmul(a, b)  # type: ignore[attr-defined]
    Value.__rmatmul__ = lambda a, b: matmul(b, a)  # type: ignore[attr-defined]
    Value.__neg__ = lambda a: unary("tessera.neg", a)  # type: ignore[attr-defined]
    Value.__pos__ = lambda a: a  # type: ignore[attr-defined]
    Value.__abs__ = lambda a: unary("tessera.abs", a)  # type: ignore[attr-defined]
    Value.__getitem__ = _getitem  # type: ignore[attr-defined]
    Value.T = property(lambda a: transpose(a))  # type: ignore[attr-defined]
    Value.astype = lambda a, d: cast(a, d)  # type: ignore[attr-defined]
    Value.reshape = lambda a, *s: reshape(  # type: ignore[attr-defined]
        a, s[0] if len(s) == 1 and isinstance(s[0], (list, tuple)) else s)
    Value.transpose = lambda a, *p: transpose(a, p or None)  # type: ignore[attr-defined]
    Value.sum = lambda a, axis=None, keepdims=False: sum(a, axis, keepdims)  # type: ignore
    Value.mean = lambda a, axis=None, keepdims=False: mean(a, axis, keepdims)  # type: ignore
    Value.max = lambda a, axis=None, keepdims=False: max(a, axis=axis, keepdims=keepdims)  # type: ignore
    Value.min = lambda a, axis=None, keepdims=False: min(a, axis=axis, keepdims=keepdims)  # type: ignore


_install_operators()


#: ts name -> the Graph IR op it traces to (the python column of docs/status.md is built from
#: this; ts.dist adds its collectives here).
OP_NAMES: dict[str, str] = {name: ELEMENTWISE[_ALIASES.get(name, name)]
                            for name in GENERATED}
OP_NAMES.update({
    "max": "tessera.reduce", "min": "tessera.reduce", "sum": "tessera.reduce",
    "mean": "tessera.reduce", "maximum": "tessera.max", "minimum": "tessera.min",
    "gelu": "tessera.gelu", "where": "tessera.select", "cast": "tessera.cast",
    "matmul": "tessera.matmul", "gemm": "tessera.matmul", "conv2d": "tessera.conv2d_nhwc",
    "softmax": "tessera.softmax", "log_softmax": "tessera.log_softmax",
    "layer_norm": "tessera.layer_norm", "layernorm_safe": "tessera.layernorm_safe",
    "layernorm": "tessera.layer_norm", "rmsnorm": "tessera.rmsnorm",
    "rmsnorm_safe": "tessera.rmsnorm_safe", "rms_norm": "tessera.rmsnorm",
    "transpose": "tessera.transpose", "permute": "tessera.permute",
    "reshape": "tessera.reshape", "broadcast_to": "tessera.broadcast",
    "concat": "tessera.concat", "slice": "tessera.slice", "constant": "tessera.constant",
    "full": "tessera.constant", "flash_attention": "tessera.flash_attention",
    "flash_attn": "tessera.flash_attn", "mse": "tessera.mse",
    "binary_cross_entropy": "tessera.binary_cross_entropy",
    "quantize": "tessera.quantize", "dequantize": "tessera.dequantize",
})


def ts_names_by_op() -> dict[str, list[str]]:
    """Graph IR op -> the ts names that trace to it, sorted."""
    out: dict[str, list[str]] = {}
    for name, op in OP_NAMES.items():
        out.setdefault(op, []).append(name)
    return {op: sorted(names) for op, names in out.items()}
