"""Traced control flow in the JAX style: `ts.fori_loop`, `ts.while_loop`, `ts.cond`, `ts.scan`.

Each traces its Python bodies once into functions of the module and emits the Graph IR op that
calls them by symbol: tessera.control_for, control_while, control_if, control_scan
(docs/ops/graph/control-flow.md). A body sees only its arguments: a traced value from outside
is an error naming it (pass it in the carry, or as a ts.cond operand).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ._errors import VerifyError
from ._ops import _as_value
from ._trace import Tracer, Value, _Raw, current, loc_text, located, tensor_type, user_location
from ._types import int64


def _flatten(x: Any) -> tuple[list[Value], bool]:
    """The values of a carry (a tensor, or a tuple / list of them) and whether it was one."""
    if isinstance(x, (tuple, list)):
        return [_as_value(v, None) for v in x], False
    return [_as_value(x, None)], True


def _pack(vals: Sequence[Value], single: bool) -> Any:
    return vals[0] if single else tuple(vals)


def _funcs(tracer: Tracer) -> list[str]:
    """The extra functions of the module being traced (shared with @ts.kernel launches)."""
    funcs: list[str] = tracer.__dict__.setdefault("funcs", [])
    return funcs


def _trace_body(kind: str, fn: Callable[..., Any], types: Sequence[str],
                call: Callable[[list[Value]], Any]) -> tuple[str, list[Value]]:
    """Traces `call(params)` into a new function taking `types`; returns its symbol and the
    traced results (their types are the function's result types)."""
    outer = current()
    loc = user_location()
    names = [f"%a{k}" for k in range(len(types))]
    sub = Tracer(scope=set(names))
    sub.funcs = _funcs(outer)  # type: ignore[attr-defined]  # nested bodies go to the module
    with sub:
        params = [Value(n, t) for n, t in zip(names, types)]
        out = call(params)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        for k, o in enumerate(outs):
            if not isinstance(o, Value):
                raise VerifyError(located(loc, f"{kind} body {getattr(fn, '__name__', fn)} "
                                               f"returned a {type(o).__name__} as result #{k}, "
                                               "not a traced tensor"))
        sub._check_scope(outs, loc)
    funcs = _funcs(outer)
    sym = f"ts_{kind}_{len(funcs)}"
    rtypes = ", ".join(o.type for o in outs)
    funcs += [f"  func.func @{sym}({', '.join(f'{n}: {t}' for n, t in zip(names, types))}) "
              f"-> ({rtypes}) {{", *sub.lines,
              f"    return {', '.join(o.name for o in outs)} : {rtypes} {loc_text(loc)}",
              "  }"]
    return sym, outs


def _same_types(what: str, got: Sequence[Value], want: Sequence[Value]) -> None:
    g, w = [v.type for v in got], [v.type for v in want]
    if g != w:
        raise VerifyError(located(user_location(), f"{what} returns ({', '.join(g)}), but the "
                                                   f"carry is ({', '.join(w)})"))


def fori_loop(lower: int, upper: int, body_fun: Callable[[Value, Any], Any],
              init_val: Any) -> Any:
    """`val = body_fun(i, val)` for i = lower .. upper-1 (jax.lax.fori_loop): one
    tessera.control_for whose body function carries i as a rank-0 i64 tensor with the values.
    `lower` and `upper` are Python ints (the trip count is static)."""
    carry, single = _flatten(init_val)
    lo, hi = int(lower), int(upper)
    i64 = tensor_type((), int64)

    def call(params: list[Value]) -> list[Value]:
        i, vals = params[0], params[1:]
        out, _ = _flatten(body_fun(i, _pack(vals, single)))
        _same_types("fori_loop's body", out, vals)
        return [i + current().constant(1, int64)] + out

    sym, _ = _trace_body("for", body_fun, [i64] + [v.type for v in carry], call)
    start = current().constant(lo, int64)
    res = current().emit("tessera.control_for", [start] + carry,
                         {"body": _Raw("@" + sym), "start": lo, "stop": max(hi, lo),
                          "step": 1}, [i64] + [v.type for v in carry], typed=True)
    return _pack(res[1:], single)


def while_loop(cond_fun: Callable[[Any], Any], body_fun: Callable[[Any], Any], init_val: Any,
               *, max_iters: int = 1 << 28) -> Any:
    """`while cond_fun(val): val = body_fun(val)` (jax.lax.while_loop), at most `max_iters`
    iterations: tessera.control_while. `cond_fun` returns a rank-0 bool (or a tensor whose first
    element > 0 continues)."""
    carry, single = _flatten(init_val)
    types = [v.type for v in carry]

    def body(params: list[Value]) -> list[Value]:
        out, _ = _flatten(body_fun(_pack(params, single)))
        _same_types("while_loop's body", out, params)
        return out

    def cond(params: list[Value]) -> list[Value]:
        return [_as_value(cond_fun(_pack(params, single)), None)]

    csym, _ = _trace_body("while_cond", cond_fun, types, cond)
    bsym, _ = _trace_body("while_body", body_fun, types, body)
    res = current().emit("tessera.control_while", carry,
                         {"body": _Raw("@" + bsym), "cond": _Raw("@" + csym),
                          "max_iters": int(max_iters)}, types, typed=True)
    return _pack(res, single)


def cond(pred: Any, true_fun: Callable[..., Any], false_fun: Callable[..., Any],
         *operands: Any) -> Any:
    """`true_fun(*operands)` if pred else `false_fun(*operands)` (jax.lax.cond), only the chosen
    branch running: tessera.control_if. `pred` is a rank-0 bool tensor (or a tensor whose first
    element > 0 selects true_fun); a Python bool picks the branch while tracing."""
    if isinstance(pred, bool):
        return true_fun(*operands) if pred else false_fun(*operands)
    flag = _as_value(pred, None)
    ops = [_as_value(o, None) for o in operands]
    types = [v.type for v in ops]
    tsym, touts = _trace_body("then", true_fun, types, lambda p: true_fun(*p))
    esym, eouts = _trace_body("else", false_fun, types, lambda p: false_fun(*p))
    _same_types("cond's false branch", eouts, touts)
    res = current().emit("tessera.control_if", [flag] + ops,
                         {"then_branch": _Raw("@" + tsym), "else_branch": _Raw("@" + esym)},
                         [v.type for v in touts], typed=True)
    return res[0] if len(res) == 1 else tuple(res)


def scan(f: Callable[[Value, Value], Any], init: Any, xs: Any) -> tuple[Value, Value]:
    """`carry, y = f(carry, x)` for each x = xs[t] along the leading dim (jax.lax.scan with one
    carry tensor and one xs tensor): tessera.control_scan; returns (final carry, stacked ys)."""
    c, x = _as_value(init, None), _as_value(xs, None)
    if not x.shape:
        raise VerifyError(located(user_location(), "scan needs xs with a leading dim"))
    trip = x.shape[0]
    slice_t = tensor_type(x.shape[1:], x.dtype)

    def body(params: list[Value]) -> list[Value]:
        out = f(params[0], params[1])
        if not isinstance(out, (tuple, list)) or len(out) != 2:
            raise VerifyError(located(user_location(), "scan's f returns (carry, y)"))
        carry, y = _as_value(out[0], None), _as_value(out[1], None)
        _same_types("scan's f", [carry], [params[0]])
        return [carry, y]

    sym, outs = _trace_body("scan", f, [c.type, slice_t], body)
    y = outs[1]
    ys_t = tensor_type((trip, *y.shape), y.dtype)
    res = current().emit("tessera.control_scan", [c, x], {"body": _Raw("@" + sym), "trip": trip},
                         [c.type, ys_t], typed=True)
    return res[0], res[1]


#: ts name -> Graph IR op (merged into _ops.OP_NAMES).
OP_NAMES = {"fori_loop": "tessera.control_for", "while_loop": "tessera.control_while",
            "cond": "tessera.control_if", "scan": "tessera.control_scan"}


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
