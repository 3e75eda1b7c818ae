"""Independent numpy model of the mesh semantics in docs/collectives.md (not the interpreter).

Ranks are row-major over the mesh axes. A collective over axes A forms one group per assignment of
the other coordinates; the group rank is row-major over A in mesh order. Reductions fold in group
rank order, rounding to the element type after every step (low-precision floats combine in
float32). Float avg multiplies each input by T(1/n) rounded to T, then sums; integer avg sums
wrapping and divides truncating toward zero.
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import ml_dtypes
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "conformance" / "gen"))
from casefile import round_f64_to  # noqa: E402  (exact f64 -> narrow rounding)

LOW = {np.dtype(ml_dtypes.bfloat16), np.dtype(np.float16), np.dtype(ml_dtypes.float8_e4m3fn),
       np.dtype(ml_dtypes.float8_e5m2)}


class Mesh:
    def __init__(self, axes, shape):
        self.axes, self.shape = list(axes), list(shape)
        self.size = int(np.prod(shape))

    def coords(self, rank):
        return list(np.unravel_index(rank, self.shape))

    def rank_of(self, coords):
        return int(np.ravel_multi_index(coords, self.shape))

    def groups(self, axes):
        """List of groups, each a list of global ranks in group-rank order."""
        idx = sorted(self.axes.index(a) for a in axes)
        others = [k for k in range(len(self.shape)) if k not in idx]
        out = []
        for fixed in itertools.product(*[range(self.shape[k]) for k in others]):
            members = []
            for named in itertools.product(*[range(self.shape[k]) for k in idx]):
                c = [0] * len(self.shape)
                for k, v in zip(others, fixed):
                    c[k] = v
                for k, v in zip(idx, named):
                    c[k] = v
                members.append(self.rank_of(c))
            out.append(members)
        return out


def _combine(op, a, b):
    if op in ("sum", "avg"):
        return a + b
    if op == "prod":
        return a * b
    if op == "max":
        return np.maximum(a, b)
    return np.minimum(a, b)


def fold(op, arrays):
    """Reduction of arrays (group-rank order) with the documented order and rounding."""
    dt = arrays[0].dtype
    n = len(arrays)
    if dt.kind in "iu":
        with np.errstate(over="ignore"):
            acc = arrays[0].copy()
            for x in arrays[1:]:
                acc = _combine(op, acc, x).astype(dt)
        if op == "avg":
            flat = [int(v) for v in acc.ravel()]
            q = [(abs(v) // n) * (1 if v >= 0 else -1) for v in flat]
            acc = np.array(q, dtype=dt).reshape(acc.shape)
        return acc
    low = dt in LOW
    work = np.float32 if low else dt.type
    if op == "avg":
        if low:
            scale = np.float32(round_f64_to(np.array([1.0 / n]), dt).astype(np.float32)[0])
        else:
            scale = work(1) / work(n)
        arrays = [(x.astype(work) * scale).astype(dt) for x in arrays]
    acc = arrays[0].astype(work)
    for x in arrays[1:]:
        acc = _combine(op, acc, x.astype(work)).astype(dt).astype(work)
    return acc.astype(dt)


def all_reduce(mesh, axes, op, xs):
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        r = fold(op, [xs[i] for i in g])
        for i in g:
            out[i] = r
    return out


def all_gather(mesh, axes, dim, xs):
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        r = np.concatenate([xs[i] for i in g], axis=dim)
        for i in g:
            out[i] = r
    return out


def reduce_scatter(mesh, axes, op, dim, xs):
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        full = fold(op, [xs[i] for i in g])
        for k, i in enumerate(g):
            out[i] = np.split(full, len(g), axis=dim)[k]
    return out


def all_to_all(mesh, axes, split_dim, concat_dim, xs):
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        blocks = {i: np.split(xs[i], len(g), axis=split_dim) for i in g}
        for k, i in enumerate(g):
            out[i] = np.concatenate([blocks[j][k] for j in g], axis=concat_dim)
    return out


def broadcast(mesh, axes, root, xs):
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        for i in g:
            out[i] = xs[g[root]]
    return out


def reduce(mesh, axes, op, root, xs):
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        r = fold(op, [xs[i] for i in g])
        for k, i in enumerate(g):
            out[i] = r if k == root else np.zeros_like(xs[i])
    return out


def gather(mesh, axes, dim, root, xs):
    full = all_gather(mesh, axes, dim, xs)
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        for k, i in enumerate(g):
            out[i] = full[i] if k == root else np.zeros_like(full[i])
    return out


def scatter(mesh, axes, dim, root, xs):
    out = [None] * mesh.size
    for g in mesh.groups(axes):
        parts = np.split(xs[g[root]], len(g), axis=dim)
        for k, i in enumerate(g):
            out[i] = parts[k]
    return out


def ppermute(mesh, axes, pairs, xs):
    out = [np.zeros_like(x) for x in xs]
    for g in mesh.groups(axes):
        for s, d in pairs:
            out[g[d]] = xs[g[s]]
    return out


def shard(mesh, global_array, dim_axes):
    """Per-rank blocks of a global array; dim_axes[d] = list of mesh axes sharding dim d."""
    out = []
    for r in range(mesh.size):
        c = mesh.coords(r)
        sl = []
        for d, axes in enumerate(dim_axes):
            n, idx = 1, 0
            for a in axes:
                k = mesh.axes.index(a)
                n *= mesh.shape[k]
                idx = idx * mesh.shape[k] + c[k]
            size = global_array.shape[d] // n
            sl.append(slice(idx * size, (idx + 1) * size))
        out.append(global_array[tuple(sl)])
    return out
