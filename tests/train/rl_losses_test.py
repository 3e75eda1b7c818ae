#!/usr/bin/env python3
"""The RL policy losses (docs/ops/graph/rl_losses.md) run by tessera-interp against a float64
numpy oracle written from the formulas (PPO's clipped surrogate, GRPO's group-normalised
advantages, CISPO's clipped weight): every reduction, the optional mask / ref_logp / entropy
operands of ppo, negative and dynamic group axes, f64 and bf16, 1 vs 4 threads bit for bit, and
run-time refusal of nothing else. Usage: rl_losses_test.py TESSERA_INTERP."""
import sys

import ml_dtypes
import numpy as np

from train_harness import Runner, check, ty

RNG = np.random.default_rng(18)


def f64(x):
    return np.asarray(x, np.float64)


def reduce(l, red, mask=None):
    if mask is not None:
        l = l * mask
    if red == "none":
        return l
    if red == "sum":
        return l.sum()
    if mask is None:
        return l.mean()
    return l.sum() if mask.sum() == 0 else l.sum() / mask.sum()


def ppo_terms(ln, lo, adv, eps):
    r = np.exp(ln - lo)
    return -np.minimum(r * adv, np.clip(r, 1 - eps, 1 + eps) * adv)


def advantages(r, axis):
    m = r.mean(axis=axis, keepdims=True)
    return (r - m) / np.sqrt(((r - m) ** 2).mean(axis=axis, keepdims=True) + 1e-8)


def src(op, n, shape, attrs, red, dt="f32", seg=None):
    t = ty(shape, dt)
    out = t if red == "none" else ty((), dt)
    params = ", ".join(f"%a{k}: {t}" for k in range(n))
    operands = ", ".join(f"%a{k}" for k in range(n))
    attrs = dict(attrs, reduction=f'"{red}"')
    if seg:
        attrs["operandSegmentSizes"] = f"array<i32: {', '.join(map(str, seg))}>"
    attr_text = ", ".join(f"{k} = {v}" for k, v in attrs.items())
    return (f"func.func @f({params}) -> {out} {{\n"
            f"  %r0 = {op} {operands} {{{attr_text}}} : ({', '.join([t] * n)}) -> {out}\n"
            f"  return %r0 : {out}\n}}\n")


def main():
    r = Runner(sys.argv[1])
    shape = (3, 4, 5)
    ln, lo = (0.4 * RNG.standard_normal(shape)).astype(np.float32), \
        (0.4 * RNG.standard_normal(shape)).astype(np.float32)
    adv, ent = RNG.standard_normal(shape).astype(np.float32), RNG.random(shape).astype(np.float32)
    ref = (0.4 * RNG.standard_normal(shape)).astype(np.float32)
    mask = (RNG.random(shape) > 0.4).astype(np.float32)
    for red in ("mean", "sum", "none"):
        # ppo, three operands
        got = r.run_det(src("tessera.rl.ppo_policy_loss", 3, shape,
                            {"clip_epsilon": "0.15 : f64"}, red), [ln, lo, adv])[0]
        check(f"ppo {red}", got, reduce(ppo_terms(f64(ln), f64(lo), f64(adv), 0.15), red), 2e-6, 1e-6)
        # ppo with mask, ref_logp and entropy
        got = r.run_det(src("tessera.rl.ppo_policy_loss", 6, shape,
                            {"kl_coef": "0.05 : f64", "entropy_coef": "0.02 : f64"}, red,
                            seg=[1, 1, 1, 1, 1, 1]), [ln, lo, adv, mask, ref, ent])[0]
        d = f64(ref) - f64(ln)
        l = ppo_terms(f64(ln), f64(lo), f64(adv), 0.2) + 0.05 * (np.exp(d) - d - 1) - 0.02 * f64(ent)
        check(f"ppo full {red}", got, reduce(l, red, f64(mask)), 2e-6, 1e-6)
        # grpo and cispo, group axis 1 and -1
        for axis in (1, -1):
            a = advantages(f64(adv), axis)
            got = r.run_det(src("tessera.rl.grpo_policy_loss", 3, shape,
                                {"group_axis": f"{axis} : i64"}, red), [ln, lo, adv])[0]
            check(f"grpo axis {axis} {red}", got, reduce(ppo_terms(f64(ln), f64(lo), a, 0.2), red),
                  5e-6, 2e-6)
            got = r.run_det(src("tessera.rl.cispo_policy_loss", 3, shape,
                                {"group_axis": f"{axis} : i64", "epsilon_high": "1.25 : f64"}, red),
                            [ln, lo, adv])[0]
            w = np.minimum(np.exp(f64(ln) - f64(lo)), 1.25)
            check(f"cispo axis {axis} {red}", got, reduce(-(w * a * f64(ln)), red), 5e-6, 2e-6)
    # ppo: only a reference log-prob (upstream's segment form 1, 1, 1, 0, 1, 0)
    got = r.run(src("tessera.rl.ppo_policy_loss", 4, shape, {"kl_coef": "0.01 : f64"}, "mean",
                    seg=[1, 1, 1, 0, 1, 0]), [ln, lo, adv, ref])[0]
    d = f64(ref) - f64(ln)
    check("ppo ref only", got, (ppo_terms(f64(ln), f64(lo), f64(adv), 0.2) + 0.01 * (np.exp(d) - d - 1)).mean(),
          2e-6, 1e-6)
    # a mask of zeros: the mean is the (zero) sum
    zero = np.zeros(shape, np.float32)
    got = r.run(src("tessera.rl.ppo_policy_loss", 4, shape, {}, "mean", seg=[1, 1, 1, 1, 0, 0]),
                [ln, lo, adv, zero])[0]
    check("ppo zero mask", got, 0.0, 0)
    # f64 in f64 arithmetic
    got = r.run(src("tessera.rl.grpo_policy_loss", 3, shape, {}, "mean", dt="f64"),
                [f64(ln), f64(lo), f64(adv)])[0]
    check("grpo f64", got, ppo_terms(f64(ln), f64(lo), advantages(f64(adv), 1), 0.2).mean(), 1e-12, 1e-14)
    # bf16 storage: widened to f32, the result rounded once
    bf = ml_dtypes.bfloat16
    got = r.run(src("tessera.rl.cispo_policy_loss", 3, shape, {}, "sum", dt="bf16"),
                [ln.astype(bf), lo.astype(bf), adv.astype(bf)])[0]
    got = got.view(bf) if got.dtype == np.uint16 else got
    w = np.minimum(np.exp(f64(ln.astype(bf)) - f64(lo.astype(bf))), 5.0)
    want = (-(w * advantages(f64(adv.astype(bf)), 1) * f64(ln.astype(bf)))).sum()
    check("cispo bf16", got.astype(np.float64), want, 1e-2, 1e-2)
    # dynamic dims
    dyn = src("tessera.rl.grpo_policy_loss", 3, ("?", 4, "?"), {}, "none")
    got = r.run(dyn, [ln, lo, adv])[0]
    check("grpo dynamic none", got, ppo_terms(f64(ln), f64(lo), advantages(f64(adv), 1), 0.2), 5e-6, 2e-6)
    # shapes that disagree at run time are refused (ppo_c1)
    r.run(src("tessera.rl.ppo_policy_loss", 3, ("?", 5), {}, "mean"),
          [ln[0], lo[0, :3], adv[0]], expect_error="(ppo_c1)")


if __name__ == "__main__":
    main()
