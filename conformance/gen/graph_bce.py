#!/usr/bin/env python3
"""Generator: conformance/cases/graph/binary_cross_entropy.mlir (tessera.binary_cross_entropy,
docs/ops/graph/losses.md).

Oracle, independent of the interpreter: float64 numpy of the textbook definition
-(t log(sigmoid z) + (1 - t) log(1 - sigmoid z)) where it is finite in float64, and the stable
form max(z, 0) - z t + log1p(exp(-|z|)) in float64 for large |z| (where the textbook form
overflows), rounded to the element type; compared with a tolerance (the kernel's exp and log1p
are the C library's). The empty sum is exact (+0).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to, op_module  # noqa: E402


def ref_bce(z, t, reduction="mean"):
    z64, t64 = z.astype(np.float64).reshape(-1), t.astype(np.float64).reshape(-1)
    with np.errstate(all="ignore"):
        sig = 1.0 / (1.0 + np.exp(-z64))
        textbook = -(t64 * np.log(sig) + (1.0 - t64) * np.log(1.0 - sig))
        stable = np.maximum(z64, 0.0) - z64 * t64 + np.log1p(np.exp(-np.abs(z64)))
        terms = np.where(np.abs(z64) < 20, textbook, stable)
        r = terms.sum() if reduction == "sum" else terms.mean()
    return round_f64_to(np.array(r), z.dtype)


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph",
                               "binary_cross_entropy.mlir"),
                  generator=__file__,
                  header="tessera.binary_cross_entropy: logits form, sequential sum, mean or sum.")
    rng = np.random.default_rng(7411)

    def add(name, z, t, reduction=None, rule="tol:rtol=1e-5", note=""):
        attrs = f'reduction = "{reduction}"' if reduction else ""
        want = ref_bce(z, t, reduction or "mean")
        prog = op_module("tessera.binary_cross_entropy", [z, t], want, attrs, names=["%z", "%t"])
        dt = mlir_type(want)[7:-1]
        req = ["op=tessera.binary_cross_entropy", f"dtype={dt}", "level=graph"]
        cf.add_case(name, prog, [z, t], [want], rule=rule, requires=req, note=note)

    z = rng.standard_normal((4, 7)).astype(np.float32) * np.float32(3)
    t = rng.integers(0, 2, (4, 7)).astype(np.float32)
    add("mean_f32", z, t, note="Hard 0/1 targets.")
    add("sum_f32", z, t, reduction="sum")
    soft = rng.uniform(0, 1, (4, 7)).astype(np.float32)
    add("soft_targets_f32", z, soft, note="Targets in [0, 1], as label smoothing gives them.")
    big = np.array([80.0, -80.0, 30.0, -30.0, 0.0, 1e-3], np.float32)
    add("large_logits_f32", big, np.array([0, 1, 1, 0, 1, 0], np.float32), reduction="sum",
        note="|z| = 80: the naive log(sigmoid(z)) overflows; the stable form gives ~80 per term.")
    add("mean_f64", rng.standard_normal((3, 5)) * 4, rng.uniform(0, 1, (3, 5)),
        rule="tol:rtol=1e-12")
    add("empty_sum_f32", np.zeros((0, 3), np.float32), np.zeros((0, 3), np.float32),
        reduction="sum", rule="bitexact", note="No elements: the sum is +0.")
    cf.write()


if __name__ == "__main__":
    main()
