"""f64 tessera.layer_norm and tessera.rmsnorm (and their guide names) lowered to Tile and Target IR
as scalar kernels: every level bit-exact with Python float loops of the spec's order
(docs/ops/graph/normalization.md: the sum chain from x[0], the squared differences' chain from
d_0 * d_0, 1 / sqrt(sq / n + eps), then (x - mean) * scale * gamma + beta), with gamma and beta
of any rank, constant rows, NaN, Inf and -0. f64 softmax and log_softmax stay at Schedule IR
(the C library's exp and log).

Usage: levels_norm_test.py TESSERA_INTERP
"""
import math
import pathlib
import tempfile

import numpy as np

from levels_common import check_case, check_stays_at_schedule, finish, one_op_program


def norm(x, axis, centre, gamma=None, beta=None, eps=1e-5):
    """Python floats (IEEE doubles, one rounding per operation) in the kernel's order."""
    rows = x.reshape(int(np.prod(x.shape[:axis])), -1)
    n = rows.shape[1]
    g = None if gamma is None else gamma.ravel()
    b = None if beta is None else beta.ravel()
    out = np.empty_like(rows)
    for r, row in enumerate(rows.tolist()):
        mean = 0.0
        if centre:
            acc = row[0]
            for v in row[1:]:
                acc = acc + v
            mean = acc / float(n)
        sq = (row[0] - mean) * (row[0] - mean)
        for v in row[1:]:
            sq = sq + (v - mean) * (v - mean)
        scale = 1.0 / math.sqrt(sq / float(n) + eps)
        for j, v in enumerate(row):
            y = (v - mean) * scale
            if g is not None:
                y = y * float(g[j])
            if b is not None:
                y = y + float(b[j])
            out[r, j] = y
    return out.reshape(x.shape)


def case(d, name, op, ins, want, attrs=""):
    check_case(d, name, one_op_program(op, ins, ins[0].shape, "f64", attrs), ins, want)


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
        for op, why in (("softmax", "exp,"), ("log_softmax", "exp and log,")):
            src = d / f"{op}.mlir"
            src.write_text(one_op_program(op, [x], x.shape, "f64"))
            check_stays_at_schedule(src, f"tessera.{op} of f64 computes the C library's {why}")
    finish()


if __name__ == "__main__":
    main()
