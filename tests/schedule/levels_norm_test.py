"""tessera.layer_norm, rmsnorm (and their guide names), softmax and log_softmax lowered to Tile and
Target IR as scalar kernels: f64, bf16 and f16 (computed in f32, rounded once at storage by
ml_dtypes), and f32 rows over 1024 elements. Every level is bit-exact with Python loops of the
spec's order (docs/ops/graph/normalization.md: the sum chain from x[0], the squared differences'
chain from d_0 * d_0, 1 / sqrt(sq / n + eps), then (x - mean) * scale * gamma + beta; softmax's
maximum chain, the spec's expf (conformance/gen/spec_expf.py) summed from the first, e / s or
(x - m) - log(s) with the correctly rounded logf), with gamma and beta of any rank, constant
rows, NaN, Inf and -0, softmax along any axis. f64 softmax and log_softmax: levels_f64math_test.py.

Usage: levels_norm_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

from levels_common import (check_case, finish,  # noqa: E402
                           one_op_program)

F = np.float32
BF = ml_dtypes.bfloat16


def norm(x, axis, centre, gamma=None, beta=None, eps=1e-5, T=float):
    """The kernel's steps on scalars of T: Python floats (IEEE doubles) or np.float32 (one f32
    rounding per operation), one rounding per operation."""
    rows = x.reshape(int(np.prod(x.shape[:axis])), -1)
    n = rows.shape[1]
    g = None if gamma is None else gamma.ravel()
    b = None if beta is None else beta.ravel()
    root = math.sqrt if T is float else np.sqrt
    out = np.empty(rows.shape, np.float64 if T is float else F)
    for r in range(rows.shape[0]):
        row = [T(v) for v in rows[r]]
        mean = T(0)
        if centre:
            acc = row[0]
            for v in row[1:]:
                acc = acc + v
            mean = acc / T(n)
        sq = (row[0] - mean) * (row[0] - mean)
        for v in row[1:]:
            sq = sq + (v - mean) * (v - mean)
        scale = T(1) / root(sq / T(n) + T(eps))
        for j, v in enumerate(row):
            y = (v - mean) * scale
            if g is not None:
                y = y * T(g[j])
            if b is not None:
                y = y + T(b[j])
            out[r, j] = y
    return out.reshape(x.shape)


def ieee_max(a, b):
    if a == b:
        return b if math.copysign(1, a) < 0 else a
    return a if a > b else b


def softmax(x, axis, log_form):
    """f32 rows along `axis`: the maximum chain, expf summed from the first, e / s or
    (x - m) - logf(s) (logf: the f32 log correctly rounded, via the f64 log)."""
    xs = np.moveaxis(x.astype(F), axis, -1)
    out = np.empty(xs.shape, F)
    for idx in np.ndindex(xs.shape[:-1]):
        row = xs[idx]
        m = row[0]
        for v in row[1:]:
            m = ieee_max(m, v)
        e = [spec_expf.expf(float(F(v - m))) for v in row]
        s = e[0]
        for v in e[1:]:
            s = F(s + v)
        ls = F(np.log(np.float64(s)))
        out[idx] = [F(F(v - m) - ls) if log_form else F(ev / s) for v, ev in zip(row, e)]
    return np.moveaxis(out, -1, axis)


NAMES = {np.float64: "f64", np.float32: "f32", BF: "bf16", np.float16: "f16"}


def case(d, name, op, ins, want, attrs=""):
    et = NAMES[ins[0].dtype.type]
    check_case(d, name, one_op_program(op, ins, ins[0].shape, et, attrs), ins, [want])


def narrow_and_wide(d, rng):
    """bf16 / f16 (widened to f32, rounded once at storage) and f32 rows over 1024 elements."""
    x = (rng.standard_normal((4, 24)) * 2).astype(F)
    x[1, 5], x[2, 0] = -0.0, np.inf
    g, b = rng.standard_normal(24).astype(F), rng.standard_normal(24).astype(F)
    for t, tn in ((BF, "bf16"), (np.float16, "f16")):
        xt, gt, bt = x.astype(t), g.astype(t), b.astype(t)
        w = [a.astype(F) for a in (xt, gt, bt)]
        case(d, f"layer_norm_{tn}", "layer_norm", [xt, gt, bt],
             norm(w[0], 1, True, w[1], w[2], T=F).astype(t))
        case(d, f"rmsnorm_{tn}", "rmsnorm", [xt, gt], norm(w[0], 1, False, w[1], T=F).astype(t))
        x3 = rng.standard_normal((3, 5, 4)).astype(t)
        for axis in (2, 0):
            for op in ("softmax", "log_softmax"):
                case(d, f"{op}_{tn}_axis{axis}", op, [x3],
                     softmax(x3, axis, op == "log_softmax").astype(t), f"axis = {axis}")
    wide = rng.standard_normal((3, 1100)).astype(F)
    case(d, "layer_norm_wide", "layer_norm", [wide], norm(wide, 1, True, T=F))
    case(d, "softmax_wide", "softmax", [wide], softmax(wide, 1, False))
    case(d, "log_softmax_wide_axis0", "log_softmax", [wide.T.copy()],
         softmax(wide.T.copy(), 0, True), "axis = 0")


def main():
    rng = np.random.default_rng(41)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        x = rng.standard_normal((5, 12)) * 3 + 1
        x[1] = 0.25  # a constant row: var 0, scale 1 / sqrt(eps)
        x[2, 3], x[3, 0], x[4, 7] = -0.0, np.nan, np.inf
        g, b = rng.standard_normal(12), rng.standard_normal(12)
        for op, centre in (("layer_norm", True), ("rmsnorm", False)):
            case(d, f"{op}_plain", op, [x], norm(x, 1, centre))
            case(d, f"{op}_gamma", op, [x, g], norm(x, 1, centre, g))
            x3 = rng.standard_normal((3, 4, 5))
            g3 = rng.standard_normal((4, 5))
            case(d, f"{op}_axis1", op, [x3, g3], norm(x3, 1, centre, g3, eps=0.5),
                 "axis = 1, epsilon = 0.5")
        case(d, "layer_norm_gamma_beta", "layer_norm", [x, g, b], norm(x, 1, True, g, b))
        case(d, "layernorm_safe", "layernorm_safe", [x, g, b], norm(x, 1, True, g, b))
        case(d, "rmsnorm_safe", "rmsnorm_safe", [x, g], norm(x, 1, False, g))
        # f64 softmax and log_softmax: levels_f64math_test.py (the spec's exp64 / log64).
        with np.errstate(invalid="ignore", over="ignore"):  # the Inf row's NaNs
            narrow_and_wide(d, rng)
    finish()


if __name__ == "__main__":
    main()
