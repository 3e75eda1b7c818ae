#!/usr/bin/env python3
"""Generator: conformance/cases/graph/{rl_losses,loss_backward,optim_backward,qr_lu}.mlir (the
`train` family of upstream's ops: docs/ops/graph/{rl_losses,loss_backward,optim_backward,
qr_lu}.md).

Oracles, independent of the interpreter: float64 numpy from the formulas (tolerance rules), and for
the linear momentum ops a float32 numpy replay of the spec's operation order (bit-exact)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type  # noqa: E402

TOL = "tol:rtol=1e-5,atol=1e-6"


def f64(x):
    return np.asarray(x, np.float64)


def prog(op, ins, outs, attrs="", pretty=False):
    params = ", ".join(f"%a{k}: {mlir_type(x)}" for k, x in enumerate(ins))
    res = ", ".join(outs)
    names = ", ".join(f"%r{k}" for k in range(len(outs)))
    operands = ", ".join(f"%a{k}" for k in range(len(ins)))
    a = f" {{{attrs}}}" if attrs else ""
    types = f"({', '.join(mlir_type(x) for x in ins)}) -> ({res})"
    body = f"{names} = {op} {operands}{a} : {types}" if pretty else \
        f'{names} = "{op}"({operands}){a} : {types}'
    return (f"module {{\n  func.func @main({params}) -> ({res}) {{\n    {body}\n"
            f"    return {names} : {res}\n  }}\n}}\n")


def case_file(name, header):
    return CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", f"{name}.mlir"),
                    generator=__file__, header=header)


def adv(r, axis):
    m = r.mean(axis=axis, keepdims=True)
    return (r - m) / np.sqrt(((r - m) ** 2).mean(axis=axis, keepdims=True) + 1e-8)


def rl(rng):
    cf = case_file("rl_losses", "tessera.rl.ppo_policy_loss, grpo_policy_loss and cispo_policy_loss.")
    shape = (2, 3, 5)
    ln, lo = (0.4 * rng.standard_normal((2,) + shape)).astype(np.float32)
    a, mask = rng.standard_normal(shape).astype(np.float32), (rng.random(shape) > 0.3).astype(np.float32)
    ratio = np.exp(f64(ln) - f64(lo))
    ppo = -np.minimum(ratio * a, np.clip(ratio, 0.8, 1.2) * a)
    req = lambda op: [f"op={op}", "dtype=f32", "level=graph"]
    cf.add_case("ppo_mean", prog("tessera.rl.ppo_policy_loss", [ln, lo, a], ["tensor<f32>"],
                                 'clip_epsilon = 2.0e-01 : f64, reduction = "mean"', pretty=True),
                [ln, lo, a], [np.float32(ppo.mean())], rule=TOL, requires=req("tessera.rl.ppo_policy_loss"),
                note="Upstream's phase8 ppo entry: the clipped surrogate, mean.")
    cf.add_case("ppo_masked_none", prog("tessera.rl.ppo_policy_loss", [ln, lo, a, mask], [mlir_type(a)],
                                        'reduction = "none", operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>',
                                        pretty=True),
                [ln, lo, a, mask], [(ppo * mask).astype(np.float32)], rule=TOL,
                requires=req("tessera.rl.ppo_policy_loss"), note="A mask operand, per-element losses.")
    g = adv(f64(a), 1)
    grpo = -np.minimum(ratio * g, np.clip(ratio, 0.8, 1.2) * g)
    cf.add_case("grpo_sum", prog("tessera.rl.grpo_policy_loss", [ln, lo, a], ["tensor<f32>"],
                                 'group_axis = 1 : i64, reduction = "sum"', pretty=True),
                [ln, lo, a], [np.float32(grpo.sum())], rule=TOL, requires=req("tessera.rl.grpo_policy_loss"),
                note="Advantages normalised over axis 1 (population variance, eps 1e-8).")
    w = np.minimum(ratio, 5.0)
    cf.add_case("cispo_mean", prog("tessera.rl.cispo_policy_loss", [ln, lo, a], ["tensor<f32>"],
                                   "group_axis = -1 : i64, epsilon_high = 5.0 : f64", pretty=True),
                [ln, lo, a], [np.float32((-(w * adv(f64(a), -1) * f64(ln))).mean())], rule=TOL,
                requires=req("tessera.rl.cispo_policy_loss"), note="Groups along the last axis.")
    cf.write()


def losses(rng):
    cf = case_file("loss_backward", "tessera.loss.mse_backward, binary_cross_entropy_backward and "
                   "the axis-general tessera.loss.cross_entropy.")
    p, t = rng.standard_normal((2, 4, 5)).astype(np.float32)
    g = np.float32(0.75)
    dp = 2 * (f64(p) - f64(t)) * g / p.size
    cf.add_case("mse_backward_mean", prog("tessera.loss.mse_backward", [p, t, np.asarray(g)],
                                          [mlir_type(p)] * 2, 'reduction = "mean"'),
                [p, t, np.asarray(g)], [dp.astype(np.float32), (-dp).astype(np.float32)], rule=TOL,
                requires=["op=tessera.loss.mse_backward", "dtype=f32", "level=graph"])
    tb = rng.random((4, 5)).astype(np.float32)
    gn = rng.standard_normal((4, 5)).astype(np.float32)
    sig = 1 / (1 + np.exp(-f64(p)))
    cf.add_case("bce_backward_none", prog("tessera.loss.binary_cross_entropy_backward", [p, tb, gn],
                                          [mlir_type(p)] * 2, 'reduction = "none"'),
                [p, tb, gn], [((sig - tb) * gn).astype(np.float32), (-f64(p) * gn).astype(np.float32)],
                rule=TOL, requires=["op=tessera.loss.binary_cross_entropy_backward", "dtype=f32", "level=graph"])
    # f64, "sum" (a 0-d cotangent), from its own generator (the other cases keep their data).
    r2 = np.random.default_rng(7707)
    z = r2.standard_normal((3, 4)) * 4
    t2, g2 = r2.random((3, 4)), np.asarray(r2.standard_normal())
    sig = 1 / (1 + np.exp(-z))
    cf.add_case("bce_backward_sum_f64", prog("tessera.loss.binary_cross_entropy_backward",
                                             [z, t2, g2], [mlir_type(z)] * 2, 'reduction = "sum"'),
                [z, t2, g2], [(sig - t2) * g2, -z * g2], rule="tol:rtol=1e-12,atol=1e-14",
                requires=["op=tessera.loss.binary_cross_entropy_backward", "dtype=f64",
                          "level=graph"])
    x = rng.standard_normal((3, 7, 2)).astype(np.float32)
    y = rng.integers(0, 7, (3, 2)).astype(np.int64)
    y[1, 0] = -7
    xm = np.moveaxis(f64(x), 1, -1)
    lp = xm - xm.max(-1, keepdims=True)
    lp = lp - np.log(np.exp(lp).sum(-1, keepdims=True))
    keep = y != -7
    nll = -np.take_along_axis(lp, np.where(keep, y, 0)[..., None], -1)[..., 0]
    loss = np.where(keep, 0.8 * nll + 0.2 / 7 * (-lp.sum(-1)), 0.0)
    cf.add_case("cross_entropy_smoothed", prog("tessera.loss.cross_entropy", [x, y], ["tensor<f32>"],
                                               "axis = 1 : i64, ignore_index = -7 : i64, "
                                               "label_smoothing = 2.0e-1 : f64"),
                [x, y], [np.float32(loss.sum() / keep.sum())], rule=TOL,
                requires=["op=tessera.loss.cross_entropy", "dtype=f32", "level=graph"],
                note="Classes on axis 1, one ignored position, label smoothing 0.2.")
    cf.write()


def optim(rng):
    cf = case_file("optim_backward", "tessera.nesterov, momentum_backward and adam_backward.")
    p, g, v = rng.standard_normal((3, 4, 6)).astype(np.float32)
    lr, mu = np.float32(0.01), np.float32(0.9)
    v1 = mu * v + g  # float32 numpy: one rounding per step, the spec's order
    p1 = p - lr * (g + mu * v1)
    cf.add_case("nesterov", prog("tessera.nesterov", [p, g, v], [mlir_type(p)] * 2,
                                 "lr = 1.0e-2 : f64, momentum = 9.0e-1 : f64"),
                [p, g, v], [p1, v1], requires=["op=tessera.nesterov", "dtype=f32", "level=graph"],
                note="Bit-exact float32 replay.")
    lm = np.float32(0.01 * 0.9)
    w = v - lm * p  # dv1 - lm * dp1 with (dp1, dv1) = (p, v)
    cf.add_case("momentum_backward_nesterov",
                prog("tessera.momentum_backward", [p, v], [mlir_type(p)] * 3,
                     "lr = 1.0e-2 : f64, momentum = 9.0e-1 : f64, nesterov = true"),
                [p, v], [p, w - lr * p, mu * w],
                requires=["op=tessera.momentum_backward", "dtype=f32", "level=graph"],
                note="Bit-exact float32 replay.")
    m = rng.standard_normal((4, 6)).astype(np.float32)
    vv = (np.abs(rng.standard_normal((4, 6))) + 0.1).astype(np.float32)
    dp1, dm1, dv1 = rng.standard_normal((3, 4, 6)).astype(np.float32)
    ins = [p, g, m, vv, dp1, dm1, dv1]
    b1, b2, lr2, eps, t, wd = 0.8, 0.95, 2e-3, 1e-7, 7, 1e-2
    P, G, M, V, dP, dM, dV = (f64(x) for x in ins)
    c1, c2 = 1 - b1 ** t, 1 - b2 ** t
    m1, v1 = b1 * M + (1 - b1) * G, b2 * V + (1 - b2) * G * G
    sq = np.sqrt(v1 / c2)
    du = -lr2 * dP
    dM1 = dM + du / (sq + eps) / c1
    dV1 = dV + (-du * (m1 / c1) / (sq + eps) ** 2) / (2 * sq) / c2
    want = [dP + wd * du, (1 - b1) * dM1 + (1 - b2) * 2 * G * dV1, b1 * dM1, b2 * dV1]
    cf.add_case("adam_backward_adamw",
                prog("tessera.adam_backward", ins, [mlir_type(p)] * 4,
                     "lr = 2.0e-3 : f64, beta1 = 8.0e-1 : f64, beta2 = 9.5e-1 : f64, eps = 1.0e-7 : f64, "
                     "weight_decay = 1.0e-2 : f64, step = 7 : i64, adamw = true"),
                ins, [x.astype(np.float32) for x in want], rule="tol:rtol=1e-4,atol=1e-6",
                requires=["op=tessera.adam_backward", "dtype=f32", "level=graph"],
                note="Upstream's phase2 attributes; the vjp derived by hand in float64.")
    cf.write()


def factorizations(rng):
    cf = case_file("qr_lu", "tessera.qr (Householder, R's diagonal >= 0) and tessera.lu (partial pivoting).")
    a = rng.standard_normal((6, 4))
    q, r = np.linalg.qr(a)
    s = np.sign(np.diag(r))
    cf.add_case("qr_f64", prog("tessera.qr", [a], ["tensor<6x4xf64>", "tensor<4x4xf64>"], pretty=True),
                [a], [q * s, r * s[:, None]], rule="tol:rtol=1e-12,atol=1e-13",
                requires=["op=tessera.qr", "dtype=f64", "level=graph"],
                note="numpy.linalg.qr with the sign convention applied.")
    b = rng.standard_normal((5, 5))
    x, n = b.copy(), 5
    piv = np.zeros(n, np.int32)
    for k in range(n):
        pk = k + int(np.argmax(np.abs(x[k:, k])))
        piv[k] = pk
        x[[k, pk]] = x[[pk, k]]
        x[k + 1:, k] /= x[k, k]
        x[k + 1:, k + 1:] -= np.outer(x[k + 1:, k], x[k, k + 1:])
    cf.add_case("lu_f64", prog("tessera.lu", [b], ["tensor<5x5xf64>", "tensor<5xi32>"], pretty=True),
                [b], [x, piv], rule="tol:rtol=1e-12,atol=1e-13",
                requires=["op=tessera.lu", "dtype=f64", "level=graph"],
                note="A float64 numpy replay of partial pivoting; the pivots compared exactly.")
    cf.write()


def main():
    rng = np.random.default_rng(1818)
    rl(rng)
    losses(rng)
    optim(rng)
    factorizations(rng)


if __name__ == "__main__":
    main()
