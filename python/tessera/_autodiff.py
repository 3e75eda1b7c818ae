"""Autodiff for users: `ts.grad`, `ts.value_and_grad`, `ts.vjp`, `ts.jvp` and `@ts.autodiff`.

Each transformation traces the function with @ts.jit's tracer (once per input signature), hands
the Graph IR module to the engine in core/transforms (`_core.differentiate`, the same
transformation as `tessera-interp grad`) and runs the derivative program it returns, an ordinary
Graph IR function, on the same backend. docs/autodiff.md, "Python", is the manual; the rule
helpers (`custom_vjp`, `custom_jvp`, `checkpoint`, `stop_gradient`) are in _autodiff_rules.py.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Sequence

import numpy as np

from . import _core
from ._errors import InputError, TesseraError, VerifyError
from ._jit import JitFunction, _as_array, _is_arraylike, _static_key
from ._runtime import Compiled, compile_module
from ._trace import Value, parse_type

__all__ = ["grad", "value_and_grad", "vjp", "jvp", "autodiff", "differentiate_text"]


def differentiate_text(text: str, entry: str, wrt: Sequence[int], mode: str = "rev",
                       filename: str = "<python>") -> tuple[str, str]:
    """(module text, entry) of the derivative program of function `entry` of `text` with
    respect to its parameters `wrt` (positions); mode "rev" (vjp) or "fwd" (jvp).

    rev: `@<entry>_vjp(params..., ct of each result) -> (results..., grad of each wrt param)`;
    fwd: `@<entry>_jvp(params..., tangent of each wrt param) -> (results..., tangent of each
    result)`. A diagnostic of the engine (an op without a rule, a non-float wrt) is a
    VerifyError naming the op's Python line."""
    from ._runtime import _translate

    if not hasattr(_core, "differentiate"):
        raise TesseraError("this build of tessera has no autodiff engine (_core.differentiate)")
    try:
        out, name = _core.differentiate(text, entry, [int(i) for i in wrt], mode, filename)
    except _core.Error as e:
        raise _translate(e, text, filename, run=False) from None
    return out, name


def _as_jit(fun: Callable[..., Any]) -> JitFunction:
    if isinstance(fun, JitFunction):
        return fun
    inner = getattr(fun, "__wrapped_jit__", None)
    if isinstance(inner, JitFunction):
        return inner
    return JitFunction(fun)


class _Program:
    """One traced signature: the primal module and its derivative, compiled."""

    __slots__ = ("compiled", "array_pos", "num_results", "result_types", "param_types", "mesh")

    def __init__(self, compiled: Compiled, array_pos: tuple[int, ...], num_results: int,
                 result_types: list[str], param_types: list[str], mesh: Any) -> None:
        self.compiled = compiled
        self.array_pos = array_pos
        self.num_results = num_results
        self.result_types = result_types
        self.param_types = param_types
        self.mesh = mesh


class _Transform:
    """The derivative of a traced function for argument positions `argnums`, in `mode`."""

    def __init__(self, fun: Callable[..., Any], argnums: int | Sequence[int] | None,
                 mode: str) -> None:
        self.jf = _as_jit(fun)
        self.argnums = argnums
        self.mode = mode
        self._cache: dict[tuple, _Program] = {}
        functools.update_wrapper(self, self.jf.fn)

    def _argnums(self, nargs: int, array_pos: Sequence[int]) -> tuple[int, ...]:
        """Argument positions to differentiate (all array arguments when argnums is None)."""
        if self.argnums is None:
            return tuple(array_pos)
        nums = (self.argnums,) if isinstance(self.argnums, int) else tuple(self.argnums)
        out = []
        for n in nums:
            k = n + nargs if n < 0 else n
            if not 0 <= k < nargs:
                raise InputError(f"{self.jf.fn.__name__}: argnums {n} is out of range for "
                                 f"{nargs} arguments")
            if k not in array_pos:
                raise InputError(f"{self.jf.fn.__name__}: argument {k} is a static value "
                                 "(not an array), so it has no gradient")
            out.append(k)
        return tuple(out)

    def program(self, args: tuple) -> tuple[_Program, tuple[int, ...]]:
        jf = self.jf
        if len(args) != len(jf._names):
            raise InputError(f"{jf.fn.__name__}() takes {len(jf._names)} arguments, got "
                             f"{len(args)}")
        args = tuple(_as_array(a) if _is_arraylike(a) else a for a in args)
        key = tuple([(a.dtype, a.shape) if type(a) is np.ndarray else _static_key(a)
                     for a in args])
        hit = self._cache.get(key)
        if hit is not None:
            return hit, self._argnums(len(args), hit.array_pos)
        entry = jf._cache.get(key) or jf._compile(args, key)
        nums = self._argnums(len(args), entry.array_pos)
        wrt = [entry.array_pos.index(k) for k in nums]
        text, name = differentiate_text(entry.text, jf._entry_name, wrt, self.mode,
                                        jf._filename)
        mesh = _mesh_of(args)
        compiled = compile_module(text, name, filename=jf._filename, backend=jf.backend,
                                  threads=jf.threads, check=jf.check,
                                  schedule_seed=jf.schedule_seed)
        if mesh is not None:
            from ._dist_collectives import spmd_compiled

            compiled = spmd_compiled(compiled)
        params = [t for _, t in compiled.params()]
        result_types = _result_types(entry.text, jf._entry_name)
        prog = _Program(compiled, entry.array_pos, len(result_types), result_types,
                        params[:len(entry.array_pos)], mesh)
        self._cache[key] = prog
        return prog, nums

    def run(self, args: tuple, extra: list[np.ndarray]) -> list[np.ndarray]:
        prog, _ = self.program(args)
        inputs = [args[i] for i in prog.array_pos] + list(extra)
        return prog.compiled.run(inputs)


def _result_types(text: str, entry: str) -> list[str]:
    """The result types of `func.func @entry` in a module the tracer wrote."""
    head = next(ln for ln in text.splitlines() if ln.lstrip().startswith(f"func.func @{entry}("))
    rest = head[head.index(") -> (") + len(") -> ("):]
    out, depth, cur = [], 0, ""
    for ch in rest:
        if ch == ")" and depth == 0:
            break
        depth += {"<": 1, ">": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _func_blocks(text: str) -> list[tuple[str, list[str]]]:
    """(name, lines) of each `func.func` of a printed module."""
    out: list[tuple[str, list[str]]] = []
    cur: list[str] | None = None
    for ln in text.splitlines():
        m = re.match(r"  func\.func @([\w$.]+)\(", ln)
        if m:
            cur = [ln]
            out.append((m.group(1), cur))
        elif cur is not None:
            cur.append(ln)
            if ln == "  }":
                cur = None
    return out


def _is_float_type(t: str) -> bool:
    return parse_type(t)[1].is_float


def _mesh_of(args: tuple) -> Any:
    from .dist import DistTensor

    for a in args:
        if isinstance(a, DistTensor):
            return a.mesh
    return None


def _ones_like_type(t: str, scale: float = 1.0) -> np.ndarray:
    shape, dtype = parse_type(t)
    return np.full(shape, scale, dtype=np.float64).astype(dtype.numpy)


def _check_scalar_loss(name: str, prog: _Program) -> str:
    if prog.num_results < 1:
        raise VerifyError(f"ts.grad({name}): the function returns nothing")
    t = prog.result_types[0]
    shape, dtype = parse_type(t)
    if shape != () or not dtype.is_float:
        raise VerifyError(f"ts.grad({name}): the function must return a rank-0 float tensor "
                          f"(its first result is {t}); use ts.vjp for other results")
    return t


class _Grad:
    """`ts.grad(fun, argnums=0, has_aux=False)` and `ts.value_and_grad`."""

    def __init__(self, fun: Callable[..., Any], argnums: int | Sequence[int], has_aux: bool,
                 with_value: bool) -> None:
        self._t = _Transform(fun, argnums, "rev")
        self._single = isinstance(argnums, int)
        self._has_aux = has_aux
        self._with_value = with_value
        functools.update_wrapper(self, self._t.jf.fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        jf = self._t.jf
        if kwargs or len(args) != len(jf._names):
            args = jf._bind_kwargs(args, kwargs)
        if any(isinstance(a, Value) for a in args):  # inside a trace: ts.grad(ts.grad(f))
            return self._traced(args)
        prog, nums = self._t.program(args)
        name = jf.fn.__name__
        t = _check_scalar_loss(name, prog)
        if self._has_aux and prog.num_results < 2:
            raise VerifyError(f"ts.grad({name}, has_aux=True): the function must return "
                              "(loss, aux)")
        if not self._has_aux and prog.num_results != 1:
            raise VerifyError(f"ts.grad({name}): the function returns {prog.num_results} "
                              "results; return the loss alone or pass has_aux=True")
        # A mesh program takes the global cotangent: its derivative splits a replicated result's
        # cotangent among the replicas itself (autodiff_spmd.h, psum's convention).
        cts = [_ones_like_type(t)]
        cts += [np.zeros(parse_type(rt)[0], parse_type(rt)[1].numpy)
                for rt in prog.result_types[1:] if _is_float_type(rt)]
        outs = self._t.run(args, cts)
        values, grads = outs[:prog.num_results], outs[prog.num_results:]
        g: Any = grads[0] if self._single else tuple(grads)
        if not self._with_value:
            return (g, tuple(values[1:]) if len(values) > 2 else values[1]) \
                if self._has_aux else g
        v: Any = (values[0], tuple(values[1:]) if len(values) > 2 else values[1]) \
            if self._has_aux else values[0]
        return v, g

    def _traced(self, args: tuple) -> Any:
        """Called on traced values (ts.grad of a function that calls ts.grad): f is traced into a
        function of the module being traced, the engine writes its derivative function beside
        it, and a func.call of that function stands for the gradient; differentiating the
        caller differentiates the derivative (the engine's rules of derivatives)."""
        from ._autodiff_rules import _fresh, _funcs, _trace_func
        from ._trace import current, tensor_type

        outer = current()
        jf = self._t.jf
        vals = [a if isinstance(a, Value) else None for a in args]
        if any(v is None for v in vals):
            raise VerifyError(f"ts.grad({jf.fn.__name__}) inside a trace takes traced tensors "
                              "only (no static arguments)")
        nums = self._t._argnums(len(args), tuple(range(len(args))))
        sym = _fresh(outer, "ts_grad", jf.fn)
        types = [v.type for v in vals]
        outs = _trace_func(outer, sym, types, lambda ps: jf.fn(*ps),
                           f"ts.grad of {jf.fn.__name__}")
        if len(outs) != 1 or outs[0].shape != () or not outs[0].dtype.is_float:
            raise VerifyError(f"ts.grad({jf.fn.__name__}): the function must return one rank-0 "
                              "float tensor")
        funcs = _funcs(outer)
        text, name = differentiate_text("module {\n" + "\n".join(funcs) + "\n}\n", sym, nums,
                                        "rev", jf._filename)
        have = set(re.findall(r"func\.func @([\w$.]+)\(", "\n".join(funcs)))
        for fname, block in _func_blocks(text):
            if fname not in have:
                funcs.extend(block)
        ct = outer.constant(1.0, outs[0].dtype)
        rtypes = [outs[0].type] + [tensor_type(vals[k].shape, vals[k].dtype) for k in nums]
        from ._autodiff_rules import _call

        res = _call(outer, name, [*vals, ct], rtypes)
        grads = list(res[1:])
        g: Any = grads[0] if self._single else tuple(grads)
        return (res[0], g) if self._with_value else g

    def trace(self, *args: Any) -> str:
        """The derivative program (Graph IR text) for these arguments."""
        prog, _ = self._t.program(args)
        return prog.compiled.text


def grad(fun: Callable[..., Any], argnums: int | Sequence[int] = 0,
         has_aux: bool = False) -> _Grad:
    """The gradient of `fun` (a rank-0 float result) with respect to the arguments `argnums`
    (an int: one gradient; a tuple: a tuple of them), as jax.grad."""
    return _Grad(fun, argnums, has_aux, with_value=False)


def value_and_grad(fun: Callable[..., Any], argnums: int | Sequence[int] = 0,
                   has_aux: bool = False) -> _Grad:
    """(fun(*args), grad(fun)(*args)) from one run of the derivative program."""
    return _Grad(fun, argnums, has_aux, with_value=True)


def vjp(fun: Callable[..., Any], *primals: Any) -> tuple[Any, Callable[..., Any]]:
    """(fun(*primals), vjp_fn): vjp_fn(ct) returns one cotangent per array argument, as
    jax.vjp (ct: one array per result; a tuple when fun returns a tuple)."""
    t = _Transform(fun, None, "rev")
    prog, nums = t.program(primals)
    outs = _as_jit(fun)(*primals)
    single = not isinstance(outs, tuple)

    def vjp_fn(ct: Any) -> tuple[np.ndarray, ...]:
        cts = [ct] if single else list(ct)
        if len(cts) != prog.num_results:
            raise InputError(f"vjp of {t.jf.fn.__name__}: {len(cts)} cotangents for "
                             f"{prog.num_results} results")
        # Only float results have cotangents (pass None, or anything, for the others).
        cts = [np.asarray(c, dtype=parse_type(rt)[1].numpy)
               for c, rt in zip(cts, prog.result_types) if _is_float_type(rt)]
        res = t.run(primals, cts)
        return tuple(res[prog.num_results:])

    return outs, vjp_fn


def jvp(fun: Callable[..., Any], primals: Sequence[Any],
        tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(fun(*primals), the directional derivative along `tangents`), as jax.jvp: one tangent
    per argument (static arguments take None)."""
    primals = tuple(primals)
    tangents = tuple(tangents)
    if len(primals) != len(tangents):
        raise InputError(f"jvp: {len(primals)} primals but {len(tangents)} tangents")
    t = _Transform(fun, None, "fwd")
    prog, nums = t.program(primals)
    tans = []
    for k in nums:
        p = primals[k] if hasattr(primals[k], "shape") and hasattr(primals[k], "dtype") \
            else _as_array(primals[k])  # ndarray or ts.dist tensor (its global shape)
        tan = tangents[k]
        if tan is None:
            raise InputError(f"jvp: argument {k} is an array and needs a tangent")
        tan = np.asarray(tan)
        if tan.shape != p.shape:
            raise InputError(f"jvp: tangent {k} has shape {tan.shape}, its primal {p.shape}")
        tans.append(tan.astype(p.dtype, copy=False))
    outs = t.run(primals, tans)
    n = prog.num_results
    vals, touts = outs[:n], outs[n:]
    if n == 1:
        return vals[0], touts[0]
    return tuple(vals), tuple(touts)


def autodiff(fun: Callable[..., Any]) -> Callable[..., Any]:
    """`@ts.autodiff`: marks `fun` as differentiated (the guide writes it under @ts.jit). The
    function runs as before; `ts.grad`, `ts.vjp` and `ts.jvp` take it, and `fun.grad(...)` is
    `ts.grad(fun, ...)`. Differentiation happens when a transformation is called."""
    if isinstance(fun, JitFunction):
        fun.__tessera_autodiff__ = True  # type: ignore[attr-defined]
        return fun
    try:
        fun.__tessera_autodiff__ = True  # type: ignore[attr-defined]
    except AttributeError:
        pass
    return fun
