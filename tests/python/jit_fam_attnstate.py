"""test_jit cases of upstream op family `attnstate`: op name -> (fn, args, oracle, tol), oracle numpy/JAX.

Oracles: numpy float64 from docs/ops/graph/{latent_kv,linear_attention,depth_attn,
selective_ssm,kv_cache}.md (loops for the recurrences). A `!tessera.kv_cache` handle comes back
as its length (one f32 element, kv_cache.md "Handles")."""

import numpy as np

import tessera as ts

RNG = np.random.default_rng(18)


def _r(*shape):
    return RNG.uniform(-1, 1, shape).astype(np.float32)


X, WD, WU = _r(4, 6), _r(6, 3), _r(3, 5)
Q, K, V = _r(1, 2, 5, 3), _r(1, 2, 5, 3), _r(1, 2, 5, 4)
DQ, DS = _r(4), _r(3, 2, 4)
SX, SA, SB, SC, SD = _r(1, 5, 2), -np.abs(_r(2, 3)), _r(1, 5, 3), _r(1, 5, 3), np.abs(_r(1, 5, 2))
KV = _r(3, 4)


def _lin(q, k, v, elu=False, causal=True):
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    if elu:
        q, k = (np.where(a > 0, a + 1, np.exp(np.minimum(a, 0))) for a in (q, k))
    out = np.zeros(q.shape[:-1] + (v.shape[-1],))
    for idx in np.ndindex(*q.shape[:-2]):
        st = np.zeros((q.shape[-1], v.shape[-1]))
        for t in range(q.shape[-2]):
            st = st + np.outer(k[idx][t], v[idx][t])
            out[idx][t] = q[idx][t] @ st
    return out


def _softmax_causal(q, k, v):
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    s = np.where(np.tril(np.ones(s.shape[-2:], bool)), s, -np.inf)
    e = np.exp(s - s.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True) @ v


def _depth(q, src):
    q, src = np.asarray(q, np.float64), np.asarray(src, np.float64)
    keys = src / np.sqrt((src * src).mean(-1, keepdims=True) + 1e-6)
    lg = np.einsum("d,m...d->m...", q, keys)
    w = np.exp(lg - lg.max(0))
    return np.einsum("m...,m...d->...d", w, src) / w.sum(0)[..., None]


def _ssm(x, a, b, c, dl):
    x, a, b, c, dl = (np.asarray(z, np.float64) for z in (x, a, b, c, dl))
    h = np.zeros((x.shape[0], x.shape[2], b.shape[2]))
    y = np.zeros_like(x)
    for t in range(x.shape[1]):
        h = np.exp(dl[:, t, :, None] * a[None]) * h + dl[:, t, :, None] * b[:, t, None, :] * x[:, t, :, None]
        y[:, t] = np.einsum("bdn,bn->bd", h, c[:, t])
    return y


def _handle(k, v):
    c = ts.kv_cache_create(max_seq=8, head_dim=4)
    c = ts.kv_cache_append(c, k, v)  # 3 tokens
    return ts.kv_cache_append(c, k, v)  # 6


CASES: dict = {
    "tessera.latent_kv_compress": (lambda x, w: ts.latent_kv_compress(x, w), (X, WD),
                                   lambda x, w: x.astype(np.float64) @ w, 1e-5),
    "tessera.latent_kv_expand_k": (lambda c, w: ts.latent_kv_expand_k(c, w), (WD, WU),
                                   lambda c, w: c.astype(np.float64) @ w, 1e-5),
    "tessera.latent_kv_expand_v": (lambda c, w: ts.latent_kv_expand_v(c, w), (WD, WU),
                                   lambda c, w: c.astype(np.float64) @ w, 1e-5),
    "tessera.linear_attn": (lambda q, k, v: ts.linear_attn(q, k, v), (Q, K, V),
                            lambda q, k, v: _lin(q, k, v, elu=True), 1e-4),
    "tessera.lightning_attention": (lambda q, k, v: ts.lightning_attention(q, k, v), (Q, K, V),
                                    _lin, 1e-4),
    "tessera.gated_deltanet": (lambda q, k, v: ts.gated_deltanet(q, k, v), (Q, K, V), _lin, 1e-4),
    "tessera.kimi_delta_attention": (lambda q, k, v: ts.kimi_delta_attention(q, k, v), (Q, K, V),
                                     _lin, 1e-4),
    "tessera.hybrid_attention": (
        lambda q, k, v: ts.hybrid_attention(q, k, v, pattern="kimi_kda_mla", layer_index=1),
        (Q, K, V), _softmax_causal, 1e-5),
    "tessera.depth_attn": (lambda q, s: ts.depth_attn(q, s), (DQ, DS), _depth, 1e-5),
    "tessera.selective_ssm": (lambda x, a, b, c, d: ts.selective_ssm(x, a, b, c, d),
                              (SX, SA, SB, SC, SD), _ssm, 1e-5),
    "tessera.kv_cache.create": (lambda k, v: ts.kv_cache_create(max_seq=4), (KV, KV),
                                lambda k, v: np.float32(0), 0),
    "tessera.kv_cache.prune": (lambda k, v: ts.kv_cache_prune(_handle(k, v), window=5), (KV, KV),
                               lambda k, v: np.float32(5), 0),
    "tessera.cache.commit": (lambda k, v: ts.cache_commit(_handle(k, v), 2), (KV, KV),
                             lambda k, v: np.float32(2), 0),
    "tessera.cache.rollback": (lambda k, v: ts.cache_rollback(_handle(k, v), 4), (KV, KV),
                               lambda k, v: np.float32(2), 0),
}
