#!/usr/bin/env python3
"""f64 exp and log through every level (docs/ops/schedule/lowering.md, "Scalar chains";
docs/numerics.md "exp and log on f64"): tessera.exp and tessera.log of f64 alone lower to one
scalar kernel and on to Target IR, bit for bit equal at every level to the exact functions
rounded once (mpmath at 200 bits: the spec's exp64/log64 are correctly rounded on these
samples), with +-0, subnormals, the overflow and underflow thresholds, +-Inf and NaN. sigmoid,
silu, tanh-form gelu and silu_mul of f64 (numpy float64 formulas of the Graph IR kernels around
the spec's exp64 modelled in Python from its documented steps, conformance/gen/spec_exp64.py)
and a chain mixing them likewise. softmax and log_softmax of f64 along the last and the first
axis (the scalar normalization kernel), tessera.cross_entropy (mean, sum, none) and
loss.cross_entropy (ignore_index, label smoothing) of f64, attn.lse_accumulate (lse = m +
T(log64(l))) and spec_accept_tree_sample (u <= exp64(t - d)) of f32 and f64, and
binary_cross_entropy (log1p64(exp64(-|z|))) and the RL policy losses (ppo, grpo, cispo) of
f64, and tessera.pow of f64, f32 and bf16 (the spec's pow64) vs the kernels' steps in Python around the
models.

Usage: levels_f64math_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile

import mpmath
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_exp64  # noqa: E402  (the spec's exp64, modelled from docs/numerics.md)

from levels_common import check_case, finish, t  # noqa: E402

D = np.float64
mpmath.mp.prec = 200


def rounded(v):
    if v == 0:
        return 0.0
    if abs(v) < mpmath.mpf(2) ** -1022:  # the subnormal grid (mpmath's float() rounds twice)
        return float(mpmath.nint(v * mpmath.mpf(2) ** 1074)) * 2.0**-1074
    return float(v)


def exact_exp(x):
    if math.isnan(x):
        return x
    if x > 710:
        return math.inf
    return 0.0 if x < -746 else rounded(mpmath.exp(mpmath.mpf(float(x))))


def exact_log(x):
    if math.isnan(x) or x < 0:
        return math.nan
    if x == 0:
        return -math.inf
    return math.inf if x == math.inf else rounded(mpmath.log(mpmath.mpf(float(x))))


def chain(shape, body, n_in=1):
    ty = t(shape, "f64")
    args = ", ".join(f"%a{i}: {ty}" for i in range(n_in))
    return (f"module {{\n  func.func @main({args}) -> {ty} {{\n{body}"
            f"    return %r : {ty}\n  }}\n}}\n")


def un(op, shape, attrs=""):
    ty = t(shape, "f64")
    a = f" {{{attrs}}}" if attrs else ""
    return chain(shape, f'    %r = "tessera.{op}"(%a0){a} : ({ty}) -> {ty}\n')


def exp64(x):
    return spec_exp64.exp64_array(x)


def sigmoid(x):
    return D(1) / (D(1) + exp64(-x))


def silu(x):
    return np.where(x == -np.inf, D(-0.0), x / (D(1) + exp64(-x)))


def gelu_tanh(x):
    u = D(0.7978845608028654) * (x + D(0.044715) * ((x * x) * x))
    return np.where(x == -np.inf, D(-0.0), x / (D(1) + exp64(D(-2) * u)))


def softmax(x, axis, log_form):
    """kernel_Softmax's readable form along `axis`: the maximum, exp(x - m) summed in index
    order, then exp(x - m) / s or (x - m) - log(s), with the modelled exp64 / log64."""
    x = np.moveaxis(x, axis, -1)
    y = np.empty_like(x)
    for idx in np.ndindex(x.shape[:-1]):
        row = x[idx]
        m = row[0]
        for v in row[1:]:
            m = v if (v > m or math.isnan(v)) and not math.isnan(m) else m
        s = spec_exp64.exp64(row[0] - m)
        for v in row[1:]:
            s = s + spec_exp64.exp64(v - m)
        if log_form:
            y[idx] = [(v - m) - spec_exp64.log64(s) for v in row]
        else:
            y[idx] = [spec_exp64.exp64(v - m) / s for v in row]
    return np.moveaxis(y, -1, axis)


def check_softmax(d, rng):
    shape = (4, 9)
    ty = t(shape, "f64")
    x = rng.standard_normal(shape) * 30
    x[1, :3] = [np.inf, 1.0, -np.inf]
    x[2, :2] = [-800.0, 800.0]
    for op, log_form in (("softmax", False), ("log_softmax", True)):
        for axis in (-1, 0):
            body = f'    %r = "tessera.{op}"(%a0) {{axis = {axis} : i64}} : ({ty}) -> {ty}\n'
            check_case(d, f"{op}_f64_axis{axis % 2}", chain(shape, body), [x],
                       [softmax(x, axis, log_form)])


def row_lse(row):
    """m, lse of one row: the maximum chain, exp(x_j - m) summed in order, log of the sum."""
    m = row[0]
    for v in row[1:]:
        m = max(m, v)
    s = spec_exp64.exp64(row[0] - m)
    for v in row[1:]:
        s = s + spec_exp64.exp64(v - m)
    return m, spec_exp64.log64(s)


def cross_entropy(x, y, red):
    """kernel_CrossEntropy: log(s) - (x[label] - m) per row, summed in order, / rows (mean)."""
    loss = []
    for row, lab in zip(x, y):
        m, lse = row_lse(row)
        loss.append(lse - (row[lab] - m))
    if red == "none":
        return np.array(loss)
    acc = loss[0]
    for v in loss[1:]:
        acc = acc + v
    return np.array(acc / float(len(loss)) if red == "mean" else acc)


def loss_cross_entropy(x, y, ignore, eps):
    """loss.cross_entropy along axis 1 with ignore_index and label smoothing, "mean"."""
    classes = x.shape[1]
    keep, share = 1.0 - eps, eps / classes
    acc, count = 0.0, 0
    for o in range(x.shape[0]):
        for i in range(x.shape[2]):
            if y[o, i] == ignore:
                continue
            row = x[o, :, i]
            m, lse = row_lse(row)
            nll = lse - (row[y[o, i]] - m)
            al = lse - (row[0] - m)
            for v in row[1:]:
                al = al + (lse - (v - m))
            loss = keep * nll + share * al
            acc = loss if count == 0 else acc + loss
            count += 1
    return np.array(acc / float(count))


def check_cross_entropy(d, rng):
    x = rng.standard_normal((6, 7)) * 5
    x[2, 3] = -np.inf
    y = rng.integers(0, 7, 6).astype(np.int32)
    for red in ("mean", "sum", "none"):
        rt = "tensor<6xf64>" if red == "none" else "tensor<f64>"
        src = (f"module {{\n  func.func @main(%a0: tensor<6x7xf64>, %a1: tensor<6xi32>) -> {rt} {{\n"
               f'    %r = "tessera.cross_entropy"(%a0, %a1) {{reduction = "{red}"}} : '
               f"(tensor<6x7xf64>, tensor<6xi32>) -> {rt}\n    return %r : {rt}\n  }}\n}}\n")
        check_case(d, f"cross_entropy_f64_{red}", src, [x, y], [cross_entropy(x, y, red)])
    x = rng.standard_normal((3, 7, 2)) * 4
    y = rng.integers(0, 7, (3, 2)).astype(np.int64)
    y[1, 0] = -7
    src = ("module {\n  func.func @main(%a0: tensor<3x7x2xf64>, %a1: tensor<3x2xi64>) -> "
           "tensor<f64> {\n"
           '    %r = "tessera.loss.cross_entropy"(%a0, %a1) {axis = 1 : i64, ignore_index = -7 : '
           "i64, label_smoothing = 2.0e-1 : f64} : (tensor<3x7x2xf64>, tensor<3x2xi64>) -> "
           "tensor<f64>\n    return %r : tensor<f64>\n  }\n}\n")
    check_case(d, "loss_cross_entropy_f64", src, [x, y], [loss_cross_entropy(x, y, -7, 0.2)])


def check_lse_and_tree(d, rng):
    for et, npt in (("f32", np.float32), ("f64", np.float64)):
        acc = (rng.standard_normal((5, 3)) * 4).astype(npt)
        m = (rng.standard_normal(5) * 3).astype(npt)
        l = np.abs(rng.standard_normal(5) * 7).astype(npt)
        l[:4] = [0.0, 1.0, 1e-30, np.inf]
        ta, tv = t((5, 3), et), t((5,), et)
        src = (f"module {{\n  func.func @main(%a0: {ta}, %a1: {tv}, %a2: {tv}) -> ({ta}, {tv}) {{\n"
               f'    %r0, %r1 = "tessera.attn.lse_accumulate"(%a0, %a1, %a2) : ({ta}, {tv}, {tv}) '
               f"-> ({ta}, {tv})\n    return %r0, %r1 : {ta}, {tv}\n  }}\n}}\n")
        lse = m + np.array([spec_exp64.log64(float(v)) for v in l]).astype(npt)
        check_case(d, f"lse_accumulate_{et}", src, [acc, m, l], [acc / l[:, None], lse])
        tt = (rng.standard_normal((4, 6)) * 0.5).astype(npt)
        dd = (rng.standard_normal((4, 6)) * 0.5).astype(npt)
        uu = rng.uniform(0, 1, (4, 6)).astype(npt)
        uu[1, :] = 0.0  # path 1 accepts every position
        uu[2, :] = 0.0
        tt[3, 0] = np.nan
        tp = t((4, 6), et)
        src = (f"module {{\n  func.func @main(%a0: {tp}, %a1: {tp}, %a2: {tp}) -> tensor<2xi32> {{\n"
               f'    %r = "tessera.spec_accept_tree_sample"(%a0, %a1, %a2) : ({tp}, {tp}, {tp}) -> '
               f"tensor<2xi32>\n    return %r : tensor<2xi32>\n  }}\n}}\n")
        best_path, best_len = 0, -1
        for p in range(4):
            n = 0
            while n < 6 and uu[p, n] <= spec_exp64.exp64(float(tt[p, n]) - float(dd[p, n])):
                n += 1
            if n > best_len:
                best_path, best_len = p, n
        check_case(d, f"spec_accept_tree_sample_{et}", src, [tt, dd, uu],
                   [np.array([best_path, best_len], np.int32)])


def bce(z, t, red):
    """kernel_BinaryCrossEntropy: (max(z, 0) - z t) + log1p64(exp64(-|z|)) summed in order."""
    acc = 0.0
    for i, (zv, tv) in enumerate(zip(z.ravel(), t.ravel())):
        m = zv if zv > 0 else 0.0
        term = (m - zv * tv) + spec_exp64.log1p64(spec_exp64.exp64(-abs(zv)))
        acc = term if i == 0 else acc + term
    return np.array(acc / float(z.size) if red == "mean" else acc)


def check_bce(d, rng):
    z = rng.standard_normal((3, 7)) * 8
    z.flat[:9] = [0.0, -0.0, 1e-300, -40.0, 40.0, 800.0, -800.0, 1e-17, -3e-9]
    tg = rng.random((3, 7))
    ty = t((3, 7), "f64")
    for red in ("mean", "sum"):
        src = (f"module {{\n  func.func @main(%a0: {ty}, %a1: {ty}) -> tensor<f64> {{\n"
               f'    %r = "tessera.binary_cross_entropy"(%a0, %a1) {{reduction = "{red}"}} : '
               f"({ty}, {ty}) -> tensor<f64>\n    return %r : tensor<f64>\n  }}\n}}\n")
        check_case(d, f"bce_f64_{red}", src, [z, tg], [bce(z, tg, red)])


def chain_sum(v):
    v = np.asarray(v).ravel()
    acc = v[0]
    for e in v[1:]:
        acc = acc + e
    return acc


def check_rl(d, rng):
    """ppo, grpo and cispo policy losses of f64: the ratio exp64(ln - lo), in f64 numpy steps."""
    exp = spec_exp64.exp64_array
    for name, op, shp, axis, red in [
        ("ppo_f64_mean", "ppo_policy_loss", (3, 5), 1, "mean"),
        ("grpo_f64_none", "grpo_policy_loss", (4, 3), 0, "none"),
        ("cispo_f64_sum", "cispo_policy_loss", (3, 4), 1, "sum"),
    ]:
        ln, lo, r = (rng.standard_normal(shp) for _ in range(3))
        if op == "ppo_policy_loss":
            adv = r
        else:  # group_advantages along the axis: chain mean, population variance, eps 1e-8
            rm = np.moveaxis(r, axis, -1)
            out = np.empty_like(rm)
            g = float(rm.shape[-1])
            for pos in np.ndindex(*rm.shape[:-1]):
                row = rm[pos]
                mean = chain_sum(row) / g
                dd = row - mean
                out[pos] = (row - mean) / np.sqrt(chain_sum(dd * dd) / g + 1e-8)
            adv = np.moveaxis(out, -1, axis)
        if op == "cispo_policy_loss":
            v = -((np.minimum(exp(ln - lo), 4.0) * adv) * ln)
            extra = ", epsilon_high = 4.0 : f64"
        else:
            ratio = exp(ln - lo)
            v = -np.minimum(ratio * adv, np.minimum(np.maximum(ratio, 0.8), 1.2) * adv)
            extra = ""
        want = v if red == "none" else chain_sum(v) / (v.size if red == "mean" else 1.0)
        out = shp if red == "none" else ()
        ty, to = t(shp, "f64"), t(out, "f64")
        attrs = (f'reduction = "{red}"' if op == "ppo_policy_loss" else
                 f'group_axis = {axis} : i64, reduction = "{red}"{extra}')
        src = (f"module {{\n  func.func @main(%a0: {ty}, %a1: {ty}, %a2: {ty}) -> {to} {{\n"
               f'    %r = "tessera.rl.{op}"(%a0, %a1, %a2) {{{attrs}}} : ({ty}, {ty}, {ty}) -> '
               f"{to}\n    return %r : {to}\n  }}\n}}\n")
        check_case(d, name, src, [ln, lo, r], [np.asarray(want).reshape(out)])


def check_pow(d, rng):
    """tessera.pow of f64, f32 and bf16 (widened to f32, rounded back): the spec's pow64 (f32:
    of the widened values, rounded once to f32), C99's special cases included."""
    import ml_dtypes
    shape = (4, 11)
    x = np.exp(rng.uniform(-5, 5, shape))
    y = rng.uniform(-6, 6, shape)
    x[0, :] = [0.0, -0.0, -2.0, -2.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -3.0]
    y[0, :] = [-3.0, -3.0, 3.0, 2.5, -1.0, 3.0, 0.0, np.nan, np.inf, -np.inf, -2.0]
    x[1, :4] = [2.0, 10.0, 0.1, -1e-3]
    y[1, :4] = [1100.0, -400.0, 320.0, 5.0]
    for et, dt in (("f64", np.float64), ("f32", np.float32), ("bf16", ml_dtypes.bfloat16)):
        xs, ys = x.astype(dt), y.astype(dt)
        want = spec_exp64.pow64_array(xs.astype(np.float64), ys.astype(np.float64))
        if dt is not np.float64:  # f32: rounded once; bf16: then once more to bf16
            want = want.astype(np.float32).astype(dt)
        ty = t(shape, et)
        body = f'    %r = "tessera.pow"(%a0, %a1) : ({ty}, {ty}) -> {ty}\n'
        src = (f"module {{\n  func.func @main(%a0: {ty}, %a1: {ty}) -> {ty} {{\n{body}"
               f"    return %r : {ty}\n  }}\n}}\n")
        check_case(d, f"pow_{et}", src, [xs, ys], [want])


def main():
    rng = np.random.default_rng(6464)
    shape = (3, 41)
    with tempfile.TemporaryDirectory() as d, np.errstate(all="ignore"):
        d = pathlib.Path(d)
        x = rng.uniform(-745.5, 709.9, shape)
        x.flat[:40:2] = rng.standard_normal(20) * 4
        x.flat[:18] = [0.0, -0.0, 5e-324, -5e-324, 2.0**-54, -(2.0**-53), 709.782712893384,
                       709.7827128933841, 710.0, 711.0, -745.1332191019411, -745.1332191019412,
                       -708.5, -746.0, -750.0, np.inf, -np.inf, np.nan]
        check_case(d, "exp_f64", un("exp", shape), [x],
                   [np.array([exact_exp(v) for v in x.ravel()]).reshape(shape)])
        bits = rng.integers(1, 0x7FF0000000000000, x.size, dtype=np.int64).astype(np.uint64)
        y = bits.view(np.float64).reshape(shape)
        y.flat[1:40:3] = 1.0 + rng.uniform(-1e-3, 1e-3, 13)
        y.flat[:16] = [0.0, -0.0, 5e-324, 2.2250738585072014e-308, 1.0, 2.0, 0.5, math.sqrt(2),
                       math.sqrt(0.5), 1.7976931348622157e308, np.inf, -np.inf, -1.0, np.nan,
                       1.0 + 2.0**-52, 1.0 - 2.0**-53]
        check_case(d, "log_f64", un("log", shape), [y],
                   [np.array([exact_log(v) for v in y.ravel()]).reshape(shape)])
        z = rng.standard_normal(shape) * 20
        z.flat[:12] = [0.0, -0.0, 5e-324, 40.0, -40.0, 800.0, -800.0, 745.5, -745.5, np.inf,
                       -np.inf, np.nan]
        check_case(d, "sigmoid_f64", un("sigmoid", shape), [z], [sigmoid(z)])
        check_case(d, "silu_f64", un("silu", shape), [z], [silu(z)])
        check_case(d, "gelu_tanh_f64", un("gelu", shape, 'approximate = "tanh"'), [z],
                   [gelu_tanh(z)])
        u = rng.standard_normal(shape)
        ty = t(shape, "f64")
        check_case(d, "silu_mul_f64",
                   chain(shape, f'    %r = "tessera.silu_mul"(%a0, %a1) : ({ty}, {ty}) -> {ty}\n',
                         2), [z, u], [silu(z) * u])
        # A chain: log(exp(a) + b) * a.
        a = rng.standard_normal(shape) * 3
        b = np.abs(rng.standard_normal(shape))
        body = (f'    %e = "tessera.exp"(%a0) : ({ty}) -> {ty}\n'
                f'    %s = "tessera.add"(%e, %a1) : ({ty}, {ty}) -> {ty}\n'
                f'    %l = "tessera.log"(%s) : ({ty}) -> {ty}\n'
                f'    %r = "tessera.mul"(%l, %a0) : ({ty}, {ty}) -> {ty}\n')
        s = exp64(a) + b
        want = np.array([exact_log(v) for v in s.ravel()]).reshape(shape) * a
        check_case(d, "exp_log_chain_f64", chain(shape, body, 2), [a, b], [want])
        check_softmax(d, rng)
        check_cross_entropy(d, rng)
        check_lse_and_tree(d, rng)
        check_bce(d, rng)
        check_rl(d, rng)
        check_pow(d, rng)
    finish()


if __name__ == "__main__":
    main()
