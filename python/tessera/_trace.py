"""Tracing Python into Graph IR: traced values, the op emitter and source locations.

Each op is written in MLIR's generic form with a trailing `loc("file.py":line:col)` naming the
user's line (the first frame outside this package). Result types come from the op's own infer
hook in the op table (`_core.infer`), so tracing and the verifier agree by construction.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any, Sequence

import numpy as np

from . import _core
from ._errors import VerifyError
from ._types import DType, Policy, dtype_from_mlir

__all__ = ["Value", "Tracer", "current", "user_location", "format_attrs", "parse_type"]

_PKG_DIR = os.path.dirname(os.path.abspath(__file__))
_state = threading.local()


def current() -> Tracer:
    t = getattr(_state, "tracer", None)
    if t is None:
        raise VerifyError(
            "this ts operation works on traced values: call it inside a @ts.jit function"
        )
    return t


def user_location() -> tuple[str, int, int]:
    """(file, line, column) of the innermost frame outside the tessera package."""
    f = sys._getframe(1)
    while f is not None and os.path.dirname(os.path.abspath(f.f_code.co_filename)) == _PKG_DIR:
        f = f.f_back
    if f is None:
        return ("<unknown>", 0, 0)
    col = 1
    try:
        pos = list(f.f_code.co_positions())[f.f_lasti // 2]
        if pos[2] is not None:
            col = pos[2] + 1
    except (AttributeError, IndexError):
        pass
    return (f.f_code.co_filename, f.f_lineno or 0, col)


def parse_type(t: str) -> tuple[tuple[int, ...], DType]:
    """("tensor<4x8xf32>") -> ((4, 8), ts.f32)."""
    if not t.startswith("tensor<") or not t.endswith(">"):
        raise VerifyError(f"unsupported traced type {t}")
    parts = t[len("tensor<") : -1].split("x")
    return tuple(int(p) for p in parts[:-1]), dtype_from_mlir(parts[-1])


def tensor_type(shape: Sequence[int], dtype: DType) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype.mlir + ">"


def _attr(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not np.isfinite(v):
            raise VerifyError(located(user_location(), f"attribute value {v} is not finite"))
        r = repr(v)
        if "e" in r and "." not in r.split("e")[0]:  # MLIR float literals need a '.'
            m, e = r.split("e")
            r = f"{m}.0e{e}"
        return r
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_attr(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_attr(x)}" for k, x in v.items()) + "}"
    if isinstance(v, _Raw):
        return v.text
    raise TypeError(f"cannot write {v!r} as an attribute")


class _Raw:
    """Attribute text written as is (dense<...> : tensor<...>)."""

    def __init__(self, text: str) -> None:
        self.text = text


def format_attrs(attrs: dict[str, Any]) -> str:
    items = {k: v for k, v in attrs.items() if v is not None}
    if not items:
        return ""
    return "{" + ", ".join(f"{k} = {_attr(v)}" for k, v in items.items()) + "}"


class Value:
    """A tensor inside a traced function: Python operators and methods emit Graph IR ops."""

    __slots__ = ("name", "type", "shape", "dtype", "policy", "__weakref__")
    __array_priority__ = 1000  # numpy scalars defer to our reflected operators

    def __init__(self, name: str, type_: str, policy: Policy | None = None) -> None:
        self.name = name
        self.type = type_
        if type_ == "index" or type_.startswith("!"):  # a handle (ts.neighbors.stencil/topology)
            self.shape, self.dtype = (), None
        else:
            self.shape, self.dtype = parse_type(type_)
        self.policy = policy

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __repr__(self) -> str:
        return f"<traced {self.name}: {self.type}>"

    def __bool__(self) -> bool:
        raise VerifyError(
            "a traced tensor has no truth value while tracing; use ts.where(cond, a, b) "
            "(elementwise) or ts.cond(pred, true_fun, false_fun, *operands)"
        )

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a rank-0 tensor")
        return self.shape[0]

    def __iter__(self):  # type: ignore[no-untyped-def]
        raise VerifyError("iterating over a traced tensor is not supported; index or slice it")


class Tracer:
    """Collects the ops of one function being traced."""

    def __init__(self, scope: set[str] | None = None) -> None:
        self.lines: list[str] = []
        self._n = 0
        self._consts: dict[tuple, Value] = {}
        #: For a function body traced by ts.fori_loop & co: the names defined in it (its
        #: parameters, then every result); an operand outside it is an error. None: no check.
        self.scope = scope

    def _check_scope(self, vals: Sequence[Value], loc: tuple[str, int, int]) -> None:
        if self.scope is None:
            return
        for v in vals:
            if v.name not in self.scope:
                raise VerifyError(located(
                    loc, f"{v.name} is a traced value from outside this loop or branch body: "
                    "pass it in as a loop carry or a ts.cond operand"))

    def __enter__(self) -> Tracer:
        self._outer = getattr(_state, "tracer", None)
        _state.tracer = self
        return self

    def __exit__(self, *exc: Any) -> None:
        _state.tracer = self._outer

    def fresh(self) -> str:
        self._n += 1
        return f"%v{self._n}"

    def emit(
        self,
        op: str,
        operands: Sequence[Value],
        attrs: dict[str, Any] | None = None,
        declared: Sequence[str] = (),
        policy: Policy | None = None,
        loc: tuple[str, int, int] | None = None,
        typed: bool = False,
    ) -> list[Value]:
        """Writes `op` and returns its results, typed by the op's infer hook (or, with `typed`,
        by `declared` as given: ops whose hook needs the module, like tessera.control_*)."""
        loc = loc or user_location()
        attrs = dict(attrs or {})
        extra = self.__dict__.get("extra_attrs")
        if extra:  # ts.checkpoint marks every op traced inside it (autodiff.checkpoint)
            attrs.update(extra)
        attr_text = format_attrs(attrs)
        types = [v.type for v in operands]
        self._check_scope(operands, loc)
        if typed:
            results = list(declared)  # checked when the module verifies (symbol operands)
        else:
            try:
                results = _infer(op, tuple(types), attr_text, tuple(declared))
            except _core.Error as e:
                raise VerifyError(located(loc, str(e).strip())) from None
        names = [self.fresh() for _ in results]
        if self.scope is not None:
            self.scope.update(names)
        lhs = (", ".join(names) + " = ") if names else ""
        res = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
        self.lines.append(
            f'    {lhs}"{op}"({", ".join(v.name for v in operands)}) {attr_text} : '
            f"({', '.join(types)}) -> {res} {loc_text(loc)}"
        )
        return [Value(n, t, policy) for n, t in zip(names, results)]

    def constant(self, value: Any, dtype: DType, shape: Sequence[int] = ()) -> Value:
        """A splat constant (rank 0 unless `shape` is given)."""
        key = (repr(value), dtype.name, tuple(shape))
        hit = self._consts.get(key)
        if hit is not None:
            return hit
        if dtype.is_float and not (dtype.mlir in ("f32", "f64") and np.isfinite(float(value))):
            # The text format takes these as a hex blob of little-endian bytes: write one
            # element and broadcast it.
            raw = np.asarray(float(value)).astype(dtype.numpy).astype(dtype.numpy.newbyteorder("<"))
            lit = '"0x' + raw.tobytes().hex().upper() + '"'
            (v,) = self.emit("tessera.constant", [],
                             {"value": _Raw(f"dense<{lit}> : {tensor_type((), dtype)}")})
            if shape:
                (v,) = self.emit("tessera.broadcast", [v], {"broadcast_dimensions": []},
                                 [tensor_type(shape, dtype)])
            self._consts[key] = v
            return v
        t = tensor_type(shape, dtype)
        if dtype.is_float:
            lit = _attr(float(value))
        elif dtype.name == "bool_":
            lit = "true" if value else "false"
        else:
            lit = str(int(value))
        (v,) = self.emit("tessera.constant", [], {"value": _Raw(f"dense<{lit}> : {t}")})
        self._consts[key] = v
        return v


_infer_cache: dict[tuple, list[str]] = {}


def _infer(op: str, types: tuple, attrs: str, declared: tuple) -> list[str]:
    key = (op, types, attrs, declared)
    hit = _infer_cache.get(key)
    if hit is None:
        hit = list(_core.infer(op, list(types), attrs, list(declared)))
        if len(_infer_cache) > 100_000:
            _infer_cache.clear()
        _infer_cache[key] = hit
    return hit


def loc_text(loc: tuple[str, int, int]) -> str:
    f = loc[0].replace("\\", "\\\\").replace('"', '\\"')
    return f'loc("{f}":{loc[1]}:{loc[2]})'


def located(loc: tuple[str, int, int], msg: str) -> str:
    """`file:line:col: error: msg`, the Python source line and a caret."""
    import linecache

    head = msg if msg.startswith("error:") else "error: " + msg
    out = f"{loc[0]}:{loc[1]}:{loc[2]}: {head}"
    src = linecache.getline(loc[0], loc[1]).rstrip("\n")
    if src:
        out += "\n" + src + "\n" + " " * max(loc[2] - 1, 0) + "^"
    return out
