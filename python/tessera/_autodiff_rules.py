"""User-written derivative rules and markers: `ts.custom_vjp`, `ts.custom_jvp`,
`ts.checkpoint`, `ts.stop_gradient`.

Each writes what the engine in core/transforms reads (docs/autodiff.md, "Custom rules"): a
function carrying `autodiff.custom_vjp = @rule` / `autodiff.custom_jvp = @rule`, called with
`func.call`; ops carrying `autodiff.checkpoint` (recomputed in the backward) or
`autodiff.stop_gradient` (no derivative).
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Sequence

from ._errors import VerifyError
from ._ops import _as_value
from ._trace import Tracer, Value, _Raw, _state, current, loc_text, located, user_location

__all__ = ["custom_vjp", "custom_jvp", "checkpoint", "stop_gradient", "pi"]

#: The guide's `ts.pi` (custom_gelu's backward).
pi = math.pi


def _tracing() -> Tracer | None:
    return getattr(_state, "tracer", None)


def _funcs(tracer: Tracer) -> list[str]:
    funcs: list[str] = tracer.__dict__.setdefault("funcs", [])
    return funcs


def _syms(tracer: Tracer) -> dict:
    syms: dict = tracer.__dict__.setdefault("ad_syms", {})
    return syms


def _as_tuple(x: Any) -> list[Any]:
    return list(x) if isinstance(x, (tuple, list)) else [x]


def _trace_func(outer: Tracer, sym: str, types: Sequence[str], call: Callable[[list[Value]], Any],
                what: str, fattrs: str = "") -> list[Value]:
    """Traces `call(params)` into `func.func @sym(types) -> (...)` of the module being traced
    (with the function attributes `fattrs`); returns the traced results."""
    loc = user_location()
    names = [f"%a{k}" for k in range(len(types))]
    sub = Tracer(scope=set(names))
    sub.funcs = _funcs(outer)  # type: ignore[attr-defined]
    sub.ad_syms = _syms(outer)  # type: ignore[attr-defined]
    with sub:
        params = [Value(n, t) for n, t in zip(names, types)]
        outs = _as_tuple(call(params))
        for k, o in enumerate(outs):
            if not isinstance(o, Value):
                raise VerifyError(located(loc, f"{what} returned a {type(o).__name__} as "
                                               f"result #{k}, not a traced tensor"))
        sub._check_scope(outs, loc)
    rtypes = ", ".join(o.type for o in outs)
    attrs = f" attributes {{{fattrs}}}" if fattrs else ""
    _funcs(outer).extend([
        f"  func.func @{sym}({', '.join(f'{n}: {t}' for n, t in zip(names, types))}) "
        f"-> ({rtypes}){attrs} {{", *sub.lines,
        f"    return {', '.join(o.name for o in outs)} : {rtypes} {loc_text(loc)}",
        "  }"])
    return outs


def _call(tracer: Tracer, sym: str, args: list[Value], rtypes: list[str]) -> Any:
    outs = tracer.emit("func.call", args, {"callee": _Raw("@" + sym)}, rtypes, typed=True)
    return outs[0] if len(outs) == 1 else tuple(outs)


def _fresh(tracer: Tracer, base: str, fn: Callable[..., Any]) -> str:
    name = getattr(fn, "__name__", "f")
    name = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name)
    return f"{base}_{name}_{len(_funcs(tracer))}_{len(_syms(tracer))}"


def _float(t: str) -> bool:
    from ._trace import parse_type

    return parse_type(t)[1].is_float


class _CustomRule:
    """Shared by custom_vjp and custom_jvp: the primal traced once per operand signature into a
    function that names its rule, called with func.call."""

    kind = ""

    def __init__(self, fun: Callable[..., Any]) -> None:
        functools.update_wrapper(self, fun)
        self.fun = fun

    def _ready(self) -> None:
        raise NotImplementedError

    def _trace_rule(self, outer: Tracer, sym: str, types: list[str], rtypes: list[str]) -> None:
        raise NotImplementedError

    def __call__(self, *args: Any) -> Any:
        tracer = _tracing()
        if tracer is None:  # called eagerly: the forward on arrays
            from ._jit import JitFunction

            return JitFunction(self.fun)(*args)
        self._ready()
        vals = [_as_value(a, None) for a in args]
        types = [v.type for v in vals]
        key = (id(self), tuple(types))
        syms = _syms(tracer)
        hit = syms.get(key)
        if hit is None:
            sym = _fresh(tracer, "ts_" + self.kind, self.fun)
            rule = sym + "_rule"
            # Registered before the rule is traced: a rule that calls the function itself (the
            # guide's custom_gelu_fwd does) calls this primal.
            syms[key] = hit = (sym, None)
            outs = _trace_func(tracer, sym, types, lambda ps: self.fun(*ps),
                               f"{self.kind} function {self.fun.__name__}",
                               f"autodiff.{self.kind} = @{rule}")
            rtypes = [o.type for o in outs]
            syms[key] = hit = (sym, rtypes)
            self._trace_rule(tracer, rule, types, rtypes)
        sym, rtypes = hit
        if rtypes is None:
            raise VerifyError(located(user_location(), f"{self.fun.__name__} calls itself "
                                                       "while its primal is traced"))
        return _call(tracer, sym, vals, rtypes)


class custom_vjp(_CustomRule):  # noqa: N801 - the guide's (and JAX's) name
    """`@ts.custom_vjp` and `f.defvjp(fwd, bwd)`: `fwd(*args) -> (y, residuals)`,
    `bwd(residuals, ct) -> one cotangent per argument` (bare when there is one argument)."""

    kind = "custom_vjp"

    def __init__(self, fun: Callable[..., Any]) -> None:
        super().__init__(fun)
        self.fwd: Callable[..., Any] | None = None
        self.bwd: Callable[..., Any] | None = None

    def defvjp(self, fwd: Callable[..., Any], bwd: Callable[..., Any]) -> None:
        self.fwd, self.bwd = fwd, bwd

    def _ready(self) -> None:
        if self.fwd is None or self.bwd is None:
            raise VerifyError(located(user_location(), f"custom_vjp {self.fun.__name__} has no "
                                                       "rule: call .defvjp(fwd, bwd) first"))

    def _trace_rule(self, outer: Tracer, sym: str, types: list[str], rtypes: list[str]) -> None:
        # The engine's convention: @rule(params..., one cotangent per float result) -> one
        # cotangent per parameter.
        nparams = len(types)
        float_rets = [k for k, t in enumerate(rtypes) if _float(t)]
        fwd, bwd = self.fwd, self.bwd
        assert fwd is not None and bwd is not None

        def rule(ps: list[Value]) -> Any:
            out = fwd(*ps[:nparams])
            if not isinstance(out, (tuple, list)) or len(out) != 2:
                raise VerifyError(located(user_location(), f"custom_vjp fwd {fwd.__name__} must "
                                                           "return (output, residuals)"))
            _, res = out
            cts = ps[nparams:]
            ct: Any = cts[0] if len(rtypes) == 1 and float_rets else tuple(cts)
            grads = _as_tuple(bwd(res, ct))
            if len(grads) != nparams:
                raise VerifyError(located(user_location(), f"custom_vjp bwd {bwd.__name__} "
                                          f"returned {len(grads)} cotangents for {nparams} "
                                          "arguments"))
            return [_as_value(g, p) for g, p in zip(grads, ps)]

        _trace_func(outer, sym, types + [rtypes[k] for k in float_rets], rule,
                    f"custom_vjp rule of {self.fun.__name__}")


class custom_jvp(_CustomRule):  # noqa: N801
    """`@ts.custom_jvp` and `f.defjvp(jvp)`: `jvp(primals, tangents) -> (y, y_dot)`."""

    kind = "custom_jvp"

    def __init__(self, fun: Callable[..., Any]) -> None:
        super().__init__(fun)
        self.jvp: Callable[..., Any] | None = None

    def defjvp(self, jvp: Callable[..., Any]) -> Callable[..., Any]:
        self.jvp = jvp
        return jvp

    def _ready(self) -> None:
        if self.jvp is None:
            raise VerifyError(located(user_location(), f"custom_jvp {self.fun.__name__} has no "
                                                       "rule: call .defjvp(jvp) first"))

    def _trace_rule(self, outer: Tracer, sym: str, types: list[str], rtypes: list[str]) -> None:
        # The engine's convention: @rule(params..., one tangent per float parameter) -> one
        # tangent per float result.
        nparams = len(types)
        float_params = [k for k, t in enumerate(types) if _float(t)]
        float_rets = [k for k, t in enumerate(rtypes) if _float(t)]
        jvp = self.jvp
        assert jvp is not None

        def rule(ps: list[Value]) -> Any:
            prim = ps[:nparams]
            tans: list[Any] = [None] * nparams
            for j, k in enumerate(float_params):
                tans[k] = ps[nparams + j]
            out = jvp(tuple(prim), tuple(tans))
            if not isinstance(out, (tuple, list)) or len(out) != 2:
                raise VerifyError(located(user_location(), f"custom_jvp rule {jvp.__name__} "
                                                           "must return (output, tangent)"))
            touts = _as_tuple(out[1])
            if len(touts) != len(rtypes):
                raise VerifyError(located(user_location(), f"custom_jvp rule {jvp.__name__} "
                                          f"returned {len(touts)} tangents for {len(rtypes)} "
                                          "results"))
            return [_as_value(touts[k], None) for k in float_rets]

        _trace_func(outer, sym, types + [types[k] for k in float_params], rule,
                    f"custom_jvp rule of {self.fun.__name__}")


def checkpoint(fun: Callable[..., Any]) -> Callable[..., Any]:
    """`ts.checkpoint(f)`: f's ops are recomputed in the backward instead of kept from the
    forward (they carry `autodiff.checkpoint`). Outside a trace, f runs as is."""

    @functools.wraps(fun)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        tracer = _tracing()
        if tracer is None:
            return fun(*args, **kwargs)
        prev = tracer.__dict__.get("extra_attrs")
        # Each call is its own region (numbered), recomputed on its own in the backward.
        region = tracer.__dict__.get("ckpt_regions", 0) + 1
        tracer.ckpt_regions = region  # type: ignore[attr-defined]
        tracer.extra_attrs = dict(prev or {}, **{"autodiff.checkpoint": region})  # type: ignore
        try:
            return fun(*args, **kwargs)
        finally:
            tracer.extra_attrs = prev  # type: ignore[attr-defined]

    return wrapped


def stop_gradient(x: Any) -> Value:
    """x, with a zero derivative (an identity reshape carrying `autodiff.stop_gradient`)."""
    v = _as_value(x, None)
    (r,) = current().emit("tessera.reshape", [v], {"autodiff.stop_gradient": True}, [v.type])
    r.policy = v.policy
    return r
