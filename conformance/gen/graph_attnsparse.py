#!/usr/bin/env python3
"""Generator: conformance/cases/graph/attnsparse.mlir (the sparse attention and softmax-statistics
ops of docs/ops/graph/attnsparse.md and softmax-stats.md).

Oracle, independent of the interpreter: the float64 numpy references of
scripts/upstream_refs/attnsparse.py (numpy's own reductions, not the spec's order), so the float
results are compared with a tolerance (f32: rtol 2e-5, atol 1e-6, as flash_attn's cases) and the
i64 block ids of msa_select_blocks bit for bit. Inputs keep block scores apart (no near-ties), so
the selections of f32 and f64 arithmetic agree.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type  # noqa: E402

sys.path.insert(0, os.path.join(REPO_ROOT, "scripts"))
from upstream_refs.attnsparse import REFS  # noqa: E402
from upstream_refs.common import attr_dict_text  # noqa: E402

TOL = "tol:rtol=2e-5,atol=1e-6"


def attr_text(attrs):
    return (" " + attr_dict_text(attrs)) if attrs else ""


def program(op, xs, outs, attrs):
    tys = [mlir_type(x) for x in xs]
    rtys = [mlir_type(o) for o in outs]
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(tys))
    res = ", ".join(f"%r{i}" for i in range(len(outs)))
    return (f"module {{\n  func.func @main({params}) -> ({', '.join(rtys)}) {{\n"
            f'    {res} = "{op}"({", ".join(f"%a{i}" for i in range(len(xs)))}){attr_text(attrs)}'
            f" : ({', '.join(tys)}) -> ({', '.join(rtys)})\n"
            f"    return {res} : {', '.join(rtys)}\n  }}\n}}\n")


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "attnsparse.mlir"),
                  generator=__file__,
                  header="Sparse, windowed and block-selected attention; softmax statistics.")
    rng = np.random.default_rng(1818)

    def add(name, op, xs, attrs, note, rule=TOL):
        want = REFS[op]([x.astype(np.float64) for x in xs], attrs)
        want = [w if w.dtype == np.int64 else w.astype(np.float32) for w in want]
        cf.add_case(name, program(op, xs, want, attrs), xs, want, rule=rule,
                    requires=[f"op={op}", "dtype=f32", "level=graph"], note=note)

    def rnd(*shape):
        return rng.uniform(-1, 1, shape).astype(np.float32)

    add("local_window_2d", "tessera.attn_local_window_2d", [rnd(1, 2, 5, 6, 4), rnd(1, 2, 5, 6, 4), rnd(1, 2, 5, 6, 3)],
        {"window": [1, 2]}, "A 3x5 neighbourhood, cut at the grid's edges.")
    add("sliding_window_causal", "tessera.attn_sliding_window", [rnd(1, 2, 12, 4) for _ in range(3)],
        {"window_size": 4, "causal": True}, "The last 4 keys up to each query.")
    # Block scores 0, 1, 2, 3 permuted per row: distinct, so no tie decides the selection.
    perm = np.argsort(rng.random((1, 2, 16, 4)), axis=-1).astype(np.float32)
    add("top_k_blocks", "tessera.attn_top_k_blocks", [rnd(1, 2, 16, 4) for _ in range(3)] + [perm],
        {"top_k": 2, "block_size": 4, "causal": True}, "Two best blocks, causal tokens.")
    ties = rng.integers(0, 3, (1, 2, 12, 4)).astype(np.float32)
    add("msa_select_ties", "tessera.msa_select_blocks", [ties],
        {"top_k": 2, "block_size": 4, "force_local_block": True, "causal": True},
        "Integer scores with ties: lower block first; ids bit for bit.", rule="bitexact")
    add("msa_sparse", "tessera.msa_sparse_attention", [rnd(1, 4, 16, 8), rnd(1, 2, 16, 8), rnd(1, 2, 16, 8)],
        {"block_size": 4, "top_k": 2, "force_local_block": False, "causal": False, "scale": 0.25},
        "GQA 4 query heads on 2 kv heads, non-causal selection.")
    add("lookahead", "tessera.lookahead_sparse_attention", [rnd(1, 2, 16, 8) for _ in range(3)],
        {"window_size": 3, "block_size": 4, "tau": 64, "threshold": 0.5, "causal": True},
        "Local window plus the blocks with sigmoid(score) >= 0.5.")
    add("deepseek", "tessera.deepseek_sparse_attention", [rnd(1, 2, 16, 4) for _ in range(3)],
        {"window_size": 4, "block_size": 4, "top_k": 1, "causal": True},
        "Three branches weighted 1/3.")
    add("compressed_blocks", "tessera.attn_compressed_blocks",
        [rnd(1, 4, 6, 4), rnd(1, 2, 3, 4), rnd(1, 2, 3, 5)], {"scale": 0.5},
        "Dense attention over 3 compressed keys, GQA 4 on 2 heads.")
    add("msa_index_scores", "tessera.msa_index_scores", [rnd(1, 4, 8, 4), rnd(1, 2, 10, 4)],
        {"block_size": 4}, "Group-mean queries against block means; the last block zero-padded.")
    nsa_scores = np.argsort(rng.random((1, 2, 8, 2)), axis=-1).astype(np.float32)
    add("native_sparse", "tessera.native_sparse_attn_fused",
        [rnd(1, 2, 8, 4) for _ in range(3)] + [nsa_scores],
        {"window_size": 4, "block_size": 4, "top_k": 1, "causal": True},
        "Upstream's shape: block scores [B, H, S, S / block_size] choose the selected branch.")
    add("softmax_finalize", "tessera.softmax_finalize", [rnd(2, 3, 4), rnd(2, 3) + 2], {},
        "o / l per row.")
    add("attn_with_stats", "tessera.attn_with_stats", [rnd(4), rnd(3, 2, 4)], {"eps": 1e-6},
        "Depth attention state (o, m, l) over 3 sources.")
    st = [rnd(2, 4), rnd(2), rnd(2) + 2, rnd(2, 4), rnd(2), rnd(2) + 2]
    add("softmax_merge", "tessera.softmax_merge", st, {"reassociable": True}, "Two states merged.")
    add("lse_accumulate", "tessera.attn.lse_accumulate", [rnd(4, 3), rnd(4), rnd(4) + 2], {},
        "acc / l and m + log(l) per row.")
    cf.write()


if __name__ == "__main__":
    main()
