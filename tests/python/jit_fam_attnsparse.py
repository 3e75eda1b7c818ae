"""test_jit cases of upstream op family `attnsparse`: op name -> (fn, args, oracle, tol), oracle numpy/JAX.

The oracles are the float64 numpy references of scripts/upstream_refs/attnsparse.py (written from
docs/ops/graph/attnsparse.md and softmax-stats.md) and, for the sliding window,
jax.nn.dot_product_attention with the window as a mask."""

from __future__ import annotations

import pathlib
import sys

import jax
import numpy as np

import tessera as ts

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from upstream_refs.attnsparse import REFS  # noqa: E402

RNG = np.random.default_rng(18)


def rand(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def ref(op, attrs, n=None):
    """The numpy reference of `op` as an oracle of positional arrays (result n, or all)."""
    def oracle(*xs):
        out = REFS[op]([np.asarray(x, np.float64) for x in xs], attrs)
        return tuple(out) if n is None else out[n]
    return oracle


Q, K, V = rand(1, 2, 8, 4), rand(1, 2, 8, 4), rand(1, 2, 8, 4)
QG, KG, VG = rand(1, 4, 8, 4), rand(1, 2, 8, 4), rand(1, 2, 8, 4)
G5 = [rand(1, 2, 3, 4, 4) for _ in range(3)]
SC = rand(1, 2, 8, 2)


def _sliding_jax(q, k, v):
    i, j = np.arange(8)[:, None], np.arange(8)[None, :]
    mask = (j <= i) & (j > i - 3)
    t = lambda x: x.transpose(0, 2, 1, 3)
    return t(jax.nn.dot_product_attention(t(q), t(k), t(v), mask=mask[None, None]))


LSA = {"window_size": 3, "block_size": 4, "tau": 64, "threshold": 0.5, "causal": True}
DSA = {"window_size": 3, "block_size": 4, "top_k": 1, "causal": True}
MSA = {"block_size": 4, "top_k": 1, "force_local_block": True, "causal": True}

CASES: dict = {
    "tessera.attn_local_window_2d": (
        lambda q, k, v: ts.attn_local_window_2d(q, k, v, window=[1, 1]), tuple(G5),
        ref("tessera.attn_local_window_2d", {"window": [1, 1]}, 0), 1e-5),
    "tessera.attn_sliding_window": (
        lambda q, k, v: ts.attn_sliding_window(q, k, v, window_size=3), (Q, K, V),
        _sliding_jax, 1e-5),
    "tessera.attn_compressed_blocks": (
        ts.attn_compressed_blocks, (Q, K[:, :, :2], V[:, :, :2]),
        ref("tessera.attn_compressed_blocks", {}, 0), 1e-5),
    "tessera.attn_top_k_blocks": (
        lambda q, k, v, s: ts.attn_top_k_blocks(q, k, v, s, top_k=1, block_size=4),
        (Q, K, V, SC), ref("tessera.attn_top_k_blocks", {"top_k": 1, "block_size": 4}, 0), 1e-5),
    "tessera.deepseek_sparse_attention": (
        lambda q, k, v: ts.deepseek_sparse_attention(q, k, v, **DSA), (QG, KG, VG),
        ref("tessera.deepseek_sparse_attention", DSA, 0), 1e-5),
    "tessera.native_sparse_attn_fused": (
        lambda q, k, v, s: ts.native_sparse_attn_fused(q, k, v, s, **DSA), (Q, K, V, SC),
        ref("tessera.native_sparse_attn_fused", DSA, 0), 1e-5),
    "tessera.msa_index_scores": (
        lambda q, k: ts.msa_index_scores(q, k, block_size=4), (QG, KG),
        ref("tessera.msa_index_scores", {"block_size": 4}, 0), 1e-5),
    "tessera.msa_select_blocks": (
        lambda s: ts.msa_select_blocks(s, top_k=1, block_size=4), (SC,),
        lambda s: REFS["tessera.msa_select_blocks"]([s], {"top_k": 1, "block_size": 4})[0], 0),
    "tessera.msa_sparse_attention": (
        lambda q, k, v: ts.msa_sparse_attention(q, k, v, **MSA), (QG, KG, VG),
        ref("tessera.msa_sparse_attention", MSA, 0), 1e-5),
    "tessera.lookahead_sparse_attention": (
        lambda q, k, v: ts.lookahead_sparse_attention(q, k, v, **LSA), (Q, K, V),
        ref("tessera.lookahead_sparse_attention", LSA, 0), 1e-5),
    "tessera.attn_with_stats": (
        lambda q, s: ts.attn_with_stats(q, s), (rand(4), rand(3, 2, 4)),
        ref("tessera.attn_with_stats", {}), 1e-5),
    "tessera.softmax_merge": (
        ts.softmax_merge, (rand(2, 4), rand(2), np.abs(rand(2)) + 1, rand(2, 4), rand(2),
                           np.abs(rand(2)) + 1),
        ref("tessera.softmax_merge", {}), 1e-5),
    "tessera.softmax_finalize": (
        ts.softmax_finalize, (rand(2, 4), np.abs(rand(2)) + 1),
        ref("tessera.softmax_finalize", {}, 0), 1e-6),
    "tessera.attn.lse_accumulate": (
        ts.attn_lse_accumulate, (rand(4, 3), rand(4), np.abs(rand(4)) + 1),
        ref("tessera.attn.lse_accumulate", {}), 1e-5),
}
