"""test_jit cases of upstream op family `train`: op name -> (fn, args, oracle, tol), oracle numpy/JAX."""

from __future__ import annotations

import numpy as np

import tessera as ts

RNG = np.random.default_rng(18)


def rand(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def _f(x):
    return np.asarray(x, np.float64)


LN, LO, ADV = 0.3 * rand(2, 3, 4), 0.3 * rand(2, 3, 4), rand(2, 3, 4)
MASK = (RNG.random((2, 3, 4)) > 0.3).astype(np.float32)


def _ppo_np(ln, lo, adv, mask):
    r = np.exp(_f(ln) - _f(lo))
    l = -np.minimum(r * adv, np.clip(r, 0.8, 1.2) * adv) * mask
    return l.sum() / mask.sum()


def _adv(r):
    r = _f(r)
    m = r.mean(axis=1, keepdims=True)
    return (r - m) / np.sqrt(((r - m) ** 2).mean(axis=1, keepdims=True) + 1e-8)


def _grpo_np(ln, lo, r):
    ratio, a = np.exp(_f(ln) - _f(lo)), _adv(r)
    return (-np.minimum(ratio * a, np.clip(ratio, 0.8, 1.2) * a)).sum()


def _cispo_np(ln, lo, r):
    return (-(np.minimum(np.exp(_f(ln) - _f(lo)), 1.1) * _adv(r) * _f(ln))).mean()


P, T = rand(4, 5), rand(4, 5)
G0 = np.float32(0.7)


def _mse_bwd_jax(p, t, g):
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    f = lambda a, b: jnp.mean((a - b) ** 2)
    _, vjp = jax.vjp(f, _f(p), _f(t))
    return tuple(np.asarray(x) for x in vjp(np.float64(g)))


def _bce_bwd_jax(z, t, g):
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    f = lambda a, b: jnp.sum(jnp.maximum(a, 0) - a * b + jnp.log1p(jnp.exp(-jnp.abs(a))))
    _, vjp = jax.vjp(f, _f(z), _f(t))
    return tuple(np.asarray(x) for x in vjp(np.float64(g)))


X3, Y2 = rand(3, 6, 2), RNG.integers(0, 6, (3, 2)).astype(np.int64)
Y2[0, 1] = -1


def _ce_np(x, y):
    x = np.moveaxis(_f(x), 1, -1)
    lp = x - x.max(-1, keepdims=True)
    lp = lp - np.log(np.exp(lp).sum(-1, keepdims=True))
    keep = y != -1
    nll = -np.take_along_axis(lp, np.where(keep, y, 0)[..., None], -1)[..., 0]
    loss = 0.9 * nll + 0.1 / 6 * (-lp.sum(-1))
    return (loss * keep).sum() / keep.sum()


V = rand(4, 5)


def _momentum_jax(nest):
    import jax

    jax.config.update("jax_enable_x64", True)

    def step(p, g, v):
        v1 = 0.9 * v + g
        return (p - 0.1 * (g + 0.9 * v1) if nest else p - 0.1 * v1), v1

    def oracle(dp, dv):
        _, vjp = jax.vjp(step, _f(P), _f(T), _f(V))
        return tuple(np.asarray(x) for x in vjp((_f(dp), _f(dv))))
    return oracle


M, VV = rand(4, 5), np.abs(rand(4, 5)) + 0.1
DP, DM, DV = rand(4, 5), rand(4, 5), rand(4, 5)


def _adam_jax(p, g, m, v, dp, dm, dv):
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    b1, b2, t, lr, eps, wd = 0.8, 0.95, 3, 0.01, 1e-6, 0.02

    def step(p, g, m, v):
        m1, v1 = b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g
        u = (m1 / (1 - b1 ** t)) / (jnp.sqrt(v1 / (1 - b2 ** t)) + eps) + wd * p
        return p - lr * u, m1, v1
    _, vjp = jax.vjp(step, *(_f(x) for x in (p, g, m, v)))
    return tuple(np.asarray(x) for x in vjp((_f(dp), _f(dm), _f(dv))))


A64 = rand(6, 4).astype(np.float64)
SQ = rand(5, 5).astype(np.float64)


def _qr_np(a):
    q, r = np.linalg.qr(a)
    s = np.sign(np.diag(r))
    return q * s, r * s[:, None]


def _lu_np(a):
    x, n = a.copy(), a.shape[0]
    piv = np.zeros(n, np.int32)
    for k in range(n):
        p = k + int(np.argmax(np.abs(x[k:, k])))
        piv[k] = p
        x[[k, p]] = x[[p, k]]
        x[k + 1:, k] /= x[k, k]
        x[k + 1:, k + 1:] -= np.outer(x[k + 1:, k], x[k, k + 1:])
    return x, piv


CASES: dict = {
    "tessera.rl.ppo_policy_loss": (lambda n, o, a, m: ts.ppo_policy_loss(n, o, a, mask=m),
                                   (LN, LO, ADV, MASK), _ppo_np, 1e-5),
    "tessera.rl.grpo_policy_loss": (lambda n, o, r: ts.grpo_policy_loss(n, o, r, reduction="sum"),
                                    (LN, LO, ADV), _grpo_np, 1e-5),
    "tessera.rl.cispo_policy_loss": (lambda n, o, r: ts.cispo_policy_loss(n, o, r, epsilon_high=1.1),
                                     (LN, LO, ADV), _cispo_np, 1e-5),
    "tessera.loss.mse_backward": (ts.mse_backward, (P, T, G0), _mse_bwd_jax, 1e-6),
    "tessera.loss.binary_cross_entropy_backward": (
        lambda z, t, g: ts.binary_cross_entropy_backward(z, t, g, reduction="sum"),
        (P, np.abs(T) % 1, G0), _bce_bwd_jax, 1e-6),
    "tessera.loss.cross_entropy": (
        lambda x, y: ts.loss_cross_entropy(x, y, axis=1, ignore_index=-1, label_smoothing=0.1),
        (X3, Y2), _ce_np, 1e-5),
    "tessera.nesterov": (lambda p, g, v: ts.nesterov(p, g, v, lr=0.1), (P, T, V),
                         lambda p, g, v: (_f(p) - 0.1 * (_f(g) + 0.9 * (0.9 * _f(v) + _f(g))),
                                          0.9 * _f(v) + _f(g)), 1e-6),
    "tessera.momentum_backward": (lambda dp, dv: ts.momentum_backward(dp, dv, lr=0.1, nesterov=True),
                                  (DP, DV), _momentum_jax(True), 1e-6),
    "tessera.adam_backward": (
        lambda p, g, m, v, dp, dm, dv: ts.adam_backward(p, g, m, v, dp, dm, dv, lr=0.01, beta1=0.8, beta2=0.95, eps=1e-6, step=3,
                                                        adamw=True, weight_decay=0.02),
        (P, T, M, VV, DP, DM, DV), _adam_jax, 1e-5),
    "tessera.qr": (ts.qr, (A64,), _qr_np, 1e-12),
    "tessera.lu": (ts.lu, (SQ,), _lu_np, 1e-12),
}
