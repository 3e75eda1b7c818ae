"""Numpy references of upstream op family `attnstate` (latent KV, linear/recurrent attention and state-space ops; KV-cache handles), from the specs in docs/ops/graph/.

Written from docs/ops/graph/{latent_kv,linear_attention,depth_attn,selective_ssm}.md in float64
with plain loops for the recurrences (no code shared with the interpreter). A `!tessera.kv_cache`
handle is its length (kv_cache.md, "Handles"): a 0-d float32 array that also remembers the
capacity and eviction rule of the kv_cache.create it came from (unknown for a parameter)."""
import numpy as np

from upstream_refs.common import NoOracle


class Handle(np.ndarray):
    """A KV-cache handle's length, with its create's max_seq (None: unknown) and eviction."""

    @staticmethod
    def of(length, like=None, max_seq=None, rolling=False):
        h = np.asarray(np.float32(length)).view(Handle)
        h.max_seq = getattr(like, "max_seq", None) if like is not None else max_seq
        h.rolling = getattr(like, "rolling", False) if like is not None else rolling
        return h


def kv_create(v, a):
    return [Handle.of(0, max_seq=a.get("max_seq"),
                      rolling=a.get("eviction") == "rolling_window")]


def kv_append(v, a):
    if np.asarray(v[0]).ndim == 0:  # the handle form: T more tokens
        n = float(np.asarray(v[0])) + np.asarray(v[1]).shape[0]
        cap = getattr(v[0], "max_seq", None)
        if cap is not None and n > cap:
            if not getattr(v[0], "rolling", False):
                raise NoOracle("kv_cache.append past max_seq (a run-time error)")
            n = cap
        return [Handle.of(n, like=v[0])]
    cache, new = np.asarray(v[0]), np.asarray(v[1])  # the tensor form (kv_cache.md)
    pos = int(np.asarray(v[2]).reshape(-1)[0])
    axis = a.get("axis", -2) % cache.ndim
    out = cache.copy()
    idx = [slice(None)] * cache.ndim
    idx[axis] = slice(pos, pos + new.shape[axis])
    out[tuple(idx)] = new
    return [out]


def kv_prune(v, a):
    return [Handle.of(min(float(np.asarray(v[0])), a["window"]), like=v[0])]


def cache_commit(v, a):
    n, length = int(np.asarray(v[1]).reshape(-1)[0]), float(np.asarray(v[0]))
    if not 0 <= n <= length:
        raise NoOracle("cache.commit outside [0, length] (a run-time error)")
    return [Handle.of(n, like=v[0])]


def cache_rollback(v, a):
    n, length = int(np.asarray(v[1]).reshape(-1)[0]), float(np.asarray(v[0]))
    if n < 0:
        raise NoOracle("cache.rollback of a negative count (a run-time error)")
    return [Handle.of(length - min(n, length), like=v[0])]


def latent(v, a):
    """latent_kv_c4: a @ w; the declared result may add leading unit dims (as_type reshapes)."""
    x, w = (np.asarray(t, np.float64) for t in v)
    return [x @ w]


def feature(name, x):
    if name == "identity":
        return x
    if name == "elu":
        return np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))
    if name == "relu":
        return np.maximum(x, 0.0)
    if name == "polynomial_2":
        return x * x
    raise NoOracle(f"feature_map {name}")


def recurrence(q, k, v, fmap, causal):
    """S_t = S_{t-1} + phi(k_t)^T v_t; o_t = phi(q_t) S_t (S_T for non-causal), per slice."""
    q, k, v = (np.asarray(t, np.float64) for t in (q, k, v))
    lead = q.shape[:-2]
    s, dk, dv = q.shape[-2], q.shape[-1], v.shape[-1]
    qf = feature(fmap, q.reshape(-1, s, dk))
    kf = feature(fmap, k.reshape(-1, s, dk))
    vv = v.reshape(-1, s, dv)
    out = np.zeros((qf.shape[0], s, dv))
    for b in range(qf.shape[0]):
        st = np.zeros((dk, dv))
        if not causal:
            for t in range(s):
                st += np.outer(kf[b, t], vv[b, t])
        for t in range(s):
            if causal:
                st += np.outer(kf[b, t], vv[b, t])
            out[b, t] = qf[b, t] @ st
    return out.reshape(lead + (s, dv))


def softmax_attention(q, k, v, causal):
    q, k, v = (np.asarray(t, np.float64) for t in (q, k, v))
    sc = np.einsum("...id,...jd->...ij", q, k) / np.sqrt(q.shape[-1])
    if causal:
        i, j = np.arange(q.shape[-2])[:, None], np.arange(k.shape[-2])[None, :]
        sc = np.where(j <= i, sc, -np.inf)
    e = np.exp(sc - sc.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ v


def linear_family(op):
    def ref(v, a):
        if op != "tessera.hybrid_attention" and any(
                x != 0 for x in list(a.get("operandSegmentSizes") or [0, 0, 0])[3:]):
            raise NoOracle(op + " with optional operands")
        causal = a.get("causal", True)
        fmap = a.get("feature_map", "elu") if op == "tessera.linear_attn" else "identity"
        if op == "tessera.hybrid_attention":
            pat = str(a.get("pattern", "auto")).lower()
            layer = int(a.get("layer_index", 0))
            soft = ((pat in ("kimi_kda_mla", "kimi_linear", "kimi") and layer % 2 == 1) or
                    (pat in ("ling_1_7_mla_lightning", "ling2_5", "ling_2_5") and layer % 8 == 7))
            if soft:
                return [softmax_attention(v[0], v[1], v[2], causal)]
        return [recurrence(v[0], v[1], v[2], fmap, causal)]
    return ref


def depth_attn(v, a):
    q, src = (np.asarray(t, np.float64) for t in v)
    eps = float(a.get("eps", 1e-6))
    rms = np.sqrt((src * src).mean(axis=-1, keepdims=True) + eps)
    logits = np.einsum("d,m...d->m...", q, src / rms)
    w = np.exp(logits - logits.max(axis=0))
    return [np.einsum("m...,m...d->...d", w, src) / w.sum(axis=0)[..., None]]


def selective_ssm(v, a):
    x, A, B, C, dl = (np.asarray(t, np.float64) for t in v[:5])
    clauses = a.get("operand_clauses") or {}
    gate = init = None
    if isinstance(clauses, dict) and clauses:
        gate = v[clauses["gate"][0]] if "gate" in clauses else None
        init = v[clauses["init"][0]] if "init" in clauses else None
    elif len(v) == 7:
        gate, init = v[5], v[6]
    elif len(v) != 5:
        raise NoOracle("selective_ssm optional operands")
    nb, ns, nd = x.shape
    nn = B.shape[2]
    A2 = np.broadcast_to(A[:, None], (nd, nn)) if A.ndim == 1 else A
    h = np.zeros((nb, nd, nn)) if init is None else np.asarray(init, np.float64).copy()
    y = np.zeros_like(x)
    for t in range(ns):
        h = np.exp(dl[:, t, :, None] * A2[None]) * h + (dl[:, t, :, None] * B[:, t, None, :]) * x[:, t, :, None]
        y[:, t, :] = np.einsum("bdn,bn->bd", h, C[:, t, :])
    if gate is not None:
        y = y * np.asarray(gate, np.float64)
    return [y]


REFS = {
    "tessera.latent_kv_compress": latent,
    "tessera.latent_kv_expand_k": latent,
    "tessera.latent_kv_expand_v": latent,
    "tessera.depth_attn": depth_attn,
    "tessera.selective_ssm": selective_ssm,
    "tessera.kv_cache.create": kv_create,
    "tessera.kv_cache.append": kv_append,
    "tessera.kv_cache.prune": kv_prune,
    "tessera.cache.commit": cache_commit,
    "tessera.cache.rollback": cache_rollback,
}
for _op in ("tessera.linear_attn", "tessera.lightning_attention", "tessera.gated_deltanet",
            "tessera.kimi_delta_attention", "tessera.hybrid_attention"):
    REFS[_op] = linear_family(_op)
