"""ts entry points of upstream op family `attnstate`: latent KV, linear/recurrent attention and state-space ops; KV-cache handles.

Specs: docs/ops/graph/{latent_kv,linear_attention,depth_attn,selective_ssm,kv_cache}.md."""

from __future__ import annotations

from typing import Any

from ._types import int64
from ._ops import _as_value, _emit1
from ._trace import Value, current

__all__: list[str] = [
    "latent_kv_compress", "latent_kv_expand_k", "latent_kv_expand_v", "linear_attn",
    "lightning_attention", "gated_deltanet", "kimi_delta_attention", "hybrid_attention",
    "depth_attn", "selective_ssm", "kv_cache_create", "kv_cache_append", "kv_cache_prune",
    "cache_commit", "cache_rollback",
]

_KV = "!tessera.kv_cache"


def latent_kv_compress(x: Any, w_dkv: Any) -> Value:
    """tessera.latent_kv_compress: the MLA latent x @ W_dkv ([..., M, K] @ [K, N])."""
    return _emit1("tessera.latent_kv_compress", [_as_value(x, None), _as_value(w_dkv, None)])


def latent_kv_expand_k(c: Any, w_uk: Any) -> Value:
    """tessera.latent_kv_expand_k: keys from the latent, c @ W_uk."""
    return _emit1("tessera.latent_kv_expand_k", [_as_value(c, None), _as_value(w_uk, None)])


def latent_kv_expand_v(c: Any, w_uv: Any) -> Value:
    """tessera.latent_kv_expand_v: values from the latent, c @ W_uv."""
    return _emit1("tessera.latent_kv_expand_v", [_as_value(c, None), _as_value(w_uv, None)])


def _qkv(q: Any, k: Any, v: Any) -> list[Value]:
    return [_as_value(q, None), _as_value(k, None), _as_value(v, None)]


def linear_attn(q: Any, k: Any, v: Any, *, feature_map: str = "elu",
                causal: bool = True) -> Value:
    """tessera.linear_attn: S_t = S_{t-1} + phi(k_t)^T v_t, o_t = phi(q_t) S_t (not normalised)."""
    return _emit1("tessera.linear_attn", _qkv(q, k, v),
                  {"feature_map": feature_map, "causal": bool(causal)})


def lightning_attention(q: Any, k: Any, v: Any, *, causal: bool = True) -> Value:
    """tessera.lightning_attention: the linear recurrence with the identity feature map."""
    return _emit1("tessera.lightning_attention", _qkv(q, k, v), {"causal": bool(causal)})


def gated_deltanet(q: Any, k: Any, v: Any, *, causal: bool = True) -> Value:
    """tessera.gated_deltanet without gate, beta and decay: the identity linear recurrence."""
    return _emit1("tessera.gated_deltanet", _qkv(q, k, v), {"causal": bool(causal)})


def kimi_delta_attention(q: Any, k: Any, v: Any, *, causal: bool = True) -> Value:
    """tessera.kimi_delta_attention without gate, beta and decay: the identity recurrence."""
    return _emit1("tessera.kimi_delta_attention", _qkv(q, k, v), {"causal": bool(causal)})


def hybrid_attention(q: Any, k: Any, v: Any, *, pattern: str = "auto", layer_index: int = 0,
                     causal: bool = True) -> Value:
    """tessera.hybrid_attention: the layer's attention by `pattern` and `layer_index` (softmax
    attention or the linear recurrence, docs/ops/graph/linear_attention.md)."""
    return _emit1("tessera.hybrid_attention", _qkv(q, k, v),
                  {"pattern": pattern, "layer_index": int(layer_index), "causal": bool(causal)})


def depth_attn(query: Any, sources: Any, *, eps: float = 1e-6) -> Value:
    """tessera.depth_attn: softmax over M sources [M, ..., D] of query . rmsnormed source."""
    return _emit1("tessera.depth_attn", [_as_value(query, None), _as_value(sources, None)],
                  {"eps": float(eps)})


def selective_ssm(x: Any, a: Any, b: Any, c: Any, delta: Any, *, gate: Any = None,
                  init: Any = None) -> Value:
    """tessera.selective_ssm: the Mamba-style selective scan, optional gate and initial state."""
    ops = [_as_value(t, None) for t in (x, a, b, c, delta)]
    clauses: dict[str, list[int]] = {}
    for word, t in (("gate", gate), ("init", init)):
        if t is not None:
            clauses[word] = [len(ops), 1]
            ops.append(_as_value(t, None))
    return _emit1("tessera.selective_ssm", ops, {"operand_clauses": clauses or None})


def kv_cache_create(*, max_seq: int, head_dim: int | None = None,
                    eviction: str | None = None) -> Value:
    """tessera.kv_cache.create: an empty `!tessera.kv_cache` handle (its length is 0)."""
    attrs = {"max_seq": int(max_seq), "head_dim": None if head_dim is None else int(head_dim),
             "eviction": eviction}
    (r,) = current().emit("tessera.kv_cache.create", [], attrs, [_KV])
    return r


def kv_cache_append(cache: Value, k: Any, v: Any) -> Value:
    """tessera.kv_cache.append's handle form: the handle with k's leading dim more tokens."""
    (r,) = current().emit("tessera.kv_cache.append",
                          [cache, _as_value(k, None), _as_value(v, None)], {}, [_KV])
    return r


def kv_cache_prune(cache: Value, *, window: int) -> Value:
    """tessera.kv_cache.prune: keeps the newest `window` tokens."""
    (r,) = current().emit("tessera.kv_cache.prune", [cache], {"window": int(window)}, [_KV])
    return r


def _count(n: Any) -> Value:
    return n if isinstance(n, Value) else current().constant(int(n), int64)


def cache_commit(cache: Value, accepted: Any) -> Value:
    """tessera.cache.commit: keeps the accepted prefix of `accepted` tokens."""
    (r,) = current().emit("tessera.cache.commit", [cache, _count(accepted)], {}, [_KV])
    return r


def cache_rollback(cache: Value, rejected: Any) -> Value:
    """tessera.cache.rollback: drops the newest `rejected` tokens (clamped to the length)."""
    (r,) = current().emit("tessera.cache.rollback", [cache, _count(rejected)], {}, [_KV])
    return r


#: ts name -> Graph IR op (merged into _ops.OP_NAMES, which docs/status.md's python column reads).
OP_NAMES: dict[str, str] = {
    "latent_kv_compress": "tessera.latent_kv_compress",
    "latent_kv_expand_k": "tessera.latent_kv_expand_k",
    "latent_kv_expand_v": "tessera.latent_kv_expand_v",
    "linear_attn": "tessera.linear_attn", "lightning_attention": "tessera.lightning_attention",
    "gated_deltanet": "tessera.gated_deltanet", "kimi_delta_attention": "tessera.kimi_delta_attention",
    "hybrid_attention": "tessera.hybrid_attention", "depth_attn": "tessera.depth_attn",
    "selective_ssm": "tessera.selective_ssm", "kv_cache_create": "tessera.kv_cache.create",
    "kv_cache_append": "tessera.kv_cache.append", "kv_cache_prune": "tessera.kv_cache.prune",
    "cache_commit": "tessera.cache.commit", "cache_rollback": "tessera.cache.rollback",
}


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
