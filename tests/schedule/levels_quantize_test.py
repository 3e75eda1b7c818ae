#!/usr/bin/env python3
"""tessera.quantize {scheme = "tensor"} and tessera.quantize_fp8 at every level
(docs/ops/schedule/lowering.md, "Quantization"): the one-group kernel (amax, scale, codes) must
reach Tile and Target IR and give, for both results, the bits of a numpy / ml_dtypes oracle
written from docs/ops/graph/quantization.md, not from the interpreter: amax = max |x| in f32
(any NaN: scale 1), scale = f32(amax) / f32(max_finite(F)) for 0 < amax < Inf else 1 (or the
scale operand), y = f32(x) / scale, finite y clipped to +-max_finite(F) (quantization saturates),
then ml_dtypes' round-to-nearest-even conversion (Inf and NaN by ml_dtypes, the ocp profile).
Round-toward-zero cases (rounding = "rtz") use the largest-magnitude code not above |y| from the
table of all ml_dtypes codes of F. Inputs: f32, f16 and bf16 x, ranks 1 to 3, zero, NaN, Inf and
subnormal edges, a given scale that overflows.

Usage: levels_quantize_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import LEVELS, check, check_lowers_to_target, check_validates, finish, run_proc as run, t  # noqa: E402

F32 = np.float32
FMT = {"f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
       "f6E2M3FN": ml_dtypes.float6_e2m3fn, "f6E3M2FN": ml_dtypes.float6_e3m2fn,
       "f4E2M1FN": ml_dtypes.float4_e2m1fn, "bf16": ml_dtypes.bfloat16, "f16": np.float16}
XT = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16}


def oracle(x, fmt, given=None, rtz=False, flush=False):
    """(codes as the format's numpy dtype, scale as f32[]) of docs/ops/graph/quantization.md;
    `flush` (denorm = "flush"): an f32-subnormal quotient and a quotient below F's smallest
    normal give the zero of their sign (docs/numerics.md, "Policies")."""
    x32 = x.astype(F32)
    m = F32(ml_dtypes.finfo(FMT[fmt]).max)
    if given is not None:
        s = F32(given)
    else:
        a = np.abs(x32)
        amax = F32(np.nan) if np.isnan(a).any() else a.max()
        s = amax / m if (amax > 0 and np.isfinite(amax)) else F32(1)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        y = (x32 / s).astype(F32)
    y = np.where(np.isfinite(y), np.clip(y, -m, m), y)
    if flush:
        tiny = max(float(ml_dtypes.finfo(FMT[fmt]).smallest_normal), 2.0 ** -126)
        y = np.where(np.abs(y) < tiny, np.copysign(F32(0), y), y).astype(F32)
    if not rtz:
        return y.astype(FMT[fmt]), np.array(s, F32)
    # Round toward zero: the largest code magnitude <= |y| (finite y, after the clip).
    codes = np.arange(256 if fmt.startswith("f8") else 64, dtype=np.uint8).view(FMT[fmt])
    mags = np.unique(np.abs(codes.astype(np.float64)))
    mags = mags[np.isfinite(mags)]
    ay = np.abs(y.astype(np.float64))
    fin = np.isfinite(ay)
    k = np.searchsorted(mags, np.where(fin, ay, 0), side="right") - 1
    r = np.where(fin, np.copysign(mags[k], y), y)
    return r.astype(FMT[fmt]), np.array(s, F32)


def emax_of(fmt):
    return int(np.frexp(np.float64(ml_dtypes.finfo(FMT[fmt]).max))[1]) - 1


def sat64(v, fmt):
    """float64 values rounded once (RNE) to fmt, finite ones clipped to +-max finite first."""
    m = float(ml_dtypes.finfo(FMT[fmt]).max)
    return np.where(np.isfinite(v), np.clip(v, -m, m), v).astype(FMT[fmt])


def mx_oracle(x, fmt, rule):
    """(codes, e8m0 scales): per block of 32 along the last axis, X the least exponent with
    amax <= max_finite * 2^X ("ceil") or floor(log2 amax) - emax ("ocp"), clamped to
    [-127, 127] (amax 0: -127); elements x * 2^-X (exact in f64) rounded once; a block holding
    NaN or Inf: scale 0xFF and every element NaN with x's sign."""
    rows = x.astype(np.float64).reshape(-1, x.shape[-1])
    n = rows.shape[1]
    nb = -(-n // 32)
    q = np.zeros(rows.shape, FMT[fmt])
    s = np.zeros((rows.shape[0], nb), np.uint8)
    mf = float(ml_dtypes.finfo(FMT[fmt]).max)
    for r in range(rows.shape[0]):
        for b in range(nb):
            blk = rows[r, 32 * b:32 * b + 32]
            if not np.isfinite(blk).all():
                s[r, b] = 0xFF
                q[r, 32 * b:32 * b + 32] = np.copysign(np.nan, blk).astype(FMT[fmt])
                continue
            amax = np.abs(blk).max()
            if amax == 0:
                e = -127
            else:
                e = int(np.frexp(amax)[1]) - 1 - emax_of(fmt)
                if rule == "ceil" and amax > mf * 2.0 ** e:
                    e += 1
                e = min(127, max(-127, e))
            s[r, b] = e + 127
            q[r, 32 * b:32 * b + 32] = sat64(blk * 2.0 ** -e, fmt)
    return q.reshape(x.shape), s.view(ml_dtypes.float8_e8m0fnu).reshape(x.shape[:-1] + (nb,))


def nvfp4_oracle(x):
    """(e2m1 codes, e4m3 scales, g): g = f32(amax) / 2688 (1 unless 0 < amax < Inf); per block
    of 16, s = e4m3(f32(f32(amax_b / 6) / g)) RNE with finite saturation, f = f32(value(s) g),
    codes e2m1(f32(x / f)) saturated, +0 where f is 0."""
    x32 = x.astype(F32)
    amax = np.abs(x32).max()
    g = F32(amax / F32(2688)) if (amax > 0 and np.isfinite(amax)) else F32(1)
    rows = x32.reshape(-1, x.shape[-1])
    n = rows.shape[1]
    nb = -(-n // 16)
    q = np.zeros(rows.shape, ml_dtypes.float4_e2m1fn)
    s = np.zeros((rows.shape[0], nb), ml_dtypes.float8_e4m3fn)
    for r in range(rows.shape[0]):
        for b in range(nb):
            blk = rows[r, 16 * b:16 * b + 16]
            t = F32(F32(np.abs(blk).max() / F32(6)) / g)
            # the cuda profile's satfinite: Inf too clamps to 448 (NaN stays NaN)
            s[r, b] = np.array([t if np.isnan(t) else np.clip(t, -448, 448)], F32).astype(
                ml_dtypes.float8_e4m3fn)[0]
            f = F32(F32(s[r, b]) * g)
            with np.errstate(all="ignore"):
                v = (blk / f).astype(F32) if f != 0 else np.zeros_like(blk)
            q[r, 16 * b:16 * b + 16] = sat64(v.astype(np.float64), "f4E2M1FN")
    return q.reshape(x.shape), s.reshape(x.shape[:-1] + (nb,)), np.array(g, F32)


def program(op, xt, fmt, shape, given, attrs, outs):
    """A module running one quantize op on %x (and %sc) with result types `outs`."""
    x = t(shape, xt)
    ins = [f"%x: {x}"] + ([f"%sc: tensor<f32>"] if given is not None else [])
    ops = "%x, %sc" if given is not None else "%x"
    itypes = f"{x}, tensor<f32>" if given is not None else x
    name = "tessera.quantize_fp8" if op == "fp8" else "tessera.quantize"
    rs = ", ".join(outs)
    names = ", ".join(f"%r#{k}" for k in range(len(outs)))
    return f"""module {{
  func.func @main({", ".join(ins)}) -> ({rs}) {{
    %r:{len(outs)} = "{name}"({ops}) {{{attrs}}} : ({itypes}) -> ({rs})
    return {names} : {rs}
  }}
}}"""


MLIR = {v: k for k, v in {"f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2",
                          "f6E2M3FN": "float6_e2m3fn", "f6E3M2FN": "float6_e3m2fn",
                          "f4E2M1FN": "float4_e2m1fn", "bf16": "bfloat16", "f16": "float16",
                          "f32": "float32", "f8E8M0FNU": "float8_e8m0fnu"}.items()}


def mlir_type(a):
    return t(a.shape, MLIR[a.dtype.name])


def tensor_case(xt, fmt, x, given=None, policy=None, op="q"):
    if op == "fp8":
        attrs = f'format = "{"e4m3" if fmt == "f8E4M3FN" else "e5m2"}"'
    else:
        attrs = 'scheme = "tensor"' + (f", numeric_policy = {{{policy}}}" if policy else "")
    want = oracle(x, fmt, given, rtz="rtz" in (policy or ""), flush="flush" in (policy or ""))
    return (op, xt, x, given, attrs, want)


def cases():
    rng = np.random.default_rng(13)
    out = []
    for fmt in ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN", "bf16", "f16"):
        x = (rng.standard_normal((4, 40)) * 3).astype(F32)
        x.reshape(-1)[:4] = [0.0, -0.0, 1e-40, -3e-39]  # zeros and f32 subnormals
        out.append(tensor_case("f32", fmt, x))
    out.append(tensor_case("f16", "f8E4M3FN", (rng.standard_normal((3, 5, 7)) * 100).astype(
        np.float16)))
    out.append(tensor_case("bf16", "f4E2M1FN", (rng.standard_normal(33) * 1e-3).astype(
        ml_dtypes.bfloat16)))
    out.append(tensor_case("f32", "f8E4M3FN", np.zeros((2, 8), F32)))  # amax 0: scale 1
    out.append(tensor_case("f32", "f8E5M2", np.array(-300.0, F32)))  # rank 0
    x = rng.standard_normal((2, 8)).astype(F32)
    x[1, 3] = np.nan  # amax NaN: scale 1, the element NaN
    out.append(tensor_case("f32", "f8E5M2", x))
    x = rng.standard_normal((2, 8)).astype(F32)
    x[0, 1] = -np.inf  # amax Inf: scale 1
    out.append(tensor_case("f32", "f8E4M3FN", x))
    x = (rng.standard_normal((2, 16)) * 1000).astype(F32)
    x[0, :3] = [np.inf, -np.inf, np.nan]
    for fmt in ("f8E4M3FN", "f8E5M2", "f4E2M1FN"):  # a given scale: finite overflow saturates
        out.append(tensor_case("f32", fmt, x, F32(0.75)))
    x = (rng.standard_normal((3, 16)) * 5).astype(F32)
    out.append(tensor_case("f32", "f8E4M3FN", x, policy='rounding = "rtz"'))
    out.append(tensor_case("f32", "f4E2M1FN", x, F32(0.3), 'rounding = "rtz"'))
    x = np.array([1e-39, -2e-39, 0.005, -0.003, 0.02, 1.5, -7e-3, 300.0], F32)
    out.append(tensor_case("f32", "f8E4M3FN", x, F32(1.0), 'denorm = "flush"'))
    for fmt in ("f8E4M3FN", "f8E5M2"):
        out.append(tensor_case("f32", fmt, (rng.standard_normal((4, 8)) * 7).astype(F32),
                               op="fp8"))
    # mx: every element format and both rules; rows of 70 (a last block of 6), a zero block,
    # a NaN block and an Inf block (scale 0xFF, NaN of each element's sign), a block below
    # 2^-127 (scale clamped), one near FLT_MAX, f32 subnormals, f16 and bf16 inputs.
    for k, fmt in enumerate(("f8E4M3FN", "f8E5M2", "f6E3M2FN", "f6E2M3FN", "f4E2M1FN")):
        for rule in ("ocp", "ceil"):
            x = (rng.standard_normal((5, 70)) * 4).astype(F32)
            x[0, :32] = 0.0
            x[0, 32:40] = -0.0
            x[1, 3], x[1, 7] = np.nan, -2.0
            x[2, 40] = -np.inf
            x[3, :32] = (rng.standard_normal(32) * 1e-39).astype(F32)  # subnormals
            x[3, 32:64] *= F32(2.0 ** 100)
            x[4, 64:] = [3.4e38, -1e38, 7.0, -0.0, 1e-45, 6.0]
            if k % 2:  # the exact significand boundary of the ceil rule
                x[4, 0] = F32(ml_dtypes.finfo(FMT[fmt]).max) * F32(2.0 ** -5)
            want = mx_oracle(x, fmt, rule)
            out.append(("q", "f32", x, None, f'scheme = "mx", scale_rule = "{rule}"', want))
    # The scale rule over the whole f32 range: one block per amax = 2^e * m for every exponent
    # e of f32 (subnormals included) and m = 1, F's largest significand and the next f32 above
    # it (the ceil rule's boundary).
    for fmt in ("f8E4M3FN", "f4E2M1FN"):
        sig = float(ml_dtypes.finfo(FMT[fmt]).max) / 2.0 ** emax_of(fmt)
        ms = [1.0, sig, float(np.nextafter(F32(sig), F32(2)))]
        with np.errstate(over="ignore"):
            amax = np.array([np.ldexp(m, e) for e in range(-149, 128) for m in ms]).astype(F32)
        amax = amax[np.isfinite(amax) & (amax > 0)]
        x = np.zeros((amax.size, 32), F32)
        x[:, 0] = amax
        x[:, 1] = -amax / F32(3)
        x[:, 2] = amax * F32(0.6)
        for rule in ("ocp", "ceil"):
            out.append(("q", "f32", x, None, f'scheme = "mx", scale_rule = "{rule}"',
                        mx_oracle(x, fmt, rule)))
    x = (rng.standard_normal((2, 3, 33)) * 50).astype(np.float16)
    out.append(("q", "f16", x, None, 'scheme = "mx"', mx_oracle(x, "f8E4M3FN", "ocp")))
    x = (rng.standard_normal((64,)) * 0.01).astype(ml_dtypes.bfloat16)
    out.append(("q", "bf16", x, None, 'scheme = "mx", scale_rule = "ceil"',
                mx_oracle(x, "f4E2M1FN", "ceil")))
    # nvfp4: rows of 40 (a last block of 8), a zero block (f = 0), f16 input.
    x = (rng.standard_normal((3, 40)) * 9).astype(F32)
    x[1, 16:32] = 0.0
    x[2, :4] = [1e-40, -1e-38, 2e3, -0.0]
    out.append(("q", "f32", x, None, 'scheme = "nvfp4"', nvfp4_oracle(x)))
    x = (rng.standard_normal((2, 2, 16)) * 0.1).astype(np.float16)
    out.append(("q", "f16", x, None, 'scheme = "nvfp4"', nvfp4_oracle(x)))
    return out


def same_bits(got, want):
    """Element-wise equal storage, or both NaN (no spec fixes a NaN's sign or payload)."""
    if got.dtype.itemsize != want.dtype.itemsize or got.shape != want.shape:
        return np.zeros(want.shape, bool)
    u = {1: np.uint8, 2: np.uint16, 4: np.uint32}[want.dtype.itemsize]
    g = got.view(u)
    w = want.view(u)
    gv = g.view(want.dtype).astype(np.float64)
    return (g == w) | (np.isnan(gv) & np.isnan(want.astype(np.float64)))


def main():
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for k, (op, xt, x, given, attrs, want) in enumerate(cases()):
            name = f"{op}_{xt}_{k}"
            p = d / f"{name}.mlir"
            p.write_text(program(op, xt, None, x.shape, given, attrs,
                                 [mlir_type(w) for w in want]))
            np.save(d / f"{name}.x.npy", x)
            ins = ["--input", f"x={d / f'{name}.x.npy'}"]
            if given is not None:
                np.save(d / f"{name}.s.npy", np.array(given, F32))
                ins += ["--input", f"sc={d / f'{name}.s.npy'}"]
            for level in LEVELS:
                od = d / f"{name}.{level}"
                run("run", p, "--level", level, *ins, "-o", od)
                for r, w in enumerate(want):
                    got = np.load(od / f"{r}.npy")
                    same = same_bits(got, w)
                    check(same.all(), f"{name}: {level}: result {r} differs at "
                          f"{np.argwhere(~same)[:3].tolist()}: {got.dtype} {got.shape}")
            check_lowers_to_target(name, p)
            check_validates(name, p, ins)
    finish()


if __name__ == "__main__":
    main()
