#!/usr/bin/env python3
"""Generator: conformance/cases/graph/mse.mlir (tessera.mse, docs/ops/graph/losses.md).

Oracles, independent of the interpreter:
- the documented order in numpy scalars of the element type: d = a - b, acc = d0*d0, then
  acc = acc + d*d over the flattened operands in C order, then / n for "mean" (`bitexact`);
- float64 numpy `np.mean((a - b)**2)` rounded to the element type, with a tolerance.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to, op_module  # noqa: E402


def seq_mse(a, b, reduction="mean"):
    t = a.dtype.type
    fa, fb = a.reshape(-1), b.reshape(-1)
    n = fa.size
    with np.errstate(all="ignore"):
        acc = t(0)
        if n:
            d = fa[0] - fb[0]
            acc = d * d
        for i in range(1, n):
            d = fa[i] - fb[i]
            acc = t(acc + d * d)
        if reduction == "mean":
            acc = t(acc / t(n))
    return np.array(acc, a.dtype)


def ref_mse(a, b, reduction="mean"):
    d = (a.astype(np.float64) - b.astype(np.float64)) ** 2
    with np.errstate(all="ignore"):
        r = d.mean() if reduction == "mean" else d.sum()
    return round_f64_to(np.array(r), a.dtype)


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "mse.mlir"),
                  generator=__file__, header="tessera.mse: sequential sum of squared differences.")
    rng = np.random.default_rng(7301)

    def add(name, a, b, reduction=None, tol=None, note=""):
        red = reduction or "mean"
        attrs = f'reduction = "{reduction}"' if reduction else ""
        want = seq_mse(a, b, red)
        prog = op_module("tessera.mse", [a, b], want, attrs, names=["%a", "%b"])
        dt = mlir_type(want)[7:-1]
        req = ["op=tessera.mse", f"dtype={dt}", "level=graph"]
        cf.add_case(name, prog, [a, b], [want], requires=req, note=note)
        if tol:
            ref = ref_mse(a, b, red)
            assert np.allclose(want, ref, rtol=1e-4, equal_nan=True), name
            cf.add_case(name + "_f64ref", prog, [a, b], [ref], rule=tol, requires=req,
                        note="Same program against float64 numpy.")

    a = rng.standard_normal((4, 8)).astype(np.float32)
    b = rng.standard_normal((4, 8)).astype(np.float32)
    add("mean_f32", a, b, tol="tol:rtol=1e-5")
    add("sum_f32", a, b, reduction="sum", tol="tol:rtol=1e-5")
    add("explicit_mean_f32", a, b, reduction="mean")
    wide = np.array([1e4, 1.0, -1e4, 3.0, 0.25, 1e-3], np.float32)
    add("order_f32", wide, np.zeros(6, np.float32), reduction="sum",
        note="1e8 + 1 rounds away the 1: only the sequential order gives this sum.")
    sp = np.array([[1.0, np.inf], [2.0, 3.0]], np.float32)
    add("inf_f32", sp, np.ones((2, 2), np.float32), note="An infinite difference gives Inf.")
    add("nan_f32", np.array([1.0, np.nan], np.float32), np.zeros(2, np.float32))
    add("inf_minus_inf_f32", np.array([np.inf], np.float32), np.array([np.inf], np.float32),
        note="Inf - Inf is NaN.")
    add("empty_mean_f32", np.zeros((0, 3), np.float32), np.zeros((0, 3), np.float32),
        note="No elements: mean is 0 / 0 = NaN.")
    add("empty_sum_f32", np.zeros((0,), np.float32), np.zeros((0,), np.float32),
        reduction="sum", note="No elements: sum is +0.")
    add("scalar_f32", np.array(3.0, np.float32), np.array(1.5, np.float32),
        note="Rank-0 operands.")
    add("mean_f64", rng.standard_normal((3, 5)), rng.standard_normal((3, 5)),
        tol="tol:rtol=1e-13")
    al = rng.standard_normal((40, 50)).astype(np.float32)
    bl = rng.standard_normal((40, 50)).astype(np.float32)
    add("mean_40x50_f32", al, bl, tol="tol:rtol=1e-5")
    cf.write()


if __name__ == "__main__":
    main()
