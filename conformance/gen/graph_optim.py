#!/usr/bin/env python3
"""Generator: sgd, adam, adamw case files (docs/ops/graph/optimizers.md).

Oracle: conformance/gen/optim_model.py, the spec's per-element formulas as numpy operations in
the element type (each one IEEE operation, no fma), independent of the interpreter: `bitexact`
(the bias corrections use the C library's f64 pow, rounded to the element type). A second case
per op compares with PyTorch's update rule written in float64, with a tolerance.
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import optim_model as om  # noqa: E402
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module, round_f64_to  # noqa: E402


def dt(a):
    return mlir_type(a)[7:-1].split("x")[-1]


def torch_adam64(p, g, m, v, lr, t, b1, b2, eps, wd):
    p, g, m, v = (a.astype(np.float64) for a in (p, g, m, v))
    if wd is not None:
        p = p * (1 - lr * wd)
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    return p - (lr / (1 - b1**t)) * m / (np.sqrt(v) / math.sqrt(1 - b2**t) + eps), m, v


def step_operand_case(cf, op, wd, name, pgmv, t, note):
    """A case of `op` with lr 1e-2 and the step as the rank-0 operand `t` (adam_c4)."""
    want = list(om.adam(*pgmv, 1e-2, int(t), weight_decay=wd))
    prog = op_module(f"tessera.{op}", pgmv + [t], want, "lr = 1.0e-02",
                     names=["%p", "%g", "%m", "%v", "%t"])
    cf.add_case(name, prog, pgmv + [t], want,
                requires=[f"op=tessera.{op}", f"dtype={dt(pgmv[0])}", "level=graph"], note=note)


def main():
    rng = np.random.default_rng(1860)
    path = os.path.join(REPO_ROOT, "conformance", "cases", "graph")
    cf = CaseFile(os.path.join(path, "sgd.mlir"), generator=__file__,
                  header="tessera.sgd: p - lr * (g + weight_decay * p), per element.")
    for name, dtype, attrs, wd in [("plain_f32", np.float32, "lr = 0.1", 0.0),
                                   ("decay_f32", np.float32, "lr = 0.5, weight_decay = 0.25", 0.25),
                                   ("plain_f64", np.float64, "lr = 0.01", 0.0)]:
        p, g = (rng.standard_normal((4, 8)).astype(dtype) for _ in range(2))
        lr = float(attrs.split(",")[0].split("=")[1])
        want = om.sgd(p, g, lr, wd)
        prog = op_module("tessera.sgd", [p, g], want, attrs, names=["%p", "%g"])
        cf.add_case(name, prog, [p, g], [want],
                    requires=["op=tessera.sgd", f"dtype={dt(p)}", "level=graph"])
    cf.write()
    for op in ("adam", "adamw"):
        wd = 0.01 if op == "adamw" else None
        cf = CaseFile(os.path.join(path, f"{op}.mlir"), generator=__file__,
                      header=f"tessera.{op}: one step, per element, in the documented order.")
        for name, dtype, step in [("step1_f32", np.float32, 1), ("step10_f32", np.float32, 10),
                                  ("step3_f64", np.float64, 3)]:
            p, g, m = (rng.standard_normal((3, 16)).astype(dtype) for _ in range(3))
            v = (np.abs(rng.standard_normal((3, 16))) * 0.01).astype(dtype)
            attrs = f"lr = 1.0e-03, step = {step}"
            want = list(om.adam(p, g, m, v, 1e-3, step, weight_decay=wd))
            prog = op_module(f"tessera.{op}", [p, g, m, v], want, attrs,
                             names=["%p", "%g", "%m", "%v"])
            req = [f"op=tessera.{op}", f"dtype={dt(p)}", "level=graph"]
            cf.add_case(name, prog, [p, g, m, v], want, requires=req)
            ref = [round_f64_to(r, dtype) for r in
                   torch_adam64(p, g, m, v, 1e-3, step, 0.9, 0.999, 1e-8, wd)]
            cf.add_case(name + "_torch64", prog, [p, g, m, v], ref, requires=req,
                        rule="tol:rtol=1e-5,atol=1e-7",
                        note="PyTorch's update rule in float64, rounded to the element type.")
        p, g, m = (rng.standard_normal(8).astype(np.float32) for _ in range(3))
        v = (np.abs(rng.standard_normal(8)) * 0.01).astype(np.float32)
        step_operand_case(cf, op, wd, "step_operand_f32", [p, g, m, v], np.array(4, np.int64),
                          "The step count as a rank-0 operand (4) instead of the attribute.")
        # f64 with a ui8 step of 200 (its own generator: the cases above keep their data).
        r2 = np.random.default_rng(1861 if op == "adam" else 1862)
        p, g, m = (r2.standard_normal((2, 5)) for _ in range(3))
        v = np.abs(r2.standard_normal((2, 5))) * 0.01
        step_operand_case(cf, op, wd, "step_operand_f64_ui8", [p, g, m, v],
                          np.array(200, np.uint8), "A ui8 step operand (200) on f64.")
        cf.write()


if __name__ == "__main__":
    main()
