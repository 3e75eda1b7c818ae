#!/usr/bin/env python3
"""Scalar reductions, losses and optimizer steps through every level (docs/ops/schedule/lowering.md,
"Scalar reductions", "Losses", "Optimizers"): tessera.reduce of f64, bf16, with an accumulator
policy, over rows of more than 1024 elements and over no axis; tessera.mse of f64, of more than
1024 elements and of empty operands; tessera.cross_entropy of f32 logits with i32, i64 and ui8
labels; tessera.sgd, tessera.adam and tessera.adamw. Each lowers to one Tile IR kernel and on to
Target IR, and is bit for bit equal at every level to an independent oracle: Python/numpy folds
in the kernels' documented order (the sequential chain from the first element, one rounding per
step, in f64, f32 or ml_dtypes bf16), the spec's expf modelled in Python
(conformance/gen/spec_expf.py) and the spec's logf as the correctly rounded log of the f32
(docs/numerics.md "log": they agree on every positive f32). A label out of range stops the
lowered run as it stops the Graph IR kernel. f64 cross_entropy stays with its reason.

Usage: levels_reduce_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

from levels_common import (check, check_case, finish,  # noqa: E402
                           run_proc, t)

F, D, BF = np.float32, np.float64, ml_dtypes.bfloat16
NAMES = {F: "f32", D: "f64", BF: "bf16", np.int32: "i32", np.int64: "i64", np.uint8: "ui8"}


def ieee_max(a, b, mx=True):
    """IEEE 754-2019 maximum (minimum): NaN wins, +0 > -0."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        neg = (math.copysign(1, a) < 0) and (math.copysign(1, b) < 0)
        pos = (math.copysign(1, a) > 0) and (math.copysign(1, b) > 0)
        return (0.0 if not neg else -0.0) if mx else (-0.0 if not pos else 0.0)
    return max(a, b) if mx else min(a, b)


def fold(vals, kind, acc_t):
    """tessera.reduce's fold of one row: from the first element, one rounding per step in
    acc_t (f32 or f64); max/min exact."""
    r = acc_t(vals[0])
    for v in vals[1:]:
        if kind in ("max", "min"):
            r = acc_t(ieee_max(float(r), float(v), kind == "max"))
        else:
            r = acc_t(r + acc_t(v))
    if kind == "mean":
        r = acc_t(r / acc_t(len(vals)))
    return r


def reduce_oracle(x, axes, kind, store_t, accum=None):
    """Moves the reduced axes last, folds each row in order and rounds to the storage type."""
    kept = [d for d in range(x.ndim) if d not in axes]
    xt = np.transpose(x, kept + list(axes))
    rows = xt.reshape(int(np.prod([x.shape[d] for d in kept])), -1)
    e = F if store_t in (F, BF) else D  # the compute type (narrow floats widen to f32)
    a = e if kind in ("max", "min") else (accum or e)
    out = [store_t(e(fold([a(e(v)) for v in r], kind, a))) for r in rows.astype(e)]
    return np.array(out, dtype=store_t).reshape([x.shape[d] for d in kept])


def seq_mse(a, b, mean, T):
    d = (a - b).ravel()
    if d.size == 0:
        with np.errstate(all="ignore"):
            return T(T(0) / T(0)) if mean else T(0)
    acc = T(d[0] * d[0])
    for v in d[1:]:
        acc = T(acc + T(v * v))
    return T(acc / T(d.size)) if mean else acc


def cross_entropy_oracle(x, y, red):
    rows = x.reshape(-1, x.shape[-1])
    losses = []
    for r, lab in zip(rows, y.ravel()):
        m = r[0]
        for v in r[1:]:
            m = F(ieee_max(float(m), float(v)))
        e = spec_expf.expf_array((r - m).astype(F))
        s = e[0]
        for v in e[1:]:
            s = F(s + v)
        losses.append(F(F(np.log(D(s))) - F(r[int(lab)] - m)))
    if red == "none":
        return np.array(losses, F).reshape(y.shape)
    acc = losses[0]
    for v in losses[1:]:
        acc = F(acc + v)
    return F(acc / F(len(losses))) if red == "mean" else acc


def adam_oracle(p, g, m, v, lr, step, decoupled, wd=0.01, b1=0.9, b2=0.999, eps=1e-8, T=F):
    c1, c2 = T(1.0 - b1 ** step), T(1.0 - b2 ** step)
    mi = T(b1) * m + T(1.0 - b1) * g
    vi = T(b2) * v + T(1.0 - b2) * (g * g)
    u = (mi / c1) / (np.sqrt(vi / c2) + T(eps))
    if decoupled:
        u = u + T(wd) * p
    return [p - T(lr) * u, mi, vi]


def topk_oracle(x, k, axis, largest):
    """Each slice along `axis` sorted by value (NaN above +Inf, -0 == +0; descending when
    `largest`), ties by the smaller index; the first k values and indices."""
    xm = np.moveaxis(x, axis, -1)
    vals = np.empty(xm.shape[:-1] + (k,), x.dtype)
    idx = np.empty(xm.shape[:-1] + (k,), np.int64)
    for pos in np.ndindex(*xm.shape[:-1]):
        row = [float(v) for v in xm[pos]]
        if largest:
            order = sorted(range(len(row)), key=lambda i: (0 if math.isnan(row[i]) else 1,
                                                           -row[i] if not math.isnan(row[i]) else 0, i))
        else:
            order = sorted(range(len(row)), key=lambda i: (1 if math.isnan(row[i]) else 0,
                                                           row[i] if not math.isnan(row[i]) else 0, i))
        vals[pos] = xm[pos][order[:k]]
        idx[pos] = order[:k]
    return [np.moveaxis(vals, -1, axis), np.moveaxis(idx, -1, axis)]


def seq_sum32(v):
    acc = F(v[0])
    for e in v[1:]:
        acc = F(acc + e)
    return acc


def norm_oracle(x, g, b, centre, eps=F(1e-5)):
    """layer_norm / rmsnorm over the last axis (normalization.md), in f32, rows in order."""
    out = np.empty_like(x)
    n = F(x.shape[-1])
    for i, r in enumerate(x):
        m = F(seq_sum32(r) / n) if centre else F(0)
        d = r - m
        scale = F(F(1) / np.sqrt(F(F(seq_sum32(d * d) / n) + eps)))
        y = (d * scale) * g
        out[i] = y + b if b is not None else y
    return out


def tt(shape, dt):
    return t(shape, NAMES[dt])


def program(op, ins, outs, attrs):
    args = ", ".join(f"%a{i}: {tt(s, d)}" for i, (s, d) in enumerate(ins))
    rt = ", ".join(tt(s, d) for s, d in outs)
    res = "%r" if len(outs) == 1 else f"%r:{len(outs)}"
    rets = ", ".join(f"%r#{i}" for i in range(len(outs))) if len(outs) > 1 else "%r"
    return (f"module {{\n  func.func @main({args}) -> ({rt}) {{\n"
            f'    {res} = "tessera.{op}"({", ".join(f"%a{i}" for i in range(len(ins)))}){attrs}'
            f" : ({', '.join(tt(s, d) for s, d in ins)}) -> ({rt})\n"
            f"    return {rets} : {rt}\n  }}\n}}\n")


def specials(x):
    flat = x.reshape(-1)
    flat[:6] = [0.0, -0.0, 1e-30, -1e30, 3.0, -0.0][: flat.size]
    return x


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        # tessera.reduce: (name, shape, dtype, axes, kind, accum)
        for name, shape, dt, axes, kind, accum in [
            ("f64_sum_axis1", (5, 7), D, [1], "sum", None),
            ("f64_mean_axis0", (5, 7), D, [0], "mean", None),
            ("f64_max_all", (4, 6), D, [0, 1], "max", None),
            ("f64_min_axis02", (3, 4, 5), D, [0, 2], "min", None),
            ("bf16_sum_axis1", (4, 33), BF, [1], "sum", None),
            ("bf16_mean_axis0", (9, 4), BF, [0], "mean", None),
            ("bf16_max_axis1", (4, 9), BF, [1], "max", None),
            ("f32_accum_f64", (3, 40), F, [1], "sum", D),
            ("f64_accum_f32_mean", (5, 7), D, [0], "mean", F),
            ("bf16_accum_f64", (3, 40), BF, [1], "sum", D),
            ("f32_wide_sum", (3, 1500), F, [1], "sum", None),
            ("f32_wide_mean_axis0", (1100, 3), F, [0], "mean", None),
            ("f32_no_axis_mean", (3, 4), F, [], "mean", None),
            ("f64_no_axis_sum", (3, 4), D, [], "sum", None),
        ]:
            x = specials((rng.standard_normal(shape) * 3e3 if dt is not BF else
                          rng.standard_normal(shape) * 8).astype(F)).astype(dt)
            out_shape = tuple(s for i, s in enumerate(shape) if i not in axes)
            pol = f', numeric_policy = {{accum = "{NAMES[accum]}"}}' if accum else ""
            attrs = f' {{kind = "{kind}", axes = {axes}{pol}}}'
            want = reduce_oracle(x, axes, kind, dt, accum)
            check_case(d, name, program("reduce", [(shape, dt)], [(out_shape, dt)], attrs), [x],
                       [want])
        # Empty rows: the kernel's empty fold (+0, 0 / 0, -Inf, +Inf), rounded to the storage type.
        for kind, val in (("sum", 0.0), ("mean", np.nan), ("max", -np.inf), ("min", np.inf)):
            for dt in (F, BF, D):
                name = f"empty_{kind}_{NAMES[dt]}"
                x = np.zeros((3, 0), dt)
                attrs = f' {{kind = "{kind}", axes = [1]}}'
                check_case(d, name, program("reduce", [((3, 0), dt)], [((3,), dt)], attrs), [x],
                           [np.full((3,), val, dt)])
        # tessera.mse: f64, more than one register tile, empty.
        for name, shape, dt, red in [("mse_f64", (3, 5), D, "mean"),
                                     ("mse_f32_2000", (2000,), F, "sum"),
                                     ("mse_f32_wide_mean", (40, 50), F, "mean"),
                                     ("mse_empty_mean", (0, 3), F, "mean"),
                                     ("mse_empty_sum", (0,), F, "sum")]:
            a = (rng.standard_normal(shape) * 3).astype(dt)
            b = (rng.standard_normal(shape) * 3).astype(dt)
            want = np.asarray(seq_mse(a, b, red == "mean", dt), dt)
            check_case(d, name, program("mse", [(shape, dt)] * 2, [((), dt)],
                                        f' {{reduction = "{red}"}}'), [a, b], [want])
        # tessera.cross_entropy
        for name, shape, lt, red in [("xent_mean_i32", (37, 19), np.int32, "mean"),
                                     ("xent_none_i64", (5, 3, 7), np.int64, "none"),
                                     ("xent_sum_ui8", (6, 4), np.uint8, "sum")]:
            x = (rng.standard_normal(shape) * 6).astype(F)
            x.flat[:4] = [100.0, -100.0, 88.0, -0.0]
            y = rng.integers(0, shape[-1], size=shape[:-1]).astype(lt)
            want = np.asarray(cross_entropy_oracle(x, y, red), F)
            out = shape[:-1] if red == "none" else ()
            src, ins = check_case(d, name, program("cross_entropy", [(shape, F), (shape[:-1], lt)],
                                                   [(out, F)], f' {{reduction = "{red}"}}'),
                                  [x, y], [want])
        # A label out of range: the Graph IR kernel stops (cross_entropy_c5), and so does the
        # lowered kernel (its load of index N is out of bounds), with an error, not a signal.
        y = np.array([0, 19, 2] + [1] * 34, np.int32)
        np.save(d / "bad.y.npy", y)
        bad = ["--input", f"a0={d / 'xent_mean_i32.in0.npy'}", "--input", f"a1={d / 'bad.y.npy'}"]
        for level in ("graph", "tile", "target"):
            p = run_proc("run", d / "xent_mean_i32.mlir", "--level", level, *bad, ok=False)
            check(p.returncode > 0 and "error" in p.stderr,
                  f"xent bad label at {level}: rc {p.returncode}: {p.stderr}")
        # Optimizers.
        shape = (3, 4, 5)
        p, g, m = (rng.standard_normal(shape).astype(F) for _ in range(3))
        v = np.abs(rng.standard_normal(shape)).astype(F)
        for name, dt, attrs in [("sgd_f32", F, ' {lr = 0.1}'),
                                ("sgd_f64_wd", D, ' {lr = 0.5, weight_decay = 0.25}'),
                                ("sgd_f32_wd", F, ' {lr = 0.01, weight_decay = 0.125}')]:
            lr, wd = (0.1, 0.0) if "lr = 0.1" in attrs else ((0.5, 0.25) if dt is D else
                                                             (0.01, 0.125))
            P, G = p.astype(dt), g.astype(dt)
            dd = G + dt(wd) * P if wd else G
            check_case(d, name, program("sgd", [(shape, dt)] * 2, [(shape, dt)], attrs), [P, G],
                       [P - dt(lr) * dd])
        for name, op, step in [("adam_step3", "adam", 3), ("adamw_step10", "adamw", 10)]:
            want = adam_oracle(p, g, m, v, 1e-3, step, op == "adamw")
            check_case(d, name, program(op, [(shape, F)] * 4, [(shape, F)] * 3,
                                        f" {{lr = 1.0e-03, step = {step}}}"), [p, g, m, v], want)
        # f64: tile.sqrt of an f64 scalar (sqrt_c1), correctly rounded like np.sqrt.
        P, G, M, V = (a.astype(D) for a in (p, g, m, v))
        want = adam_oracle(P, G, M, V, 1e-3, 3, True, T=D)
        check_case(d, "adamw_f64", program("adamw", [(shape, D)] * 4, [(shape, D)] * 3,
                                           " {lr = 1.0e-03, step = 3}"), [P, G, M, V], want)
        # tessera.topk: NaNs, ties and signed zeros in the slices.
        for name, shape, dt, k, axis, largest in [("topk_f32", (4, 9), F, 3, 1, True),
                                                  ("topk_f32_axis0", (5, 6), F, 2, 0, True),
                                                  ("topk_f32_smallest", (3, 8), F, 8, 1, False),
                                                  ("topk_bf16", (4, 9), BF, 2, 1, True),
                                                  ("topk_f64_rank3", (2, 7, 3), D, 4, 1, False),
                                                  ("topk_k0", (4, 9), F, 0, 1, True)]:
            x = np.round(rng.standard_normal(shape) * 2).astype(F)  # many ties
            x.flat[:5] = [np.nan, -0.0, 0.0, np.inf, np.nan][: x.size]
            x = x.astype(dt)
            out = tuple(k if i == axis else e for i, e in enumerate(shape))
            want = topk_oracle(x, k, axis, largest)
            attrs = f" {{k = {k}, axis = {axis}, largest = {'true' if largest else 'false'}}}"
            check_case(d, name, program("topk", [(shape, dt)], [(out, dt), (out, np.int64)], attrs),
                       [x], want)
        # Momentum forms and mse_backward (optim_backward.md, loss_backward.md).
        shape = (4, 6)
        a0, a1, a2 = (rng.standard_normal(shape).astype(F) for _ in range(3))
        lr, mu = 1e-2, 0.9
        v1 = F(mu) * a2 + a1
        check_case(d, "nesterov", program("nesterov", [(shape, F)] * 3, [(shape, F)] * 2,
                                          f" {{lr = {lr}, momentum = {mu}}}"),
                   [a0, a1, a2], [a0 - F(lr) * (a1 + F(mu) * v1), v1])
        for nes in (True, False):
            w = a1 - (F(lr * mu) if nes else F(lr)) * a0
            check_case(d, f"momentum_backward_{nes}",
                       program("momentum_backward", [(shape, F)] * 2, [(shape, F)] * 3,
                               f" {{lr = {lr}, momentum = {mu}, nesterov = {str(nes).lower()}}}"),
                       [a0, a1], [a0, w - F(lr) * a0 if nes else w, F(mu) * w])
        for red in ("mean", "sum", "none"):
            g = np.asarray(rng.standard_normal(shape if red == "none" else ()), F)
            s = F(g / F(a0.size)) if red == "mean" else g
            dd = (F(2) * (a0 - a1)) * s
            check_case(d, f"mse_backward_{red}",
                       program("loss.mse_backward", [(shape, F)] * 2 + [(g.shape, F)],
                               [(shape, F)] * 2, f' {{reduction = "{red}"}}'),
                       [a0, a1, g], [dd, -dd])
        # adam_backward (adamw form): the forward step recomputed, then its reverse.
        p_, g_, m_, dP, dM, dV = (rng.standard_normal(shape).astype(F) for _ in range(6))
        v_ = np.abs(rng.standard_normal(shape)).astype(F)
        lr, b1, b2, eps, wd, step = 2e-3, 0.8, 0.95, 1e-7, 1e-2, 7
        c1, c2 = F(1.0 - b1 ** step), F(1.0 - b2 ** step)
        m1 = F(b1) * m_ + F(1.0 - b1) * g_
        v1 = F(b2) * v_ + F(1.0 - b2) * (g_ * g_)
        mh, sq = m1 / c1, np.sqrt(v1 / c2)
        den = sq + F(eps)
        du = -(F(lr) * dP)
        dmh = du / den
        dden = -((du * mh) / (den * den))
        dvh = dden / (F(2) * sq)
        dm1, dv1 = dM + dmh / c1, dV + dvh / c2
        want = [dP + F(wd) * du, F(1.0 - b1) * dm1 + (F(1.0 - b2) * (F(2) * g_)) * dv1,
                F(b1) * dm1, F(b2) * dv1]
        check_case(d, "adam_backward", program(
            "adam_backward", [(shape, F)] * 7, [(shape, F)] * 4,
            f" {{lr = {lr}, beta1 = {b1}, beta2 = {b2}, eps = {eps:.1e}, weight_decay = {wd}, "
            f"step = {step}, adamw = true}}"), [p_, g_, m_, v_, dP, dM, dV], want)
        # normalization_stats along axis 1 of a rank-3 input: mean and 1/sqrt(var + eps).
        x = (rng.standard_normal((3, 11, 4)) * 5).astype(F)
        xm = np.moveaxis(x, 1, -1)
        mean = np.empty((3, 4), F)
        inv = np.empty((3, 4), F)
        for pos in np.ndindex(3, 4):
            r = xm[pos]
            mean[pos] = F(seq_sum32(r) / F(11))
            dr = r - mean[pos]
            inv[pos] = F(F(1) / np.sqrt(F(F(seq_sum32(dr * dr) / F(11)) + F(1e-5))))
        check_case(d, "normalization_stats",
                   program("normalization_stats", [((3, 11, 4), F)], [((3, 4), F)] * 2,
                           " {axis = 1}"), [x], [mean, inv])
        # The guide's names for layer_norm and rmsnorm: the same row kernels.
        x = (rng.standard_normal((37, 16)) * 3).astype(F)
        gam, bet = (rng.standard_normal(16).astype(F) for _ in range(2))
        check_case(d, "layernorm_safe",
                   program("layernorm_safe", [((37, 16), F), ((16,), F), ((16,), F)],
                           [((37, 16), F)], ""), [x, gam, bet], [norm_oracle(x, gam, bet, True)])
        check_case(d, "rmsnorm_safe",
                   program("rmsnorm_safe", [((37, 16), F), ((16,), F)], [((37, 16), F)], ""),
                   [x, gam], [norm_oracle(x, gam, None, False)])
        # softmax_safe: softmax, with rows of -Inf only set to +0 (a NaN row stays NaN).
        x = (rng.standard_normal((35, 12)) * 4).astype(F)
        x[3] = -np.inf
        x[34] = -np.inf
        x[5, 2] = -np.inf
        x[7, 4] = np.nan
        want = np.empty_like(x)
        for i, r in enumerate(x):
            m = r[0]
            for v in r[1:]:
                m = F(ieee_max(float(m), float(v)))
            with np.errstate(invalid="ignore"):
                e = spec_expf.expf_array((r - m).astype(F))
            want[i] = np.zeros_like(r) if np.all(r == -np.inf) else e / seq_sum32(e)
        check_case(d, "softmax_safe", program("softmax_safe", [((35, 12), F)], [((35, 12), F)], ""),
                   [x], [want])
        # f64 sqrt and rsqrt in scalar chains: tile.sqrt of f64 scalars (sqrt_c1).
        x = np.abs(rng.standard_normal((5, 7))) * 1e3
        x.flat[:7] = [0.0, -0.0, np.inf, -1.0, 5e-324, 2.0, np.nan]
        with np.errstate(all="ignore"):
            for op, want in (("sqrt", np.sqrt(x)), ("rsqrt", D(1) / np.sqrt(x))):
                check_case(d, f"{op}_f64", program(op, [((5, 7), D)], [((5, 7), D)], ""), [x],
                           [want])
        # f64 cross_entropy: levels_f64math_test.py (the spec's exp64 and log64).
    finish()


if __name__ == "__main__":
    main()
