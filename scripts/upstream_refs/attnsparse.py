"""Numpy references of upstream op family `attnsparse` (sparse, windowed and block-selected attention; softmax statistics), from the specs in docs/ops/graph/."""

import numpy as np

# Written from docs/ops/graph/attnsparse.md and softmax-stats.md in float64 with numpy's own
# reductions (not the spec's order, so agreement is to rounding), independently of the
# interpreter. Also imported by tests/attnsparse/ as their oracle.


def _f(x):
    return np.asarray(x, np.float64)


def _scale(a, d):
    return float(a["scale"]) if "scale" in a else 1.0 / np.sqrt(d)


def _attend(q, k, v, keys, scale):
    """One row over the kept keys (an index array); no key gives 0."""
    if len(keys) == 0:
        return np.zeros(v.shape[-1])
    s = (k[keys] @ q) * scale
    e = np.exp(s - s.max())
    return (e / e.sum()) @ v[keys]


def _rows(q, k, v, scale, keys_of):
    """out[b, h, i] over keys_of(b, h, i), k/v head h // (Hq // Hkv)."""
    b_, hq, sq, _ = q.shape
    g = hq // k.shape[1]
    out = np.zeros((b_, hq, sq, v.shape[-1]))
    for b in range(b_):
        for h in range(hq):
            for i in range(sq):
                out[b, h, i] = _attend(q[b, h, i], k[b, h // g], v[b, h // g],
                                       np.asarray(keys_of(b, h, i), np.int64), scale)
    return out


def _window(i, n, w, causal):
    lo, hi = (max(0, i - w + 1), i) if causal else (max(0, i - w // 2), i + w // 2)
    return list(range(lo, min(n - 1, hi) + 1))


def _block_means(x, bs):
    """[..., n, d] -> [..., ceil(n / bs), d]: block sums / bs (zero padding)."""
    n = x.shape[-2]
    pad = (-n) % bs
    if pad:
        x = np.concatenate([x, np.zeros(x.shape[:-2] + (pad, x.shape[-1]))], axis=-2)
    return x.reshape(x.shape[:-2] + (x.shape[-2] // bs, bs, x.shape[-1])).sum(-2) / bs


def _rank(score, masked, top_k):
    """Block ranking: score descending; masked or -inf after, then NaN; ties to lower index."""
    score = np.asarray(score, np.float64)
    cls = np.where(masked | (score == -np.inf), 1, np.where(np.isnan(score), 2, 0))
    key = [(int(c), -s if c == 0 else 0.0, j) for j, (c, s) in enumerate(zip(cls, score))]
    return [j for _, _, j in sorted(key)[:top_k]]


def _block_tokens(blocks, bs, n, causal, i, extra=()):
    toks = set(extra)
    for c in blocks:
        toks.update(t for t in range(c * bs, min(n, (c + 1) * bs)) if not causal or t <= i)
    return sorted(toks)


def local_window_2d(v, a):
    q, k, w = (_f(x) for x in v)
    b_, h_, hs, ws, d = q.shape
    rh, rw = a["window"]
    flat = lambda x: x.reshape(b_, h_, hs * ws, x.shape[-1])

    def keys(b, h, i):
        y, x = divmod(i, ws)
        return [yy * ws + xx for yy in range(max(0, y - rh), min(hs - 1, y + rh) + 1)
                for xx in range(max(0, x - rw), min(ws - 1, x + rw) + 1)]
    out = _rows(flat(q), flat(k), flat(w), _scale(a, d), keys)
    return [out.reshape(b_, h_, hs, ws, w.shape[-1])]


def sliding_window(v, a):
    q, k, w = (_f(x) for x in v)
    sk = k.shape[2]
    return [_rows(q, k, w, _scale(a, q.shape[-1]),
                  lambda b, h, i: _window(i, sk, a["window_size"], a.get("causal", True)))]


def compressed_blocks(v, a):
    q, k, w = (_f(x) for x in v)
    return [_rows(q, k, w, _scale(a, q.shape[-1]), lambda b, h, i: range(k.shape[2]))]


def _topk_keys(scores_row, i, bs, sk, top_k, causal):
    nb = len(scores_row)
    masked = np.array([causal and c > i // bs for c in range(nb)])
    return _block_tokens(_rank(scores_row, masked, top_k), bs, sk, causal, i)


def top_k_blocks(v, a):
    q, k, w, s = (_f(x) for x in v)
    bs, sk = a["block_size"], k.shape[2]
    causal = a.get("causal", True)
    return [_rows(q, k, w, _scale(a, q.shape[-1]),
                  lambda b, h, i: _topk_keys(s[b, h, i], i, bs, sk, a["top_k"], causal))]


def _nsa(v, a, native):
    q, k, w = (_f(x) for x in v[:3])
    bs, sk = a["block_size"], k.shape[2]
    causal = a.get("causal", True)
    scale = _scale(a, q.shape[-1])
    g = q.shape[1] // k.shape[1]
    kc, vc = _block_means(k, bs), _block_means(w, bs)
    ow = _rows(q, k, w, scale, lambda b, h, i: _window(i, sk, a["window_size"], causal))
    oc = _rows(q, kc, vc, scale, lambda b, h, i: range(kc.shape[2]))
    if native:
        sc = _f(v[3])
    else:
        sc = np.einsum("bhid,bhcd->bhic", q, np.repeat(kc, g, axis=1))
    os_ = _rows(q, k, w, scale, lambda b, h, i: _topk_keys(sc[b, h, i], i, bs, sk, a["top_k"], causal))
    if not native and len(v) > 3:
        gl = _f(v[3])
        e = np.exp(gl - gl.max(-1, keepdims=True))
        wt = e / e.sum(-1, keepdims=True)
    else:
        wt = np.full(ow.shape[:-1] + (3,), 1.0 / 3.0)
    return [ow * wt[..., 0:1] + oc * wt[..., 1:2] + os_ * wt[..., 2:3]]


def msa_index_scores(v, a):
    q, k = _f(v[0]), _f(v[1])
    b_, hq, sq, d = q.shape
    hkv = k.shape[1]
    qg = q.reshape(b_, hkv, hq // hkv, sq, d).mean(2)
    return [np.einsum("bhid,bhcd->bhic", qg, _block_means(k, a["block_size"])) * _scale(a, d)]


def _msa_select_row(row, i, nb, a):
    bs, top_k = a["block_size"], a["top_k"]
    force, causal = a.get("force_local_block", True), a.get("causal", True)
    local = min(i // bs, nb - 1)
    masked = np.zeros(nb, bool)
    if causal:
        masked = np.arange(nb) > local
        if force:
            masked[local] = True
    order = _rank(row, masked, nb)
    if force:
        order = [local] + [c for c in order if c != local]
    return sorted(order[:top_k])


def msa_select_blocks(v, a):
    s = _f(v[0])
    b_, h_, sq, nb = s.shape
    out = np.zeros((b_, h_, sq, a["top_k"]), np.int64)
    for b in range(b_):
        for h in range(h_):
            for i in range(sq):
                out[b, h, i] = _msa_select_row(s[b, h, i], i, nb, a)
    return [out]


def msa_sparse_attention(v, a):
    q, k, w = (_f(x) for x in v)
    scores = msa_index_scores(v[:2], a)[0]
    g = q.shape[1] // k.shape[1]
    nb, sk, causal = scores.shape[-1], k.shape[2], a.get("causal", True)

    def keys(b, h, i):
        sel = _msa_select_row(scores[b, h // g, i], i, nb, a)
        return _block_tokens(sel, a["block_size"], sk, causal, i)
    return [_rows(q, k, w, _scale(a, q.shape[-1]), keys)]


def lookahead(v, a):
    q, k, w = (_f(x) for x in v)
    bs, s_ = a["block_size"], q.shape[2]
    causal, thr = a.get("causal", True), float(a.get("threshold", 0.5))
    kc = _block_means(k, bs)
    nb = kc.shape[2]
    prob = 1.0 / (1.0 + np.exp(-np.einsum("bhid,bhcd->bhic", q, kc) / np.sqrt(q.shape[-1])))

    def keys(b, h, i):
        sel = [c for c in range(nb) if prob[b, h, i, c] >= thr and not (causal and c > i // bs)]
        sel = sel or [min(i // bs, nb - 1)]
        return _block_tokens(sel, bs, s_, causal, i, _window(i, s_, a["window_size"], causal))
    return [_rows(q, k, w, _scale(a, q.shape[-1]), keys)]


def attn_with_stats(v, a):
    q, x = _f(v[0]), _f(v[1])
    eps = float(a.get("eps", 1e-6))
    keys = x / np.sqrt((x * x).mean(-1, keepdims=True) + eps)
    logits = np.einsum("d,m...d->m...", q, keys)
    m = logits.max(0)
    e = np.exp(logits - m)
    return [np.einsum("m...,m...d->...d", e, x), m, e.sum(0)]


def softmax_merge(v, a):
    oa, ma, la, ob, mb, lb = (_f(x) for x in v)
    m = np.maximum(ma, mb)
    sa, sb = np.exp(ma - m), np.exp(mb - m)
    return [sa[..., None] * oa + sb[..., None] * ob, m, sa * la + sb * lb]


def lse_accumulate(v, a):
    acc, m, l_ = (_f(x) for x in v)
    with np.errstate(invalid="ignore", divide="ignore"):  # log of l <= 0: NaN / -inf, as the op
        lse = m + np.log(l_)
    if lse.ndim == 0 and (m.ndim or l_.ndim):
        lse = np.broadcast_to(lse, (acc.shape[0],))
    return [acc / (l_[:, None] if l_.ndim else l_), lse]


REFS = {
    "tessera.attn_local_window_2d": local_window_2d,
    "tessera.attn_sliding_window": sliding_window,
    "tessera.attn_compressed_blocks": compressed_blocks,
    "tessera.attn_top_k_blocks": top_k_blocks,
    "tessera.deepseek_sparse_attention": lambda v, a: _nsa(v, a, False),
    "tessera.native_sparse_attn_fused": lambda v, a: _nsa(v, a, True),
    "tessera.msa_index_scores": msa_index_scores,
    "tessera.msa_select_blocks": msa_select_blocks,
    "tessera.msa_sparse_attention": msa_sparse_attention,
    "tessera.lookahead_sparse_attention": lookahead,
    "tessera.attn_with_stats": attn_with_stats,
    "tessera.softmax_merge": softmax_merge,
    "tessera.softmax_finalize": lambda v, a: [_f(v[0]) / _f(v[1])[..., None]],
    "tessera.attn.lse_accumulate": lse_accumulate,
}
