#!/usr/bin/env python3
"""Generator: softmax, log_softmax, layer_norm and rmsnorm case files under
conformance/cases/graph/ (docs/ops/graph/normalization.md).

Oracles, independent of the interpreter:
- The documented evaluation order written out in numpy over whole columns (one row per lane), in
  the element type: numpy's float32/float64 +, -, *, / and sqrt are single IEEE roundings.
  layer_norm and rmsnorm use nothing else, so their cases are `bitexact`.
- softmax / log_softmax call exp and log. The oracle uses float64 exp/log rounded to the element
  type (about correctly rounded); libm's expf/logf may differ by an ulp, which can move the sum
  by an ulp, so these cases use `ulp:4` (softmax) and a small absolute tolerance (log_softmax,
  whose results near 0 are differences of nearly equal terms).
- float64 numpy evaluating the textbook formula, rounded to the element type and compared with a
  tolerance: checks that the result is the right number, not only the documented rounding.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to, op_module, ieee_max  # noqa: E402


def rows_last(x, axis):
    """x with `axis` moved last, as (rows, n), plus the inverse."""
    xm = np.moveaxis(x, axis, -1)
    shape = xm.shape
    return xm.reshape(-1, shape[-1]), lambda r: np.moveaxis(r.reshape(shape), -1, axis)


def exp_t(v):
    """exp in float64, rounded to v's type."""
    with np.errstate(all="ignore"):
        return round_f64_to(np.exp(v.astype(np.float64)), v.dtype)


def log_t(v):
    with np.errstate(all="ignore"):
        return round_f64_to(np.log(v.astype(np.float64)), v.dtype)


def seq_softmax(x, axis=-1, log=False):
    rows, back = rows_last(x, axis)
    n = rows.shape[1]
    with np.errstate(all="ignore"):
        m = rows[:, 0].copy()
        for j in range(1, n):
            m = ieee_max(m, rows[:, j])
        s = exp_t(rows[:, 0] - m)
        for j in range(1, n):
            s = s + exp_t(rows[:, j] - m)
        out = np.empty_like(rows)
        for j in range(n):
            if log:
                out[:, j] = (rows[:, j] - m) - log_t(s)
            else:
                out[:, j] = exp_t(rows[:, j] - m) / s
    return back(out)


def ref_softmax(x, axis=-1, log=False):
    d = x.astype(np.float64)
    z = d - d.max(axis=axis, keepdims=True)
    ls = np.log(np.exp(z).sum(axis=axis, keepdims=True))
    return round_f64_to(z - ls if log else np.exp(z - ls), x.dtype)


def seq_norm(x, axis, eps, gamma=None, beta=None, centre=True):
    """layer_norm (centre) / rmsnorm over x.shape[axis:], in x's type, documented order."""
    t = x.dtype.type
    lead = x.shape[:axis % x.ndim] if x.ndim else ()
    rows = x.reshape(int(np.prod(lead, dtype=np.int64)), -1)
    n = rows.shape[1]
    cnt = t(n)
    with np.errstate(all="ignore"):
        mean = np.zeros(rows.shape[0], x.dtype)
        if centre:
            acc = rows[:, 0].copy()
            for j in range(1, n):
                acc = acc + rows[:, j]
            mean = acc / cnt
        d = rows[:, 0] - mean
        sq = d * d
        for j in range(1, n):
            d = rows[:, j] - mean
            sq = sq + d * d
        scale = t(1) / np.sqrt(sq / cnt + t(eps))
        out = (rows - mean[:, None]) * scale[:, None]
        if gamma is not None:
            out = out * gamma.reshape(1, -1)
        if beta is not None:
            out = out + beta.reshape(1, -1)
    return out.reshape(x.shape)


def ref_norm(x, axis, eps, gamma=None, beta=None, centre=True):
    ax = tuple(range(axis % x.ndim, x.ndim))
    d = x.astype(np.float64)
    mean = d.mean(axis=ax, keepdims=True) if centre else 0.0
    var = ((d - mean) ** 2).mean(axis=ax, keepdims=True)
    y = (d - mean) / np.sqrt(var + eps)
    if gamma is not None:
        y = y * gamma.astype(np.float64)
    if beta is not None:
        y = y + beta.astype(np.float64)
    return round_f64_to(y, x.dtype)


def dt_name(dt):
    return mlir_type(np.zeros((), dt))[7:-1]


def softmax_file(log):
    op = "log_softmax" if log else "softmax"
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", f"{op}.mlir"),
                  generator=__file__, header=f"tessera.{op}: the safe form, sequential per row.")
    rng = np.random.default_rng(7101 + log)
    seq_rule = "tol:rtol=1e-6,atol=1e-6" if log else "ulp:4"
    seq_rule64 = "tol:rtol=1e-14,atol=1e-14" if log else "ulp:4"

    def add(name, x, axis=None, ref_tol=None, note=""):
        ax = -1 if axis is None else axis
        attrs = "" if axis is None else f"axis = {axis}"
        want = seq_softmax(x, ax, log)
        prog = op_module(f"tessera.{op}", [x], want, attrs, names=["%x"])
        req = [f"op=tessera.{op}", f"dtype={dt_name(x.dtype)}", "level=graph"]
        rule = seq_rule64 if x.dtype == np.float64 else seq_rule
        cf.add_case(name, prog, [x], [want], rule=rule, requires=req,
                    note=note or "exp/log come from libm: see the generator's docstring.")
        if ref_tol:
            ref = ref_softmax(x, ax, log)
            assert np.allclose(want, ref, rtol=1e-4, atol=1e-5, equal_nan=True), name
            cf.add_case(name + "_f64ref", prog, [x], [ref], rule=ref_tol, requires=req,
                        note="Same program against the float64 formula.")

    x = (rng.standard_normal((5, 12)) * 4).astype(np.float32)
    add("rows_f32", x, ref_tol="tol:rtol=1e-5,atol=1e-6")
    add("axis0_f32", x, axis=0, ref_tol="tol:rtol=1e-5,atol=1e-6",
        note="axis = 0: strided rows.")
    x3 = (rng.standard_normal((2, 7, 3)) * 10).astype(np.float32)
    add("axis1_3d_f32", x3, axis=1, ref_tol="tol:rtol=1e-5,atol=1e-5")
    big = np.array([[1000.0, 999.0, 998.0, -1000.0], [-1e30, -1e30, -1e30, -1e30],
                    [88.0, 89.0, 90.0, 91.0], [0.0, -0.0, 1e-40, -1e-40]], np.float32)
    add("large_f32", big, ref_tol="tol:rtol=1e-5,atol=1e-6",
        note="Large logits (no overflow thanks to the max), equal rows, subnormals.")
    nan, inf = np.nan, np.inf
    sp = np.array([[1.0, nan, 2.0], [inf, 1.0, 2.0], [-inf, 1.0, 2.0], [-inf, -inf, -inf]],
                  np.float32)
    add("specials_f32", sp,
        note="NaN row -> all NaN; +Inf row -> NaN where x - max is NaN (Inf - Inf) and\n"
             "0 or -Inf elsewhere; -Inf elements -> 0 (log: -Inf); an all -Inf row is NaN.")
    add("single_f32", np.array([[3.0], [-7.5]], np.float32), note="Rows of length 1.")
    add("f64", rng.standard_normal((4, 9)) * 5, ref_tol="tol:rtol=1e-12,atol=1e-15")
    xl = (rng.standard_normal((128, 64)) * 3).astype(np.float32)
    add("rows_128x64_f32", xl, ref_tol="tol:rtol=1e-5,atol=1e-6")
    xw = (rng.standard_normal((2, 1100)) * 3).astype(np.float32)
    add("rows_2x1100_f32", xw, ref_tol="tol:rtol=1e-5,atol=1e-6",
        note="Rows of 1100: more than one register tile holds (a scalar kernel at Tile IR).")
    # bf16: the executor widens x to f32 and rounds the result once; the f32 oracle's libm exp
    # and log may move an f32 result by a few ulp, so one bf16 ulp either way is allowed.
    xb = (rng.standard_normal((3, 5, 4)) * 3).astype(ml_dtypes.bfloat16)
    want = seq_softmax(xb.astype(np.float32), 1, log).astype(ml_dtypes.bfloat16)
    prog = op_module(f"tessera.{op}", [xb], want, "axis = 1", names=["%x"])
    cf.add_case("axis1_3d_bf16", prog, [xb], [want], rule="tol:rtol=1e-2,atol=4e-3",
                requires=[f"op=tessera.{op}", "dtype=bf16", "level=graph"],
                note="bf16: computed in f32 (the executor widens x), rounded once at storage.")
    cf.write()


def norm_file(centre):
    op = "layer_norm" if centre else "rmsnorm"
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", f"{op}.mlir"),
                  generator=__file__, header=f"tessera.{op}: sequential sums per row, bitexact.")
    rng = np.random.default_rng(7201 + centre)

    def add(name, x, axis=None, eps=None, gamma=None, beta=None, ref=True, note="", tol=None):
        ax = -1 if axis is None else axis
        e = 1e-5 if eps is None else eps
        attrs = []
        if axis is not None:
            attrs.append(f"axis = {axis}")
        if eps is not None:
            attrs.append(f"epsilon = {eps!r}" if "e" in repr(eps) or "." in repr(eps)
                         else f"epsilon = {float(eps)}")
        args = [a for a in (x, gamma, beta) if a is not None]
        want = seq_norm(x, ax, e, gamma, beta, centre)
        prog = op_module(f"tessera.{op}", args, want, ", ".join(attrs), names=["%x", "%g", "%b"][:len(args)])
        req = [f"op=tessera.{op}", f"dtype={dt_name(x.dtype)}", "level=graph"]
        cf.add_case(name, prog, args, [want], requires=req, note=note)
        if ref:
            r = ref_norm(x, ax, e, gamma, beta, centre)
            tol = tol or ("tol:rtol=1e-12,atol=1e-12" if x.dtype == np.float64 else
                          "tol:rtol=1e-4,atol=1e-5")
            assert np.allclose(want, r, rtol=1e-3, atol=1e-4, equal_nan=True), name
            cf.add_case(name + "_f64ref", prog, args, [r], rule=tol, requires=req,
                        note="Same program against the float64 formula.")

    x = (rng.standard_normal((4, 16)) * 3 + 1).astype(np.float32)
    add("plain_f32", x)
    g = rng.standard_normal(16).astype(np.float32)
    b = rng.standard_normal(16).astype(np.float32)
    add("gamma_f32", x, gamma=g)
    if centre:
        add("gamma_beta_f32", x, gamma=g, beta=b)
    x3 = (rng.standard_normal((3, 4, 5)) * 10).astype(np.float32)
    g2 = rng.standard_normal((4, 5)).astype(np.float32)
    add("axis1_gamma_f32", x3, axis=1, gamma=g2, note="Normalises over the trailing 4x5 block.")
    add("eps_f32", x, eps=0.5, note="epsilon = 0.5 (rounded to f32 before the add).")
    const = np.full((2, 8), 3.0, np.float32)
    add("constant_rows_f32", const, eps=0.001,
        note="Constant rows: variance 0, so the result is 0 * (1 / sqrt(eps)).")
    shifted = (rng.standard_normal((3, 32)) + 1000).astype(np.float32)
    add("offset_f32", shifted, tol="tol:rtol=1e-2,atol=2e-3",
        note="Mean near 1000: the f32 sum of 32 such values carries ~1e-3 absolute error, so\n"
             "the float64 check needs atol 2e-3; the two-pass variance stays accurate.")
    sp = np.array([[1.0, np.nan, 2.0, 3.0], [np.inf, 1.0, 2.0, 3.0], [0.0, -0.0, 0.0, -0.0]],
                  np.float32)
    add("specials_f32", sp, ref=False,
        note="NaN and Inf rows give NaN; a zero row gives signed 0s.")
    add("f64", rng.standard_normal((3, 10)) * 7, gamma=rng.standard_normal(10))
    xl = rng.standard_normal((96, 128)).astype(np.float32)
    add("rows_96x128_f32", xl)
    add("rows_2x1500_f32", rng.standard_normal((2, 1500)).astype(np.float32),
        note="Rows of 1500: more than one register tile holds (a scalar kernel at Tile IR).")
    # bf16: the executor widens x, gamma (and beta) to f32 and rounds the result once, so the
    # oracle is the f32 order rounded to bf16 (ml_dtypes: one rounding from f32), bit for bit.
    xb, gb, bb = (a.astype(ml_dtypes.bfloat16) for a in (rng.standard_normal((3, 24)) * 2,
                                                         rng.standard_normal(24),
                                                         rng.standard_normal(24)))
    args = [xb, gb, bb] if centre else [xb, gb]
    wide = [a.astype(np.float32) for a in args] + [None] * (3 - len(args))
    want = seq_norm(wide[0], -1, 1e-5, wide[1], wide[2], centre).astype(ml_dtypes.bfloat16)
    prog = op_module(f"tessera.{op}", args, want, "", names=["%x", "%g", "%b"][:len(args)])
    cf.add_case("gamma_bf16", prog, args, [want],
                requires=[f"op=tessera.{op}", "dtype=bf16", "level=graph"],
                note="bf16: computed in f32 (the executor widens the operands), rounded once.")
    cf.write()


def main():
    softmax_file(False)
    softmax_file(True)
    norm_file(True)
    norm_file(False)


if __name__ == "__main__":
    main()
