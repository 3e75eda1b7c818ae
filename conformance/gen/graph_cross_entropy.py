#!/usr/bin/env python3
"""Generator: conformance/cases/graph/cross_entropy.mlir (docs/ops/graph/cross_entropy.md).

Oracles, independent of the interpreter:
- the documented order in numpy scalars of the element type, with exp/log computed in float64
  and rounded to the element type (libm's expf/logf may differ by an ulp: small tolerances);
- float64 numpy log-sum-exp minus the label's logit, rounded to the element type, with a
  tolerance.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module, round_f64_to  # noqa: E402


def seq_ce(x, y, reduction):
    t = x.dtype.type
    rows = x.reshape(-1, x.shape[-1])
    labels = y.reshape(-1).astype(np.int64)
    losses = []
    with np.errstate(all="ignore"):
        for r, lab in zip(rows, labels):
            m = r[0]
            for v in r[1:]:
                m = np.maximum(m, v)
            s = t(np.exp(np.float64(r[0] - m)))
            for v in r[1:]:
                s = t(s + t(np.exp(np.float64(t(v - m)))))
            losses.append(t(t(np.log(np.float64(s))) - t(r[lab] - m)))
        if reduction == "none":
            return np.array(losses, x.dtype).reshape(y.shape)
        acc = losses[0] if losses else t(0)
        for v in losses[1:]:
            acc = t(acc + v)
        if reduction == "mean":
            acc = t(acc / t(len(losses)))
    return np.array(acc, x.dtype)


def ref_ce(x, y, reduction):
    x64 = x.astype(np.float64)
    m = x64.max(axis=-1, keepdims=True)
    per = np.log(np.exp(x64 - m).sum(-1)) - (np.take_along_axis(x64, y[..., None].astype(np.int64),
                                                                -1)[..., 0] - m[..., 0])
    r = {"none": per, "sum": per.sum(), "mean": per.mean()}[reduction]
    return round_f64_to(np.asarray(r), x.dtype)


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "cross_entropy.mlir"),
                  generator=__file__, header="tessera.cross_entropy: stable log-sum-exp per row.")
    rng = np.random.default_rng(1820)

    def add(name, x, y, reduction=None, ref=True, note=""):
        red = reduction or "mean"
        attrs = f'reduction = "{reduction}"' if reduction else ""
        want = seq_ce(x, y, red)
        prog = op_module("tessera.cross_entropy", [x, y], want, attrs, names=["%logits", "%y"])
        dt = mlir_type(x)[7:-1].split("x")[-1]
        req = ["op=tessera.cross_entropy", f"dtype={dt}", "level=graph"]
        wide = x.dtype == np.float64
        rule = "tol:rtol=1e-13,atol=1e-14" if wide else "tol:rtol=1e-6,atol=1e-6"
        cf.add_case(name, prog, [x, y], [want], rule=rule, requires=req,
                    note=note or "exp/log come from libm: see the generator's docstring.")
        if ref:
            r = ref_ce(x, y, red)
            assert np.allclose(want, r, rtol=1e-4, atol=1e-5), name
            cf.add_case(name + "_f64ref", prog, [x, y], [r], requires=req,
                        rule="tol:rtol=1e-12,atol=1e-13" if wide else "tol:rtol=1e-5,atol=1e-5",
                        note="Same program against the float64 formula.")

    x = (rng.standard_normal((8, 10)) * 3).astype(np.float32)
    y = rng.integers(0, 10, 8).astype(np.int32)
    add("mean_f32", x, y)
    add("sum_f32", x, y, reduction="sum")
    add("none_f32", x, y, reduction="none")
    x3 = (rng.standard_normal((2, 3, 5)) * 2).astype(np.float32)
    add("none_3d_i64_f32", x3, rng.integers(0, 5, (2, 3)).astype(np.int64), reduction="none")
    big = np.array([[1e4, 0.0, -1e4], [5e3, 5e3, 0.0], [88.0, 89.0, 90.0]], np.float32)
    add("large_logits_f32", big, np.array([0, 1, 0], np.uint8), reduction="none",
        note="exp(1e4) would overflow: the subtracted maximum keeps the losses exact.")
    add("f64", rng.standard_normal((6, 7)) * 4, rng.integers(0, 7, 6).astype(np.int32))
    xl = (rng.standard_normal((64, 100)) * 2).astype(np.float32)
    add("mean_64x100_f32", xl, rng.integers(0, 100, 64).astype(np.int32))
    cf.write()


if __name__ == "__main__":
    main()
