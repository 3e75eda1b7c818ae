#!/usr/bin/env python3
"""RL policy losses and loss backward ops through every level (docs/ops/schedule/lowering.md,
"Losses"): tessera.rl.ppo_policy_loss with and without its optional mask, ref and entropy
operands and every reduction (a masked mean, and a mask summing to 0), grpo_policy_loss and
cispo_policy_loss along several group axes, tessera.loss.binary_cross_entropy_backward with
every reduction and the sigmoid's special inputs (NaN, +-0, +-100, +-Inf), and
tessera.loss.cross_entropy along several axes with signed and unsigned labels, ignore_index,
label_smoothing, every reduction and no kept position (mean: NaN, sum: +0); a label out of range
stops the run at every level; tessera.binary_cross_entropy (its log1p(exp(-|z|)) the spec's
log1pf and expf) over large, tiny, signed-zero, infinite and NaN logits, and empty. Each lowers to one
Tile IR kernel and on to Target IR, and is bit for bit equal at every level to an independent
oracle: numpy float32 arithmetic in the kernels' documented order (docs/ops/graph/rl_losses.md,
loss_backward.md: one rounding per step, sequential folds from the first element) with the
spec's expf modelled in Python (conformance/gen/spec_expf.py) and the spec's logf as the
correctly rounded log of the f32 (docs/numerics.md "log": they agree on every positive f32),
and the spec's log1pf modelled in Python from its documented steps (conformance/gen/spec_log1pf.py).
binary_cross_entropy_backward of f64 (NaN, +-0, +-800, +-Inf, 709.5) takes the spec's exp64,
modelled in conformance/gen/spec_exp64.py.

Usage: levels_loss_test.py TESSERA_INTERP
"""
import pathlib
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_exp64  # noqa: E402  (the spec's exp64, modelled from docs/numerics.md)
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)
import spec_log1pf  # noqa: E402  (the spec's log1pf, modelled from docs/numerics.md)

from levels_common import check, finish, run_proc  # noqa: E402
from levels_reduce_test import check_case, ieee_max, program  # noqa: E402

F, D = np.float32, np.float64


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
    """The kernel's sigmoid in z's type (f32: the spec's expf; f64: the spec's exp64)."""
    T = z.dtype.type
    ex = (lambda v: D(spec_exp64.exp64(v))) if T is D else spec_expf.expf
    out = np.empty_like(z)
    for i, v in enumerate(z.ravel()):
        if v >= 0:
            out.flat[i] = T(1) / T(T(1) + ex(float(-v)))
        else:
            e = ex(float(v))
            out.flat[i] = e / T(T(1) + e)
    return out


def loss_ce(x, y, axis, ignore, eps, red):
    """loss.cross_entropy (docs/ops/graph/loss_backward.md) in f32, positions in order."""
    xm = np.moveaxis(x, axis, -1)
    c = xm.shape[-1]
    keep, share = F(1.0 - eps), F(eps / c)
    losses, kept = np.zeros(y.shape, F), []
    for pos in np.ndindex(*y.shape):
        if int(y[pos]) == ignore:
            continue
        row = xm[pos]
        m = row[0]
        for v in row[1:]:
            m = F(ieee_max(float(m), float(v)))
        e = spec_expf.expf_array((row - m).astype(F))
        lse = F(np.log(D(chain(e))))
        nll = F(lse - F(row[int(y[pos])] - m))
        if eps != 0:
            nll = F(F(keep * nll) + F(share * chain(lse - (row - m))))
        losses[pos] = nll
        kept.append(nll)
    if red == "none":
        return losses
    acc = chain(kept) if kept else F(0)
    return F(acc / F(len(kept))) if red == "mean" else acc


def bce(z, tg, red):
    """(max(z, 0) - z t) + log1p(exp(-|z|)) per element in f32, chained in index order."""
    m = np.where(z > 0, z, F(0)).astype(F)
    s = spec_log1pf.log1pf_array(spec_expf.expf_array(-np.abs(z)))
    terms = ((m - z * tg) + s).astype(F)
    acc = chain(terms) if terms.size else F(0)
    return F(acc / F(terms.size)) if red == "mean" else acc


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
        # loss.cross_entropy: (name, x shape, axis, labels, label type, ignore, eps, reduction)
        for name, shp, axis, lab, lt, ignore, eps, red in [
            ("lce_axis1_smooth_mean", (3, 7, 2), 1, [[2, 4], [-7, 4], [1, 2]], np.int64, -7, 0.2,
             "mean"),
            ("lce_axis0_none", (5, 4), 0, [0, -100, 4, 3], np.int32, -100, 0.0, "none"),
            ("lce_last_sum_ui8", (4, 6), -1, [5, 0, 3, 2], np.uint8, -100, 0.1, "sum"),
            ("lce_ui8_ignore_none", (4, 6), 1, [5, 9, 3, 9], np.uint8, 9, 0.0, "none"),
            ("lce_all_ignored_mean", (3, 4), 1, [-1, -1, -1], np.int32, -1, 0.0, "mean"),
            ("lce_all_ignored_sum", (3, 4), 1, [-1, -1, -1], np.int32, -1, 0.0, "sum"),
        ]:
            x = (rng.standard_normal(shp) * 2).astype(F)
            x.flat[1] = -np.inf
            y = np.array(lab, lt)
            out = y.shape if red == "none" else ()
            want = loss_ce(x, y, axis % len(shp), ignore, eps, red)
            attrs = (f' {{axis = {axis} : i64, ignore_index = {ignore} : i64, label_smoothing = '
                     f'{eps} : f64, reduction = "{red}"}}')
            check_case(d, name, program("loss.cross_entropy", [(shp, F), (y.shape, lt)],
                                        [(out, F)], attrs),
                       [x, y], [np.asarray(want, F).reshape(out)])
        # A label out of range stops the run at every level (loss_ce_c7; the lowered kernel's
        # load of index N is out of bounds), with an error, not a signal.
        np.save(d / "bad.y.npy", np.array([0, 6, 2, 1], np.int32))
        np.save(d / "bad.x.npy", (rng.standard_normal((5, 4))).astype(F))
        bad = d / "lce_bad.mlir"
        bad.write_text(program("loss.cross_entropy", [((5, 4), F), ((4,), np.int32)], [((), F)],
                               " {axis = 0 : i64}"))
        for level in ("graph", "tile", "target"):
            p = run_proc("run", bad, "--level", level, "--input", f"a0={d / 'bad.x.npy'}",
                         "--input", f"a1={d / 'bad.y.npy'}", ok=False)
            check(p.returncode > 0 and "error" in p.stderr,
                  f"loss.cross_entropy bad label at {level}: rc {p.returncode}: {p.stderr}")
        # binary_cross_entropy: (name, shape, reduction)
        for name, shp, red in [("bce_mean", (6, 9), "mean"), ("bce_sum", (5, 7), "sum"),
                               ("bce_empty_mean", (0, 3), "mean")]:
            z = (rng.standard_normal(shp) * 4).astype(F)
            z.flat[:10] = [0.0, -0.0, 1e-30, -1e-30, 100.0, -100.0, 20.0, -17.5, 1e-8, -3e-8][
                :z.size]
            tg = rng.random(shp).astype(F)
            check_case(d, name, program("binary_cross_entropy", [(shp, F)] * 2, [((), F)],
                                        f' {{reduction = "{red}"}}'),
                       [z, tg], [np.asarray(bce(z, tg, red), F).reshape(())])
        z = np.array([[np.inf, -np.inf, np.nan, 1.0]], F)
        tg = np.array([[0.5, 0.5, 0.5, 0.5]], F)
        check_case(d, "bce_specials", program("binary_cross_entropy", [((1, 4), F)] * 2,
                                               [((), F)], ' {reduction = "sum"}'),
                   [z, tg], [np.asarray(bce(z, tg, "sum"), F).reshape(())])
        # f64 backward: the sigmoid's exp is the spec's exp64 (f64 bce and RL losses:
        # levels_f64math_test.py).
        z = (rng.standard_normal((3, 5)) * 3)
        z.flat[:8] = [np.nan, 0.0, -0.0, 800.0, -800.0, np.inf, -np.inf, 709.5]
        tg = rng.random((3, 5))
        g = np.array(rng.standard_normal())
        with np.errstate(invalid="ignore", over="ignore"):
            want = [(sigmoid(z) - tg) * g, (-z) * g]
        check_case(d, "bce_backward_f64", program("loss.binary_cross_entropy_backward",
                                                  [((3, 5), D)] * 2 + [((), D)],
                                                  [((3, 5), D)] * 2, ' {reduction = "sum"}'),
                   [z, tg, g], want)
    finish()


if __name__ == "__main__":
    main()
