#!/usr/bin/env python3
"""RL policy losses and loss backward ops through every level (docs/ops/schedule/lowering.md,
"Losses"): tessera.rl.ppo_policy_loss with and without its optional mask, ref and entropy
operands and every reduction (a masked mean, and a mask summing to 0), grpo_policy_loss and
cispo_policy_loss along several group axes, tessera.loss.binary_cross_entropy_backward with
every reduction and the sigmoid's special inputs (NaN, +-0, +-100, +-Inf). Each lowers to one
Tile IR kernel and on to Target IR, and is bit for bit equal at every level to an independent
oracle: numpy float32 arithmetic in the kernels' documented order (docs/ops/graph/rl_losses.md,
loss_backward.md: one rounding per step, sequential folds from the first element) with the
spec's expf modelled in Python (conformance/gen/spec_expf.py). f64 operands stay with the
reason that their exp is the C library's.

Usage: levels_loss_test.py TESSERA_INTERP
"""
import pathlib
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

from levels_common import check_stays_at_schedule, finish  # noqa: E402
from levels_reduce_test import check_case, program  # noqa: E402

F = np.float32


def chain(v):
    """acc = v_0, then acc + v_i in f32 (chain_sum)."""
    v = np.asarray(v, F).ravel()
    acc = v[0]
    for e in v[1:]:
        acc = F(acc + e)
    return acc


def reduce(l, red, mask=None):
    if red == "none":
        return l
    acc = chain(l)
    if red == "sum":
        return acc
    if mask is None:
        return F(acc / F(l.size))
    total = chain(mask)
    return F(acc / total) if total != 0 else acc


def ppo_term(ln, lo, a, eps):
    r = spec_expf.expf_array(ln - lo)
    c = np.minimum(np.maximum(r, F(1.0 - eps)), F(1.0 + eps))
    return -np.minimum(r * a, c * a)


def advantages(r, axis):
    """group_advantages: chain mean and population variance per group, eps 1e-8, in f32."""
    rm = np.moveaxis(r, axis, -1)
    out = np.empty_like(rm)
    g = F(rm.shape[-1])
    for pos in np.ndindex(*rm.shape[:-1]):
        row = rm[pos]
        mean = F(chain(row) / g)
        d = row - mean
        den = np.sqrt(F(F(chain(d * d) / g) + F(1e-8)))
        out[pos] = (row - mean) / den
    return np.moveaxis(out, -1, axis)


def sigmoid(z):
    out = np.empty_like(z)
    for i, v in enumerate(z.ravel()):
        if v >= 0:
            out.flat[i] = F(1) / F(F(1) + spec_expf.expf(float(-v)))
        else:
            e = spec_expf.expf(float(v))
            out.flat[i] = e / F(F(1) + e)
    return out


def t(shape):
    return f"tensor<{''.join(f'{n}x' for n in shape)}f32>"


def main():
    rng = np.random.default_rng(1414)
    shape = (3, 5)

    def logp():
        return (rng.standard_normal(shape) * 0.7).astype(F)

    with tempfile.TemporaryDirectory() as d, np.errstate(all="ignore"):
        d = pathlib.Path(d)
        ln, lo, a, ref, ent = logp(), logp(), logp() * 3, logp(), logp()
        ln.flat[:3] = [40.0, -40.0, np.nan]  # the ratio overflows, underflows, is NaN
        mask = (rng.random(shape) < 0.6).astype(F)
        # ppo: (name, [mask, ref, entropy] present, reduction, kl, entropy_coef, eps, mask)
        for name, seg, red, kl, ec, eps, m in [
            ("ppo_all_masked_mean", (1, 1, 1), "mean", 0.1, 0.01, 0.2, mask),
            ("ppo_zero_mask_mean", (1, 0, 0), "mean", 0.0, 0.0, 0.3, np.zeros(shape, F)),
            ("ppo_ref_sum", (0, 1, 0), "sum", 0.05, 0.0, 0.2, None),
            ("ppo_entropy_none", (0, 0, 1), "none", 0.0, 0.02, 0.1, None),
            ("ppo_ref_kl0_mean", (0, 1, 0), "mean", 0.0, 0.0, 0.2, None),
        ]:
            ins = [ln, lo, a] + [x for x, on in zip([m, ref, ent], seg) if on]
            v = ppo_term(ln, lo, a, eps)
            if seg[1] and kl != 0:
                dd = ref - ln
                v = v + F(kl) * ((spec_expf.expf_array(dd) - dd) - F(1))
            if seg[2] and ec != 0:
                v = v - F(ec) * ent
            if seg[0]:
                v = v * m
            want = reduce(v, red, m if seg[0] else None)
            out = shape if red == "none" else ()
            attrs = (f' {{clip_epsilon = {eps} : f64, kl_coef = {kl} : f64, entropy_coef = {ec}'
                     f' : f64, reduction = "{red}", operandSegmentSizes = array<i32: 1, 1, 1, '
                     f'{seg[0]}, {seg[1]}, {seg[2]}>}}')
            src = (f"module {{\n  func.func @main({', '.join(f'%a{i}: {t(shape)}' for i in range(len(ins)))})"
                   f" -> {t(out)} {{\n    %r = \"tessera.rl.ppo_policy_loss\"("
                   f"{', '.join(f'%a{i}' for i in range(len(ins)))}){attrs} : "
                   f"({', '.join(t(shape) for _ in ins)}) -> {t(out)}\n    return %r : {t(out)}\n  }}\n}}\n")
            check_case(d, name, src, ins, [np.asarray(want, F).reshape(out)])
        # grpo and cispo: (name, op, shape, axis, reduction)
        for name, op, shp, axis, red in [
            ("grpo_axis0_none", "grpo_policy_loss", (4, 3, 2), 0, "none"),
            ("grpo_last_mean", "grpo_policy_loss", (3, 6), -1, "mean"),
            ("cispo_axis1_none", "cispo_policy_loss", (2, 4, 3), 1, "none"),
            ("cispo_axis0_sum", "cispo_policy_loss", (5, 3), 0, "sum"),
        ]:
            ln = (rng.standard_normal(shp) * 0.7).astype(F)
            lo = (rng.standard_normal(shp) * 0.7).astype(F)
            r = (rng.standard_normal(shp) * 2).astype(F)
            adv = advantages(r, axis % len(shp))
            if op == "grpo_policy_loss":
                v = ppo_term(ln, lo, adv, 0.2)
                extra = ""
            else:
                w = np.minimum(spec_expf.expf_array(ln - lo), F(4.0))
                v = -((w * adv) * ln)
                extra = ", epsilon_high = 4.0 : f64"
            out = shp if red == "none" else ()
            attrs = f' {{group_axis = {axis} : i64, reduction = "{red}"{extra}}}'
            check_case(d, name, program(f"rl.{op}", [(shp, F)] * 3, [(out, F)], attrs),
                       [ln, lo, r], [np.asarray(reduce(v, red), F).reshape(out)])
        # binary_cross_entropy_backward: dz = (sigmoid(z) - t) * s, dt = (-z) * s.
        z = (rng.standard_normal((4, 6)) * 3).astype(F)
        z.flat[:8] = [np.nan, 0.0, -0.0, 100.0, -100.0, np.inf, -np.inf, 88.5]
        tg = rng.random((4, 6)).astype(F)
        for red in ("none", "mean", "sum"):
            g = (rng.standard_normal((4, 6)) if red == "none" else
                 np.array(rng.standard_normal(), F)).astype(F)
            s = g if red == "none" else (F(g / F(z.size)) if red == "mean" else g)
            gs = (4, 6) if red == "none" else ()
            want = [(sigmoid(z) - tg) * s, (-z) * s]
            check_case(d, f"bce_backward_{red}",
                       program("loss.binary_cross_entropy_backward",
                               [((4, 6), F), ((4, 6), F), (gs, F)], [((4, 6), F)] * 2,
                               f' {{reduction = "{red}"}}'),
                       [z, tg, g], want)
        # f64: the C library's exp stays at Schedule IR.
        for name, op, why in [
            ("ppo_f64", "rl.ppo_policy_loss", "tessera.rl.ppo_policy_loss on f64"),
            ("bce_backward_f64", "loss.binary_cross_entropy_backward",
             "binary_cross_entropy_backward on f64"),
        ]:
            ins = [((2, 3), np.float64)] * 3 if op.startswith("rl.") else \
                [((2, 3), np.float64)] * 2 + [((), np.float64)]
            outs = [((), np.float64)] if op.startswith("rl.") else [((2, 3), np.float64)] * 2
            src = d / f"{name}.mlir"
            src.write_text(program(op, ins, outs, ' {reduction = "sum"}'))
            check_stays_at_schedule(src, why)
    finish()


if __name__ == "__main__":
    main()
