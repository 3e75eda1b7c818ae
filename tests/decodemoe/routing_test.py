#!/usr/bin/env python3
"""tessera.mor_router, mor_partition, mor_scatter, moe_dispatch (docs/ops/graph/moe_routing.md)
and tessera.guided_denoise_region, diffusion_block_step (docs/ops/graph/diffusion.md) run by
tessera-interp against numpy: the references of scripts/upstream_refs/decodemoe.py, plus a
float32 numpy replay of guided_denoise_region's three rounded steps (bit for bit). Covers the
router's tie rule (first depth wins), the upstream MoR pipeline, both moe_dispatch forms and its
run-time index check (moe_dispatch_c4), bf16 dispatch, f64, and that diffusion_block_step
verifies but is refused at run time with a diagnostic. Usage: routing_test.py TESSERA_INTERP."""
import sys

import ml_dtypes
import numpy as np

from _common import check, finish, run
from upstream_refs import decodemoe as ref

MOR = """func.func @f(%x: tensor<{B}x{S}x{D}x{F}>, %w: tensor<{D}x{N}x{F}>, %u: tensor<{B}x{S}x{D}x{F}>)
    -> (tensor<{B}x{S}xi64>, tensor<{B}x{S}xi1>, tensor<{B}x{S}x{D}x{F}>) {{
  %depth = "tessera.mor_router"(%x, %w) {{max_depth = {N} : i64}} : (tensor<{B}x{S}x{D}x{F}>, tensor<{D}x{N}x{F}>) -> tensor<{B}x{S}xi64>
  %mask = "tessera.mor_partition"(%x, %depth) {{step = {STEP} : i64}} : (tensor<{B}x{S}x{D}x{F}>, tensor<{B}x{S}xi64>) -> tensor<{B}x{S}xi1>
  %out = "tessera.mor_scatter"(%x, %u, %mask) : (tensor<{B}x{S}x{D}x{F}>, tensor<{B}x{S}x{D}x{F}>, tensor<{B}x{S}xi1>) -> tensor<{B}x{S}x{D}x{F}>
  return %depth, %mask, %out : tensor<{B}x{S}xi64>, tensor<{B}x{S}xi1>, tensor<{B}x{S}x{D}x{F}>
}}
"""
GATHER = """func.func @f(%x: tensor<{T}x{H}x{F}>, %r: tensor<{N}x{I}>) -> tensor<{N}x{H}x{F}> {{
  %o = tessera.moe_dispatch %x, %r {{tessera.effect_kind = "collective"}} : (tensor<{T}x{H}x{F}>, tensor<{N}x{I}>) -> tensor<{N}x{H}x{F}>
  return %o : tensor<{N}x{H}x{F}>
}}
"""
TABLE = """func.func @f(%x: tensor<6x5xf32>, %r: tensor<6x2xi32>) -> tensor<6x5xf32> {
  %o = "tessera.moe_dispatch"(%x, %r) : (tensor<6x5xf32>, tensor<6x2xi32>) -> tensor<6x5xf32>
  return %o : tensor<6x5xf32>
}
"""
GUIDED = """func.func @f(%r: tensor<{S}x{F}>, %a: tensor<{S}x{F}>, %b: tensor<{S}x{F}>) -> tensor<{S}x{F}> {{
  %g = "tessera.guided_denoise_region"(%r, %a, %b) {{timestep = 4 : i64, schedule = "vp_alpha_bar", {G}preference = "quality"}}
      : (tensor<{S}x{F}>, tensor<{S}x{F}>, tensor<{S}x{F}>) -> tensor<{S}x{F}>
  return %g : tensor<{S}x{F}>
}}
"""
STEP = """func.func @f(%c: tensor<16x64xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<16x64xf32> {
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 3 : i64, num_attention_heads = 4 : i64, num_kv_heads = 2 : i64, head_dim = 16 : i64, causal = false} : (tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}
"""


def mor(interp, x, w, u, step, threads=1):
    B, S, D = x.shape
    f = "f64" if x.dtype == np.float64 else "f32"
    src = MOR.format(B=B, S=S, D=D, N=w.shape[1], F=f, STEP=step)
    got = run(interp, src, "f", {"x": x, "w": w, "u": u}, threads)
    depth = ref.mor_router(x, w, w.shape[1])
    mask = ref.mor_partition(depth, step)
    out = ref.mor_scatter(x, u, mask)
    if got is not None:
        check(np.array_equal(got[0], depth) and got[0].dtype == np.int64, f"mor_router {got[0]} != {depth}")
        check(np.array_equal(got[1], mask), "mor_partition")
        check(np.array_equal(got[2], out) and got[2].dtype == x.dtype, "mor_scatter")
    return depth


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(18)
    n = 0
    # The upstream MoR pipeline's shapes, every step, f32 and f64, 4 threads.
    for step in (1, 2, 3, 4):
        x, w, u = (rng.standard_normal(s).astype(np.float32) for s in ((2, 8, 16), (16, 3), (2, 8, 16)))
        mor(interp, x, w, u, step, threads=4 if step == 2 else 1)
        n += 3
    mor(interp, rng.standard_normal((3, 5, 7)), rng.standard_normal((7, 4)),
        rng.standard_normal((3, 5, 7)), 2)
    # Ties: a zero router gives equal logits everywhere: depth 1 (the first).
    depth = mor(interp, np.ones((1, 4, 3), np.float32), np.zeros((3, 5), np.float32),
                np.zeros((1, 4, 3), np.float32), 1)
    check(np.all(depth == 1), "equal logits: the first depth")
    # Column 2 and 4 equal and largest: depth 3.
    w = np.array([[0.0, 0.5, 2.0, -1.0, 2.0]], np.float32)
    depth = mor(interp, np.ones((1, 2, 1), np.float32), w, np.zeros((1, 2, 1), np.float32), 1)
    check(np.all(depth == 3), f"tie between depths 3 and 5: the first, got {depth}")
    # moe_dispatch gather form (upstream's gfx1151 shapes), i64 indices, bf16 rows.
    for T, H, N, dt in ((7, 13, 9, np.float32), (5, 4, 12, np.float64), (4, 8, 3, ml_dtypes.bfloat16)):
        x = rng.standard_normal((T, H)).astype(dt)
        r = rng.integers(0, T, N).astype(np.int32 if dt != np.float64 else np.int64)
        f = {np.float32: "f32", np.float64: "f64"}.get(dt, "bf16")
        i = "i32" if r.dtype == np.int32 else "i64"
        got = run(interp, GATHER.format(T=T, H=H, N=N, F=f, I=i), "f", {"x": x, "r": r})
        if got is not None:
            g = got[0].view(dt) if dt == ml_dtypes.bfloat16 and got[0].dtype == np.uint16 else got[0]
            check(np.array_equal(g.view(np.uint8), ref.moe_dispatch(x, r).view(np.uint8)),
                  f"moe_dispatch gather {T}x{H} -> {N} ({f})")
        n += 1
    run(interp, GATHER.format(T=7, H=13, N=3, F="f32", I="i32"), "f",
        {"x": np.zeros((7, 13), np.float32), "r": np.array([1, 7, 0], np.int32)},
        expect_error="(moe_dispatch_c4)")
    run(interp, GATHER.format(T=7, H=13, N=3, F="f32", I="i32"), "f",
        {"x": np.zeros((7, 13), np.float32), "r": np.array([1, -1, 0], np.int32)},
        expect_error="(moe_dispatch_c4)")
    # Routing-table form: one device moves nothing.
    x = rng.standard_normal((6, 5)).astype(np.float32)
    got = run(interp, TABLE, "f", {"x": x, "r": rng.integers(0, 4, (6, 2)).astype(np.int32)})
    check(got is not None and np.array_equal(got[0], x), "moe_dispatch routing table: identity")
    # guided_denoise_region: three rounded float32 steps, bit for bit; f64 against the reference.
    for gamma in (0.75, -2.5, None):
        r, a, b = (rng.standard_normal((12, 64)).astype(np.float32) for _ in range(3))
        g = "" if gamma is None else f"gamma = {gamma!r} : f64, "
        got = run(interp, GUIDED.format(S="12x64", F="f32", G=g), "f", {"r": r, "a": a, "b": b})
        gm = np.float32(1.0 if gamma is None else gamma)
        want = r + gm * (a - b)
        check(got is not None and np.array_equal(got[0], want), f"guided_denoise_region gamma={gamma}")
        n += 1
    r, a, b = (rng.standard_normal((3, 5)) for _ in range(3))
    got = run(interp, GUIDED.format(S="3x5", F="f64", G="gamma = 0.3 : f64, "), "f", {"r": r, "a": a, "b": b})
    check(got is not None and np.allclose(got[0], ref.guided_denoise_region(r, a, b, 0.3), rtol=1e-15, atol=1e-15),
          "guided_denoise_region f64")
    # diffusion_block_step verifies, and running it stops with a diagnostic (no crash).
    ins = {"c": np.zeros((16, 64), np.float32), "k": np.zeros((2, 8, 16), np.float32),
           "v": np.zeros((2, 8, 16), np.float32)}
    run(interp, STEP, "f", ins, expect_error="tessera.diffusion_block_step")
    finish("routing_test", n + 8)


if __name__ == "__main__":
    main()
