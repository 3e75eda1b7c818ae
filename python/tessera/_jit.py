"""`@ts.jit`: trace a Python function into Graph IR once per input signature and run it.

A signature is the dtype and shape of every array argument plus the value of every other
argument (Python scalars, strings: static, baked into the trace). Annotations
`ts.Tensor["B", "D", dtype]` are checked when a signature is first seen: dtypes exactly,
symbolic dimensions consistently across arguments (a size-1 dimension broadcasts, as in numpy).
"""

from __future__ import annotations

import functools
import inspect
import re
import typing
from typing import Any, Callable

import numpy as np

from . import _core
from ._errors import BackendError, InputError, TesseraError, VerifyError
from ._runtime import Compiled, _translate, compile_module
from ._trace import Tracer, Value, loc_text, located, tensor_type
from ._types import Policy, TensorSpec, dtype_of_numpy


__all__ = ["jit", "JitFunction", "ARG_HOOKS"]

#: Argument types that turn a call into something other than a single-device trace (ts.dist's
#: distributed tensors register here): type -> (static_key(arg) -> hashable signature part,
#: compile(jit_fn, args) -> (Compiled, positions of the run's inputs in args, single result?,
#: module text)). The compiled entry is cached per signature like any other.
ARG_HOOKS: dict[type, tuple[Callable[[Any], Any], Callable[..., tuple]]] = {}

_LEVELS = ("graph", "schedule", "tile", "target")


class _Entry:
    __slots__ = ("compiled", "text", "array_pos", "single", "bindings", "run", "all_args")

    def __init__(self, compiled: Compiled, text: str, array_pos: tuple[int, ...], single: bool,
                 bindings: dict[str, int]) -> None:
        self.compiled = compiled
        self.text = text
        self.array_pos = array_pos
        self.single = single
        self.bindings = bindings
        self.run = compiled._exe.run  # the dispatch path: one C++ call
        self.all_args = array_pos == tuple(range(len(array_pos)))


class JitFunction:
    """A traced function: call it with numpy / ml_dtypes arrays."""

    def __init__(self, fn: Callable[..., Any], *, backend: str = "reference",
                 threads: int | None = None, check: str | None = None,
                 schedule_seed: int | None = None) -> None:
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.backend = backend
        self.threads = threads
        self.check = check
        self.schedule_seed = schedule_seed
        self._sig = inspect.signature(fn)
        for p in self._sig.parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or (
                    p.kind == p.KEYWORD_ONLY and p.default is p.empty):
                raise TypeError(f"@ts.jit {fn.__name__}: *args, **kwargs and keyword-only "
                                "parameters without a default are not supported")
        # Keyword-only parameters keep their defaults (static); the others are positional.
        self._names = [n for n, p in self._sig.parameters.items() if p.kind != p.KEYWORD_ONLY]
        self._specs: dict[str, Any] | None = None
        self._cache: dict[tuple, _Entry] = {}
        self._last: _Entry | None = None
        self._entry_name = fn.__name__ if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$.]*",
                                                       fn.__name__) else "main"
        self._filename = f"<jit {fn.__qualname__}>"

    # ---- calling ------------------------------------------------------------------------------

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs or len(args) != len(self._names):
            args = self._bind_kwargs(args, kwargs)
        key = tuple([(a.dtype, a.shape) if type(a) is np.ndarray else _static_key(a)
                     for a in args])
        entry = self._cache.get(key)
        if entry is None:
            entry = self._compile(args, key)
        self._last = entry
        try:
            outs = entry.run(args if entry.all_args and len(args) == len(entry.array_pos)
                             else [args[i] for i in entry.array_pos], False)
        except _core.Error as e:
            c = entry.compiled
            raise _translate(e, c.text, c.filename, run=True) from None
        return outs[0] if entry.single else tuple(outs)

    def _bind_kwargs(self, args: tuple, kwargs: dict[str, Any]) -> tuple:
        try:
            b = self._sig.bind(*args, **kwargs)
        except TypeError as e:
            raise InputError(f"{self.fn.__name__}: {e}") from None
        if any(k not in self._names for k in kwargs):
            raise InputError(f"{self.fn.__name__}: keyword-only parameters keep their defaults "
                             "under @ts.jit")
        b.apply_defaults()
        return tuple(b.args)

    # ---- tracing ------------------------------------------------------------------------------

    def _annotations(self) -> dict[str, Any]:
        if self._specs is None:
            try:
                hints = typing.get_type_hints(self.fn)
            except Exception:  # noqa: BLE001 - annotations that are not ours are ignored
                hints = {}
            self._specs = {k: v for k, v in hints.items() if isinstance(v, TensorSpec)}
        return self._specs

    def _compile(self, args: tuple, key: tuple) -> _Entry:
        for a in args:
            hook = ARG_HOOKS.get(type(a))
            if hook is not None:  # e.g. an SPMD function on a mesh (ts.dist)
                compiled, pos, single, text = hook[1](self, args)
                entry = self._cache[key] = _Entry(compiled, text, tuple(pos), single, {})
                return entry
        if len(args) != len(self._names):
            raise InputError(f"{self.fn.__name__}() takes {len(self._names)} arguments, "
                             f"got {len(args)}")
        args = tuple(_as_array(a) if _is_arraylike(a) else a for a in args)
        specs = self._annotations()
        bindings: dict[str, tuple[int, str, int]] = {}
        params: list[str] = []
        values: list[Any] = []
        array_pos: list[int] = []
        with Tracer() as tracer:
            for i, (name, a) in enumerate(zip(self._names, args)):
                if not isinstance(a, np.ndarray):
                    values.append(a)
                    continue
                spec = specs.get(name)
                dtype = dtype_of_numpy(a.dtype)
                if dtype is None:
                    raise InputError(f"{self.fn.__name__}: argument '{name}' has numpy dtype "
                                     f"{a.dtype}, which has no Tessera type")
                policy: Policy | None = None
                if spec is not None:
                    policy = self._check_arg(name, a, spec, bindings)
                ssa = "%" + name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else f"%arg{i}"
                t = tensor_type(a.shape, dtype)
                params.append(f"{ssa}: {t}")
                values.append(Value(ssa, t, policy))
                array_pos.append(i)
            out = self.fn(*values)
            single = not isinstance(out, (tuple, list))
            outs = [out] if single else list(out)
            for k, o in enumerate(outs):
                if not isinstance(o, Value):
                    raise VerifyError(self._def_loc(
                        f"result #{k} of {self.fn.__name__} is a {type(o).__name__}, "
                        "not a traced tensor"))
            self._check_return(outs, bindings)
            ret_types = ", ".join(o.type for o in outs)
            lines = tracer.lines
        defloc = self._def_location()
        text = "\n".join([
            "module {",
            *tracer.__dict__.get("funcs", []),  # kernels launched by the trace (@ts.kernel)
            f"  func.func @{self._entry_name}({', '.join(params)}) -> ({ret_types}) {{",
            *lines,
            f"    return {', '.join(o.name for o in outs)} : {ret_types} {loc_text(defloc)}",
            "  }",
            "}",
            "",
        ])
        compiled = self._compile_text(text)
        entry = _Entry(compiled, text, tuple(array_pos), single,
                       {k: v[0] for k, v in bindings.items()})
        self._cache[key] = entry
        return entry

    def _compile_text(self, text: str) -> Compiled:
        return compile_module(text, self._entry_name, filename=self._filename,
                              backend=self.backend, threads=self.threads, check=self.check,
                              schedule_seed=self.schedule_seed)

    def _check_arg(self, name: str, a: np.ndarray, spec: TensorSpec,
                   bindings: dict[str, tuple[int, str, int]]) -> Policy | None:
        fn = self.fn.__name__
        want = spec.dtype
        if want is not None and a.dtype != want.numpy:
            raise InputError(f"{fn}: argument '{name}' must hold {want!r} (numpy dtype "
                             f"{want.numpy}), got {a.dtype}")
        if spec.dims and len(spec.dims) != a.ndim:
            raise InputError(f"{fn}: argument '{name}' must have rank {len(spec.dims)} "
                             f"({spec!r}), got shape {a.shape}")
        for axis, (d, n) in enumerate(zip(spec.dims, a.shape)):
            _bind_dim(fn, d, n, name, axis, bindings)
        return spec.policy if spec.policy is not None and (
            spec.policy.accum or spec.policy.rounding or spec.policy.loss_scale) else None

    def _check_return(self, outs: list[Value], bindings: dict[str, tuple[int, str, int]]) -> None:
        ann = self._annotations().get("return")
        if ann is None:
            return
        if len(outs) != 1:
            raise VerifyError(self._def_loc(
                f"{self.fn.__name__} is annotated to return one tensor but returns {len(outs)}"))
        o = outs[0]
        if ann.dtype is not None and o.dtype is not ann.dtype:
            raise VerifyError(self._def_loc(
                f"{self.fn.__name__} returns {o.dtype!r} but is annotated {ann!r}"))
        if ann.dims and len(ann.dims) != len(o.shape):
            raise VerifyError(self._def_loc(
                f"{self.fn.__name__} returns shape {o.shape} but is annotated {ann!r}"))
        try:
            for axis, (d, n) in enumerate(zip(ann.dims, o.shape)):
                _bind_dim(self.fn.__name__, d, n, "the result", axis, bindings)
        except InputError as e:
            raise VerifyError(self._def_loc(str(e))) from None

    def _def_location(self) -> tuple[str, int, int]:
        code = self.fn.__code__
        return (code.co_filename, code.co_firstlineno, 1)

    def _def_loc(self, msg: str) -> str:
        return located(self._def_location(), msg)

    # ---- inspection ---------------------------------------------------------------------------

    def trace(self, *args: Any) -> str:
        """The Graph IR module for these arguments (traced and verified, not run)."""
        key = tuple((a.dtype, a.shape) if type(a) is np.ndarray else _static_key(a) for a in args)
        entry = self._cache.get(key) or self._compile(args, key)
        return entry.text

    def inspect_ir(self, level: str = "graph", *args: Any) -> str:
        """The program at `level` ("graph", "schedule", "tile", "target") for `args`, or for the
        last call. Levels below Graph IR come from the build's level table (`_core.levels()`)."""
        if level not in _LEVELS:
            raise ValueError(f"level must be one of {', '.join(_LEVELS)}, got {level!r}")
        if args:
            text = self.trace(*args)
        elif self._last is not None:
            text = self._last.text
        else:
            raise TesseraError(f"{self.fn.__name__} has not been called or traced yet: "
                               "pass example arguments to inspect_ir")
        if level == "graph":
            return text
        # The level table of the build (core/transforms/levels.h): graph-to-schedule,
        # schedule-to-tile, tile-to-target, verified after each pass.
        try:
            return _core.lower_to_level(text, level, self._filename)
        except _core.Error as e:
            raise TesseraError(f"lowering {self.fn.__name__} to {level.capitalize()} IR: "
                               f"{str(e).strip()}") from None

    def __repr__(self) -> str:
        return f"<ts.jit {self.fn.__qualname__} backend={self.backend!r}>"


def _bind_dim(fn: str, d: str | int, n: int, name: str, axis: int,
              bindings: dict[str, tuple[int, str, int]]) -> None:
    if isinstance(d, int):
        if d != n:
            raise InputError(f"{fn}: dimension {axis} of '{name}' must be {d}, got {n}")
        return
    prev = bindings.get(d)
    if prev is None or prev[0] == 1:
        bindings[d] = (n, name, axis)
    elif n != 1 and n != prev[0]:
        raise InputError(f"{fn}: dimension '{d}' is {prev[0]} in '{prev[1]}' (axis {prev[2]}) "
                         f"but {n} in '{name}' (axis {axis})")


def _static_key(a: Any) -> Any:
    hook = ARG_HOOKS.get(type(a))
    if hook is not None:
        return hook[0](a)
    if _is_arraylike(a):
        arr = _as_array(a)
        return (arr.dtype, arr.shape)
    try:
        hash(a)
    except TypeError:
        raise InputError(f"argument {a!r} is neither an array nor a hashable static value") \
            from None
    return ("static", type(a), a)


def _is_arraylike(a: Any) -> bool:
    return isinstance(a, np.ndarray) or hasattr(a, "__array__") or isinstance(a, list)


def _as_array(a: Any) -> np.ndarray:
    return a if type(a) is np.ndarray else np.asarray(a)


def jit(fn: Callable[..., Any] | None = None, *, backend: str = "reference",
        threads: int | None = None, check: str | None = None,
        schedule_seed: int | None = None) -> Any:
    """`@ts.jit` or `@ts.jit(backend="cuda")`: trace into Graph IR per input signature.

    backend: "reference" (the interpreter, default), "cuda" (where the CUDA plugin loads), or a
    path to any backend plugin (.so)."""
    if backend not in ("reference",) and not isinstance(backend, str):
        raise BackendError(f"backend must be a name or a path, got {backend!r}")

    def wrap(f: Callable[..., Any]) -> JitFunction:
        return JitFunction(f, backend=backend, threads=threads, check=check,
                           schedule_seed=schedule_seed)

    return wrap(fn) if fn is not None else wrap
