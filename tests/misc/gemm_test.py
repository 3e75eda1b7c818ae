#!/usr/bin/env python3
"""tessera.fused_epilogue, tessera.dequant_matmul (docs/ops/graph/misc_gemm.md) and
tessera.quantize_fp8 (docs/ops/graph/misc_quant.md) as upstream
Tessera writes them, run by tessera-interp against numpy / ml_dtypes: float64 matmuls of the
widened operands plus bias, relu and the erf gelu (math.erf), int4 / int8 codes times group
scales, fp8 codes rounded by ml_dtypes. Also thread counts, bf16 operands, has_bias forms,
string epilogues, the run-time int4 range check, and quantize_fp8 against ml_dtypes (amax scale,
codes rounded and saturated).
Usage: gemm_test.py TESSERA_INTERP."""
import math
import sys
import tempfile

import ml_dtypes
import numpy as np

from misc_run import BF16, Runner, same_bits

PROG = """
func.func @gelu_bias(%a: tensor<16x32xbf16>, %b: tensor<32x16xbf16>, %bias: tensor<16xf32>) -> tensor<16x16xf32> {
  %c = "tessera.fused_epilogue"(%a, %b, %bias) {epilogue = 2 : i32, has_bias = true} : (tensor<16x32xbf16>, tensor<32x16xbf16>, tensor<16xf32>) -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}
func.func @relu_bias(%a: tensor<9x20xf32>, %b: tensor<20x7xf32>, %bias: tensor<7xf32>) -> tensor<9x7xf32> {
  %c = "tessera.fused_epilogue"(%a, %b, %bias) {epilogue = "relu"} : (tensor<9x20xf32>, tensor<20x7xf32>, tensor<7xf32>) -> tensor<9x7xf32>
  return %c : tensor<9x7xf32>
}
func.func @plain64(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c = "tessera.fused_epilogue"(%a, %b) : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}
func.func @unfused(%a: tensor<9x20xf32>, %b: tensor<20x7xf32>, %bias: tensor<7xf32>) -> tensor<9x7xf32> {
  %m = "tessera.matmul"(%a, %b) : (tensor<9x20xf32>, tensor<20x7xf32>) -> tensor<9x7xf32>
  %s = "tessera.add"(%m, %bias) : (tensor<9x7xf32>, tensor<7xf32>) -> tensor<9x7xf32>
  %c = "tessera.relu"(%s) : (tensor<9x7xf32>) -> tensor<9x7xf32>
  return %c : tensor<9x7xf32>
}
func.func @int4(%x: tensor<12x64xf32>, %w: tensor<64x48xi8>, %s: tensor<1x48xf32>) -> tensor<12x48xf32> {
  %o = tessera.dequant_matmul %x, %w scale(%s) {weight_dtype = "int4", quant_group_size = 64 : i64, numeric_policy = {storage = "int4", accum = "fp32"}} : (tensor<12x64xf32>, tensor<64x48xi8>, tensor<1x48xf32>) -> tensor<12x48xf32>
  return %o : tensor<12x48xf32>
}
func.func @int8_groups(%x: tensor<5x10xf32>, %w: tensor<10x6xi32>, %s: tensor<3x6xf32>) -> tensor<5x6xf32> {
  %o = tessera.dequant_matmul %x, %w scale(%s) {weight_dtype = "int8", quant_group_size = 4 : i64} : (tensor<5x10xf32>, tensor<10x6xi32>, tensor<3x6xf32>) -> tensor<5x6xf32>
  return %o : tensor<5x6xf32>
}
func.func @fp8(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %o = tessera.dequant_matmul %x, %w {weight_dtype = "fp8_e4m3"} : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}
func.func @fp8_e5m2(%x: tensor<3x4xf64>, %w: tensor<4x2xf64>, %s: tensor<1x2xf64>) -> tensor<3x2xf64> {
  %o = tessera.dequant_matmul %x, %w scale(%s) {weight_dtype = "fp8_e5m2"} : (tensor<3x4xf64>, tensor<4x2xf64>, tensor<1x2xf64>) -> tensor<3x2xf64>
  return %o : tensor<3x2xf64>
}
func.func @quant_fp8_ok(%x: tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, f32) {
  %q, %s = "tessera.quantize_fp8"(%x) {format = "e4m3"} : (tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, f32)
  return %q, %s : tensor<4x8xf8E4M3FN>, f32
}
func.func @quant_e5m2(%x: tensor<?x?xbf16>) -> (tensor<?x?xf8E5M2>, tensor<f32>) {
  %q, %s = "tessera.quantize_fp8"(%x) {format = "e5m2"} : (tensor<?x?xbf16>) -> (tensor<?x?xf8E5M2>, tensor<f32>)
  return %q, %s : tensor<?x?xf8E5M2>, tensor<f32>
}
"""


def quant_ref(x, fmt, maxf):
    """amax / max_finite in f32 (1 for amax 0), x / s in f32, rounded and saturated."""
    x = x.astype(np.float32)
    amax = np.float32(np.abs(x).max())
    s = np.float32(amax / np.float32(maxf)) if amax > 0 else np.float32(1)
    return np.clip(x / s, -maxf, maxf).astype(fmt), s


def erf_gelu(v):
    return np.vectorize(lambda t: 0.5 * t * (1 + math.erf(t / math.sqrt(2))))(v)


def check(name, got, want, rtol, atol):
    if got.shape != want.shape or not np.allclose(got, want, rtol=rtol, atol=atol):
        sys.exit(f"FAIL {name}:\n got {got!r}\nwant {want!r}")


def main():
    rng = np.random.default_rng(1818)
    f = lambda *s: rng.uniform(-1, 1, s).astype(np.float32)
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(sys.argv[1], tmp, PROG)
        a, b, bias = f(16, 32).astype(BF16), f(32, 16).astype(BF16), f(16)
        want = erf_gelu(a.astype(np.float64) @ b.astype(np.float64) + bias)
        g1 = r.run("gelu_bias", {"a": a, "b": b, "bias": bias}, ["c"], threads=1)[0]
        g3 = r.run("gelu_bias", {"a": a, "b": b, "bias": bias}, ["c"], threads=3)[0]
        check("gelu_bias", g1, want, 1e-5, 1e-6)
        if g1.dtype != np.float32 or not same_bits(g1, g3):
            sys.exit("FAIL gelu_bias: dtype or thread counts")
        a, b, bias = f(9, 20), f(20, 7), f(7)
        got = r.run("relu_bias", {"a": a, "b": b, "bias": bias}, ["c"])[0]
        check("relu_bias", got, np.maximum(a.astype(np.float64) @ b + bias, 0), 1e-5, 1e-6)
        if not same_bits(got, r.run("unfused", {"a": a, "b": b, "bias": bias}, ["c"])[0]):
            sys.exit("FAIL relu_bias: not the bits of matmul, add, relu")
        a, b = rng.uniform(-1, 1, (3, 5)), rng.uniform(-1, 1, (5, 4))
        check("plain64", r.run("plain64", {"a": a, "b": b}, ["c"])[0], a @ b, 1e-14, 1e-15)
        # dequant_matmul: int4 codes in [-8, 7] with one scale row.
        x = f(12, 64)
        w = rng.integers(-8, 8, (64, 48)).astype(np.int8)
        s = (rng.uniform(0.5, 2, (1, 48))).astype(np.float32)
        want = x.astype(np.float64) @ (w.astype(np.float32) * s).astype(np.float64)
        got = r.run("int4", {"x": x, "w": w, "s": s}, ["o"], threads=1)[0]
        check("int4", got, want, 1e-5, 1e-5)
        if not same_bits(got, r.run("int4", {"x": x, "w": w, "s": s}, ["o"], threads=4)[0]):
            sys.exit("FAIL int4: thread counts differ")
        w[3, 5] = 9
        r.run("int4", {"x": x, "w": w, "s": s}, ["o"], expect_error="(dequant_matmul_c6)")
        # int8 codes in i32 storage, three groups of 4, 4, 2 rows.
        x = f(5, 10)
        w = rng.integers(-128, 128, (10, 6)).astype(np.int32)
        s = rng.uniform(0.01, 0.1, (3, 6)).astype(np.float32)
        rows = np.repeat(s, 4, axis=0)[:10]
        want = x.astype(np.float64) @ (w.astype(np.float32) * rows).astype(np.float64)
        check("int8_groups", r.run("int8_groups", {"x": x, "w": w, "s": s}, ["o"])[0], want,
              1e-5, 1e-5)
        w[0, 0] = 128
        r.run("int8_groups", {"x": x, "w": w, "s": s}, ["o"], expect_error="(dequant_matmul_c6)")
        # fp8 codes given as f32: rounded to E4M3FN as ml_dtypes does (600 overflows to NaN).
        x, w = f(8, 32), f(32, 16) * 3
        wq = w.astype(ml_dtypes.float8_e4m3fn).astype(np.float64)
        check("fp8", r.run("fp8", {"x": x, "w": w}, ["o"])[0], x.astype(np.float64) @ wq,
              1e-5, 1e-5)
        w[0, 0] = 600.0
        got = r.run("fp8", {"x": x, "w": w}, ["o"])[0]
        if not (np.isnan(got[:, 0]).all() and not np.isnan(got[:, 1:]).any()):
            sys.exit(f"FAIL fp8 overflow: {got!r}")
        x, w, s = rng.uniform(-1, 1, (3, 4)), rng.uniform(-9, 9, (4, 2)), rng.uniform(1, 2, (1, 2))
        wq = w.astype(ml_dtypes.float8_e5m2).astype(np.float64) * s
        check("fp8_e5m2", r.run("fp8_e5m2", {"x": x, "w": w, "s": s}, ["o"])[0], x @ wq,
              1e-14, 1e-15)
        # quantize_fp8: codes and scale bit for bit against ml_dtypes.
        x = rng.uniform(-5, 5, (4, 8)).astype(np.float32)
        q, sc = r.run("quant_fp8_ok", {"x": x}, ["q", "s"])
        wq, ws = quant_ref(x, ml_dtypes.float8_e4m3fn, 448.0)
        if not (same_bits(q.view(np.uint8), wq.view(np.uint8)) and sc.dtype == np.float32
                and sc == ws):
            sys.exit(f"FAIL quant_fp8_ok:\n got {q!r} {sc!r}\nwant {wq!r} {ws!r}")
        x = rng.uniform(-1e3, 1e3, (3, 5)).astype(BF16)
        q, sc = r.run("quant_e5m2", {"x": x}, ["q", "s"])
        wq, ws = quant_ref(x, ml_dtypes.float8_e5m2, 57344.0)
        if not (same_bits(q.view(np.uint8), wq.view(np.uint8)) and sc == ws):
            sys.exit(f"FAIL quant_e5m2:\n got {q!r} {sc!r}\nwant {wq!r} {ws!r}")
        q, sc = r.run("quant_fp8_ok", {"x": np.zeros((4, 8), np.float32)}, ["q", "s"])
        if sc != 1 or q.view(np.uint8).any():
            sys.exit(f"FAIL quant_fp8_ok zeros: {q!r} {sc!r}")
    print("misc.gemm: fused_epilogue, dequant_matmul and quantize_fp8 agree with numpy / ml_dtypes")


if __name__ == "__main__":
    main()
