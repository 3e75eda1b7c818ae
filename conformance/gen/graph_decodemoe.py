#!/usr/bin/env python3
"""Generator: conformance/cases/graph/decodemoe.mlir (the decodemoe family of upstream ops:
spec_accept, spec_accept_sample, spec_accept_tree_sample, mor_router / mor_partition /
mor_scatter, moe_dispatch, moe_swiglu_block, guided_denoise_region; docs/ops/graph/
{spec_accept,moe_routing,moe_swiglu,diffusion}.md).

Oracles, independent of the interpreter: the float64 numpy references of
scripts/upstream_refs/decodemoe.py (plain loops where the spec fixes the order; integer and
copied results bit-exact), a float32 numpy replay of guided_denoise_region's three rounded steps
(bit-exact), and moe_swiglu_block in float64 compared with a tolerance (the op's f32 FMA chains
round differently from float64).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type  # noqa: E402

sys.path.insert(0, os.path.join(REPO_ROOT, "scripts"))
from upstream_refs import decodemoe as ref  # noqa: E402


def program(op, ins, out_ty, attrs=""):
    params = ", ".join(f"%a{i}: {mlir_type(x)}" for i, x in enumerate(ins))
    args = ", ".join(f"%a{i}" for i in range(len(ins)))
    types = ", ".join(mlir_type(x) for x in ins)
    return (f"module {{\n  func.func @main({params}) -> {out_ty} {{\n"
            f'    %r = "{op}"({args}) {attrs} : ({types}) -> {out_ty}\n'
            f"    return %r : {out_ty}\n  }}\n}}\n")


def softmax(rng, *shape):
    p = np.exp(1.5 * rng.standard_normal(shape))
    return (p / p.sum(axis=-1, keepdims=True)).astype(np.float32)


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "decodemoe.mlir"),
                  generator=__file__,
                  header="The decodemoe ops: speculative-decoding acceptance, MoR/MoE routing, "
                         "moe_swiglu_block, guided_denoise_region.")
    rng = np.random.default_rng(1818)

    def add(name, op, ins, want, attrs="", rule="bitexact", dtype="f32", note=""):
        req = [f"op={op}", f"dtype={dtype}", "level=graph"]
        cf.add_case(name, program(op, ins, mlir_type(want), attrs), ins, [want], rule=rule,
                    requires=req, note=note)

    d = rng.integers(0, 2, (5, 4)).astype(np.int32)
    t = rng.integers(0, 2, (5, 5)).astype(np.int32)
    add("spec_accept_greedy", "tessera.spec_accept", [d, t], ref.spec_accept(d, t), dtype="i32",
        note="Longest matching prefix over 5 paths; first path wins ties.")
    D, V = 5, 7
    tok = rng.integers(0, V, D).astype(np.int32)
    tp, dp = softmax(rng, D + 1, V), softmax(rng, D, V)
    au, ru = rng.random(D).astype(np.float32), rng.random(1).astype(np.float32)
    ins = [tok, tp, dp, au, ru]
    add("spec_accept_sample_chain", "tessera.spec_accept_sample", ins,
        ref.spec_accept_sample(*ins), note="Rejection sampling with CDF inversion.")
    ins = [tok, tp, dp, np.zeros(D, np.float32), ru]
    add("spec_accept_sample_bonus", "tessera.spec_accept_sample", ins,
        ref.spec_accept_sample(*ins), note="accept_u = 0: all accepted, bonus from the extra row.")
    tl, dl = np.log(softmax(rng, 4, 6)), np.log(softmax(rng, 4, 6))
    u = rng.random((4, 6)).astype(np.float32)
    add("spec_accept_tree_sample", "tessera.spec_accept_tree_sample", [tl, dl, u],
        ref.spec_accept_tree_sample(tl, dl, u))
    x, w = rng.standard_normal((2, 6, 8)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)
    depth = ref.mor_router(x, w, 4)
    add("mor_router", "tessera.mor_router", [x, w], depth, "{max_depth = 4 : i64}")
    add("mor_partition", "tessera.mor_partition", [x, depth], ref.mor_partition(depth, 2),
        "{step = 2 : i64}", dtype="i1")
    upd = rng.standard_normal((2, 6, 8)).astype(np.float32)
    mask = ref.mor_partition(depth, 3)
    add("mor_scatter", "tessera.mor_scatter", [x, upd, mask], ref.mor_scatter(x, upd, mask))
    xd, route = rng.standard_normal((7, 13)).astype(np.float32), rng.integers(0, 7, 9).astype(np.int32)
    add("moe_dispatch_gather", "tessera.moe_dispatch", [xd, route], ref.moe_dispatch(xd, route))
    xm = rng.standard_normal((12, 8)).astype(np.float32)
    wg, wu = (0.5 * rng.standard_normal((3, 8, 16))).astype(np.float32), (0.5 * rng.standard_normal((3, 8, 16))).astype(np.float32)
    wd = (0.5 * rng.standard_normal((3, 16, 6))).astype(np.float32)
    gs = np.array([4, 0, 6], np.int64)
    want = ref.moe_swiglu_block(xm, wg, wu, wd, gs).astype(np.float32)
    add("moe_swiglu_block", "tessera.moe_swiglu_block", [xm, wg, wu, wd, gs], want,
        '{grouped_kind = "contiguous"}', rule="tol:rtol=1e-5,atol=1e-5",
        note="Groups of 4, 0 and 6 rows; the last 2 rows are padding (zeros).")
    r2 = np.random.default_rng(1819)  # its own generator: the other cases keep their data
    xm = r2.standard_normal((5, 4))
    wg, wu, wd = (0.5 * r2.standard_normal(s) for s in ((2, 4, 6), (2, 4, 6), (2, 6, 3)))
    gs = np.array([1, 3], np.uint8)
    add("moe_swiglu_block_f64", "tessera.moe_swiglu_block", [xm, wg, wu, wd, gs],
        ref.moe_swiglu_block(xm, wg, wu, wd, gs), '{grouped_kind = "contiguous"}',
        rule="tol:rtol=1e-12,atol=1e-13", dtype="f64",
        note="f64; ui8 groups of 1 and 3 rows; the last row is padding (zeros).")
    r, a, b = (rng.standard_normal((4, 9)).astype(np.float32) for _ in range(3))
    add("guided_denoise_region", "tessera.guided_denoise_region", [r, a, b],
        r + np.float32(0.75) * (a - b), '{timestep = 4 : i64, gamma = 0.75 : f64}',
        note="ref + gamma * (favored - unfavored), three rounded f32 steps.")
    cf.write()


if __name__ == "__main__":
    main()
