"""ts entry points of upstream op family `attnsparse`: sparse, windowed and block-selected attention; softmax statistics.

Specs: docs/ops/graph/attnsparse.md and docs/ops/graph/softmax-stats.md."""

from __future__ import annotations

from typing import Any, Sequence

from ._ops import _as_value, _emit1
from ._trace import Value, current

__all__: list[str] = [
    "attn_local_window_2d", "attn_sliding_window", "attn_compressed_blocks", "attn_top_k_blocks",
    "deepseek_sparse_attention", "native_sparse_attn_fused", "msa_index_scores",
    "msa_select_blocks", "msa_sparse_attention", "lookahead_sparse_attention", "attn_with_stats",
    "softmax_merge", "softmax_finalize", "attn_lse_accumulate",
]


def _vals(*xs: Any) -> list[Value]:
    return [_as_value(x, None) for x in xs]


def _scale(scale: float | None) -> float | None:
    return None if scale is None else float(scale)


def attn_local_window_2d(q: Any, k: Any, v: Any, *, window: Sequence[int],
                         scale: float | None = None) -> Value:
    """tessera.attn_local_window_2d: each grid cell of [B, H, Hs, Ws, D] attends to the cells
    within `window` = [rh, rw] of it."""
    return _emit1("tessera.attn_local_window_2d", _vals(q, k, v),
                  {"window": [int(w) for w in window], "scale": _scale(scale)})


def attn_sliding_window(q: Any, k: Any, v: Any, *, window_size: int, causal: bool = True,
                        scale: float | None = None) -> Value:
    """tessera.attn_sliding_window: each query attends to a window of `window_size` keys
    (the last ones up to itself when causal, else centred)."""
    return _emit1("tessera.attn_sliding_window", _vals(q, k, v),
                  {"window_size": int(window_size), "causal": bool(causal),
                   "scale": _scale(scale)})


def attn_compressed_blocks(q: Any, k_c: Any, v_c: Any, *, scale: float | None = None) -> Value:
    """tessera.attn_compressed_blocks: dense attention over compressed (block-summary) keys."""
    return _emit1("tessera.attn_compressed_blocks", _vals(q, k_c, v_c), {"scale": _scale(scale)})


def attn_top_k_blocks(q: Any, k: Any, v: Any, scores: Any, *, top_k: int, block_size: int,
                      causal: bool = True, scale: float | None = None) -> Value:
    """tessera.attn_top_k_blocks: attention over the tokens of each query's `top_k`
    highest-scoring key blocks (ties to the lower block)."""
    return _emit1("tessera.attn_top_k_blocks", _vals(q, k, v, scores),
                  {"top_k": int(top_k), "block_size": int(block_size), "causal": bool(causal),
                   "scale": _scale(scale)})


def deepseek_sparse_attention(q: Any, k: Any, v: Any, gate: Any = None, *, window_size: int,
                              block_size: int, top_k: int, causal: bool = True,
                              scale: float | None = None) -> Value:
    """tessera.deepseek_sparse_attention: sliding-window, compressed-block and selected-block
    branches, weighted 1/3 each or by softmax(gate) over [B, Hq, Sq, 3]."""
    ops = _vals(q, k, v) + ([] if gate is None else _vals(gate))
    return _emit1("tessera.deepseek_sparse_attention", ops,
                  {"window_size": int(window_size), "block_size": int(block_size),
                   "top_k": int(top_k), "causal": bool(causal), "scale": _scale(scale)})


def native_sparse_attn_fused(q: Any, k: Any, v: Any, block_scores: Any, *, window_size: int,
                             block_size: int, top_k: int, causal: bool = True,
                             scale: float | None = None) -> Value:
    """tessera.native_sparse_attn_fused: deepseek_sparse_attention's three branches with the
    selected blocks chosen by `block_scores` [B, Hq, Sq, Sk / block_size]."""
    return _emit1("tessera.native_sparse_attn_fused", _vals(q, k, v, block_scores),
                  {"window_size": int(window_size), "block_size": int(block_size),
                   "top_k": int(top_k), "causal": bool(causal), "scale": _scale(scale)})


def msa_index_scores(q: Any, k: Any, *, block_size: int, scale: float | None = None) -> Value:
    """tessera.msa_index_scores: group-mean queries against block-mean keys, [B, Hkv, Sq, N]."""
    return _emit1("tessera.msa_index_scores", _vals(q, k),
                  {"block_size": int(block_size), "scale": _scale(scale)})


def msa_select_blocks(scores: Any, *, top_k: int, block_size: int,
                      force_local_block: bool = True, causal: bool = True) -> Value:
    """tessera.msa_select_blocks: the `top_k` block ids (i64, increasing) of each row."""
    return _emit1("tessera.msa_select_blocks", _vals(scores),
                  {"top_k": int(top_k), "block_size": int(block_size),
                   "force_local_block": bool(force_local_block), "causal": bool(causal)})


def msa_sparse_attention(q: Any, k: Any, v: Any, *, block_size: int, top_k: int,
                         force_local_block: bool = True, causal: bool = True,
                         scale: float | None = None) -> Value:
    """tessera.msa_sparse_attention: MiniMax sparse attention over the selected key blocks."""
    return _emit1("tessera.msa_sparse_attention", _vals(q, k, v),
                  {"block_size": int(block_size), "top_k": int(top_k),
                   "force_local_block": bool(force_local_block), "causal": bool(causal),
                   "scale": _scale(scale)})


def lookahead_sparse_attention(q: Any, k: Any, v: Any, *, window_size: int, block_size: int,
                               tau: int = 64, threshold: float = 0.5, causal: bool = True,
                               scale: float | None = None) -> Value:
    """tessera.lookahead_sparse_attention: a local window plus the blocks whose sigmoid index
    score reaches `threshold`."""
    return _emit1("tessera.lookahead_sparse_attention", _vals(q, k, v),
                  {"window_size": int(window_size), "block_size": int(block_size),
                   "tau": int(tau), "threshold": float(threshold), "causal": bool(causal),
                   "scale": _scale(scale)})


def attn_with_stats(query: Any, sources: Any, *, eps: float = 1e-6) -> tuple[Value, Value, Value]:
    """tessera.attn_with_stats: (o, m, l) of depth attention of `query` [d] over the RMS-normed
    `sources` [m, ..., d]; the attention value is o / l."""
    o, m, l_ = current().emit("tessera.attn_with_stats", _vals(query, sources),
                              {"eps": float(eps)})
    return o, m, l_


def softmax_merge(o_a: Any, m_a: Any, l_a: Any, o_b: Any, m_b: Any,
                  l_b: Any) -> tuple[Value, Value, Value]:
    """tessera.softmax_merge: the exact merge of two (o, m, l) softmax states."""
    o, m, l_ = current().emit("tessera.softmax_merge", _vals(o_a, m_a, l_a, o_b, m_b, l_b),
                              {"reassociable": True})
    return o, m, l_


def softmax_finalize(o: Any, l: Any) -> Value:  # noqa: E741 (upstream's name)
    """tessera.softmax_finalize: o / l per row."""
    return _emit1("tessera.softmax_finalize", _vals(o, l))


def attn_lse_accumulate(acc: Any, running_m: Any, running_l: Any) -> tuple[Value, Value]:
    """tessera.attn.lse_accumulate: (acc / l, m + log(l)) per row."""
    out, lse = current().emit("tessera.attn.lse_accumulate", _vals(acc, running_m, running_l), {})
    return out, lse


#: ts name -> Graph IR op (merged into _ops.OP_NAMES, for docs/status.md's python column).
OP_NAMES: dict[str, str] = {
    name: "tessera.attn.lse_accumulate" if name == "attn_lse_accumulate" else "tessera." + name
    for name in __all__
}


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
