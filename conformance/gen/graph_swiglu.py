#!/usr/bin/env python3
"""Generator: conformance/cases/graph/swiglu.mlir (tessera.silu_mul, tessera.swiglu_fused,
docs/ops/graph/swiglu.md) and conformance/cases/graph/scaled_matmul.mlir (tessera.scaled_matmul,
docs/ops/graph/scaled_matmul.md).

Oracles, independent of the interpreter: swiglu from float64 numpy rounded once to the element
type, compared with a tolerance (exp is the spec's expf, within 1 ulp); scaled_matmul from a
float32 replay of the spec's order (each fp8 product is exact in float32, so every fma step is
the float32 sum numpy computes), with E8M0 scales decoded as 2^(e - 127): bit-exact.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module, round_f64_to  # noqa: E402


def silu_mul64(g, u):
    g = np.asarray(g, np.float64)
    return g / (1 + np.exp(-g)) * np.asarray(u, np.float64)


def e8m0(bits):
    e = np.asarray(bits).view(np.uint8).astype(np.float64)
    return np.where(e == 255, np.nan, np.exp2(e - 127)).astype(np.float32)


def scaled_replay(a, b, sa, sb, bn, bk):
    """The spec's order in float32 for a [M, K] and b [K, N]."""
    a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
    m, k = a.shape
    n = b.shape[1]
    sbn = np.repeat(sb, bn, axis=1)[:, :n]
    acc = np.zeros((m, n), np.float32)
    for j in range(k // bk):
        p = np.zeros((m, n), np.float32)
        for kk in range(j * bk, (j + 1) * bk):
            p = p + a[:, kk:kk + 1] * b[kk:kk + 1, :]
        acc = acc + p * (sa[:, j:j + 1] * sbn[j:j + 1, :])
    return acc


def swiglu_cases(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "swiglu.mlir"),
                  generator=__file__,
                  header="tessera.silu_mul and tessera.swiglu_fused: the SwiGLU MLP.")

    def add(name, op, args, want, names, rule, note=""):
        prog = op_module(op, args, want, "", names=names)
        req = [f"op={op}", f"dtype={mlir_type(want)[:-1].split('x')[-1]}", "level=graph"]
        cf.add_case(name, prog, args, [want], rule=rule, requires=req, note=note)

    g = rng.uniform(-8, 8, (6, 5)).astype(np.float32)
    u = rng.uniform(-2, 2, (6, 5)).astype(np.float32)
    add("silu_mul_f32", "tessera.silu_mul", [g, u], round_f64_to(silu_mul64(g, u), np.float32),
        ["%g", "%u"], "tol:rtol=1e-6,atol=1e-7")
    gb = rng.uniform(-4, 4, (3, 8)).astype(ml_dtypes.bfloat16)
    ub = rng.uniform(-4, 4, (3, 8)).astype(ml_dtypes.bfloat16)
    add("silu_mul_bf16", "tessera.silu_mul", [gb, ub],
        round_f64_to(silu_mul64(gb, ub), ml_dtypes.bfloat16), ["%g", "%u"],
        "tol:rtol=0.008,atol=1e-6", note="Computed in f32, rounded once to bf16.")
    for dt, rule in ((np.float32, "tol:rtol=1e-5,atol=1e-5"), (np.float64, "tol:rtol=1e-12,atol=1e-13")):
        x = rng.uniform(-1, 1, (4, 8)).astype(dt)
        wg, wu = (rng.uniform(-1, 1, (8, 12)).astype(dt) for _ in range(2))
        wd = rng.uniform(-1, 1, (12, 8)).astype(dt)
        f = [np.asarray(t, np.float64) for t in (x, wg, wu, wd)]
        want = round_f64_to(silu_mul64(f[0] @ f[1], f[0] @ f[2]) @ f[3], dt)
        add(f"swiglu_fused_{np.dtype(dt).name}", "tessera.swiglu_fused", [x, wg, wu, wd], want,
            ["%x", "%wg", "%wu", "%wd"], rule)
    cf.write()


def scaled_cases(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "scaled_matmul.mlir"),
                  generator=__file__,
                  header="tessera.scaled_matmul: per-block partial sums times a_scale * b_scale.")
    e4m3 = ml_dtypes.float8_e4m3fn

    def add(name, args, want, layout, note=""):
        attrs = f"scale_layout = {{granularity = \"block\", block = [{layout[0]}, {layout[1]}], " \
                f"format = \"{layout[2]}\"}}"
        prog = op_module("tessera.scaled_matmul", args, want, attrs,
                         names=["%a", "%b", "%sa", "%sb"])
        req = ["op=tessera.scaled_matmul", "dtype=f8E4M3FN", "level=graph"]
        cf.add_case(name, prog, args, [want], rule="bitexact", requires=req, note=note)

    a = rng.uniform(-2, 2, (5, 64)).astype(e4m3)
    b = rng.uniform(-2, 2, (64, 6)).astype(e4m3)
    sa = rng.integers(122, 132, (5, 2)).astype(np.uint8)
    sb = rng.integers(122, 132, (2, 6)).astype(np.uint8)
    add("mxfp8_e8m0_block32", [a, b, sa, sb], scaled_replay(a, b, e8m0(sa), e8m0(sb), 1, 32),
        (1, 32, "e8m0"), note="OCP MX: E8M0 scales over blocks of 32 along K.")
    a = rng.uniform(-2, 2, (4, 32)).astype(e4m3)
    b = rng.uniform(-2, 2, (32, 10)).astype(e4m3)
    sa = rng.uniform(0.25, 4, (4, 2)).astype(np.float32)
    sb = rng.uniform(0.25, 4, (2, 3)).astype(np.float32)
    want = scaled_replay(a, b, sa, sb, 4, 16)
    add("fp32_scales_block4x16", [a, b, sa, sb], want, (4, 16, "fp32"),
        note="f32 scales; b_scale covers 4 output columns (the last block partly).")
    cf.write()


def main():
    rng = np.random.default_rng(1818)
    swiglu_cases(rng)
    scaled_cases(rng)


if __name__ == "__main__":
    main()
