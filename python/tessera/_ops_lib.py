"""The guide's library primitives under its names: indexing (`ts.gather`, `ts.scatter`,
`ts.embedding`, `ts.topk`), `ts.cross_entropy`, random numbers (`ts.randn`, `ts.poisson`,
`ts.random.*`), optimiser steps (`ts.sgd`, `ts.adam`, `ts.adamw`), `ts.kv_cache.*`,
`ts.grouped_gemm`, linear algebra (`ts.cholesky`, `ts.svd`, `ts.spmm`, `ts.linalg.*`) and
spectral ops (`ts.fft`, `ts.ifft`, `ts.fft2d`, `ts.fft.*`). Each traces to the Graph IR op of
docs/ops/graph/ it names (docs/python.md, "Library primitives").
"""

from __future__ import annotations

from typing import Any, Sequence

from ._ops import _as_value, _emit1
from ._trace import Value, current, tensor_type
from ._types import as_dtype, f32, int64


def _int_operand(x: Any) -> Value:
    """A rank-0 integer operand: a traced value, or a Python int as an i64 constant."""
    if isinstance(x, Value):
        return x
    return current().constant(int(x), int64)


def _f(x: float | None) -> float | None:
    return None if x is None else float(x)


def _emit(op: str, operands: Sequence[Value], attrs: dict[str, Any],
          declared: Sequence[str] = ()) -> tuple[Value, ...]:
    return tuple(current().emit(op, operands, attrs, declared))


# ---- indexing (docs/ops/graph/indexing.md) ----------------------------------------------------


def gather(source: Any, indices: Any, axis: int = 0) -> Value:
    """tessera.gather: numpy.take(source, indices, axis)."""
    return _emit1("tessera.gather", [_as_value(source, None), _as_value(indices, None)],
                  {"axis": axis})


def scatter(dest: Any, indices: Any, updates: Any, axis: int = 0,
            reduction: str = "none") -> Value:
    """tessera.scatter: a copy of `dest` with the slices `indices` along `axis` replaced by (or,
    with reduction="add", increased by) `updates`."""
    return _emit1("tessera.scatter", [_as_value(dest, None), _as_value(indices, None),
                                      _as_value(updates, None)],
                  {"axis": axis, "reduction": reduction})


def embedding(table: Any, ids: Any) -> Value:
    """tessera.embedding: rows `ids` of `table` [V, D] (result shape ids.shape + [D])."""
    return _emit1("tessera.embedding", [_as_value(table, None), _as_value(ids, None)])


def topk(x: Any, k: int, axis: int = -1, largest: bool = True) -> tuple[Value, Value]:
    """tessera.topk: (values, i64 indices) of the k largest (smallest) elements along `axis`,
    ties by position, lower first."""
    v, i = _emit("tessera.topk", [_as_value(x, None)],
                 {"k": int(k), "axis": axis, "largest": largest})
    return v, i


# ---- loss -------------------------------------------------------------------------------------


def cross_entropy(logits: Any, labels: Any, reduction: str = "mean") -> Value:
    """tessera.cross_entropy: -log_softmax(logits)[label] per row, then mean / sum / none."""
    return _emit1("tessera.cross_entropy", [_as_value(logits, None), _as_value(labels, None)],
                  {"reduction": reduction})


# ---- random numbers (docs/ops/graph/random.md) ------------------------------------------------


def _random(op: str, shape: Sequence[int], dtype: Any, seed: int, stream: int, offset: Any,
            attrs: dict[str, Any]) -> Value:
    ops = [] if offset is None else [_int_operand(offset)]
    a = {"seed": int(seed), "stream": int(stream) or None, **attrs}
    (r,) = _emit(op, ops, a, [tensor_type([int(s) for s in shape], as_dtype(dtype))])
    return r


def uniform(shape: Sequence[int], *, seed: int, stream: int = 0, low: float = 0.0,
            high: float = 1.0, dtype: Any = f32, offset: Any = None) -> Value:
    """tessera.uniform: Philox4x32-10 numbers in [low, high) keyed by (seed, stream, index)."""
    return _random("tessera.uniform", shape, dtype, seed, stream, offset,
                   {"low": float(low), "high": float(high)})


def randn(shape: Sequence[int], *, seed: int, stream: int = 0, mean: float = 0.0,
          stddev: float = 1.0, dtype: Any = f32, offset: Any = None) -> Value:
    """tessera.randn: normal numbers (Box-Muller on the Philox stream)."""
    return _random("tessera.randn", shape, dtype, seed, stream, offset,
                   {"mean": float(mean), "stddev": float(stddev)})


normal = randn


def poisson(shape: Sequence[int], lam: float, *, seed: int, stream: int = 0,
            dtype: Any = f32, offset: Any = None) -> Value:
    """tessera.poisson: Poisson(lam) counts (inversion on the Philox stream), lam <= 256."""
    return _random("tessera.poisson", shape, dtype, seed, stream, offset, {"lam": float(lam)})


def dropout(x: Any, p: float = 0.5, *, seed: int, stream: int = 0, training: bool = True,
            offset: Any = None) -> Value:
    """tessera.dropout: zero each element with probability p, scale the others by 1/(1-p)."""
    ops = [_as_value(x, None)] + ([] if offset is None else [_int_operand(offset)])
    return _emit1("tessera.dropout", ops, {"p": float(p), "seed": int(seed),
                                           "stream": int(stream) or None,
                                           "training": None if training else False})


# ---- optimiser steps (docs/ops/graph/optimizers.md) -------------------------------------------


def sgd(param: Any, grad: Any, *, lr: float, weight_decay: float | None = None) -> Value:
    """tessera.sgd: param - lr * (grad + weight_decay * param)."""
    p = _as_value(param, None)
    return _emit1("tessera.sgd", [p, _as_value(grad, p)],
                  {"lr": float(lr), "weight_decay": _f(weight_decay)})


def _adam(op: str, param: Any, grad: Any, m: Any, v: Any, step: Any, attrs: dict[str, Any]
          ) -> tuple[Value, Value, Value]:
    p = _as_value(param, None)
    ops = [p, _as_value(grad, p), _as_value(m, p), _as_value(v, p)]
    if isinstance(step, Value):
        ops.append(step)
    else:
        attrs["step"] = int(step)
    r = _emit(op, ops, attrs)
    return r[0], r[1], r[2]


def adam(param: Any, grad: Any, m: Any, v: Any, *, lr: float, step: Any, beta1: float = 0.9,
         beta2: float = 0.999, eps: float = 1e-8) -> tuple[Value, Value, Value]:
    """tessera.adam: (new param, new m, new v); `step` (1-based) is an int or a traced rank-0
    integer tensor."""
    return _adam("tessera.adam", param, grad, m, v, step,
                 {"lr": float(lr), "beta1": float(beta1), "beta2": float(beta2),
                  "eps": float(eps)})


def adamw(param: Any, grad: Any, m: Any, v: Any, *, lr: float, step: Any, beta1: float = 0.9,
          beta2: float = 0.999, eps: float = 1e-8, weight_decay: float = 0.01
          ) -> tuple[Value, Value, Value]:
    """tessera.adamw: Adam with decoupled weight decay."""
    return _adam("tessera.adamw", param, grad, m, v, step,
                 {"lr": float(lr), "beta1": float(beta1), "beta2": float(beta2),
                  "eps": float(eps), "weight_decay": float(weight_decay)})


# ---- KV cache, grouped GEMM -------------------------------------------------------------------


def kv_cache_append(cache: Any, new: Any, pos: Any, axis: int | None = None) -> Value:
    """tessera.kv_cache.append: `cache` with `new` written at position `pos` along the sequence
    axis (docs/ops/graph/kv_cache.md)."""
    c = _as_value(cache, None)
    return _emit1("tessera.kv_cache.append", [c, _as_value(new, c), _int_operand(pos)],
                  {"axis": axis})


def kv_cache_read(cache: Any, start: Any, length: int, axis: int | None = None) -> Value:
    """tessera.kv_cache.read: `length` positions of `cache` from `start` along the axis."""
    return _emit1("tessera.kv_cache.read", [_as_value(cache, None), _int_operand(start)],
                  {"axis": axis, "length": int(length)})


def grouped_gemm(x: Any, w: Any, group_sizes: Any) -> Value:
    """tessera.grouped_gemm: rows of x [M, K] in consecutive groups, group g times w[g]."""
    return _emit1("tessera.grouped_gemm", [_as_value(x, None), _as_value(w, None),
                                           _as_value(group_sizes, None)])


# ---- linear algebra, sparse, spectral (docs/ops/graph/{linalg,fft}.md) ------------------------


def cholesky(a: Any) -> Value:
    """tessera.cholesky: the lower factor L of each SPD matrix, a = L L^T."""
    return _emit1("tessera.cholesky", [_as_value(a, None)])


def tri_solve(a: Any, b: Any, *, lower: bool = True, trans: bool = False,
              unit_diag: bool = False) -> Value:
    """tessera.tri_solve: X with op(T) X = b, T the `lower` (or upper) triangle of a."""
    attrs = {"lower": False if not lower else None, "trans": True if trans else None,
             "unit_diag": True if unit_diag else None}
    return _emit1("tessera.tri_solve", [_as_value(a, None), _as_value(b, None)], attrs)


def cholesky_solve(a: Any, b: Any) -> Value:
    """tessera.cholesky_solve: X with a X = b for SPD a, through a's Cholesky factor."""
    return _emit1("tessera.cholesky_solve", [_as_value(a, None), _as_value(b, None)])


def svd(a: Any) -> tuple[Value, Value, Value]:
    """tessera.svd: (u, s, vt) of numpy.linalg.svd(a, full_matrices=False)."""
    r = _emit("tessera.svd", [_as_value(a, None)], {})
    return r[0], r[1], r[2]


def spmm(values: Any, col_indices: Any, row_ptr: Any, dense: Any) -> Value:
    """tessera.spmm: the CSR matrix (values, col_indices, row_ptr) times `dense` [K, N]."""
    return _emit1("tessera.spmm", [_as_value(values, None), _as_value(col_indices, None),
                                   _as_value(row_ptr, None), _as_value(dense, None)])


def fft(x: Any) -> Value:
    """tessera.fft along the last complex dim; complex values as a trailing (re, im) pair."""
    return _emit1("tessera.fft", [_as_value(x, None)])


def ifft(x: Any) -> Value:
    """tessera.ifft (numpy's "backward" normalisation: divides by n)."""
    return _emit1("tessera.ifft", [_as_value(x, None)])


def fft2d(x: Any) -> Value:
    """tessera.fft2d over the last two complex dims."""
    return _emit1("tessera.fft2d", [_as_value(x, None)])


class _Namespace:
    """`ts.random`, `ts.linalg`, `ts.kv_cache`, `ts.fft`: functions grouped under a name
    (`ts.fft` is also callable: the guide writes `fft(x)`)."""

    def __init__(self, name: str, call: Any = None, **fns: Any) -> None:
        self.__name__ = self.__qualname__ = f"tessera.{name}"
        self._call = call
        self.__dict__.update(fns)
        self.__all__ = sorted(fns)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._call is None:
            raise TypeError(f"{self.__name__} is not callable")
        return self._call(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{self.__name__} has no '{name}': it has "
                             + ", ".join(self.__all__))

    def __repr__(self) -> str:
        return f"<namespace {self.__name__}: {', '.join(self.__all__)}>"


random = _Namespace("random", uniform=uniform, randn=randn, normal=normal, poisson=poisson,
                    dropout=dropout)
linalg = _Namespace("linalg", cholesky=cholesky, svd=svd, spmm=spmm, tri_solve=tri_solve,
                    cholesky_solve=cholesky_solve)
kv_cache = _Namespace("kv_cache", append=kv_cache_append, read=kv_cache_read)
fft_ns = _Namespace("fft", call=fft, fft=fft, ifft=ifft, fft2=fft2d, fft2d=fft2d)

#: ts name -> Graph IR op (merged into _ops.OP_NAMES).
OP_NAMES: dict[str, str] = {
    "gather": "tessera.gather", "scatter": "tessera.scatter", "embedding": "tessera.embedding",
    "topk": "tessera.topk", "cross_entropy": "tessera.cross_entropy",
    "uniform": "tessera.uniform", "randn": "tessera.randn", "poisson": "tessera.poisson",
    "dropout": "tessera.dropout", "random.uniform": "tessera.uniform",
    "random.randn": "tessera.randn", "random.normal": "tessera.randn",
    "random.poisson": "tessera.poisson", "random.dropout": "tessera.dropout",
    "sgd": "tessera.sgd", "adam": "tessera.adam", "adamw": "tessera.adamw",
    "kv_cache.append": "tessera.kv_cache.append", "kv_cache.read": "tessera.kv_cache.read",
    "grouped_gemm": "tessera.grouped_gemm", "cholesky": "tessera.cholesky",
    "svd": "tessera.svd", "spmm": "tessera.spmm", "linalg.cholesky": "tessera.cholesky",
    "linalg.svd": "tessera.svd", "linalg.spmm": "tessera.spmm", "fft": "tessera.fft",
    "linalg.tri_solve": "tessera.tri_solve", "linalg.cholesky_solve": "tessera.cholesky_solve",
    "ifft": "tessera.ifft", "fft2d": "tessera.fft2d", "fft.fft": "tessera.fft",
    "fft.ifft": "tessera.ifft", "fft.fft2": "tessera.fft2d", "fft.fft2d": "tessera.fft2d",
}

#: the top-level ts names this module adds (besides the namespaces).
TOP_LEVEL = ("gather", "scatter", "embedding", "topk", "cross_entropy", "uniform", "randn",
             "poisson", "dropout", "sgd", "adam", "adamw", "grouped_gemm", "cholesky", "svd",
             "spmm", "ifft", "fft2d")


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
