"""ts entry points of upstream op family `decodemoe`: speculative decoding acceptance, mixture-of-experts/recursion routing, diffusion steps.

Specs: docs/ops/graph/{spec_accept,moe_routing,moe_swiglu,diffusion}.md. Token ids are i32 and
the uniforms of the sampling rules are operands (make them with `ts.uniform`)."""

from __future__ import annotations

from typing import Any

from ._ops import _as_value, _emit1
from ._trace import Value

__all__: list[str] = [
    "spec_accept", "spec_accept_sample", "spec_accept_tree_sample", "mor_router",
    "mor_partition", "mor_scatter", "moe_dispatch", "moe_swiglu_block", "guided_denoise_region",
]


def _vals(*xs: Any) -> list[Value]:
    return [_as_value(x, None) for x in xs]


def spec_accept(draft: Any, target: Any) -> Value:
    """tessera.spec_accept: greedy acceptance over P draft paths ([P, D] and [P, D+1] i32 token
    ids) -> i32 [best path, accepted length, target's next token]; the first path wins ties."""
    return _emit1("tessera.spec_accept", _vals(draft, target))


def spec_accept_sample(draft: Any, target_probs: Any, draft_probs: Any, accept_u: Any,
                       resid_u: Any) -> Value:
    """tessera.spec_accept_sample: rejection-sampling acceptance along one draft chain -> i32
    [D+2]: [n accepted, the n tokens, the corrected or bonus token, zeros]."""
    return _emit1("tessera.spec_accept_sample",
                  _vals(draft, target_probs, draft_probs, accept_u, resid_u))


def spec_accept_tree_sample(target_log_probs: Any, draft_log_probs: Any, accept_u: Any) -> Value:
    """tessera.spec_accept_tree_sample: rejection-sampling acceptance over P paths ([P, D] each)
    -> i32 [best path, its accepted length]."""
    return _emit1("tessera.spec_accept_tree_sample",
                  _vals(target_log_probs, draft_log_probs, accept_u))


def mor_router(x: Any, w_router: Any, *, max_depth: int) -> Value:
    """tessera.mor_router: per-token recursion depth 1 + argmax(x @ w_router) (first wins ties),
    x [B, S, D], w_router [D, max_depth] -> i64 [B, S]."""
    return _emit1("tessera.mor_router", _vals(x, w_router), {"max_depth": int(max_depth)})


def mor_partition(x: Any, depth: Any, *, step: int) -> Value:
    """tessera.mor_partition: i1 [B, S] mask of the tokens with depth >= step."""
    return _emit1("tessera.mor_partition", _vals(x, depth), {"step": int(step)})


def mor_scatter(full: Any, updated: Any, mask: Any) -> Value:
    """tessera.mor_scatter: updated[b, s, :] where mask[b, s], else full[b, s, :]."""
    return _emit1("tessera.mor_scatter", _vals(full, updated, mask))


def moe_dispatch(x: Any, route: Any) -> Value:
    """tessera.moe_dispatch: x[route] for a rank-1 route (token index per slot); x itself for a
    [T, k] routing table on one device."""
    return _emit1("tessera.moe_dispatch", _vals(x, route))


def moe_swiglu_block(x: Any, w_gate: Any, w_up: Any, w_down: Any, group_sizes: Any, *,
                     grouped_kind: str | None = None) -> Value:
    """tessera.moe_swiglu_block: per expert-sorted token group e, silu(x w_gate[e]) *
    (x w_up[e]) times w_down[e]; rows past the last group are zero."""
    return _emit1("tessera.moe_swiglu_block", _vals(x, w_gate, w_up, w_down, group_sizes),
                  {"grouped_kind": grouped_kind})


def guided_denoise_region(ref: Any, favored: Any, unfavored: Any, *, timestep: int,
                          gamma: float = 1.0, schedule: str | None = None,
                          preference: str | None = None) -> Value:
    """tessera.guided_denoise_region: ref + gamma * (favored - unfavored)."""
    attrs = {"timestep": int(timestep), "gamma": float(gamma), "schedule": schedule,
             "preference": preference}
    return _emit1("tessera.guided_denoise_region", _vals(ref, favored, unfavored), attrs)


#: ts name -> Graph IR op (merged into _ops.OP_NAMES; docs/status.md's python column).
OP_NAMES: dict[str, str] = {n: f"tessera.{n}" for n in __all__}


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
