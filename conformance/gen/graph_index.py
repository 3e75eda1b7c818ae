#!/usr/bin/env python3
"""Generator: gather, scatter, embedding and topk case files (docs/ops/graph/indexing.md).

Oracles, independent of the interpreter: numpy's np.take (gather, embedding), the spec's loop
over the updates in C order (scatter; np.add.at agrees on the sums), and a Python sort by the
spec's total order (topk: NaN above +Inf, -0 == +0, ties by position), which on distinct values
agrees with np.argsort(kind="stable"). All cases move or select elements: `bitexact`.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module  # noqa: E402


def case_file(op, header):
    return CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", f"{op}.mlir"),
                    generator=__file__, header=header)


def dt(a):
    return mlir_type(a)[7:-1].split("x")[-1]


def gather_file(rng):
    cf = case_file("gather", "tessera.gather: np.take along an axis.")

    def add(name, src, idx, axis=None, note=""):
        want = np.take(src, idx.astype(np.int64), axis=0 if axis is None else axis)
        attrs = "" if axis is None else f"axis = {axis}"
        prog = op_module("tessera.gather", [src, idx], want, attrs, names=["%src", "%idx"])
        cf.add_case(name, prog, [src, idx], [want], note=note,
                    requires=["op=tessera.gather", f"dtype={dt(src)}", "level=graph"])

    src = rng.standard_normal((6, 5)).astype(np.float32)
    add("rows_f32", src, np.array([5, 0, 2, 2], np.int32), note="Duplicate indices.")
    add("axis1_2d_idx_f32", src, np.array([[4, 0], [1, 1], [3, 2]], np.int64), axis=1)
    add("axis_neg_3d_f64", rng.standard_normal((2, 3, 4)), np.array([3, 0], np.uint8), axis=-1)
    add("bf16_rows", src.astype(ml_dtypes.bfloat16), np.array([1, 3], np.int16),
        note="Low-precision data moves as stored bits.")
    add("int64_data", rng.integers(-9, 9, (4, 3)).astype(np.int64), np.array([3, 1], np.int32))
    add("empty_idx_f32", src, np.zeros((0,), np.int32))
    add("scalar_idx_f32", src, np.array(4, np.int32), note="A rank-0 index drops the axis.")
    big = rng.standard_normal((300, 16)).astype(np.float32)
    add("rows_300x16_f32", big, rng.integers(0, 300, 40).astype(np.int32))
    cf.write()


def embedding_file(rng):
    cf = case_file("embedding", "tessera.embedding: table rows by id.")

    def add(name, table, ids, note=""):
        want = table[ids.astype(np.int64)]
        prog = op_module("tessera.embedding", [table, ids], want, names=["%table", "%ids"])
        cf.add_case(name, prog, [table, ids], [want], note=note,
                    requires=["op=tessera.embedding", f"dtype={dt(table)}", "level=graph"])

    t = rng.standard_normal((10, 4)).astype(np.float32)
    add("ids_2d_f32", t, rng.integers(0, 10, (2, 3)).astype(np.int64))
    add("bf16", t.astype(ml_dtypes.bfloat16), np.array([9, 0, 9], np.int32))
    add("f64_i32", rng.standard_normal((5, 3)), np.array([[4], [2]], np.int32))
    cf.write()


def scatter_ref(dst, idx, upd, axis, add):
    out = dst.copy()
    a = axis % dst.ndim
    for pos in np.ndindex(*upd.shape):
        p, q, s = pos[:a], pos[a:a + idx.ndim], pos[a + idx.ndim:]
        tgt = p + (int(idx[q]),) + s
        with np.errstate(over="ignore"):  # integer adds wrap around, as the spec says
            out[tgt] = out[tgt] + upd[pos] if add else upd[pos]
    return out


def scatter_file(rng):
    cf = case_file("scatter", "tessera.scatter: updates in C order (last wins, or sequential adds).")

    def add(name, dst, idx, upd, axis=None, reduction=None, note=""):
        ax = 0 if axis is None else axis
        want = scatter_ref(dst, idx, upd, ax, reduction == "add")
        attrs = ", ".join(x for x in (f"axis = {axis}" if axis is not None else "",
                                      f'reduction = "{reduction}"' if reduction else "") if x)
        prog = op_module("tessera.scatter", [dst, idx, upd], want, attrs,
                         names=["%dst", "%idx", "%upd"])
        cf.add_case(name, prog, [dst, idx, upd], [want], note=note,
                    requires=["op=tessera.scatter", f"dtype={dt(dst)}", "level=graph"])

    d = rng.standard_normal((5, 3)).astype(np.float32)
    idx = np.array([4, 1, 4], np.int32)
    add("set_dup_last_wins_f32", d, idx, rng.standard_normal((3, 3)).astype(np.float32),
        note="Index 4 twice: the later update (C order) wins.")
    add("add_dup_f32", d, idx, rng.standard_normal((3, 3)).astype(np.float32), reduction="add")
    add("add_axis1_f64", rng.standard_normal((2, 6)), np.array([[0, 5], [5, 5]], np.int64),
        rng.standard_normal((2, 2, 2)), axis=1, reduction="add",
        note="Three adds into column 5 of each row, in C order of the updates.")
    add("add_order_f32", np.zeros(1, np.float32), np.zeros(3, np.int32),
        np.array([1e8, 1.0, -1e8], np.float32), reduction="add",
        note="(0 + 1e8) + 1 rounds the 1 away: only the sequential order gives 0.")
    add("add_wrap_i32", np.array([2**31 - 1, 5], np.int32), np.array([0, 0], np.int32),
        np.array([1, 1], np.int32), reduction="add", note="Integer adds wrap around.")
    add("set_i1", np.zeros(4, np.bool_), np.array([3, 0], np.int8), np.ones(2, np.bool_))
    cf.write()


def topk_ref(x, k, axis, largest):
    xm = np.moveaxis(x, axis, -1)
    vals = np.empty(xm.shape[:-1] + (k,), x.dtype)
    idx = np.empty(xm.shape[:-1] + (k,), np.int64)
    for r in np.ndindex(*xm.shape[:-1]):
        row = xm[r]

        def key(j):
            v = row[j]
            rank = (1, 0.0) if np.isnan(v) else (0, float(v))
            rank = rank if not largest else (-rank[0], -rank[1])
            return rank + (j,)

        order = sorted(range(row.shape[0]), key=key)[:k]
        vals[r] = row[order]
        idx[r] = order
    return np.moveaxis(vals, -1, axis), np.moveaxis(idx, -1, axis)


def topk_file(rng):
    cf = case_file("topk", "tessera.topk: values and positions; NaN above all, ties by position.")

    def add(name, x, k, axis=None, largest=None, note=""):
        ax = -1 if axis is None else axis
        wv, wi = topk_ref(x, k, ax, True if largest is None else largest)
        attrs = ", ".join(a for a in (f"k = {k}", f"axis = {axis}" if axis is not None else "",
                                      "" if largest is None else f"largest = {str(largest).lower()}")
                          if a)
        prog = op_module("tessera.topk", [x], [wv, wi], attrs, names=["%x"])
        cf.add_case(name, prog, [x], [wv, wi], note=note,
                    requires=["op=tessera.topk", f"dtype={dt(x)}", "level=graph"])

    x = rng.standard_normal((4, 9)).astype(np.float32)
    add("rows_f32", x, 3)
    distinct = rng.standard_normal((3, 20))
    _, wi = topk_ref(distinct, 5, -1, True)
    assert np.array_equal(wi, np.argsort(-distinct, axis=-1, kind="stable")[:, :5])
    add("rows_f64", distinct, 5)
    ties = np.array([[1, 3, 3, 2, 3, 1], [0, 0, 0, 0, 0, 0]], np.float32)
    add("ties_f32", ties, 4, note="Equal values keep increasing positions.")
    add("smallest_ties_f32", ties, 4, largest=False)
    sp = np.array([[1.0, np.nan, np.inf, -0.0, 0.0, np.nan, -np.inf]], np.float32)
    add("specials_largest_f32", sp, 7, note="NaNs first (by position), -0 == +0 by position.")
    add("specials_smallest_f32", sp, 7, largest=False, note="NaNs last.")
    add("axis0_f32", x, 2, axis=0)
    add("k0_f32", x, 0, note="k = 0: empty results.")
    add("bf16", x.astype(ml_dtypes.bfloat16), 2)
    cf.write()


def main():
    rng = np.random.default_rng(1810)
    gather_file(rng)
    embedding_file(rng)
    scatter_file(rng)
    topk_file(rng)


if __name__ == "__main__":
    main()
