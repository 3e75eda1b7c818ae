"""Numpy references of upstream op family `decodemoe` (speculative decoding acceptance, mixture-of-experts/recursion routing, diffusion steps), from the specs in docs/ops/graph/.

Written from docs/ops/graph/{spec_accept,moe_routing,moe_swiglu,diffusion}.md, independently of
the interpreter: float64 arithmetic on the widened inputs, plain loops where the spec fixes an
order (acceptance, CDF inversion, first-wins ties). tests/decodemoe/ imports these functions.
"""
import numpy as np

from upstream_refs.common import NoOracle


def f64(x):
    return np.asarray(x).astype(np.float64)


def spec_accept(draft, target):
    """[best path, its accepted length, target[best, length]]; first path wins ties."""
    draft, target = np.asarray(draft), np.asarray(target)
    paths, depth = draft.shape
    best, best_len = 0, -1
    for p in range(paths):
        n = 0
        while n < depth and int(draft[p, n]) == int(target[p, n]):
            n += 1
        if n > best_len:
            best, best_len = p, n
    return np.array([best, best_len, int(target[best, best_len])], np.int32)


def cdf_invert(u, w):
    """Smallest k with w_0 + ... + w_k > u * S (S and the prefix sums in index order, f64);
    V - 1 if none; the first largest weight when S <= 0 or S is NaN."""
    s = 0.0
    for x in w:
        s += float(x)
    if not s > 0.0:
        best = 0
        for k in range(1, len(w)):
            if w[k] > w[best]:
                best = k
        return best
    target, cum = float(u) * s, 0.0
    for k, x in enumerate(w):
        cum += float(x)
        if cum > target:
            return k
    return len(w) - 1


def spec_accept_sample(draft, tp, dp, au, ru):
    draft = np.asarray(draft)
    tp, dp, au, ru = f64(tp), f64(dp), f64(au), f64(ru)
    depth, vocab = dp.shape
    out = np.zeros(depth + 2, np.int32)
    u = float(ru.reshape(-1)[0])
    for i in range(depth):
        tok = int(draft[i])
        if not 0 <= tok < vocab:
            raise ValueError(f"draft token {tok} outside the vocabulary")
        pd, pt = float(dp[i, tok]), float(tp[i, tok])
        if pd > 0.0 and float(au[i]) * pd <= pt:
            out[1 + i] = tok
            continue
        with np.errstate(invalid="ignore"):
            diff = tp[i] - dp[i]
        resid = [d if d > 0.0 else 0.0 for d in diff]
        out[1 + i] = cdf_invert(u, resid)
        out[0] = i
        return out
    out[1 + depth] = cdf_invert(u, list(tp[depth]))
    out[0] = depth
    return out


def spec_accept_tree_sample(tlp, dlp, au):
    tlp, dlp, au = f64(tlp), f64(dlp), f64(au)
    paths, depth = tlp.shape
    best, best_len = 0, -1
    for p in range(paths):
        n = 0
        with np.errstate(over="ignore", invalid="ignore"):
            while n < depth and au[p, n] <= np.exp(tlp[p, n] - dlp[p, n]):
                n += 1
        if n > best_len:
            best, best_len = p, n
    return np.array([best, best_len], np.int32)


def mor_router(x, w, max_depth):
    logits = f64(x) @ f64(w)
    b, s, n = logits.shape
    out = np.zeros((b, s), np.int64)
    for i in range(b):
        for j in range(s):
            best = 0
            for k in range(1, n):
                if logits[i, j, k] > logits[i, j, best]:
                    best = k
            out[i, j] = best + 1
    return out


def mor_partition(depth, step):
    return np.asarray(depth).astype(np.int64) >= int(step)


def mor_scatter(full, updated, mask):
    return np.where(np.asarray(mask, bool)[..., None], updated, full)


def moe_dispatch(x, route):
    x, route = np.asarray(x), np.asarray(route)
    if route.ndim == 2:
        return x.copy()
    idx = route.astype(np.int64)
    if np.any((idx < 0) | (idx >= x.shape[0])):
        raise ValueError("route entry outside [0, T)")
    return x[idx]


def silu(g):
    with np.errstate(over="ignore"):
        return np.where(np.isneginf(g), -0.0, g / (1.0 + np.exp(-g)))


def moe_swiglu_block(x, wg, wu, wd, sizes, scales=None):
    x, wg, wu, wd = f64(x), f64(wg), f64(wu), f64(wd)
    if scales is not None:
        xs, wgs, wus, wds = (f64(s) for s in scales)
        x = x * xs[:, :1]
        wg, wu, wd = wg * wgs[:, :, None], wu * wus[:, :, None], wd * wds[:, :, None]
    sizes = np.asarray(sizes).astype(np.int64)
    m, n = x.shape[0], wd.shape[2]
    if np.any(sizes < 0) or sizes.sum() > m:
        raise ValueError("group sizes negative or adding up to more than M")
    out = np.zeros((m, n))
    start = 0
    for e, g in enumerate(sizes):
        rows = x[start:start + g]
        h = silu(rows @ wg[e]) * (rows @ wu[e])
        out[start:start + g] = h @ wd[e]
        start += g
    return out


def guided_denoise_region(ref, fav, unfav, gamma=1.0):
    return f64(ref) + float(gamma) * (f64(fav) - f64(unfav))


def _moe(v, a):
    return [moe_swiglu_block(*v[:5], scales=v[5:9] if len(v) == 9 else None)]


REFS = {
    "tessera.spec_accept": lambda v, a: [spec_accept(*v)],
    "tessera.spec_accept_sample": lambda v, a: [spec_accept_sample(*v)],
    "tessera.spec_accept_tree_sample": lambda v, a: [spec_accept_tree_sample(*v)],
    "tessera.mor_router": lambda v, a: [mor_router(v[0], v[1], a["max_depth"])],
    "tessera.mor_partition": lambda v, a: [mor_partition(v[1], a["step"])],
    "tessera.mor_scatter": lambda v, a: [mor_scatter(*v)],
    "tessera.moe_dispatch": lambda v, a: [moe_dispatch(*v)],
    "tessera.moe_swiglu_block": _moe,
    "tessera.guided_denoise_region": lambda v, a: [guided_denoise_region(*v, a.get("gamma", 1.0))],
}


def _no_oracle(v, a):
    raise NoOracle("tessera.diffusion_block_step (its layer weights are not operands)")


REFS["tessera.diffusion_block_step"] = _no_oracle
