#!/usr/bin/env python3
"""conv2d_nhwc as an implicit GEMM (docs/ops/schedule/lowering.md, "Convolution"): every level gives
the bits of an independent numpy oracle of the spec's FMA chain (docs/ops/graph/contractions.md:
taps (ky, kx) then channels in increasing order, padded terms skipped, + bias, one rounding to
the result type), the group lowers to Tile and Target IR, and `validate` finds every level
bit-exact. Padding meets an Inf in the filter, so a zero-filled padded term (0 * Inf = NaN)
would fail. f64 convolutions lower as a direct kernel (tile.fma chains, one group per output
pixel); their oracle is the same chain with each fma exact on Python fractions, rounded once (on
these inputs it differs from a product-then-add chain in about half the outputs).

Usage: levels_conv_test.py TESSERA_INTERP
"""
import math
import pathlib
import tempfile
from fractions import Fraction

import ml_dtypes
import numpy as np

from levels_common import FAILS, check, run_proc as run  # noqa: E402


def fma_f32(p, c):
    """round_f32(p + c) exactly, for p a float64 holding an exact product of two f32 values and c
    f32: TwoSum gives the exact sum as s + e; s rounded to odd (53 >= 24 + 2 bits) then to f32
    (RNE) is the single rounding of the exact sum."""
    c = c.astype(np.float64)
    with np.errstate(invalid="ignore"):  # Inf and NaN terms: s is already the answer
        s = p + c
        bp = s - c
        e = (p - bp) + (c - (s - bp))
    bits = s.view(np.uint64)
    fix = np.isfinite(s) & (e != 0) & ((bits & 1) == 0)
    s = np.where(fix, np.nextafter(s, np.where(e > 0, np.inf, -np.inf)), s)
    with np.errstate(over="ignore"):
        return s.astype(np.float32)


def fma32(a, b, c):
    """RN32(a * b + c) elementwise for f32 values (the product is exact in f64)."""
    with np.errstate(invalid="ignore"):
        return fma_f32(a.astype(np.float64) * b.astype(np.float64), c)


def fma64(a, b, c):
    """RN64(a * b + c) elementwise, exact on Fractions (float() rounds once, ties to even) where
    all three are finite; with an Inf or NaN no rounding is left to model."""
    a, b, c = np.broadcast_arrays(a, b, c)
    out = np.empty(a.shape)
    for i in np.ndindex(*a.shape):
        x, y, z = float(a[i]), float(b[i]), float(c[i])
        if all(map(math.isfinite, (x, y, z))):
            out[i] = float(Fraction(x) * Fraction(y) + Fraction(z))
        else:
            out[i] = x * y + z
    return out


def conv_oracle(x, w, b, strides, dil, pad, acc_t=np.float32):
    """The spec's chain per output, vectorised over outputs: x, w, b exact values of acc_t (f32
    or f64), one rounding per fma."""
    fma = fma64 if acc_t == np.float64 else fma32
    n, h, wd, c = x.shape
    kh, kw, _, o = w.shape
    (sh, sw), (dh, dw), (pt, pb, pl, pr) = strides, dil, pad
    oh = (h + pt + pb - ((kh - 1) * dh + 1)) // sh + 1
    ow = (wd + pl + pr - ((kw - 1) * dw + 1)) // sw + 1
    acc = np.zeros((n, oh, ow, o), acc_t)
    ys, xs = np.arange(oh), np.arange(ow)
    for ky in range(kh):
        iy = ys * sh - pt + ky * dh
        for kx in range(kw):
            ix = xs * sw - pl + kx * dw
            ok = ((iy >= 0) & (iy < h))[:, None] & ((ix >= 0) & (ix < wd))[None, :]
            xi = x[:, np.clip(iy, 0, h - 1)][:, :, np.clip(ix, 0, wd - 1)]
            for ch in range(c):
                acc = np.where(ok[None, :, :, None], fma(xi[..., ch, None], w[ky, kx, ch], acc),
                               acc)
    if b is not None:
        with np.errstate(invalid="ignore", over="ignore"):
            acc = acc + b.astype(acc_t)
    return acc


def program(dt, xs, ws, bias, attrs, out):
    t = lambda s: "tensor<" + "x".join(map(str, s)) + f"x{dt}>"  # noqa: E731
    args = f"%x: {t(xs)}, %w: {t(ws)}" + (f", %b: {t((ws[3],))}" if bias else "")
    ops = "%x, %w" + (", %b" if bias else "")
    tys = f"{t(xs)}, {t(ws)}" + (f", {t((ws[3],))}" if bias else "")
    return f"""module {{
  func.func @main({args}) -> {t(out)} {{
    %y = "tessera.conv2d_nhwc"({ops}) {attrs} : ({tys}) -> {t(out)}
    return %y : {t(out)}
  }}
}}"""


# name: (dtype, x shape, w shape, bias, strides, dilations, [pt, pb, pl, pr], lowers)
CASES = {
    # OW 37 and O 40: two tiles each way, masked edges; C = 5 (K blocks of 1); padding 1 all round.
    "pad_bias_edges": ("f32", (2, 6, 37, 5), (3, 3, 5, 40), True, (1, 1), (1, 1), (1, 1, 1, 1),
                       True),
    # strides, dilations and asymmetric padding; W = 12 a multiple of the W stride 2.
    "stride_dilation": ("f32", (1, 11, 12, 4), (3, 2, 4, 8), False, (2, 2), (2, 3), (1, 2, 3, 1),
                        True),
    # C = 64 in two K blocks of 32 per tap, no padding.
    "valid_c64": ("f32", (1, 5, 7, 64), (2, 2, 64, 16), True, (1, 1), (1, 1), (0, 0, 0, 0), True),
    # bf16: widened exactly to f32, one rounding of the f32 result back to bf16.
    "bf16": ("bf16", (1, 6, 6, 4), (3, 3, 4, 8), True, (1, 1), (1, 1), (1, 1, 1, 1), True),
    # f16 and fp8 e4m3 the same way (the result rounds once: ml_dtypes' RNE, e4m3 overflow NaN).
    "f16": ("f16", (1, 5, 9, 3), (2, 3, 3, 6), True, (1, 1), (1, 1), (0, 1, 1, 1), True),
    "e4m3": ("f8E4M3FN", (1, 5, 6, 3), (3, 3, 3, 4), False, (1, 1), (1, 1), (1, 1, 1, 1), True),
    # W = 7 is not a multiple of the W stride 2: W goes up to 8 (a column of x appended, never
    # selected) for the [N, H, W/2, 2C] view; the right padding masks w = 7.
    "w_stride_remainder": ("f32", (1, 6, 7, 2), (2, 3, 2, 5), True, (1, 2), (2, 1), (1, 0, 2, 1),
                           True),
    # f64: the direct kernel (tile.fma chains, one group per output pixel): padding all round
    # with a bias; strides, dilations and asymmetric padding; W below the W stride.
    "f64_pad_bias": ("f64", (2, 4, 5, 3), (3, 3, 3, 4), True, (1, 1), (1, 1), (1, 1, 1, 1), True),
    "f64_stride_dilation": ("f64", (1, 9, 8, 2), (3, 2, 2, 3), False, (2, 2), (2, 3),
                            (1, 2, 3, 1), True),
    "f64_w_stride": ("f64", (1, 4, 1, 2), (1, 1, 2, 3), False, (1, 3), (1, 1), (0, 0, 0, 0),
                     True),
    # W = 1 below half the W stride 3: stays at Schedule IR, still bit-exact there.
    "stays_w_stride": ("f32", (1, 4, 1, 2), (1, 1, 2, 3), False, (1, 3), (1, 1), (0, 0, 0, 0),
                       False),
}


def main():
    rng = np.random.default_rng(7)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for name, (dt, xs, ws, bias, st, dil, pad, lowers) in CASES.items():
            npdt = {"bf16": ml_dtypes.bfloat16, "f16": np.float16, "f64": np.float64,
                    "f8E4M3FN": ml_dtypes.float8_e4m3fn}.get(dt, np.float32)
            acc_t = np.float64 if dt == "f64" else np.float32
            x = rng.standard_normal(xs).astype(npdt)
            w = rng.standard_normal(ws).astype(npdt)
            b = rng.standard_normal((ws[3],)).astype(npdt) if bias else None
            if (pad[0] or pad[2]) and dt != "f8E4M3FN":  # 0 * Inf must not appear (e4m3: NaN)
                w[0, 0, 0, 0] = np.inf
            kh, kw = ws[0], ws[1]
            oh = (xs[1] + pad[0] + pad[1] - ((kh - 1) * dil[0] + 1)) // st[0] + 1
            ow = (xs[2] + pad[2] + pad[3] - ((kw - 1) * dil[1] + 1)) // st[1] + 1
            out = (xs[0], oh, ow, ws[3])
            attrs = (f"{{strides = [{st[0]}, {st[1]}], dilations = [{dil[0]}, {dil[1]}], "
                     f"padding = [{pad[0]}, {pad[1]}, {pad[2]}, {pad[3]}]}}")
            src = d / f"{name}.mlir"
            src.write_text(program(dt, xs, ws, bias, attrs, out))
            ins = []
            for n, v in (("x", x), ("w", w), ("b", b)):
                if v is not None:
                    np.save(d / f"{name}.{n}.npy", v)
                    ins += ["--input", f"{n}={d / f'{name}.{n}.npy'}"]
            want = conv_oracle(x.astype(acc_t), w.astype(acc_t),
                               None if b is None else b.astype(acc_t), st, dil, pad, acc_t)
            want = want.astype(npdt)
            wbits = want.view(f"u{want.dtype.itemsize}")
            check(np.isinf(want.astype(np.float32)).any() or not (pad[0] or pad[2])
                  or dt == "f8E4M3FN",
                  f"{name}: the Inf in the filter reaches no output (test is weak)")
            for level in ("graph", "schedule", "tile", "target"):
                od = d / f"{name}.{level}"
                run("run", src, "--level", level, *ins, "-o", od)
                (f,) = list(od.glob("*.npy"))
                got = np.load(f)
                gbits = got.view(wbits.dtype)
                nan = np.isnan(got.astype(np.float32)) & np.isnan(want.astype(np.float32))
                same = (gbits == wbits) | nan
                check(same.all(), f"{name}: {level} differs from the oracle at "
                                  f"{np.argwhere(~same)[:4].tolist()}")
            tile = run("lower", src, "--to", "tile").stdout
            target = run("lower", src, "--to", "target").stdout
            check(("tile.launch" in tile) == lowers, f"{name}: tile.launch expected={lowers}")
            check(("tessera_nvidia.launch" in target) == lowers and "tile.launch" not in target,
                  f"{name}: tessera_nvidia.launch expected={lowers}")
            if not lowers:
                check('schedule.not_lowered = "W below half the W stride' in tile,
                      f"{name}: the reason it stays")
            v = run("validate", src, *ins)
            check("tile: bit-exact" in v.stdout and "target: bit-exact" in v.stdout,
                  f"{name}: validate: {v.stdout}")
            if name == "pad_bias_edges":
                # The padded tap (0, 0) keeps its product on padded rows: at y = 1, x = 0 (row
                # h = 0 inside, column w = -1 padding) 0 * Inf gives NaN; validate names it.
                sel = "%ao = arith.select %t0_ok, %am, %ai"
                check(sel in tile, f"{name}: the padded tap's select")
                mut = d / f"{name}.mut.mlir"
                mut.write_text(tile.replace(sel, "%ao = arith.select %t0_ok, %am, %am"))
                v = run("validate", src, *ins, "--tile", mut, ok=False)
                check(v.returncode == 1 and "tile: differs from graph: tile.launch of "
                      "@main_g0_kernel (group @main_g0): element [0, 1, 0, 0]" in v.stdout,
                      f"{name}: mutated kernel: validate said {v.stdout!r}")
    if FAILS:
        raise SystemExit(f"{len(FAILS)} failures")
    print("ok")


if __name__ == "__main__":
    main()
