#!/usr/bin/env python3
"""The loss and optimiser backward ops, tessera.loss.cross_entropy and tessera.nesterov
(docs/ops/graph/{loss_backward,optim_backward}.md) run by tessera-interp: the backward ops against
jax.vjp of the forward formulas in float64 (an independent autodiff), the forward ops against
float64 numpy; every reduction, f64 and f16 storage, dynamic dims, 1 vs 4 threads bit for bit,
and run-time refusals (labels out of range). Usage: loss_optim_test.py TESSERA_INTERP."""
import sys

import jax
import jax.numpy as jnp
import numpy as np

from train_harness import Runner, check, ty

jax.config.update("jax_enable_x64", True)
RNG = np.random.default_rng(19)


def f64(x):
    return np.asarray(x, np.float64)


def rand(*shape, dt=np.float32):
    return RNG.standard_normal(shape).astype(dt)


def op_src(op, ins, outs, attrs=""):
    params = ", ".join(f"%a{k}: {t}" for k, t in enumerate(ins))
    names = ", ".join(f"%r{k}" for k in range(len(outs)))
    res = ", ".join(outs)
    a = f" {{{attrs}}}" if attrs else ""
    return (f"func.func @f({params}) -> ({res}) {{\n"
            f'  {names} = "{op}"({", ".join(f"%a{k}" for k in range(len(ins)))}){a} : '
            f"({', '.join(ins)}) -> ({res})\n  return {names} : {res}\n}}\n")


def vjp(fn, primals, cotangent):
    _, back = jax.vjp(fn, *(f64(p) for p in primals))
    return back(jax.tree_util.tree_map(f64, cotangent))


def reduced(l, red):
    return jnp.mean(l) if red == "mean" else (jnp.sum(l) if red == "sum" else l)


def test_loss_backward(r):
    shape = (4, 6)
    p, t = rand(*shape), rand(*shape)
    tb = RNG.random(shape).astype(np.float32)
    losses = {
        "tessera.loss.mse_backward": (lambda a, b, red: reduced((a - b) ** 2, red), t),
        "tessera.loss.binary_cross_entropy_backward": (
            lambda a, b, red: reduced(jnp.maximum(a, 0) - a * b + jnp.log1p(jnp.exp(-jnp.abs(a))), red), tb),
    }
    for op, (fn, tgt) in losses.items():
        for red in ("mean", "sum", "none"):
            for dt, npdt, tol in (("f32", np.float32, 2e-6), ("f64", np.float64, 1e-13)):
                g = rand(*shape, dt=npdt) if red == "none" else np.asarray(1.7, npdt)
                gt = ty(shape if red == "none" else (), dt)
                src = op_src(op, [ty(shape, dt), ty(shape, dt), gt], [ty(shape, dt)] * 2,
                             f'reduction = "{red}"')
                got = r.run_det(src, [p.astype(npdt), tgt.astype(npdt), g])
                want = vjp(lambda a, b: fn(a, b, red), (p.astype(npdt), tgt.astype(npdt)), g)
                check(f"{op} {red} {dt} d0", got[0], want[0], tol, tol)
                check(f"{op} {red} {dt} d1", got[1], want[1], tol, tol)
    # upstream's f16 form with a dynamic dim
    src = op_src("tessera.loss.mse_backward", ["tensor<?x7xf16>", "tensor<?x7xf16>", "tensor<f16>"],
                 ["tensor<?x7xf16>"] * 2, 'reduction = "mean"')
    a, b = rand(3, 7, dt=np.float16), rand(3, 7, dt=np.float16)
    got = r.run(src, [a, b, np.asarray(0.5, np.float16)])
    want = vjp(lambda x, y: jnp.mean((x - y) ** 2), (a, b), np.float64(0.5))
    check("mse_backward f16", got[0].view(np.float16) if got[0].dtype == np.uint16 else got[0], want[0], 2e-3, 1e-3)


def ce_oracle(x, y, axis, ignore, eps, red):
    x = np.moveaxis(f64(x), axis, -1)
    lp = x - x.max(-1, keepdims=True)
    lp = lp - np.log(np.exp(lp).sum(-1, keepdims=True))
    keep = y != ignore
    nll = -np.take_along_axis(lp, np.where(keep, y, 0)[..., None].astype(np.int64), -1)[..., 0]
    c = x.shape[-1]
    loss = np.where(keep, (1 - eps) * nll + eps / c * (-lp.sum(-1)), 0.0)
    if red == "none":
        return loss
    return loss.sum() if red == "sum" else loss.sum() / keep.sum()


def test_cross_entropy(r):
    for shape, axis, ydt in (((5, 7), None, "i64"), ((3, 11, 4), 1, "i32"), ((2, 3, 6), -1, "i64"),
                             ((6,), 0, "i64")):
        ax = (1 if len(shape) >= 2 else 0) if axis is None else axis % len(shape)
        tshape = tuple(d for k, d in enumerate(shape) if k != ax)
        x = rand(*shape)
        y = RNG.integers(0, shape[ax], tshape).astype(np.int64 if ydt == "i64" else np.int32)
        if y.size > 1:
            y.reshape(-1)[1] = -7
        for eps in (0.0, 0.2):
            for red in ("mean", "sum", "none"):
                attrs = [f'reduction = "{red}"', "ignore_index = -7 : i64"]
                if axis is not None:
                    attrs.append(f"axis = {axis} : i64")
                if eps:
                    attrs.append(f"label_smoothing = {eps} : f64")
                out = ty(tshape) if red == "none" else ty(())
                src = op_src("tessera.loss.cross_entropy", [ty(shape), ty(tshape, ydt)], [out],
                             ", ".join(attrs))
                got = r.run_det(src, [x, y])[0]
                check(f"cross_entropy {shape} axis {axis} eps {eps} {red}", got,
                      ce_oracle(x, y, ax, -7, eps, red), 5e-6, 2e-6)
    # every position ignored: mean is NaN (0 / 0), as PyTorch gives
    src = op_src("tessera.loss.cross_entropy", [ty((2, 3)), ty((2,), "i64")], [ty(())],
                 "ignore_index = 1 : i64, axis = -1 : i64")
    got = r.run(src, [rand(2, 3), np.array([1, 1], np.int64)])[0]
    check("cross_entropy all ignored", got, np.nan, 0)
    # a label out of range is refused at run time (loss_ce_c7)
    src = op_src("tessera.loss.cross_entropy", [ty((2, 3)), ty((2,), "i64")], [ty(())])
    r.run(src, [rand(2, 3), np.array([0, 5], np.int64)], expect_error="(loss_ce_c7)")
    # upstream's dynamic form: tensor<?x11x?xf32>, tensor<?x?xi64>
    src = op_src("tessera.loss.cross_entropy", ["tensor<?x11x?xf32>", "tensor<?x?xi64>"], [ty(())],
                 'axis = 1 : i64, ignore_index = -7 : i64, label_smoothing = 2.0e-1 : f64, reduction = "mean"')
    x, y = rand(3, 11, 2), RNG.integers(0, 11, (3, 2)).astype(np.int64)
    check("cross_entropy dynamic", r.run(src, [x, y])[0], ce_oracle(x, y, 1, -7, 0.2, "mean"), 5e-6, 2e-6)


def test_optimizers(r):
    shape = (5, 8)
    p, g, v = rand(*shape), rand(*shape), rand(*shape)
    lr, mu = 0.05, 0.8

    def heavy(p, g, v):
        v1 = mu * v + g
        return p - lr * v1, v1

    def nest(p, g, v):
        v1 = mu * v + g
        return p - lr * (g + mu * v1), v1

    t = ty(shape)
    got = r.run_det(op_src("tessera.nesterov", [t] * 3, [t] * 2, f"lr = {lr} : f64, momentum = {mu} : f64"),
                    [p, g, v])
    want = nest(f64(p), f64(g), f64(v))
    check("nesterov p1", got[0], want[0], 2e-6, 1e-6)
    check("nesterov v1", got[1], want[1], 2e-6, 1e-6)
    dp, dv = rand(*shape), rand(*shape)
    for flag, fn in (("false", heavy), ("true", nest)):
        got = r.run_det(op_src("tessera.momentum_backward", [t] * 2, [t] * 3,
                               f"lr = {lr} : f64, momentum = {mu} : f64, nesterov = {flag}"), [dp, dv])
        want = vjp(fn, (p, g, v), (dp, dv))
        for k, name in enumerate(("dp", "dg", "dv")):
            check(f"momentum_backward nesterov={flag} {name}", got[k], want[k], 2e-6, 1e-6)
    m, vv = rand(*shape), np.abs(rand(*shape)) + 0.05
    dm, dvv = rand(*shape), rand(*shape)
    for adamw, dt, npdt, tol in ((True, "f32", np.float32, 2e-5), (False, "f32", np.float32, 2e-5),
                                 (True, "f64", np.float64, 1e-11)):
        b1, b2, lr2, eps, step, wd = 0.8, 0.95, 2e-3, 1e-7, 7, 1e-2

        def adam(p, g, m, v):
            m1, v1 = b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g
            u = (m1 / (1 - b1 ** step)) / (jnp.sqrt(v1 / (1 - b2 ** step)) + eps)
            if adamw:
                u = u + wd * p
            return p - lr2 * u, m1, v1

        attrs = (f"lr = {lr2} : f64, beta1 = {b1} : f64, beta2 = {b2} : f64, eps = 1.0e-7 : f64, "
                 f"step = {step} : i64, adamw = {'true' if adamw else 'false'}")
        if adamw:
            attrs += f", weight_decay = {wd} : f64"
        tt = ty(shape, dt)
        ins = [x.astype(npdt) for x in (p, g, m, vv, dp, dm, dvv)]
        got = r.run_det(op_src("tessera.adam_backward", [tt] * 7, [tt] * 4, attrs), ins)
        want = vjp(adam, ins[:4], tuple(ins[4:]))
        for k, name in enumerate(("dp", "dg", "dm", "dv")):
            check(f"adam_backward adamw={adamw} {dt} {name}", got[k], want[k], tol, tol)


def main():
    r = Runner(sys.argv[1])
    test_loss_backward(r)
    test_cross_entropy(r)
    test_optimizers(r)


if __name__ == "__main__":
    main()
