"""Scalar-kernel GEMMs lowered to Tile and Target IR (batched tessera.matmul with broadcast batch
dims and transposes, tessera.grouped_gemm): every level bit-exact with an exact oracle, the
sequential chain acc = RN32(a * b + acc) from +0 over k computed on Python fractions with
round-half-even to f32 (subnormals, overflow to Inf). Rows built so that a + b * c lands
exactly halfway between two f32 values in f64 with a non-zero rounding error (1 + 2^-23 +
2^-24 - 2^-60, and 2^128 - 2^103 - 2^67 just below the overflow threshold) check the exact FMA
of schedule_to_tile_fma.cpp, where rounding the f64 sum to f32 would be wrong. A group size
outside grouped_gemm_c4 stops the run at every level with an error. Also tessera.latent_kv_*
(rows times a weight), tessera.swiglu_fused and tessera.moe_swiglu_block (padding rows, bad
sizes), tessera.dequant_matmul (int4/int8 codes with a bad code failing, fp8 codes rounded by
ml_dtypes) tessera.fused_epilogue (relu, bias; gelu's erf form around the spec's erfcf modelled
in conformance/gen/spec_erfcf.py) and tessera.scaled_matmul (E8M0 and f32 block scales)
(silu with the spec's expf, modelled in
conformance/gen/spec_expf.py); grouped_gemm, latent_kv, swiglu_fused and moe_swiglu_block of
f64 (exact f64 chains, silu with the spec's exp64 modelled in conformance/gen/spec_exp64.py).

Usage: levels_gemm_scalar_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile
from fractions import Fraction

import ml_dtypes
import numpy as np

from levels_common import check, finish
from levels_f64math_test import silu
from levels_index_test import NAMES, bad_index, case
from levels_math_test import gelu_erf

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

BF = ml_dtypes.bfloat16
NAMES[np.int8] = "i8"
NAMES[ml_dtypes.float8_e4m3fn] = "f8E4M3FN"


def rn32(q):
    """The f32 nearest to the rational q (ties to even), Inf beyond the range; -0 for a negative
    value that rounds to zero."""
    if q == 0:
        return np.float32(0.0)
    neg, q = q < 0, abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    quantum = Fraction(2) ** (max(e, -126) - 23)
    n = q / quantum
    fl = math.floor(n)
    rem = n - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    v = fl * quantum
    r = np.float32(np.inf) if v >= 2**128 else np.float32(float(v))
    return -r if neg else r


def chain(x, y):
    """acc = +0, then acc = RN32(x[p] * y[p] + acc) for p in order."""
    acc = np.float32(0.0)
    for a, b in zip(x, y):
        if not all(np.isfinite([a, b, acc])):  # NaN or Inf: no rounding to model
            with np.errstate(invalid="ignore"):
                acc = np.float32(np.float64(a) * np.float64(b) + np.float64(acc))
            continue
        acc = rn32(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(acc)))
    return acc


def matmul_oracle(a, b, ta, tb):
    a = np.swapaxes(a, -1, -2) if ta else a
    b = np.swapaxes(b, -1, -2) if tb else b
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.zeros(batch + (a.shape[-2], b.shape[-1]), np.float32)
    for idx in np.ndindex(*out.shape):
        out[idx] = chain(a[idx[:-1]], b[idx[:-2] + (slice(None), idx[-1])])
    return out


def matmul64_oracle(a, b):
    """f64: acc = +0, then acc = RN64(a * b + acc) per k (float(Fraction) rounds once, ties to
    even); inputs finite."""
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.zeros(batch + (a.shape[-2], b.shape[-1]))
    for idx in np.ndindex(*out.shape):
        acc = 0.0
        for x, y in zip(a[idx[:-1]], b[idx[:-2] + (slice(None), idx[-1])]):
            acc = float(Fraction(float(x)) * Fraction(float(y)) + Fraction(acc))
        out[idx] = acc
    return out


def silu_times(g, u):
    """silu(g) * u in f32: g / (1 + expf(-g)) with the spec's expf, -0 at g = -Inf."""
    g = np.float32(g)
    q = np.float32(-0.0) if g == -np.inf else g / (np.float32(1) + spec_expf.expf_array(
        np.array([-g], np.float32))[0])
    return np.float32(np.float32(q) * np.float32(u))


def swiglu_oracle(x, wg, wu, wd):
    gate, up = matmul_oracle(x, wg, False, False), matmul_oracle(x, wu, False, False)
    act = np.vectorize(silu_times, otypes=[np.float32])(gate, up)
    return matmul_oracle(act, wd, False, False)


def scaled_oracle(a, b, sa, sb, bk, bn, e8m0):
    """Per block of bk along K the exact f32 chain, then acc + part * (sa * sb) in f32."""
    val = (lambda e: np.float32(np.nan) if e == 255 else np.float32(2.0 ** (int(e) - 127))) \
        if e8m0 else np.float32
    m, k = a.shape
    out = np.zeros((m, b.shape[1]), np.float32)
    for i in range(m):
        for j in range(b.shape[1]):
            acc = np.float32(0)
            for blk in range(k // bk):
                ks = slice(blk * bk, (blk + 1) * bk)
                part = chain(a[i, ks].astype(np.float32), b[ks, j].astype(np.float32))
                s = np.float32(val(sa[i, blk]) * val(sb[blk, j // bn]))
                acc = np.float32(acc + np.float32(part * s))
            out[i, j] = acc
    return out


def spread(rng, shape):
    """f32 values over a wide range of exponents (products and sums that round)."""
    m = rng.standard_normal(shape)
    return (m * np.exp2(rng.integers(-30, 30, shape))).astype(np.float32)


def main():
    rng = np.random.default_rng(23)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        a, b = spread(rng, (2, 1, 3, 9)), spread(rng, (4, 5, 9))
        case(d, "batch_bcast_tb", "matmul", [a, b], matmul_oracle(a, b, False, True),
             " {transpose_b = true}")
        a, b = spread(rng, (3, 7, 4)), spread(rng, (3, 7, 6))
        case(d, "batch_ta", "matmul", [a, b], matmul_oracle(a, b, True, False),
             " {transpose_a = true}")
        # Halfway in f64 with an error below it: the FMA gives 1 + 2^-23 (rounding s gives
        # 1 + 2^-22), and FLT_MAX (rounding s gives Inf); mirrored for negative values.
        u, v = np.float32(2.0**-24 * (1 + 2.0**-18)), np.float32(1 - 2.0**-18)
        one_ulp = np.float32(1 + 2.0**-23)
        big, fmax = np.float32(2.0**103 * (1 + 2.0**-18)), np.finfo(np.float32).max
        a = np.array([[[one_ulp, u], [fmax, big], [-one_ulp, -u], [-fmax, -big]]], np.float32)
        b = np.array([[[1.0, 1.0], [v, v]]], np.float32)
        want = matmul_oracle(a, b, False, False)
        check(want[0, 0, 1] == one_ulp and want[0, 1, 1] == fmax and want[0, 3, 1] == -fmax,
              f"halfway oracle: {want}")
        case(d, "batch_halfway", "matmul", [a, b], want)
        # f64 (tile.fma): 2-D and batched; -1 + (1 + 2^-30)(1 - 2^-30) = -2^-60 needs one rounding
        t = 2.0 ** -30
        a = np.concatenate([[[1.0, 1 + t]], rng.standard_normal((3, 2)) * 1e3])
        b = np.array([[-1.0, 0.5], [1 - t, 2.0]])
        want = matmul64_oracle(a, b)
        check(want[0, 0] == -(2.0 ** -60), f"f64 fma oracle: {want[0, 0]}")
        case(d, "f64_2d", "matmul", [a, b], want)
        a, b = rng.standard_normal((2, 3, 5)), rng.standard_normal((5, 4))
        case(d, "f64_batch", "matmul", [a, b], matmul64_oracle(a, b))
        a, b = spread(rng, (2, 3, 8)).astype(BF), spread(rng, (2, 8, 4)).astype(BF)
        want = matmul_oracle(a.astype(np.float32), b.astype(np.float32), False, False)
        case(d, "batch_bf16_f32", "matmul", [a, b], want)
        # grouped_gemm: sizes 3, 0, 4 of 7 rows; unsigned sizes; bad sizes fail.
        x, w = spread(rng, (7, 5)), spread(rng, (3, 5, 4))
        sizes = np.array([3, 0, 4], np.int32)
        grp = np.repeat(np.arange(3), sizes)
        want = np.stack([matmul_oracle(x[i:i + 1], w[grp[i]], False, False)[0]
                         for i in range(7)])
        s, f = case(d, "grouped", "grouped_gemm", [x, w, sizes], want)
        bad_index(d, "grouped_sum", s, f, 2, np.array([3, 0, 3], np.int32))
        bad_index(d, "grouped_neg", s, f, 2, np.array([4, -1, 4], np.int32))
        bad_index(d, "grouped_over", s, f, 2, np.array([8, 0, 0], np.int32))
        case(d, "grouped_u8", "grouped_gemm", [x, w, sizes.astype(np.uint8)], want)
        # f64 grouped_gemm (tile.fma chains): sizes 2, 3 of 5 rows; a bad size fails.
        x, w = rng.standard_normal((5, 4)), rng.standard_normal((2, 4, 3))
        want = np.stack([matmul64_oracle(x[i:i + 1], w[e])[0]
                         for i, e in enumerate(np.repeat(np.arange(2), [2, 3]))])
        s, f = case(d, "grouped_f64", "grouped_gemm", [x, w, np.array([2, 3], np.int32)], want)
        bad_index(d, "grouped_f64_over", s, f, 2, np.array([3, 3], np.int32))
        # latent_kv: each row of [..., K] times [K, N]; bf16 rounds the f32 chain once.
        a, w = spread(rng, (2, 3, 6)), spread(rng, (6, 5))
        case(d, "latent_compress", "latent_kv_compress", [a, w], matmul_oracle(a, w, False, False))
        a, w = spread(rng, (2, 3, 4)).astype(BF), spread(rng, (4, 7)).astype(BF)
        want = matmul_oracle(a.astype(np.float32), w.astype(np.float32), False, False).astype(BF)
        case(d, "latent_expand_v_bf16", "latent_kv_expand_v", [a, w], want)
        a, w = rng.standard_normal((2, 3, 5)), rng.standard_normal((5, 4))
        case(d, "latent_expand_k_f64", "latent_kv_expand_k", [a, w], matmul64_oracle(a, w))
        # swiglu_fused: silu(x w_gate) * (x w_up) kept in f32, then times w_down.
        x = (rng.standard_normal((3, 6)) * 2).astype(np.float32)
        wg, wu = spread(rng, (6, 5)), (rng.standard_normal((6, 5))).astype(np.float32)
        wd = spread(rng, (5, 6))
        with np.errstate(over="ignore"):
            want = swiglu_oracle(x, wg, wu, wd)
        case(d, "swiglu_fused", "swiglu_fused", [x, wg, wu, wd], want)
        # f64: the chains with tile.fma, silu with the spec's exp64 (modelled), kept in f64.
        x, wg, wu, wd = (rng.standard_normal(s) * 2 for s in ((3, 6), (6, 5), (6, 5), (5, 6)))
        act = silu(matmul64_oracle(x, wg)) * matmul64_oracle(x, wu)
        case(d, "swiglu_fused_f64", "swiglu_fused", [x, wg, wu, wd], matmul64_oracle(act, wd))
        # moe_swiglu_block: sizes 2, 0, 3 of 6 rows (row 5 pads: +0); bad sizes fail.
        x = (rng.standard_normal((6, 4)) * 2).astype(np.float32)
        wg, wu = spread(rng, (3, 4, 5)), rng.standard_normal((3, 4, 5)).astype(np.float32)
        wd = spread(rng, (3, 5, 2))
        sizes = np.array([2, 0, 3], np.int64)
        grp = np.repeat(np.arange(3), sizes)
        want = np.zeros((6, 2), np.float32)
        with np.errstate(over="ignore"):
            for i, e in enumerate(grp):
                want[i] = swiglu_oracle(x[i:i + 1], wg[e], wu[e], wd[e])[0]
        s, f = case(d, "moe_swiglu", "moe_swiglu_block", [x, wg, wu, wd, sizes], want)
        bad_index(d, "moe_swiglu_over", s, f, 4, np.array([2, 2, 3], np.int64))
        bad_index(d, "moe_swiglu_neg", s, f, 4, np.array([2, -1, 3], np.int64))
        # f64 moe_swiglu_block: sizes 1, 3 of 5 rows (row 4 pads), ui8 sizes; a bad size fails.
        x, wg, wu, wd = (rng.standard_normal(s) * 2 for s in ((5, 3), (2, 3, 4), (2, 3, 4),
                                                             (2, 4, 3)))
        sizes = np.array([1, 3], np.uint8)
        want = np.zeros((5, 3))
        for i, e in enumerate(np.repeat(np.arange(2), sizes)):
            act = silu(matmul64_oracle(x[i:i + 1], wg[e])) * matmul64_oracle(x[i:i + 1], wu[e])
            want[i] = matmul64_oracle(act, wd[e])[0]
        s, f = case(d, "moe_swiglu_f64", "moe_swiglu_block", [x, wg, wu, wd, sizes], want)
        bad_index(d, "moe_swiglu_f64_over", s, f, 4, np.array([3, 3], np.uint8))
        # dequant_matmul: int4 codes in groups of 2 rows with f32 scales, int8 codes without,
        # fp8 codes (f32 values rounded once by ml_dtypes); a code out of range fails.
        x = spread(rng, (3, 6))
        codes = rng.integers(-8, 8, size=(6, 4)).astype(np.int8)
        scale = spread(rng, (3, 4))
        wdq = (codes.astype(np.float32) * np.repeat(scale, 2, axis=0)).astype(np.float32)
        s, f = case(d, "dequant_int4", "dequant_matmul", [x, codes, scale],
                    matmul_oracle(x, wdq, False, False),
                    ' {weight_dtype = "int4", quant_group_size = 2 : i64}')
        bad_index(d, "dequant_int4_bad", s, f, 1, np.where(codes == codes[2, 1], 8, codes)
                  .astype(np.int8))
        c8 = rng.integers(-128, 128, size=(6, 4)).astype(np.int32)
        s, f = case(d, "dequant_int8", "dequant_matmul", [x, c8],
                    matmul_oracle(x, c8.astype(np.float32), False, False),
                    ' {weight_dtype = "int8"}')
        bad_index(d, "dequant_int8_bad", s, f, 1, np.where(c8 == c8[0, 0], -129, c8)
                  .astype(np.int32))
        cf = (rng.standard_normal((6, 4)) * 3).astype(np.float32)
        wf = cf.astype(ml_dtypes.float8_e4m3fn).astype(np.float32)
        case(d, "dequant_fp8", "dequant_matmul", [x, cf], matmul_oracle(x, wf, False, False),
             ' {weight_dtype = "fp8_e4m3"}')
        # fused_epilogue: relu(a b + bias) with bias, none without; bf16 inputs, f32 result.
        a, b = spread(rng, (4, 5)), spread(rng, (5, 3))
        bias = spread(rng, (3,))
        with np.errstate(over="ignore", invalid="ignore"):
            v = (matmul_oracle(a, b, False, False) + bias).astype(np.float32)
        v[0, 0] = -0.0 if v[0, 0] == 0 else v[0, 0]
        relu = np.where(np.isnan(v) | (v > 0), v, np.float32(0)).astype(np.float32)
        case(d, "fused_relu", "fused_epilogue", [a, b, bias], relu,
             " {epilogue = 1 : i32, has_bias = true}")
        ab, bb = a.astype(BF), b.astype(BF)
        case(d, "fused_none_bf16", "fused_epilogue", [ab, bb],
             matmul_oracle(ab.astype(np.float32), bb.astype(np.float32), False, False))
        # fused_epilogue's gelu: the erf form around the spec's erfcf (spec_erfcf.py) on
        # RN32(a b + bias), numpy float32 steps (levels_math_test.gelu_erf).
        a, b = (rng.standard_normal((5, 4)) * 2).astype(np.float32), spread(rng, (4, 6))
        bias = (rng.standard_normal(6) * 3).astype(np.float32)
        with np.errstate(over="ignore", invalid="ignore"):
            v = (matmul_oracle(a, b, False, False) + bias).astype(np.float32)
        with np.errstate(all="ignore"):
            case(d, "fused_gelu", "fused_epilogue", [a, b, bias], gelu_erf(v),
                 " {epilogue = 2 : i32, has_bias = true}")
        # scaled_matmul: E8M0 scales (2^-127, 1, 2^127 and NaN among them) over blocks of 8,
        # and f32 scales over blocks [2, 16] (b's scale per 2 columns).
        E4 = ml_dtypes.float8_e4m3fn
        a = (rng.standard_normal((3, 16)) * 3).astype(E4)
        b = (rng.standard_normal((16, 4)) * 3).astype(E4)
        sa = np.array([[127, 0], [254, 130], [120, 255]], np.uint8)
        sb = np.array([[127, 140, 100, 127], [1, 127, 127, 126]], np.uint8)
        with np.errstate(over="ignore", invalid="ignore"):
            want = scaled_oracle(a, b, sa, sb, 8, 1, True)
        case(d, "scaled_e8m0", "scaled_matmul", [a, b, sa, sb], want,
             ' {scale_layout = {granularity = "block", block = [1, 8], format = "e8m0"}}')
        a = (rng.standard_normal((2, 32)) * 3).astype(E4)
        b = (rng.standard_normal((32, 5)) * 3).astype(E4)
        sa, sb = spread(rng, (2, 2)), spread(rng, (2, 3))
        with np.errstate(over="ignore", invalid="ignore"):
            want = scaled_oracle(a, b, sa, sb, 16, 2, False)
        case(d, "scaled_f32", "scaled_matmul", [a, b, sa, sb], want,
             ' {scale_layout = {granularity = "block", block = [2, 16], format = "fp32"}}')
    finish()


if __name__ == "__main__":
    main()
