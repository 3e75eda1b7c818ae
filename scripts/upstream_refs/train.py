"""Numpy references of upstream op family `train` (losses and optimiser backward ops, RL policy losses, solver ops), from the specs in docs/ops/graph/."""

import numpy as np

from upstream_refs.common import NoOracle


def _f(x):
    return np.asarray(x, np.float64)


def _reduce(l, reduction, mask=None):
    """rl_losses.md "Reductions"."""
    if mask is not None:
        l = l * mask
    if reduction == "none":
        return l
    s = l.sum()
    if reduction == "sum":
        return s
    if mask is None:
        return s / l.size
    total = mask.sum()
    return s if total == 0 else s / total


def _group_adv(r, axis):
    mean = r.mean(axis=axis, keepdims=True)
    var = ((r - mean) ** 2).mean(axis=axis, keepdims=True)
    return (r - mean) / np.sqrt(var + 1e-8)


def _ppo_terms(ln, lo, adv, eps):
    ratio = np.exp(ln - lo)
    return -np.minimum(ratio * adv, np.clip(ratio, 1 - eps, 1 + eps) * adv)


def ppo(v, a):
    seg = a.get("operandSegmentSizes", [1, 1, 1, 0, 0, 0])
    vals = [_f(x) for x in v]
    roles, k = {}, 0
    for name, n in zip(("ln", "lo", "adv", "mask", "ref", "ent"), seg):
        if n:
            roles[name] = vals[k]
            k += 1
    l = _ppo_terms(roles["ln"], roles["lo"], roles["adv"], a.get("clip_epsilon", 0.2))
    kl, ec = a.get("kl_coef", 0.0), a.get("entropy_coef", 0.0)
    if "ref" in roles and kl:
        d = roles["ref"] - roles["ln"]
        l = l + kl * (np.exp(d) - d - 1)
    if "ent" in roles and ec:
        l = l - ec * roles["ent"]
    return [_reduce(l, a.get("reduction", "mean"), roles.get("mask"))]


def grpo(v, a):
    ln, lo, r = (_f(x) for x in v)
    adv = _group_adv(r, a.get("group_axis", 1))
    return [_reduce(_ppo_terms(ln, lo, adv, a.get("clip_epsilon", 0.2)), a.get("reduction", "mean"))]


def cispo(v, a):
    ln, lo, r = (_f(x) for x in v)
    adv = _group_adv(r, a.get("group_axis", 1))
    w = np.minimum(np.exp(ln - lo), a.get("epsilon_high", 5.0))
    return [_reduce(-(w * adv * ln), a.get("reduction", "mean"))]


def _scale(g, n, reduction):
    return g if reduction == "none" else (g / n if reduction == "mean" else g)


def mse_backward(v, a):
    p, t, g = (_f(x) for x in v)
    s = _scale(g, p.size, a.get("reduction", "mean"))
    dp = 2 * (p - t) * s
    return [dp, -dp]


def bce_backward(v, a):
    z, t, g = (_f(x) for x in v)
    s = _scale(g, z.size, a.get("reduction", "mean"))
    return [(1 / (1 + np.exp(-z)) - t) * s, -z * s]


def cross_entropy(v, a):
    x, y = _f(v[0]), np.asarray(v[1]).astype(np.int64)
    axis = a.get("axis", 1 if x.ndim >= 2 else 0) % x.ndim
    x = np.moveaxis(x, axis, -1)
    c = x.shape[-1]
    ignore, eps = a.get("ignore_index", -100), a.get("label_smoothing", 0.0)
    keep = y != ignore
    if np.any(keep & ((y < 0) | (y >= c))):
        raise NoOracle("cross_entropy label out of range (loss_ce_c7: an error)")
    logp = x - x.max(axis=-1, keepdims=True)
    logp = logp - np.log(np.exp(logp).sum(axis=-1, keepdims=True))
    nll = -np.take_along_axis(logp, np.where(keep, y, 0)[..., None], axis=-1)[..., 0]
    loss = (1 - eps) * nll + eps / c * (-logp.sum(axis=-1)) if eps else nll
    loss = np.where(keep, loss, 0.0)
    red = a.get("reduction", "mean")
    if red == "none":
        return [loss]
    return [loss.sum() if red == "sum" else loss.sum() / keep.sum()]


def nesterov(v, a):
    p, g, vel = (_f(x) for x in v)
    lr, mu = a["lr"], a.get("momentum", 0.9)
    v1 = mu * vel + g
    return [p - lr * (g + mu * v1), v1]


def momentum_backward(v, a):
    dp1, dv1 = (_f(x) for x in v)
    lr, mu = a["lr"], a.get("momentum", 0.9)
    if a.get("nesterov", False):
        w = dv1 - lr * mu * dp1
        return [dp1, w - lr * dp1, mu * w]
    w = dv1 - lr * dp1
    return [dp1, w, mu * w]


def adam_backward(v, a):
    """The vjp of tessera.adam / adamw (optimizers.md), derived by hand in f64."""
    p, g, m, vv, dP, dM, dV = (_f(x) for x in v)
    b1, b2 = a.get("beta1", 0.9), a.get("beta2", 0.999)
    lr, eps, t = a.get("lr", 1e-3), a.get("eps", 1e-8), a.get("step", 1)
    wd = a.get("weight_decay", 0.01) if a.get("adamw", False) else 0.0
    c1, c2 = 1 - b1 ** t, 1 - b2 ** t
    m1, v1 = b1 * m + (1 - b1) * g, b2 * vv + (1 - b2) * g * g
    with np.errstate(all="ignore"):
        sq = np.sqrt(v1 / c2)
        den = sq + eps
        du = -lr * dP
        dmh, dden = du / den, -du * (m1 / c1) / den ** 2
        dM1 = dM + dmh / c1
        dV1 = dV + dden / (2 * sq) / c2
    return [dP + wd * du, (1 - b1) * dM1 + (1 - b2) * 2 * g * dV1, b1 * dM1, b2 * dV1]


def qr(v, a):
    x = _f(v[0])
    q, r = np.linalg.qr(x)
    s = np.where(np.diagonal(r, axis1=-2, axis2=-1) < 0, -1.0, 1.0)
    return [q * s[..., None, :], r * s[..., :, None]]


def lu(v, a):
    x = _f(v[0]).copy()
    if x.ndim != 2:
        raise NoOracle("batched lu")
    n = x.shape[0]
    piv = np.zeros(n, np.int32)
    for k in range(n):
        p = k + int(np.argmax(np.abs(x[k:, k])))
        piv[k] = p
        x[[k, p]] = x[[p, k]]
        if x[k, k] != 0:
            x[k + 1:, k] /= x[k, k]
            x[k + 1:, k + 1:] -= np.outer(x[k + 1:, k], x[k, k + 1:])
    return [x, piv]


REFS = {
    "tessera.rl.ppo_policy_loss": ppo,
    "tessera.rl.grpo_policy_loss": grpo,
    "tessera.rl.cispo_policy_loss": cispo,
    "tessera.loss.mse_backward": mse_backward,
    "tessera.loss.binary_cross_entropy_backward": bce_backward,
    "tessera.loss.cross_entropy": cross_entropy,
    "tessera.nesterov": nesterov,
    "tessera.momentum_backward": momentum_backward,
    "tessera.adam_backward": adam_backward,
    "tessera.qr": qr,
    "tessera.lu": lu,
}
