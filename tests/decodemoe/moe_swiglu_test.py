#!/usr/bin/env python3
"""tessera.moe_swiglu_block (docs/ops/graph/moe_swiglu.md) run by tessera-interp against the
float64 numpy reference of scripts/upstream_refs/decodemoe.py: random group sizes with empty
groups and padding rows, f32 / f64 / bf16 operands (bf16 -> f32 result, upstream's contract
form), the scales(...) clause with a scale_layout, the run-time checks (moe_swiglu_c8), equal
bits for 1 and 4 threads, and (a consistency check) the same bits as tessera.swiglu_fused for a
single group in f32. Usage: moe_swiglu_test.py TESSERA_INTERP."""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

from _common import check, finish, run
from upstream_refs import decodemoe as ref

BF16 = ml_dtypes.bfloat16


def src(M, K, F, N, E, dt="f32", rt=None, attrs="", scales=False):
    rt = rt or dt
    ty = [f"tensor<{M}x{K}x{dt}>", f"tensor<{E}x{K}x{F}x{dt}>", f"tensor<{E}x{K}x{F}x{dt}>",
          f"tensor<{E}x{F}x{N}x{dt}>", f"tensor<{E}xi64>"]
    names = ["x", "wg", "wu", "wd", "gs"]
    clause = ""
    if scales:
        ty += [f"tensor<{M}x1xf32>"] + [f"tensor<{E}x1xf32>"] * 3
        names += ["xs", "wgs", "wus", "wds"]
        clause = " scales(%xs, %wgs, %wus, %wds)"
    params = ", ".join(f"%{n}: {t}" for n, t in zip(names, ty))
    ops = ", ".join(f"%{n}" for n in names[:5])
    return (f"func.func @f({params}) -> tensor<{M}x{N}x{rt}> {{\n"
            f"  %y = tessera.moe_swiglu_block {ops}{clause} {attrs}\n"
            f"      : ({', '.join(ty)}) -> tensor<{M}x{N}x{rt}>\n"
            f"  return %y : tensor<{M}x{N}x{rt}>\n}}\n")


FUSED = """func.func @f(%x: tensor<6x8xf32>, %wg: tensor<8x12xf32>, %wu: tensor<8x12xf32>, %wd: tensor<12x8xf32>) -> tensor<6x8xf32> {
  %y = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<6x8xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<6x8xf32>
  return %y : tensor<6x8xf32>
}
"""


def print_generic(interp, text):
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "p.mlir"
        path.write_text(text)
        p = subprocess.run([interp, "print", "--generic", str(path)], capture_output=True,
                           text=True, timeout=60)
    check(p.returncode == 0, f"print --generic: {p.stderr}")
    return p.stdout if p.returncode == 0 else None


def inputs(rng, M, K, F, N, sizes, dt=np.float32):
    E = len(sizes)
    return {"x": rng.standard_normal((M, K)).astype(dt),
            "wg": (0.5 * rng.standard_normal((E, K, F))).astype(dt),
            "wu": (0.5 * rng.standard_normal((E, K, F))).astype(dt),
            "wd": (0.5 * rng.standard_normal((E, F, N))).astype(dt),
            "gs": np.array(sizes, np.int64)}


def close(got, want, tol):
    return got is not None and got.shape == want.shape and bool(
        np.all(np.abs(got.astype(np.float64) - want) <= tol * (1 + np.abs(want))))


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(18)
    n = 0
    for sizes, M in (([3, 0, 4], 9), ([5], 5), ([0, 0, 2, 1], 3), ([2, 2], 6), ([0], 4)):
        ins = inputs(rng, M, 8, 12, 5, sizes)
        attrs = '{grouped_kind = "contiguous", grouped_alignment = 128 : i64}' if M == 9 else ""
        got = run(interp, src(M, 8, 12, 5, len(sizes), attrs=attrs), "f", ins)
        want = ref.moe_swiglu_block(*ins.values())
        check(close(got and got[0], want, 2e-5), f"moe_swiglu_block f32 sizes={sizes} M={M}")
        if got is not None:
            check(np.all(got[0][sum(sizes):] == 0), "padding rows are zero")
            got4 = run(interp, src(M, 8, 12, 5, len(sizes), attrs=attrs), "f", ins, threads=4)
            check(got4 is not None and np.array_equal(got4[0], got[0]), "1 and 4 threads: same bits")
        n += 3
    ins = inputs(rng, 7, 6, 9, 4, [3, 4], np.float64)
    got = run(interp, src(7, 6, 9, 4, 2, dt="f64"), "f", ins)
    check(close(got and got[0], ref.moe_swiglu_block(*ins.values()), 1e-12), "moe_swiglu_block f64")
    # Upstream's contract form: bf16 operands, f32 result, masked kind and a quant request.
    ins = inputs(rng, 16, 8, 4, 3, [5, 0, 6], BF16)
    got = run(interp, src(16, 8, 4, 3, 3, dt="bf16", rt="f32",
                          attrs='{grouped_kind = "masked", quant = "nvfp4"}'), "f", ins)
    check(close(got and got[0], ref.moe_swiglu_block(*ins.values()), 2e-5), "moe_swiglu_block bf16 -> f32")
    # scales(...) with a scale_layout: operands dequantized by per-row / per-expert scales.
    ins = inputs(rng, 6, 8, 4, 5, [2, 3])
    sc = {"xs": (rng.random((6, 1)) + 0.5).astype(np.float32),
          "wgs": (rng.random((2, 1)) + 0.5).astype(np.float32),
          "wus": (rng.random((2, 1)) + 0.5).astype(np.float32),
          "wds": (rng.random((2, 1)) + 0.5).astype(np.float32)}
    layout = '{scale_layout = {granularity = "block", block = [1, 16], packing = "e4m3"}}'
    got = run(interp, src(6, 8, 4, 5, 2, attrs=layout, scales=True), "f", {**ins, **sc})
    want = ref.moe_swiglu_block(*ins.values(), scales=list(sc.values()))
    check(close(got and got[0], want, 2e-5), "moe_swiglu_block with scales")
    # The scales(...) clause prints in the generic form, which reads back to the same program.
    pretty = src(6, 8, 4, 5, 2, attrs=layout, scales=True)
    generic = print_generic(interp, pretty)
    again = run(interp, generic, "f", {**ins, **sc}) if generic else None
    check(again is not None and got is not None and np.array_equal(again[0], got[0]) and
          print_generic(interp, generic) == generic, "scales clause: print --generic round trip")
    # A numeric_policy naming the storage format stands in for scale_layout (deepseek's form).
    pol = '{numeric_policy = {storage = "f32", accum = "f32"}}'
    got = run(interp, src(6, 8, 4, 5, 2, attrs=pol, scales=True), "f", {**ins, **sc})
    check(close(got and got[0], want, 2e-5), "moe_swiglu_block with scales and a policy")
    # One group over all rows gives tessera.swiglu_fused's bits (the same chains in f32).
    ins = inputs(rng, 6, 8, 12, 8, [6])
    got = run(interp, src(6, 8, 12, 8, 1), "f", ins)
    fused = run(interp, FUSED, "f", {"x": ins["x"], "wg": ins["wg"][0], "wu": ins["wu"][0],
                                     "wd": ins["wd"][0]})
    check(got is not None and fused is not None and np.array_equal(got[0], fused[0]),
          "one group == swiglu_fused bit for bit")
    # Run-time checks.
    ins = inputs(rng, 4, 8, 12, 5, [3, 2])
    run(interp, src(4, 8, 12, 5, 2), "f", ins, expect_error="(moe_swiglu_c8)")
    ins["gs"] = np.array([-1, 2], np.int64)
    run(interp, src(4, 8, 12, 5, 2), "f", ins, expect_error="(moe_swiglu_c8)")
    ins["gs"] = np.array([2**62, 2**62], np.int64)
    run(interp, src(4, 8, 12, 5, 2), "f", ins, expect_error="(moe_swiglu_c8)")
    finish("moe_swiglu_test", n + 9)


if __name__ == "__main__":
    main()
