#!/usr/bin/env python3
"""Generator: conformance/cases/graph/reduce.mlir (tessera.reduce, docs/ops/graph/reductions.md).

Oracles, independent of the interpreter:
- `seq_reduce`: the documented order written out in numpy: move the reduced axes last (in
  increasing order, so their row-major order is kept), then fold column by column in the
  accumulator type (numpy's elementwise float32/float64 add is one IEEE rounding per step).
  These cases are `bitexact`.
- float64 numpy (`np.sum`/`np.max`/... on float64 values) rounded to the output type, compared with
  a tolerance, as a check that the sequential result is the right number.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to, op_module, ieee_max, ieee_min  # noqa: E402


def norm_axes(axes, rank):
    if axes is None:
        return list(range(rank))
    return sorted(a % rank for a in axes)


def seq_reduce(x, kind, axes, keepdims=False, acc=None):
    """The spec's sequential reduction, in `acc` (default: x's type) for sum/mean."""
    ax = norm_axes(axes, x.ndim)
    kept = [d for d in range(x.ndim) if d not in ax]
    kept_shape = [x.shape[d] for d in kept]
    m = int(np.prod(kept_shape, dtype=np.int64))
    k = int(np.prod([x.shape[d] for d in ax], dtype=np.int64))
    cols = np.transpose(x, kept + ax).reshape(m, k)
    out_shape = [1 if d in ax else x.shape[d] for d in range(x.ndim)] if keepdims else kept_shape
    with np.errstate(all="ignore"):
        if kind in ("max", "min"):
            fold = ieee_max if kind == "max" else ieee_min
            r = np.full(m, -np.inf if kind == "max" else np.inf, x.dtype)
            if k:
                r = cols[:, 0].copy()
            for j in range(1, k):
                r = fold(r, cols[:, j])
            return r.reshape(out_shape)
        at = np.dtype(acc or x.dtype)
        cols = cols.astype(at)
        r = cols[:, 0].copy() if k else np.zeros(m, at)
        for j in range(1, k):
            r = r + cols[:, j]
        if kind == "mean":
            r = r / at.type(k)
        return r.astype(x.dtype).reshape(out_shape)


def f64_reduce(x, kind, axes, keepdims=False):
    ax = tuple(norm_axes(axes, x.ndim))
    fn = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min}[kind]
    r = fn(x.astype(np.float64), axis=ax, keepdims=keepdims)
    return round_f64_to(r, x.dtype)


def attrs_of(kind, axes, keepdims=False, extra=""):
    parts = [f'kind = "{kind}"']
    if axes is not None:
        parts.append("axes = [" + ", ".join(str(a) for a in axes) + "]")
    if keepdims:
        parts.append("keepdims = true")
    if extra:
        parts.append(extra)
    return ", ".join(parts)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        REPO_ROOT, "conformance", "cases", "graph", "reduce.mlir")
    cf = CaseFile(out, generator=__file__,
                  header="tessera.reduce: sequential folds in row-major order of the reduced "
                         "elements.")
    rng = np.random.default_rng(7001)

    def req(dt):
        return ["op=tessera.reduce", f"dtype={mlir_type(np.zeros((), dt))[7:-1]}", "level=graph"]

    def add(name, x, kind, axes, keepdims=False, acc=None, tol=None, note=""):
        extra = f'numeric_policy = {{accum = "{acc}"}}' if acc else ""
        want = seq_reduce(x, kind, axes, keepdims, {"f32": np.float32, "f64": np.float64}.get(acc))
        prog = op_module("tessera.reduce", [x], want, names=["%x"], attrs=attrs_of(kind, axes, keepdims, extra))
        cf.add_case(name, prog, [x], [want], requires=req(x.dtype), note=note)
        if tol:
            ref = f64_reduce(x, kind, axes, keepdims)
            cf.add_case(name + "_f64ref", prog, [x], [ref], rule=tol, requires=req(x.dtype),
                        note="Same program against float64 numpy with a tolerance.")
            assert np.allclose(want.astype(np.float64), ref.astype(np.float64),
                               rtol=1e-4, atol=1e-5, equal_nan=True), name

    # Every kind over each axis of a 2-D f32 tensor, wide exponent range (sums that round).
    x = (rng.standard_normal((6, 10)) * 2.0 ** rng.integers(-8, 9, (6, 10))).astype(np.float32)
    for kind in ("sum", "mean", "max", "min"):
        add(f"{kind}_axis1_f32", x, kind, [1], tol="tol:rtol=1e-5,atol=1e-4")
        add(f"{kind}_axis0_keepdims_f32", x, kind, [0], keepdims=True,
            tol="tol:rtol=1e-5,atol=1e-4")
        add(f"{kind}_all_f32", x, kind, None, tol="tol:rtol=1e-5,atol=1e-4",
            note="No axes attribute: every axis is reduced; the result is rank 0.")
    # Non-adjacent reduced axes with a negative axis: order is row-major over (d0, d2).
    x3 = rng.standard_normal((3, 4, 5)).astype(np.float32) * np.float32(1000)
    add("sum_axes0m1_f32", x3, "sum", [0, -1], tol="tol:rtol=1e-5,atol=1e-3",
        note="axes = [0, -1]: reduced elements visited as d0 outer, d2 inner.")
    add("mean_axes2_0_keepdims_f32", x3, "mean", [2, 0], keepdims=True,
        tol="tol:rtol=1e-5,atol=1e-3")
    # Order-sensitive sums: cancellation makes any other order give a different result.
    v = np.array([[1e8, 1.0, -1e8, 1.0, 3.0, 2.0**-20, -3.0, 0.5],
                  [1.0, 2.0**24, 1.0, -2.0**24, 1.0, 1.0, 1.0, 1.0]], np.float32)
    add("sum_order_f32", v, "sum", [1],
        note="Sequential order: row 0 gives 1.5 + 2^-20 (1e8 + 1 rounds to 1e8), row 1 gives 4\n"
             "(2^24 + 1 ties to 2^24). numpy's pairwise sum gives 0.50000095 and 5.")
    add("mean_order_f32", v, "mean", [-1])
    # Specials: NaN propagates through every kind; -0 sums; +-Inf; max/min of signed zeros.
    nan, inf = np.float32(np.nan), np.float32(np.inf)
    s = np.array([[-0.0, -0.0, -0.0], [0.0, -0.0, 0.0], [-0.0, 0.0, -0.0], [1.0, nan, 2.0],
                  [inf, 1.0, -inf], [inf, 3.0, inf], [-inf, -1.0, -2.0],
                  [1.4e-45, 1.4e-45, -2.8e-45]], np.float32)
    for kind in ("sum", "mean", "max", "min"):
        add(f"{kind}_specials_f32", s, kind, [1],
            note="Rows: -0 -0 -0 | +0 -0 +0 | -0 +0 -0 | NaN | Inf and -Inf | Inf | -Inf |\n"
                 "subnormals. A sum of -0s is -0 (the fold starts from the first element).")
    # Empty reductions: sum +0, mean NaN (0/0), max -Inf, min +Inf.
    e = np.zeros((3, 0), np.float32)
    for kind in ("sum", "mean", "max", "min"):
        add(f"{kind}_empty_f32", e, kind, [1], note="A reduced dim of size 0.")
    # Keep everything: axes = [] copies (mean divides by 1).
    add("sum_noaxes_f32", x[:2, :3].copy(), "sum", [], note="axes = []: nothing is reduced.")
    # f64.
    x64 = rng.standard_normal((5, 7)) * 2.0 ** rng.integers(-30, 31, (5, 7))
    for kind in ("sum", "mean", "max", "min"):
        add(f"{kind}_axis1_f64", x64, kind, [1], tol="tol:rtol=1e-12,atol=1e-300")
    # Policies: accumulate f32 data in f64 (rounded once at the end), and f64 data in f32.
    add("sum_accum_f64_f32", v, "sum", [1], acc="f64",
        note="numeric_policy accum = f64: row 0 is exactly 2^-20 + 2.5 rounded to f32.")
    add("mean_accum_f32_f64", x64, "mean", [0], acc="f32",
        note="numeric_policy accum = f32 on f64 data: each element rounds to f32 first.")
    # bf16 data: widened to f32, summed in f32, rounded once to bf16.
    xb = (rng.standard_normal((4, 9)) * 16).astype(ml_dtypes.bfloat16)
    want = seq_reduce(xb.astype(np.float32), "sum", [1]).astype(ml_dtypes.bfloat16)
    cf.add_case("sum_axis1_bf16", op_module("tessera.reduce", [xb], want, names=["%x"], attrs=attrs_of("sum", [1])), [xb], [want],
                requires=req(ml_dtypes.bfloat16),
                note="bf16 data is widened to f32, summed in f32 and rounded once to bf16.")
    # A larger case (npy files), also used by the thread-count test.
    xl = rng.standard_normal((64, 300)).astype(np.float32)
    add("sum_axis1_64x300_f32", xl, "sum", [1], tol="tol:rtol=1e-4,atol=1e-4")
    add("max_axis0_64x300_f32", xl, "max", [0])
    cf.write()


if __name__ == "__main__":
    main()
