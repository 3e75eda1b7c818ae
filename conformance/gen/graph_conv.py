#!/usr/bin/env python3
"""Generator: conformance/cases/graph/conv2d_nhwc.mlir (tessera.conv2d_nhwc).

Oracle: the documented order (docs/ops/graph/contractions.md) reproduced in numpy float32: per
output, fma32 (exact float32 fma, see graph_matmul.py) over (ky, kx, c) in increasing order from
+0, skipping padding positions, then + bias rounded once. Low-precision operands are decoded by
ml_dtypes and the f32 result rounded once to the result type (round_f64_to). Padding "SAME"
follows TensorFlow's rule, computed here independently.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to  # noqa: E402
from graph_matmul import fma32  # noqa: E402


def conv_oracle(x, w, bias, strides=(1, 1), dil=(1, 1), pad=(0, 0, 0, 0)):
    x = np.asarray(x, np.float32)
    w = np.asarray(w, np.float32)
    n, h, wd, ci = x.shape
    kh, kw, _, co = w.shape
    sh, sw = strides
    dh, dw = dil
    pt, pb, pl, pr = pad
    oh = (h + pt + pb - ((kh - 1) * dh + 1)) // sh + 1
    ow = (wd + pl + pr - ((kw - 1) * dw + 1)) // sw + 1
    acc = np.zeros((n, oh, ow, co), np.float32)
    ys = np.arange(oh) * sh - pt
    xs = np.arange(ow) * sw - pl
    for ky in range(kh):
        for kx in range(kw):
            iy, ix = ys + ky * dh, xs + kx * dw
            valid = ((iy >= 0) & (iy < h))[:, None] & ((ix >= 0) & (ix < wd))[None, :]
            iyc, ixc = np.clip(iy, 0, h - 1), np.clip(ix, 0, wd - 1)
            patch = x[:, iyc][:, :, ixc]  # [n, oh, ow, ci]
            for c in range(ci):
                new = fma32(patch[..., c:c + 1], w[ky, kx, c][None, None, None, :], acc)
                acc = np.where(valid[None, :, :, None], new, acc)
    if bias is not None:
        acc = (acc + np.asarray(bias, np.float32)).astype(np.float32)
    return acc


def same_pad(n, k, s, d):
    out = -(-n // s)
    total = max((out - 1) * s + (k - 1) * d + 1 - n, 0)
    return total // 2, total - total // 2


def program(ops, result, attrs=""):
    names = ["x", "w", "b"][:len(ops)]
    types = [mlir_type(o) for o in ops]
    tr = mlir_type(result)
    attr = f" {{{attrs}}}" if attrs else ""
    args = ", ".join(f"%{n}: {t}" for n, t in zip(names, types))
    return ("module {\n"
            f"  func.func @main({args}) -> {tr} {{\n"
            f'    %0 = "tessera.conv2d_nhwc"({", ".join("%" + n for n in names)}){attr} : '
            f"({', '.join(types)}) -> {tr}\n"
            f"    return %0 : {tr}\n  }}\n}}\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        REPO_ROOT, "conformance", "cases", "graph", "conv2d_nhwc.mlir")
    cf = CaseFile(out, generator=__file__,
                  header="tessera.conv2d_nhwc: FMA chain over (kh, kw, ci), then + bias.")
    rng = np.random.default_rng(77)
    req = ["op=tessera.conv2d_nhwc", "level=graph"]

    def rnd(shape):
        return (rng.standard_normal(shape) * 2.0 ** rng.integers(-8, 9, shape)).astype(np.float32)

    x, w, b = rnd((1, 5, 5, 2)), rnd((3, 3, 2, 3)), rnd((3,))
    want = conv_oracle(x, w, b)
    cf.add_case("conv_valid_bias_f32", program([x, w, b], want), [x, w, b], [want],
                requires=req + ["dtype=f32"])

    x, w = rnd((2, 7, 6, 3)), rnd((3, 2, 3, 4))
    pad = same_pad(7, 3, 2, 1) + same_pad(6, 2, 2, 1)
    want = conv_oracle(x, w, None, (2, 2), (1, 1), pad)
    cf.add_case("conv_same_stride2_f32",
                program([x, w], want, 'strides = [2, 2], padding = "SAME"'), [x, w], [want],
                requires=req + ["dtype=f32"], note=f"SAME padding here is {list(pad)}.")

    x, w, b = rnd((1, 6, 7, 2)), rnd((2, 3, 2, 5)), rnd((5,))
    want = conv_oracle(x, w, b, (1, 2), (2, 1), (1, 0, 2, 1))
    cf.add_case("conv_dilated_explicit_pad_f32",
                program([x, w, b], want,
                        "strides = [1, 2], dilations = [2, 1], padding = [1, 0, 2, 1]"),
                [x, w, b], [want], requires=req + ["dtype=f32"])

    # Padding contributes no term: an Inf filter tap that only ever meets padding stays harmless.
    x = rnd((1, 3, 3, 1))
    w = np.ones((3, 3, 1, 1), np.float32)
    w[0, 0, 0, 0] = np.inf
    want = conv_oracle(x, w, None, (1, 1), (1, 1), (1, 0, 1, 0))
    cf.add_case("conv_padding_skips_terms_f32",
                program([x, w], want, "padding = [1, 0, 1, 0]"), [x, w], [want],
                requires=req + ["dtype=f32"],
                note="out[0,0,0] never multiplies the Inf tap (it lands on padding): finite.")

    x = rng.standard_normal((1, 6, 6, 4)).astype(ml_dtypes.bfloat16)
    w = rng.standard_normal((3, 3, 4, 8)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((8,)).astype(ml_dtypes.bfloat16)
    acc = conv_oracle(x.astype(np.float32), w.astype(np.float32), b.astype(np.float32),
                      pad=(1, 1, 1, 1))
    want = round_f64_to(acc.astype(np.float64), ml_dtypes.bfloat16)
    cf.add_case("conv_bf16", program([x, w, b], want, "padding = [1, 1, 1, 1]"), [x, w, b],
                [want], requires=req + ["dtype=bf16"],
                note="Computed in f32 on exactly decoded bf16, rounded once to bf16.")

    x = rng.integers(-8, 9, (1, 4, 4, 2)).astype(np.float64) / 4
    w = rng.integers(-8, 9, (2, 2, 2, 3)).astype(np.float64) / 8
    want = np.zeros((1, 3, 3, 3))
    for oy in range(3):
        for ox in range(3):
            want[0, oy, ox] = np.einsum("ijc,ijco->o", x[0, oy:oy + 2, ox:ox + 2], w)
    cf.add_case("conv_exact_f64", program([x, w], want), [x, w], [want],
                requires=req + ["dtype=f64"], note="Dyadic values: every partial sum is exact.")
    cf.write()


if __name__ == "__main__":
    main()
