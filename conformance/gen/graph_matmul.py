#!/usr/bin/env python3
"""Generator: conformance/cases/graph/matmul.mlir (tessera.matmul).

Oracle for the default order (docs/ops/graph/contractions.md): per output, a float32 FMA chain over
k in increasing order from +0, reproduced in numpy by `fma32` below. numpy has no fma, so fma32
computes round_f32(a*b + c) exactly: a*b of two float32 is exact in float64; s = a*b + c rounds
once in float64 and TwoSum gives its exact error e (s + e == a*b + c); if e != 0 and s is even, s
moves one float64 ulp toward e (round to odd); rounding that to float32 is then the correctly
rounded result (53 >= 24 + 2 bits, Boldo & Melquiond 2008). Pairwise and tensor-core cases use
independent Python reproductions of docs/numerics.md ("Accumulation models"). Low-precision inputs
are decoded by ml_dtypes; results are rounded to the result type once with round_f64_to.
"""
import math
import os
import sys
from fractions import Fraction

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to  # noqa: E402


def fma32(a, b, c):
    """Elementwise correctly rounded float32 fma(a, b, c) (see the module docstring)."""
    a64, b64, c64 = (np.asarray(x, np.float32).astype(np.float64) for x in (a, b, c))
    with np.errstate(invalid="ignore", over="ignore"):
        p = a64 * b64
        s = p + c64
        bv = s - p
        err = (p - (s - bv)) + (c64 - bv)
        fix = np.isfinite(s) & (err != 0) & ((s.view(np.uint64) & 1) == 0)
        s = np.where(fix, np.nextafter(s, np.where(err > 0, np.inf, -np.inf)), s)
        return s.astype(np.float32)


def matmul_chain32(a, b):
    """[..., M, K] @ [..., K, N] with numpy batch broadcasting, the float32 FMA chain per output."""
    a = np.asarray(a, np.float32)
    b = np.asarray(b, np.float32)
    shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (a.shape[-2], b.shape[-1])
    acc = np.zeros(shape, np.float32)
    for p in range(a.shape[-1]):
        acc = fma32(a[..., :, p:p + 1], b[..., p:p + 1, :], acc)
    return acc


def pairwise32(a, b):
    """accum_model = "pairwise" for 2-D f32: products rounded to f32, pairwise tree per block of
    256 (split at lo + (hi - lo) // 2), block sums added in order, then +0 + total."""
    prods = (a[:, None, :].astype(np.float32) * b.T[None, :, :].astype(np.float32))

    def tree(x, lo, hi):
        if hi - lo == 1:
            return x[..., lo]
        mid = lo + (hi - lo) // 2
        return (tree(x, lo, mid) + tree(x, mid, hi)).astype(np.float32)

    k = prods.shape[-1]
    total = None
    for k0 in range(0, k, 256):
        s = tree(prods, k0, min(k, k0 + 256))
        total = s if total is None else (total + s).astype(np.float32)
    return (np.float32(0) + total).astype(np.float32)


def tc_dot(avals, bvals, frac_bits, k_step):
    """One output under the tensor-core rule (exact integers): per step, the products and c are
    aligned to the largest exponent, truncated toward zero to frac_bits fraction bits, summed
    exactly, and the sum is rounded toward zero to float32."""
    c = 0.0
    for k0 in range(0, len(avals), k_step):
        terms = [float(x) * float(y) for x, y in zip(avals[k0:k0 + k_step], bvals[k0:k0 + k_step])]
        terms.append(c)
        nz = [t for t in terms if t != 0.0]
        if not nz:
            c = 0.0
            continue
        emax = max(math.frexp(t)[1] - 1 for t in nz)
        quantum = emax - frac_bits
        total = 0
        for t in nz:
            m, e = math.frexp(abs(t))
            mi, ei = int(m * 2 ** 53), e - 53
            q = mi << (ei - quantum) if ei >= quantum else mi >> (quantum - ei)
            total += -q if t < 0 else q
        if total == 0:
            c = 0.0
            continue
        mag = abs(total)
        shift = max(mag.bit_length() - 24, 0)
        mag >>= shift
        c = math.ldexp(-mag if total < 0 else mag, quantum + shift)
    return np.float32(c)


def program(a, b, result, attrs=""):
    ta, tb, tr = mlir_type(a), mlir_type(b), mlir_type(result)
    attr = f" {{{attrs}}}" if attrs else ""
    return ("module {\n"
            f"  func.func @main(%a: {ta}, %b: {tb}) -> {tr} {{\n"
            f'    %0 = "tessera.matmul"(%a, %b){attr} : ({ta}, {tb}) -> {tr}\n'
            f"    return %0 : {tr}\n  }}\n}}\n")


def wide(rng, shape, lo=-12, hi=12):
    return (rng.standard_normal(shape) * 2.0 ** rng.integers(lo, hi + 1, shape)).astype(np.float32)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        REPO_ROOT, "conformance", "cases", "graph", "matmul.mlir")
    cf = CaseFile(out, generator=__file__,
                  header="tessera.matmul: per-output FMA chains over k (float32 oracle: fma32).")
    rng = np.random.default_rng(20250101)
    req = ["op=tessera.matmul", "level=graph"]

    a, b = wide(rng, (4, 8)), wide(rng, (8, 5))
    want = matmul_chain32(a, b)
    cf.add_case("matmul_small_f32", program(a, b, want), [a, b], [want],
                requires=req + ["dtype=f32"])

    # An FMA witness: x*x - (1 + 2^-22) is 2^-46 fused and 0 unfused; and -0 * 0 from +0 is +0.
    x = np.float32(1 + 2.0 ** -23)
    a = np.array([[1 + 2.0 ** -22, x], [-0.0, -0.0]], np.float32)
    b = np.array([[-1.0, 0.0], [x, 0.0]], np.float32)
    want = matmul_chain32(a, b)
    assert want[0, 0] == np.float32(2.0 ** -46) and not np.signbit(want[1, 1])
    cf.add_case("matmul_fma_witness_f32", program(a, b, want), [a, b], [want],
                requires=req + ["dtype=f32"],
                note="out[0,0] = 2^-46 only with fused steps; out[1,1] = +0 (chain starts at +0).")

    a, b = wide(rng, (2, 1, 6, 16)), wide(rng, (3, 5, 16))
    want = matmul_chain32(a, np.swapaxes(b, -1, -2))
    cf.add_case("matmul_batch_broadcast_transpose_b_f32",
                program(a, b, want, "transpose_b = true"), [a, b], [want],
                requires=req + ["dtype=f32"], note="Batch dims [2,1] and [3] broadcast to [2,3].")

    a, b = wide(rng, (16, 6)), wide(rng, (16, 7))
    want = matmul_chain32(a.T, b)
    cf.add_case("matmul_transpose_a_f32", program(a, b, want, "transpose_a = true"), [a, b],
                [want], requires=req + ["dtype=f32"])

    a, b = wide(rng, (64, 300), -20, 20), wide(rng, (300, 80), -20, 20)
    want = matmul_chain32(a, b)
    cf.add_case("matmul_random_64x300x80_f32", program(a, b, want), [a, b], [want],
                requires=req + ["dtype=f32"], note="Exponents spread over 2^-20..2^20; K > 256.")

    a = rng.standard_normal((8, 40)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((40, 12)).astype(ml_dtypes.bfloat16)
    acc = matmul_chain32(a.astype(np.float32), b.astype(np.float32))
    cf.add_case("matmul_bf16_to_f32", program(a, b, acc), [a, b], [acc],
                requires=req + ["dtype=bf16"])
    want = round_f64_to(acc.astype(np.float64), ml_dtypes.bfloat16)
    cf.add_case("matmul_bf16_to_bf16", program(a, b, want), [a, b], [want],
                requires=req + ["dtype=bf16"], note="f32 chain, rounded once to bf16 (rne).")

    a = (rng.standard_normal((6, 48)) * 4).astype(ml_dtypes.float8_e4m3fn)
    b = (rng.standard_normal((48, 10)) * 4).astype(ml_dtypes.float8_e5m2)
    want = matmul_chain32(a.astype(np.float32), b.astype(np.float32))
    cf.add_case("matmul_e4m3_x_e5m2_to_f32", program(a, b, want), [a, b], [want],
                requires=req + ["dtype=f8E4M3FN", "dtype=f8E5M2"])

    # f64: dyadic values with few bits, so every partial sum is exact and any order agrees.
    a = rng.integers(-64, 65, (5, 9)).astype(np.float64) / 8
    b = rng.integers(-64, 65, (9, 4)).astype(np.float64) / 16
    want = a @ b
    cf.add_case("matmul_exact_f64", program(a, b, want), [a, b], [want],
                requires=req + ["dtype=f64"], note="All partial sums exact: an order-free check.")

    a, b = wide(rng, (3, 300), -6, 6), wide(rng, (300, 4), -6, 6)
    want = pairwise32(a, b)
    cf.add_case("matmul_pairwise_f32", program(a, b, want,
                                               'numeric_policy = {accum_model = "pairwise"}'),
                [a, b], [want], requires=req + ["dtype=f32"],
                note="Pairwise tree per block of 256, then the two block sums added.")

    a = rng.standard_normal((4, 40)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((40, 3)).astype(ml_dtypes.bfloat16)
    af, bf = a.astype(np.float32), b.astype(np.float32)
    for name, frac, step in (("tc_ampere", 24, 8), ("tc_hopper", 25, 16)):
        want = np.array([[tc_dot(af[i], bf[:, j], frac, step) for j in range(3)]
                         for i in range(4)], np.float32)
        cf.add_case(f"matmul_{name}_bf16", program(a, b, want,
                                                   f'numeric_policy = {{accum_model = "{name}"}}'),
                    [a, b], [want], requires=req + ["dtype=bf16"],
                    note=f"Tensor-core rule: {frac} fraction bits, {step} products per step, "
                         "f32 rtz.")

    # Shapes schedule-to-tile lowers to its bf16/f16 GEMM template (K-blocks of 32, even N), so
    # `tessera-conform --levels all` checks mma.sync at Target IR. M and N edges are masked.
    rng = np.random.default_rng(20261126)
    for dt, name, shape, spread in ((ml_dtypes.bfloat16, "bf16", (40, 64, 48), 8),
                                    (np.float16, "f16", (33, 96, 34), 3)):
        m, k, n = shape
        a = (rng.standard_normal((m, k)) * 2.0 ** rng.integers(-spread, spread + 1, (m, k))).astype(dt)
        b = (rng.standard_normal((k, n)) * 2.0 ** rng.integers(-spread, spread + 1, (k, n))).astype(dt)
        acc = matmul_chain32(a.astype(np.float32), b.astype(np.float32))
        cf.add_case(f"matmul_{name}_gemm_{m}x{k}x{n}_to_f32", program(a, b, acc), [a, b], [acc],
                    requires=req + [f"dtype={name}"],
                    note="Lowers to the GEMM template (mma.sync at Target IR); exponents spread.")

    # K = 50 pads the template's last K block with zeros: every chain starts at +0 and is never
    # -0, so the padded steps fma(0, 0, acc) keep acc: rows of -0 products stay +0, inf stays.
    a = rng.standard_normal((36, 50)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((50, 10)).astype(ml_dtypes.bfloat16)
    a[0, :] = -0.0
    a[1, :] = 0.0
    b[:, 1] = -0.0
    a[2, 7] = np.inf
    a[3, 49] = -np.inf
    acc = matmul_chain32(a.astype(np.float32), b.astype(np.float32))
    assert not np.signbit(acc[0, 0]) and not np.signbit(acc[5, 1])
    cf.add_case("matmul_bf16_gemm_kpad_zeros_inf_to_f32", program(a, b, acc), [a, b], [acc],
                requires=req + ["dtype=bf16"],
                note="K = 50: the GEMM template's last K block is zero-padded; -0 products, "
                     "inf and NaN (inf * 0) keep their Graph IR bits.")

    # accum_model = "sequential" with a bf16 accumulator (docs/numerics.md, "Accumulation
    # models"): c = RN_bf16(fma64(a, b, c)) from +0, the f64 fma exact on fractions and rounded
    # once to f64, then once to bf16 (round_f64_to); the f32 result holds the bf16 value.
    rng = np.random.default_rng(20261127)
    a = rng.standard_normal((3, 24)).astype(np.float32)
    b = rng.standard_normal((24, 4)).astype(np.float32)
    want = np.zeros((3, 4), np.float32)
    for i in range(3):
        for j in range(4):
            c = 0.0
            for p in range(24):
                r = float(Fraction(float(a[i, p])) * Fraction(float(b[p, j])) + Fraction(c))
                c = float(round_f64_to(np.array([r]), ml_dtypes.bfloat16)[0])
            want[i, j] = c
    cf.add_case("matmul_sequential_bf16_accum_f32",
                program(a, b, want, 'numeric_policy = {accum_model = "sequential", accum = "bf16"}'),
                [a, b], [want], requires=req + ["dtype=f32"],
                note="Sequential FMA chain with a bf16 accumulator: f64 fma, rounded to bf16 per step.")
    cf.write()


if __name__ == "__main__":
    main()
