#!/usr/bin/env python3
"""tessera.silu_mul, tessera.swiglu_fused (docs/ops/graph/swiglu.md) and tessera.scaled_matmul
(docs/ops/graph/scaled_matmul.md), as upstream Tessera writes them, run by tessera-interp and
checked against numpy and ml_dtypes: a float64 reference within a tolerance, and for
scaled_matmul a float32 replay of the spec's order, bit for bit (fp8 products are exact in f32,
so fma(a, b, p) is the f32 sum p + a*b), with e8m0 scales decoded independently of the
interpreter. Also: upstream's `scales(...)` clause reads as operands 3 and 4 and the printed
generic form reads back to the same bits.
Usage: swiglu_scaled_test.py TESSERA_INTERP."""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

E4M3, E5M2, BF16 = ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2, ml_dtypes.bfloat16

PROGRAM = """
func.func @sm(%g: tensor<5x7xf32>, %u: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %h = "tessera.silu_mul"(%g, %u) : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
  return %h : tensor<5x7xf32>
}
func.func @sm_bf16(%g: tensor<4x6xbf16>, %u: tensor<4x6xbf16>) -> tensor<4x6xbf16> {
  %h = "tessera.silu_mul"(%g, %u) : (tensor<4x6xbf16>, tensor<4x6xbf16>) -> tensor<4x6xbf16>
  return %h : tensor<4x6xbf16>
}
func.func @sw(%x: tensor<6x16xf32>, %wg: tensor<16x24xf32>, %wu: tensor<16x24xf32>, %wd: tensor<24x16xf32>)
    -> (tensor<6x16xf32>, tensor<6x16xf32>) {
  %y = "tessera.swiglu_fused"(%x, %wg, %wu, %wd)
      : (tensor<6x16xf32>, tensor<16x24xf32>, tensor<16x24xf32>, tensor<24x16xf32>) -> tensor<6x16xf32>
  %gate = "tessera.matmul"(%x, %wg) : (tensor<6x16xf32>, tensor<16x24xf32>) -> tensor<6x24xf32>
  %up = "tessera.matmul"(%x, %wu) : (tensor<6x16xf32>, tensor<16x24xf32>) -> tensor<6x24xf32>
  %h = "tessera.silu_mul"(%gate, %up) : (tensor<6x24xf32>, tensor<6x24xf32>) -> tensor<6x24xf32>
  %z = "tessera.matmul"(%h, %wd) : (tensor<6x24xf32>, tensor<24x16xf32>) -> tensor<6x16xf32>
  return %y, %z : tensor<6x16xf32>, tensor<6x16xf32>
}
func.func @sw64(%x: tensor<3x8xf64>, %wg: tensor<8x5xf64>, %wu: tensor<8x5xf64>, %wd: tensor<5x8xf64>) -> tensor<3x8xf64> {
  %y = "tessera.swiglu_fused"(%x, %wg, %wu, %wd)
      : (tensor<3x8xf64>, tensor<8x5xf64>, tensor<8x5xf64>, tensor<5x8xf64>) -> tensor<3x8xf64>
  return %y : tensor<3x8xf64>
}
func.func @swbf(%x: tensor<4x8xbf16>, %wg: tensor<8x16xbf16>, %wu: tensor<8x16xbf16>, %wd: tensor<16x8xbf16>) -> tensor<4x8xbf16> {
  %y = "tessera.swiglu_fused"(%x, %wg, %wu, %wd)
      : (tensor<4x8xbf16>, tensor<8x16xbf16>, tensor<8x16xbf16>, tensor<16x8xbf16>) -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}
func.func @mx(%a: tensor<17x64xf8E4M3FN>, %b: tensor<64x19xf8E4M3FN>, %sa: tensor<17x2xi8>, %sb: tensor<2x19xui8>) -> tensor<17x19xf32> {
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {
    numeric_policy = {accum = "fp32", execution_mode = "exact_per_block"},
    scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}
  } : (tensor<17x64xf8E4M3FN>, tensor<64x19xf8E4M3FN>, tensor<17x2xi8>, tensor<2x19xui8>) -> tensor<17x19xf32>
  return %0 : tensor<17x19xf32>
}
func.func @w8(%a: tensor<9x48xf8E4M3FN>, %b: tensor<10x48xf8E5M2>, %sa: tensor<9x3xf32>, %sb: tensor<3x3xf32>) -> tensor<9x10xbf16> {
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {
    scale_layout = {granularity = "block", block = [4, 16], format = "fp32"}, transposeB = true
  } : (tensor<9x48xf8E4M3FN>, tensor<10x48xf8E5M2>, tensor<9x3xf32>, tensor<3x3xf32>) -> tensor<9x10xbf16>
  return %0 : tensor<9x10xbf16>
}
func.func @shared(%a: tensor<3x5x64xf8E4M3FN>, %b: tensor<64x7xf8E4M3FN>, %sa: tensor<3x5x2xui8>, %sb: tensor<2x7xui8>) -> tensor<3x5x7xf32> {
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {
    batching = "shared_rhs_rows", scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}
  } : (tensor<3x5x64xf8E4M3FN>, tensor<64x7xf8E4M3FN>, tensor<3x5x2xui8>, tensor<2x7xui8>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}
func.func @indep(%a: tensor<2x5x64xf8E4M3FN>, %b: tensor<2x64x7xf8E4M3FN>, %sa: tensor<2x5x2xui8>, %sb: tensor<2x2x7xui8>) -> tensor<2x5x7xf32> {
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {
    batching = "independent_rhs", scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}
  } : (tensor<2x5x64xf8E4M3FN>, tensor<2x64x7xf8E4M3FN>, tensor<2x5x2xui8>, tensor<2x2x7xui8>) -> tensor<2x5x7xf32>
  return %0 : tensor<2x5x7xf32>
}
"""


def run(interp, d, src, entry, inputs, names):
    """Runs `entry`; returns its results, written as DIR/<name>.npy (tessera-interp run --help)."""
    out = d / f"out_{src.stem}_{entry}"
    args = [interp, "run", str(src), "--entry", entry, "--output-dir", str(out), "--threads", "3"]
    for k, v in inputs.items():
        np.save(d / f"{entry}_{k}.npy", v)
        args += ["--input", f"{k}={d / f'{entry}_{k}.npy'}"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        sys.exit(f"FAIL {entry}: {p.stderr}")
    return [as_bf16(np.load(out / f"{n}.npy"), src, entry) for n in names]


def as_bf16(x, src, entry):
    """bf16 results come back as their raw 16-bit patterns (np.save has no bf16): view them."""
    text = src.read_text()
    if x.dtype != np.uint16 or f"@{entry}(" not in text:
        return x
    sig = text.split(f"@{entry}(", 1)[1].split("{", 1)[0]
    return x.view(BF16) if x.dtype == np.uint16 and "bf16>" in sig.split("->")[-1] else x


def fail(name, got, want):
    sys.exit(f"FAIL {name}:\n got {got!r}\nwant {want!r}")


def check_bits(name, got, want):
    if got.shape != want.shape or got.dtype != want.dtype or \
            not np.array_equal(got.view(np.uint8), want.view(np.uint8)):
        fail(name, got, want)


def check_close(name, got, want, rtol, atol):
    if got.shape != want.shape or not np.allclose(np.asarray(got, np.float64), want, rtol, atol):
        fail(name, got, want)


def silu_mul64(g, u):
    g = np.asarray(g, np.float64)
    with np.errstate(over="ignore", invalid="ignore"):  # silu(-Inf) is NaN here; checked apart
        return g / (1 + np.exp(-g)) * np.asarray(u, np.float64)


def e8m0(bits):
    """OCP E8M0: 2^(bits - 127), 255 = NaN (independent of the interpreter)."""
    e = np.asarray(bits).view(np.uint8).astype(np.float64)
    return np.where(e == 255, np.nan, np.exp2(e - 127)).astype(np.float32)


def replay_f32(a, b, sa, sb, bn, bk):
    """The spec's order in float32: per block p = sum of a*b in k order (each product exact,
    so each step equals the fma), then acc = acc + p * (sa * sb), blocks in order."""
    a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
    m, k = a.shape
    n = b.shape[1]
    sbn = np.repeat(sb, bn, axis=1)[:, :n]
    acc = np.zeros((m, n), np.float32)
    for j in range(k // bk):
        p = np.zeros((m, n), np.float32)
        for kk in range(j * bk, (j + 1) * bk):
            prod = a[:, kk:kk + 1] * b[kk:kk + 1, :]
            assert np.array_equal(prod.astype(np.float64),
                                  a[:, kk:kk + 1].astype(np.float64) * b[kk:kk + 1, :])
            p = p + prod
        s = sa[:, j:j + 1] * sbn[j:j + 1, :]
        acc = acc + p * s
    return acc


def fp8(rng, shape, dt):
    return rng.uniform(-2, 2, shape).astype(dt)


def check_swiglu(interp, d, src, rng):
    g = rng.uniform(-6, 6, (5, 7)).astype(np.float32)
    g[0, 0], g[0, 1] = -np.inf, np.inf
    u = rng.uniform(-2, 2, (5, 7)).astype(np.float32)
    [h] = run(interp, d, src, "sm", {"g": g, "u": u}, ["h"])
    want = silu_mul64(g, u)
    want[0, 0] = -0.0
    if not (h[0, 0] == 0 and np.signbit(h[0, 0])):
        fail("silu_mul(-Inf) is -0", h[0, 0], -0.0)
    check_close("silu_mul f32", h, want, 1e-6, 1e-7)
    gb, ub = (rng.uniform(-4, 4, (4, 6)).astype(BF16) for _ in range(2))
    [hb] = run(interp, d, src, "sm_bf16", {"g": gb, "u": ub}, ["h"])
    want = silu_mul64(gb, ub)
    if hb.dtype != BF16 or not np.allclose(hb.astype(np.float64), want, 2 ** -7, 1e-6):
        fail("silu_mul bf16 (one rounding)", hb, want)
    x = rng.uniform(-1, 1, (6, 16)).astype(np.float32)
    wg, wu = (rng.uniform(-1, 1, (16, 24)).astype(np.float32) for _ in range(2))
    wd = rng.uniform(-1, 1, (24, 16)).astype(np.float32)
    y, z = run(interp, d, src, "sw", {"x": x, "wg": wg, "wu": wu, "wd": wd}, ["y", "z"])
    x64 = [np.asarray(t, np.float64) for t in (x, wg, wu, wd)]
    want = silu_mul64(x64[0] @ x64[1], x64[0] @ x64[2]) @ x64[3]
    check_close("swiglu_fused f32 vs float64", y, want, 1e-5, 1e-5)
    check_bits("swiglu_fused f32 equals the unfused chain", y, z)
    a64 = [rng.uniform(-1, 1, s) for s in ((3, 8), (8, 5), (8, 5), (5, 8))]
    [y64] = run(interp, d, src, "sw64", dict(zip(["x", "wg", "wu", "wd"], a64)), ["y"])
    check_close("swiglu_fused f64", y64, silu_mul64(a64[0] @ a64[1], a64[0] @ a64[2]) @ a64[3],
                1e-13, 1e-14)
    ab = [rng.uniform(-1, 1, s).astype(BF16) for s in ((4, 8), (8, 16), (8, 16), (16, 8))]
    [yb] = run(interp, d, src, "swbf", dict(zip(["x", "wg", "wu", "wd"], ab)), ["y"])
    f = [np.asarray(t, np.float64) for t in ab]
    want = silu_mul64(f[0] @ f[1], f[0] @ f[2]) @ f[3]
    if yb.dtype != BF16 or not np.allclose(yb.astype(np.float64), want, 2 ** -7, 1e-3):
        fail("swiglu_fused bf16 (intermediates in f32, one rounding)", yb, want)


def check_scaled(interp, d, src, rng):
    a, b = fp8(rng, (17, 64), E4M3), fp8(rng, (64, 19), E4M3)
    sa = rng.integers(120, 135, (17, 2)).astype(np.uint8).view(np.int8)
    sa[3, 1] = np.uint8(255).view(np.int8)  # NaN scale: row 3 is NaN
    sb = rng.integers(120, 135, (2, 19)).astype(np.uint8)
    [c] = run(interp, d, src, "mx", {"a": a, "b": b, "sa": sa, "sb": sb}, ["0"])
    want = replay_f32(a, b, e8m0(sa), e8m0(sb), 1, 32)
    if not np.isnan(c[3]).all():
        fail("e8m0 byte 255 is NaN", c[3], "NaN")
    check_bits("mxfp8 e8m0 [1, 32]", c, want)
    a64 = np.asarray(a, np.float64)
    s64 = np.repeat(e8m0(sa).astype(np.float64), 32, axis=1)
    ref = (a64 * s64) @ (np.asarray(b, np.float64) * np.repeat(e8m0(sb), 32, axis=0))
    keep = np.arange(17) != 3
    check_close("mxfp8 vs float64 dequantised", c[keep], ref[keep], 1e-5, 1e-5)

    a, bt = fp8(rng, (9, 48), E4M3), fp8(rng, (10, 48), E5M2)
    sa = rng.uniform(0.5, 2, (9, 3)).astype(np.float32)
    sb = rng.uniform(0.5, 2, (3, 3)).astype(np.float32)
    [c] = run(interp, d, src, "w8", {"a": a, "b": bt, "sa": sa, "sb": sb}, ["0"])
    want = replay_f32(a, np.asarray(bt, np.float32).T, sa, sb, 4, 16).astype(BF16)
    check_bits("fp32 scales [4, 16], transposeB, e4m3 x e5m2 -> bf16", c, want)

    a, b = fp8(rng, (3, 5, 64), E4M3), fp8(rng, (64, 7), E4M3)
    sa = rng.integers(124, 130, (3, 5, 2)).astype(np.uint8)
    sb = rng.integers(124, 130, (2, 7)).astype(np.uint8)
    [c] = run(interp, d, src, "shared", {"a": a, "b": b, "sa": sa, "sb": sb}, ["0"])
    want = np.stack([replay_f32(a[i], b, e8m0(sa[i]), e8m0(sb), 1, 32) for i in range(3)])
    check_bits("batching shared_rhs_rows", c, want)

    a, b = fp8(rng, (2, 5, 64), E4M3), fp8(rng, (2, 64, 7), E4M3)
    sa = rng.integers(124, 130, (2, 5, 2)).astype(np.uint8)
    sb = rng.integers(124, 130, (2, 2, 7)).astype(np.uint8)
    [c] = run(interp, d, src, "indep", {"a": a, "b": b, "sa": sa, "sb": sb}, ["0"])
    want = np.stack([replay_f32(a[i], b[i], e8m0(sa[i]), e8m0(sb[i]), 1, 32) for i in range(2)])
    check_bits("batching independent_rhs", c, want)
    return {"a": a, "b": b, "sa": sa, "sb": sb}, c


def main():
    interp = sys.argv[1]
    with tempfile.TemporaryDirectory() as t:
        d = pathlib.Path(t)
        src = d / "prog.mlir"
        src.write_text(PROGRAM)
        rng = np.random.default_rng(18)
        check_swiglu(interp, d, src, rng)
        inputs, c = check_scaled(interp, d, src, rng)
        # The printed generic form (scales as operands 3 and 4) reads back to the same bits.
        p = subprocess.run([interp, "print", "--generic", str(src)], capture_output=True,
                           text=True, timeout=60)
        if p.returncode != 0 or '"tessera.scaled_matmul"(%' not in p.stdout:
            sys.exit(f"FAIL print --generic: {p.stderr}{p.stdout[:400]}")
        printed = d / "printed.mlir"
        printed.write_text(p.stdout)
        [c2] = run(interp, d, printed, "indep", inputs, ["0"])
        check_bits("printed generic form reads back", c2, c)
    print("swiglu / scaled_matmul: all checks passed")


if __name__ == "__main__":
    main()
