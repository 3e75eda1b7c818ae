"""ts entry points of upstream op family `train`: losses and optimiser backward ops, RL policy losses, solver ops."""

from __future__ import annotations

from typing import Any

from ._ops import _as_value, _emit1
from ._ops_lib import _emit
from ._trace import Value, _Raw

__all__: list[str] = [
    "ppo_policy_loss", "grpo_policy_loss", "cispo_policy_loss", "mse_backward",
    "binary_cross_entropy_backward", "loss_cross_entropy", "nesterov", "momentum_backward",
    "adam_backward", "qr", "lu",
]


def ppo_policy_loss(logp_new: Any, logp_old: Any, advantages: Any, *, mask: Any = None,
                    ref_logp: Any = None, entropy: Any = None, clip_epsilon: float = 0.2,
                    kl_coef: float = 0.0, entropy_coef: float = 0.0,
                    reduction: str = "mean") -> Value:
    """tessera.rl.ppo_policy_loss: PPO's clipped surrogate -min(r a, clip(r) a), r the
    probability ratio, plus optional KL and entropy terms and a mask (docs/ops/graph/rl_losses.md)."""
    n = _as_value(logp_new, None)
    ops = [n, _as_value(logp_old, n), _as_value(advantages, n)]
    optional = [mask, ref_logp, entropy]
    ops += [_as_value(x, n) for x in optional if x is not None]
    attrs: dict[str, Any] = {"clip_epsilon": float(clip_epsilon), "reduction": reduction,
                             "kl_coef": float(kl_coef) if kl_coef else None,
                             "entropy_coef": float(entropy_coef) if entropy_coef else None}
    if len(ops) > 3:
        seg = ", ".join(["1", "1", "1"] + ["0" if x is None else "1" for x in optional])
        attrs["operandSegmentSizes"] = _Raw(f"array<i32: {seg}>")
    return _emit1("tessera.rl.ppo_policy_loss", ops, attrs)


def grpo_policy_loss(logp_new: Any, logp_old: Any, rewards: Any, *, group_axis: int = 1,
                     clip_epsilon: float = 0.2, reduction: str = "mean") -> Value:
    """tessera.rl.grpo_policy_loss: PPO on rewards normalised within groups along `group_axis`."""
    n = _as_value(logp_new, None)
    return _emit1("tessera.rl.grpo_policy_loss",
                  [n, _as_value(logp_old, n), _as_value(rewards, n)],
                  {"group_axis": int(group_axis), "clip_epsilon": float(clip_epsilon),
                   "reduction": reduction})


def cispo_policy_loss(logp_new: Any, logp_old: Any, rewards: Any, *, group_axis: int = 1,
                      epsilon_high: float = 5.0, reduction: str = "mean") -> Value:
    """tessera.rl.cispo_policy_loss: -(min(r, epsilon_high) * adv * logp_new) with group-normalised
    advantages."""
    n = _as_value(logp_new, None)
    return _emit1("tessera.rl.cispo_policy_loss",
                  [n, _as_value(logp_old, n), _as_value(rewards, n)],
                  {"group_axis": int(group_axis), "epsilon_high": float(epsilon_high),
                   "reduction": reduction})


def mse_backward(prediction: Any, target: Any, cotangent: Any,
                 reduction: str = "mean") -> tuple[Value, Value]:
    """tessera.loss.mse_backward: the cotangents of (prediction, target) of tessera.mse."""
    p = _as_value(prediction, None)
    r = _emit("tessera.loss.mse_backward", [p, _as_value(target, p), _as_value(cotangent, None)],
              {"reduction": reduction})
    return r[0], r[1]


def binary_cross_entropy_backward(logits: Any, target: Any, cotangent: Any,
                                  reduction: str = "mean") -> tuple[Value, Value]:
    """tessera.loss.binary_cross_entropy_backward: the cotangents of (logits, target) of the
    logits-form binary cross entropy."""
    z = _as_value(logits, None)
    r = _emit("tessera.loss.binary_cross_entropy_backward",
              [z, _as_value(target, z), _as_value(cotangent, None)], {"reduction": reduction})
    return r[0], r[1]


def loss_cross_entropy(logits: Any, target: Any, *, axis: int | None = None,
                       ignore_index: int | None = None, label_smoothing: float | None = None,
                       reduction: str = "mean") -> Value:
    """tessera.loss.cross_entropy: PyTorch-style cross entropy with a class axis, ignore_index
    and label smoothing (docs/ops/graph/loss_backward.md)."""
    return _emit1("tessera.loss.cross_entropy", [_as_value(logits, None), _as_value(target, None)],
                  {"axis": axis, "ignore_index": ignore_index,
                   "label_smoothing": None if label_smoothing is None else float(label_smoothing),
                   "reduction": reduction})


def nesterov(param: Any, grad: Any, velocity: Any, *, lr: float,
             momentum: float = 0.9) -> tuple[Value, Value]:
    """tessera.nesterov: (new param, new velocity) of SGD with Nesterov momentum."""
    p = _as_value(param, None)
    r = _emit("tessera.nesterov", [p, _as_value(grad, p), _as_value(velocity, p)],
              {"lr": float(lr), "momentum": float(momentum)})
    return r[0], r[1]


def momentum_backward(d_param: Any, d_velocity: Any, *, lr: float, momentum: float = 0.9,
                      nesterov: bool = False) -> tuple[Value, Value, Value]:
    """tessera.momentum_backward: cotangents of (param, grad, velocity) of a momentum step."""
    d = _as_value(d_param, None)
    r = _emit("tessera.momentum_backward", [d, _as_value(d_velocity, d)],
              {"lr": float(lr), "momentum": float(momentum), "nesterov": bool(nesterov)})
    return r[0], r[1], r[2]


def adam_backward(param: Any, grad: Any, m: Any, v: Any, d_param: Any, d_m: Any, d_v: Any, *,
                  lr: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8,
                  step: int = 1, adamw: bool = False,
                  weight_decay: float | None = None) -> tuple[Value, Value, Value, Value]:
    """tessera.adam_backward: cotangents of (param, grad, m, v) of an adam (adamw) step."""
    p = _as_value(param, None)
    ops = [p] + [_as_value(x, p) for x in (grad, m, v, d_param, d_m, d_v)]
    r = _emit("tessera.adam_backward", ops,
              {"lr": float(lr), "beta1": float(beta1), "beta2": float(beta2), "eps": float(eps),
               "step": int(step), "adamw": bool(adamw),
               "weight_decay": None if weight_decay is None else float(weight_decay)})
    return r[0], r[1], r[2], r[3]


def qr(a: Any) -> tuple[Value, Value]:
    """tessera.qr: reduced Householder QR (Q [M, N], R [N, N]) with R's diagonal >= 0."""
    r = _emit("tessera.qr", [_as_value(a, None)], {})
    return r[0], r[1]


def lu(a: Any) -> tuple[Value, Value]:
    """tessera.lu: packed LU with partial pivoting and its i32 pivots (LAPACK getrf's form)."""
    r = _emit("tessera.lu", [_as_value(a, None)], {})
    return r[0], r[1]


#: ts name -> Graph IR op (merged into _ops.OP_NAMES; docs/status.md's python column).
OP_NAMES: dict[str, str] = {
    "ppo_policy_loss": "tessera.rl.ppo_policy_loss",
    "grpo_policy_loss": "tessera.rl.grpo_policy_loss",
    "cispo_policy_loss": "tessera.rl.cispo_policy_loss",
    "mse_backward": "tessera.loss.mse_backward",
    "binary_cross_entropy_backward": "tessera.loss.binary_cross_entropy_backward",
    "loss_cross_entropy": "tessera.loss.cross_entropy",
    "nesterov": "tessera.nesterov",
    "momentum_backward": "tessera.momentum_backward",
    "adam_backward": "tessera.adam_backward",
    "qr": "tessera.qr",
    "lu": "tessera.lu",
}


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
