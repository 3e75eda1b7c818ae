"""Mixture-of-experts / recursions routing ops lowered to Tile and Target IR, every level bit-exact
with numpy: moe_dispatch (np.take of token rows; a route entry outside [0, T) stops the run at
every level, moe_dispatch_c4), mor_router (1 + the first argmax of logits that are the exact f32
FMA chains of levels_gemm_scalar_test's fraction oracle; ties keep the first, NaN never wins),
mor_partition (depth >= step, signed and unsigned depths), mor_scatter (a row select, bf16),
spec_accept (the longest accepted prefix of docs/ops/graph/spec_accept.md, first path on ties,
the target's token after it) and spec_accept_sample (rejection sampling with CDF inversion in
Python f64, the bonus row, a zero residual, bad tokens before and after the rejection), and target_verify (the row softmax with the spec's
expf, conformance/gen/spec_expf.py).

Usage: levels_moe_test.py TESSERA_INTERP
"""
import pathlib
import sys
import tempfile

import ml_dtypes
import numpy as np

from levels_common import finish
from levels_gemm_scalar_test import chain, spread
from levels_index_test import NAMES, bad_index, case

NAMES[np.uint16] = "ui16"
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)


def softmax_rows(x):
    """m the maximum chain from x[0], s the sum chain of expf(x - m) in order, e / s (f32)."""
    out = np.empty_like(x)
    for i, r in enumerate(x):
        m = r[0]
        for v in r[1:]:
            m = max(m, v)
        e = spec_expf.expf_array((r - m).astype(np.float32))
        s = e[0]
        for v in e[1:]:
            s = np.float32(s + v)
        out[i] = (e / s).astype(np.float32)
    return out


def router(x, w):
    b, s, _ = x.shape
    out = np.zeros((b, s), np.int64)
    for i in np.ndindex(b, s):
        logits = [chain(x[i], w[:, j]) for j in range(w.shape[1])]
        best = 0
        for j in range(1, len(logits)):
            if logits[j] > logits[best]:  # False for NaN on either side
                best = j
        out[i] = best + 1
    return out


def spec_accept(draft, target):
    best, best_len = 0, -1
    for p in range(draft.shape[0]):
        n = 0
        while n < draft.shape[1] and draft[p, n] == target[p, n]:
            n += 1
        if n > best_len:
            best, best_len = p, n
    return np.array([best, best_len, target[best, best_len]], np.int32)


def cdf_invert(u, w):
    s = 0.0
    for x in w:
        s += x
    if not s > 0.0:
        return int(max(range(len(w)), key=lambda k: (w[k], -k)))  # the first largest
    cum, target = 0.0, u * s
    for k, x in enumerate(w):
        cum += x
        if cum > target:
            return k
    return len(w) - 1


def spec_accept_sample(draft, tp, dp, au, ru):
    """docs/ops/graph/spec_accept.md in Python floats (f64) on the f32 inputs."""
    tp, dp, au, ru = (np.asarray(x, np.float64) for x in (tp, dp, au, ru))
    depth = draft.shape[0]
    out = np.zeros(depth + 2, np.int32)
    for i in range(depth):
        tok = int(draft[i])
        pd, pt = dp[i, tok], tp[i, tok]
        if pd > 0.0 and au[i] * pd <= pt:
            out[1 + i] = tok
            continue
        out[1 + i] = cdf_invert(ru[0], [max(r, 0.0) if r > 0 else 0.0 for r in tp[i] - dp[i]])
        out[0] = i
        return out
    out[1 + depth] = cdf_invert(ru[0], list(tp[depth]))
    out[0] = depth
    return out


def main():
    rng = np.random.default_rng(29)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        x = spread(rng, (7, 5))
        route = np.array([6, 0, 0, 3], np.int32)
        s, f = case(d, "dispatch", "moe_dispatch", [x, route], np.take(x, route, axis=0))
        bad_index(d, "dispatch", s, f, 1, np.array([6, 7, 0, 3], np.int32))
        x, w = spread(rng, (2, 4, 6)), spread(rng, (6, 3))
        x[0, 1] = 0.0  # all logits +0: the first depth
        w[:, 2] = w[:, 1]  # equal logits in columns 1 and 2: the first of them
        x[1, 2, 0] = np.nan  # NaN logits: depth 1
        case(d, "router", "mor_router", [x, w], router(x, w), " {max_depth = 3}")
        depth = np.array([[1, 2, 3], [4, 0, 2]], np.uint16)
        xs = np.zeros((2, 3, 4), np.float32)
        case(d, "partition", "mor_partition", [xs, depth], depth.astype(np.int64) >= 2,
             " {step = 2}")
        neg = np.array([[-1, 3, 2]], np.int64)
        case(d, "partition_neg", "mor_partition", [np.zeros((1, 3, 2), np.float32), neg],
             neg >= 3, " {step = 3}")
        full = rng.standard_normal((2, 3, 5)).astype(ml_dtypes.bfloat16)
        upd = rng.standard_normal((2, 3, 5)).astype(ml_dtypes.bfloat16)
        mask = np.array([[True, False, True], [False, False, True]])
        case(d, "scatter_bf16", "mor_scatter", [full, upd, mask],
             np.where(mask[..., None], upd, full))
        target = rng.integers(0, 9, size=(4, 6)).astype(np.int32)
        draft = target[:, :5].copy()
        draft[0, 2] += 1  # path 0 accepts 2
        draft[1, 3] += 1  # paths 1 and 3 accept 3: path 1 wins the tie
        draft[2, 0] += 1
        draft[3, 3] += 1
        case(d, "spec_accept", "spec_accept", [draft, target], spec_accept(draft, target))
        case(d, "spec_accept_all", "spec_accept", [target[:, :5].copy(), target],
             spec_accept(target[:, :5], target))
        # spec_accept_sample: a rejection at 2; all accepted (the bonus row); a residual of zeros
        # (the first largest weight); a bad token before the rejection fails, one after not.
        probs = rng.random((5, 7)).astype(np.float32)
        tp = (probs / probs.sum(1, keepdims=True)).astype(np.float32)
        dq = rng.random((4, 7)).astype(np.float32)
        dp = (dq / dq.sum(1, keepdims=True)).astype(np.float32)
        draft = np.array([1, 4, 2, 6], np.int32)
        au = np.array([0.0, 0.1, 1.0, 0.5], np.float32)
        dp[2, 2], tp[2, 2] = np.float32(0.5), np.float32(0.1)  # rejected at 2
        ru = np.array([0.37], np.float32)
        s, f = case(d, "sample_reject", "spec_accept_sample", [draft, tp, dp, au, ru],
                    spec_accept_sample(draft, tp, dp, au, ru))
        bad_index(d, "sample_bad_token", s, f, 0, np.array([1, 7, 2, 6], np.int32))
        late = np.array([1, 4, 2, 9], np.int32)  # examined never: no error
        case(d, "sample_late_bad", "spec_accept_sample", [late, tp, dp, au, ru],
             spec_accept_sample(late, tp, dp, au, ru))
        au0 = np.zeros(4, np.float32)
        tp2 = tp.copy()
        tp2[:4] = np.maximum(tp2[:4], dp)  # every draft token accepted
        case(d, "sample_bonus", "spec_accept_sample", [draft, tp2, dp, au0, ru],
             spec_accept_sample(draft, tp2, dp, au0, ru))
        flat = tp.copy()
        flat[0] = dp[0]  # residual all 0 at 0: the first largest (0)
        dp0 = dp.copy()
        dp0[0, 1] = 0.0  # pd = 0 rejects at once
        case(d, "sample_zero", "spec_accept_sample", [draft, flat, dp0, au, ru],
             spec_accept_sample(draft, flat, dp0, au, ru))
        # target_verify: the softmax of the logits (-Inf, large values, ties); tokens unread.
        logits = (rng.standard_normal((3, 9)) * 5).astype(np.float32)
        logits[0, 3], logits[1, :2], logits[2, 4] = -np.inf, 80.0, 1e-30
        case(d, "target_verify", "target_verify", [np.array([1, 0, 5], np.int32), logits],
             softmax_rows(logits))
    finish()


if __name__ == "__main__":
    main()
