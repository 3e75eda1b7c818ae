#!/usr/bin/env python3
"""tessera.flash_attn in the shapes and types the tiled f32 kernel refuses (docs/ops/schedule/
lowering.md, "Attention"): Sq != Sk over several key blocks, D != Dv, causal with Sq < Sk and
Sq > Sk, a scale attribute, rank 2 and 3, bf16 operands with a bf16 or an f32 result. Each
lowers to one scalar Tile IR kernel and on to Target IR, and every level is bit for bit the
float32 reproduction of the documented online softmax in conformance/gen/graph_attention.py
(`online32`: numpy, round-to-odd fma, the spec's expf modelled in Python). One case puts a dot
product's fma on an f32 midpoint with a non-zero remainder (where rounding a * b + c in f64 and
then to f32 would be wrong): the emulated fma must round it as the oracle does. f64 stays.
attn_sliding_window (GQA, causal and not, rows past Sk that keep no key and give 0),
attn_compressed_blocks and attn_local_window_2d go through the same row kernel over each row's
kept keys: every level vs online32 over the gathered keys (docs/ops/graph/attnsparse.md).
softmax_finalize (a zero l), softmax_merge (empty and NaN states) and attn_with_stats (rank-2
positions) against float32 numpy of docs/ops/graph/softmax-stats.md (NaNs of any payload match).
msa_select_blocks (ties, +-0, -Inf, NaN rows; causal and force_local on and off; f32, f64)
against a stable Python sort with the ranking's key, and msa_index_scores against float32 numpy.
attn_top_k_blocks and msa_sparse_attention: online32 over the tokens of the blocks that sort
selects; lookahead_sparse_attention over its window and the blocks its indexer selects;
deepseek_sparse_attention (gate, GQA) and native_sparse_attn_fused as the three branches mixed.

Every lowered kernel also runs at Tile IR under all sanitizers (--check all) without a report
or a warning (no unused value: func_w1).

Usage: levels_attn_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
from graph_attention import online32  # noqa: E402
from graph_matmul import fma32  # noqa: E402
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

from levels_common import (LEVELS, check, check_one_launch,  # noqa: E402
                           check_stays_at_schedule, check_validates, finish, input_flags, run,
                           run_levels, run_proc, t)

BF = ml_dtypes.bfloat16
NAMES = {np.float32: "f32", np.float64: "f64", BF: "bf16", np.int64: "i64"}


def program(ins, out_type, attrs, op="flash_attn"):
    types = [t(a.shape, NAMES[a.dtype.type]) for a in ins]
    args = ", ".join(f"%a{i}: {ty}" for i, ty in enumerate(types))
    return (f"module {{\n  func.func @main({args}) -> {out_type} {{\n"
            f'    %r = "tessera.{op}"({", ".join(f"%a{i}" for i in range(len(ins)))}){attrs}'
            f' : ({", ".join(types)})'
            f" -> {out_type}\n    return %r : {out_type}\n  }}\n}}\n")


def oracle(q, k, v, out_dtype, **kw):
    """online32 on [B, H, S, D] views of rank-2/3 operands, rounded once to the result type."""
    lead = (1,) * (4 - q.ndim)
    want = online32(*(x.astype(np.float32).reshape(lead + x.shape) for x in (q, k, v)), **kw)
    return want.reshape(q.shape[:-2] + (q.shape[-2], v.shape[-1])).astype(out_dtype)


def kept_oracle(q, k, v, kept, scale=None):
    """docs/ops/graph/attnsparse.md: row (b, h, i) attended as flash_attn over its kept keys
    kept(i, b, h) (increasing), from key/value head h // (Hq / Hkv); no kept key gives 0."""
    b, hq, sq, _ = q.shape
    group = hq // k.shape[1]
    out = np.zeros((b, hq, sq, v.shape[3]), np.float32)
    for bb in range(b):
        for h in range(hq):
            for i in range(sq):
                keys = kept(i, bb, h)
                if keys:
                    kh, vh = k[bb, h // group, keys], v[bb, h // group, keys]
                    out[bb, h, i] = online32(q[bb, h, i][None, None, None], kh[None, None],
                                             vh[None, None], scale=scale)[0, 0, 0]
    return out


def no_warnings(d, name, src, flags):
    """The lowered kernel runs at Tile IR under every sanitizer without a report or a warning
    (an unused value, func_w1)."""
    p = run_proc("run", src, "--level", "tile", "--check", "all", *flags, "-o", d / f"{name}.chk",
                 ok=False)
    check(p.returncode == 0 and "warning" not in p.stderr and "error" not in p.stderr,
          f"{name}: tile run with --check all: rc {p.returncode}: {p.stderr[:400]}")


def run_case(d, name, ins, want, attrs, op="flash_attn"):
    """Every level of `op` on `ins` gives the bits of `want`; one launch; validate agrees."""
    src = d / f"{name}.mlir"
    src.write_text(program(ins, t(want.shape, NAMES[want.dtype.type]), attrs, op))
    flags = input_flags(d, name, ins)
    for level, got in run_levels(d, name, src, flags):
        got = np.ascontiguousarray(got).view(want.dtype).reshape(want.shape)
        check(got.tobytes() == want.tobytes(),
              f"{name}: {level} gives {got.ravel()[:4]}, oracle {want.ravel()[:4]}")
    no_warnings(d, name, src, flags)
    check_one_launch(name, src)
    check_validates(name, src, flags)


def case(d, name, q, k, v, out_dtype=None, causal=False, scale=None):
    out_dtype = out_dtype or q.dtype.type
    want = oracle(q, k, v, out_dtype, causal=causal, scale=scale)
    attrs = []
    if causal:
        attrs.append("causal = true")
    if scale is not None:
        attrs.append(f"scale = {scale!r}")
    run_case(d, name, [q, k, v], want, " {" + ", ".join(attrs) + "}" if attrs else "")


def midpoint_inputs():
    """Two keys, D = 2. Row 0's first score is fma(x, y, 1 + 2^-23) with x * y = -2^-24 + 2^-70
    exactly: the sum 1 + 2^-24 + 2^-70 rounds to 1 + 2^-23, while its f64 rounding 1 + 2^-24 is
    an f32 midpoint that would round (to even) to 1. Key 1 scores 0, so the softmax weights, and
    the output, depend on that last bit."""
    one_up = np.float32(1 + 2.0**-23)
    x = np.float32(-(2.0**-12) * (1 + 2.0**-23))
    y = np.float32(2.0**-12 * (1 - 2.0**-23))
    q = np.array([[one_up, x], [0.5, 0.25]], np.float32)
    k = np.array([[1.0, y], [0.0, 0.0]], np.float32)
    v = np.array([[1.0, -3.0, 0.5], [2.0, 7.0, -0.25]], np.float32)
    return q, k, v


def sparse_cases(d, f32):
    """attn_sliding_window (GQA 4:2, causal and not, windows over 64 keys, rows past Sk with no
    kept key), attn_compressed_blocks and attn_local_window_2d against kept_oracle."""
    q, k, v = f32(1, 4, 9, 3), f32(1, 2, 70, 3), f32(1, 2, 70, 2)
    for w, causal in ((70, True), (5, False), (3, True)):
        lo = (lambda i: max(0, i - w + 1)) if causal else (lambda i: max(0, i - w // 2))
        hi = (lambda i: min(69, i)) if causal else (lambda i: min(69, i + w // 2))
        want = kept_oracle(q, k, v, lambda i, *_: list(range(lo(i), hi(i) + 1)))
        run_case(d, f"sliding_w{w}_{causal}", [q, k, v], want,
                 f" {{window_size = {w} : i64, causal = {str(causal).lower()}}}",
                 "attn_sliding_window")
    # Sq = 6 > Sk = 2 with a causal window of 2: rows 3.. keep no key and give 0.
    q2, k2, v2 = f32(2, 2, 6, 4), f32(2, 1, 2, 4), f32(2, 1, 2, 3)
    want = kept_oracle(q2, k2, v2, lambda i, *_: list(range(max(0, i - 1), min(1, i) + 1)))
    check(not want[:, :, 3:].any() and want[:, :, :2].all(), "sliding: rows past Sk are 0")
    run_case(d, "sliding_empty_rows", [q2, k2, v2], want,
             " {window_size = 2 : i64, causal = true}", "attn_sliding_window")
    want = kept_oracle(q, k, v, lambda i, *_: list(range(70)), scale=0.25)
    run_case(d, "compressed_gqa", [q, k, v], want, " {scale = 0.25}", "attn_compressed_blocks")
    hs, ws, rh, rw = 4, 5, 1, 2
    g5 = [f32(1, 2, hs, ws, 3), f32(1, 2, hs, ws, 3), f32(1, 2, hs, ws, 2)]

    def cells(i, *_):
        y, x = divmod(i, ws)
        return [yy * ws + xx for yy in range(max(0, y - rh), min(hs - 1, y + rh) + 1)
                for xx in range(max(0, x - rw), min(ws - 1, x + rw) + 1)]
    flat = [a.reshape(1, 2, hs * ws, a.shape[-1]) for a in g5]
    want = kept_oracle(*flat, cells).reshape(1, 2, hs, ws, 2)
    run_case(d, "local_2d", g5, want, f" {{window = [{rh}, {rw}]}}", "attn_local_window_2d")


F = np.float32


def same_bits(got, want):
    """Equal bits, any NaN matching any NaN (payloads are not specified)."""
    got = np.asarray(got, want.dtype).reshape(want.shape)
    nan = np.isnan(want)
    return np.array_equal(np.isnan(got), nan) and got[~nan].tobytes() == want[~nan].tobytes()


def stats_case(d, name, op, ins, wants, attrs=""):
    """A multi-result softmax-statistics op: every level gives `wants`; one launch."""
    types = [t(a.shape, "f32") for a in ins]
    outs = [t(w.shape, "f32") for w in wants]
    names = ", ".join(f"%r{i}" for i in range(len(wants)))
    src = d / f"{name}.mlir"
    src.write_text(
        f"module {{\n  func.func @main({', '.join(f'%a{i}: {x}' for i, x in enumerate(types))})"
        f" -> ({', '.join(outs)}) {{\n    {names} = \"tessera.{op}\""
        f"({', '.join(f'%a{i}' for i in range(len(ins)))}){attrs} : ({', '.join(types)}) -> "
        f"({', '.join(outs)})\n    return {names} : {', '.join(outs)}\n  }}\n}}\n")
    flags = input_flags(d, name, ins)
    for level in LEVELS:
        od = d / f"{name}.{level}"
        run("run", src, "--level", level, *flags, "-o", od)
        files = sorted(od.glob("*.npy"))  # one result: its name; several: 0.npy, 1.npy, ...
        check(len(files) == len(wants), f"{name}: {level}: {len(files)} results")
        for r, (want, f) in enumerate(zip(wants, files)):
            got = np.load(f)
            check(same_bits(got, want), f"{name}: {level} result {r}: {got.ravel()[:4]}, "
                  f"oracle {want.ravel()[:4]}")
    no_warnings(d, name, src, flags)
    check_one_launch(name, src)
    check_validates(name, src, flags)


def with_stats_oracle(q, x, eps):
    """docs/ops/graph/softmax-stats.md attn_with_stats_s1 in float32, position by position."""
    m, d = x.shape[0], x.shape[-1]
    xs = x.reshape(m, -1, d)
    o = np.zeros((xs.shape[1], d), F)
    mx = np.full(xs.shape[1], -np.inf, F)
    ll = np.zeros(xs.shape[1], F)
    for p in range(xs.shape[1]):
        logit = []
        for j in range(m):
            ss = F(0)
            for e in range(d):
                ss = F(ss + F(xs[j, p, e] * xs[j, p, e]))
            rms = np.sqrt(F(F(ss / F(d)) + F(eps)))
            dot = F(0)
            for e in range(d):
                dot = fma32(q[e], F(xs[j, p, e] / rms), dot)
            logit.append(dot)
            mx[p] = dot if dot > mx[p] else mx[p]
        for j in range(m):
            w = spec_expf.expf(F(logit[j] - mx[p]))
            ll[p] = F(ll[p] + w)
            o[p] = fma32(np.full(d, w, F), xs[j, p], o[p])
    lead = x.shape[1:-1]
    return [o.reshape(lead + (d,)), mx.reshape(lead), ll.reshape(lead)]


def stats_cases(d, f32):
    """softmax_finalize, softmax_merge (with -inf and NaN maxima) and attn_with_stats."""
    o, l = f32(2, 3, 5), np.abs(f32(2, 3))
    l[1, 2] = 0.0  # 0 is not refused: inf or NaN (softmax_finalize's decision)
    with np.errstate(divide="ignore", invalid="ignore"):
        want = [(o / l[..., None]).astype(F)]
    stats_case(d, "finalize", "softmax_finalize", [o, l], want)
    oa, ob = f32(4, 3), f32(4, 3)
    ma, la, mb, lb = f32(4), np.abs(f32(4)), f32(4), np.abs(f32(4))
    ma[1], mb[1] = -np.inf, -np.inf  # two empty states: exp(-inf - -inf) = NaN
    ma[2], mb[3] = np.nan, np.inf
    mm = np.where(np.isnan(ma) | np.isnan(mb), F(np.nan), np.maximum(ma, mb)).astype(F)
    with np.errstate(invalid="ignore"):
        sa, sb = spec_expf.expf_array(ma - mm), spec_expf.expf_array(mb - mm)
        want = [(sa[:, None] * oa + sb[:, None] * ob).astype(F), mm, (sa * la + sb * lb).astype(F)]
    stats_case(d, "merge", "softmax_merge", [oa, ma, la, ob, mb, lb], want,
               " {reassociable = true}")
    q, x = f32(6), f32(5, 2, 3, 6)
    stats_case(d, "with_stats", "attn_with_stats", [q, x], with_stats_oracle(q, x, 1e-3),
               " {eps = 1.0e-03 : f64}")


def select_oracle(s, top_k, bs, force, causal):
    """msa_select_blocks_s1 by a Python sort (stable) with the ranking's key."""
    out = np.zeros(s.shape[:3] + (top_k,), np.int64)
    nb = s.shape[3]
    for idx in np.ndindex(*s.shape[:3]):
        i, row = idx[2], s[idx].astype(np.float64)
        local = min(i // bs, nb - 1)
        masked = [causal and (c > local or (force and c == local)) for c in range(nb)]
        cls = [1 if masked[c] or row[c] == -np.inf else 2 if np.isnan(row[c]) else 0
               for c in range(nb)]
        order = sorted(range(nb), key=lambda c: (cls[c], -row[c] if cls[c] == 0 else 0.0, c))
        if force:
            order.remove(local)
            order.insert(0, local)
        out[idx] = sorted(order[:top_k])
    return out


def index_scores_oracle(q, k, bs, scale=None):
    """msa_index_scores_s1 in float32: group-mean query, block means of k, fma chain, * scale."""
    b, hq, sq, d = q.shape
    hkv, sk = k.shape[1], k.shape[2]
    g, nb = hq // hkv, -(-sk // bs)
    sc = F(scale if scale is not None else 1 / np.sqrt(d))
    out = np.zeros((b, hkv, sq, nb), F)
    for bb in range(b):
        for grp in range(hkv):
            km = np.zeros((nb, d), F)
            for c in range(nb):
                for tt in range(c * bs, min(sk, (c + 1) * bs)):
                    km[c] = (km[c] + k[bb, grp, tt]).astype(F)
            km = (km / F(bs)).astype(F)
            qg = np.zeros((sq, d), F)
            for hh in range(g):
                qg = (qg + q[bb, grp * g + hh]).astype(F)
            qg = (qg / F(g)).astype(F)
            for c in range(nb):
                dot = np.zeros(sq, F)
                for e in range(d):
                    dot = fma32(qg[:, e], km[c, e], dot)
                out[bb, grp, :, c] = (dot * sc).astype(F)
    return out


def msa_cases(d, f32):
    """msa_select_blocks: ties, +-0, -inf, NaN; causal and force_local on and off; f32 and f64.
    msa_index_scores: GQA 4:2, a partial last block."""
    rng = np.random.default_rng(5)
    s = rng.integers(-2, 3, size=(1, 2, 9, 5)).astype(np.float32)  # many ties
    s[0, 0, 1, 2], s[0, 0, 2, 0], s[0, 1, 3, 1] = -0.0, -np.inf, np.nan
    s[0, 1, 4, :] = np.nan
    s[0, 0, 5, :] = -np.inf
    for top_k, bs, force, causal in ((2, 2, True, True), (3, 2, False, True),
                                     (5, 1, True, False), (1, 3, False, False)):
        want = select_oracle(s, top_k, bs, force, causal)
        attrs = (f" {{top_k = {top_k} : i64, block_size = {bs} : i64, force_local_block = "
                 f"{str(force).lower()}, causal = {str(causal).lower()}}}")
        run_case(d, f"select_{top_k}_{bs}_{force}_{causal}", [s], want, attrs,
                 "msa_select_blocks")
    s64 = s.astype(np.float64)
    run_case(d, "select_f64", [s64], select_oracle(s64, 3, 2, True, True),
             " {top_k = 3 : i64, block_size = 2 : i64}", "msa_select_blocks")
    q, k = f32(1, 4, 5, 3), f32(1, 2, 10, 3)
    run_case(d, "index_scores", [q, k], index_scores_oracle(q, k, 4),
             " {block_size = 4 : i64}", "msa_index_scores")
    run_case(d, "index_scores_scale", [q, k], index_scores_oracle(q, k, 3, 0.5),
             " {block_size = 3 : i64, scale = 0.5}", "msa_index_scores")


def ranked(row, masked):
    """attn::rank_blocks' order: a stable sort by (class, -score, index)."""
    cls = [1 if masked[c] or row[c] == -np.inf else 2 if np.isnan(row[c]) else 0
           for c in range(len(row))]
    return sorted(range(len(row)), key=lambda c: (cls[c], -row[c] if cls[c] == 0 else 0.0, c))


def tokens(blocks, bs, sk, causal, i):
    return sorted(t for c in blocks for t in range(c * bs, min(sk, (c + 1) * bs))
                  if not causal or t <= i)


def block_attn_cases(d, f32):
    """attn_top_k_blocks (ties and NaN in the scores, causal and not) and msa_sparse_attention
    (GQA, partial last block, force_local on and off) vs kept_oracle over the selected tokens."""
    q, k, v = f32(1, 4, 10, 3), f32(1, 2, 10, 3), f32(1, 2, 10, 2)
    rng = np.random.default_rng(3)
    sc = rng.integers(-1, 2, size=(1, 4, 10, 5)).astype(np.float32)
    sc[0, 1, 2, 3], sc[0, 2, :, 0] = np.nan, -np.inf
    for top_k, causal in ((2, True), (3, False)):
        def kept(i, b, h):
            row = sc[b, h, i].astype(np.float64)
            masked = [causal and c > i // 2 for c in range(5)]
            return tokens(ranked(row, masked)[:top_k], 2, 10, causal, i)
        run_case(d, f"top_k_blocks_{top_k}_{causal}", [q, k, v, sc], kept_oracle(q, k, v, kept),
                 f" {{block_size = 2 : i64, top_k = {top_k} : i64, causal = "
                 f"{str(causal).lower()}}}", "attn_top_k_blocks")
    for force, causal in ((True, True), (False, True), (True, False)):
        s = index_scores_oracle(q, k, 4)  # N = 3 blocks of 4 (the last partial)

        def kept(i, b, h):
            row = s[b, h // 2, i].astype(np.float64)
            local = min(i // 4, 2)
            masked = [causal and (c > local or (force and c == local)) for c in range(3)]
            order = ranked(row, masked)
            if force:
                order.remove(local)
                order.insert(0, local)
            return tokens(sorted(order[:2]), 4, 10, causal, i)
        run_case(d, f"msa_sparse_{force}_{causal}", [q, k, v], kept_oracle(q, k, v, kept),
                 f" {{block_size = 4 : i64, top_k = 2 : i64, force_local_block = "
                 f"{str(force).lower()}, causal = {str(causal).lower()}}}", "msa_sparse_attention")


def lookahead_cases(d, f32):
    """lookahead_sparse_attention: the indexer (block means of k, q . kmean * 1/sqrt(D) against
    logit(threshold) in f64), the fallback to the row's own block, the window, causal and not."""
    q, k, v = f32(1, 2, 12, 3), f32(1, 2, 12, 3), f32(1, 2, 12, 2)
    for w, bs, thr, causal in ((2, 4, 0.6, True), (3, 3, 0.45, False), (1, 4, 1.0, True)):
        cut = -math.inf if thr <= 0 else math.inf if thr >= 1 else math.log(thr) - math.log1p(-thr)
        nb = 12 // bs
        sel_scale = F(1 / math.sqrt(3))

        def kept(i, b, h):
            kmean = np.stack([(sum_f32(k[b, h, c * bs:(c + 1) * bs]) / F(bs)).astype(F)
                              for c in range(nb)])
            blocks = []
            for c in range(nb):
                if causal and c > i // bs:
                    continue
                dot = F(0)
                for e in range(3):
                    dot = fma32(q[b, h, i, e], kmean[c, e], dot)
                if float(F(dot * sel_scale)) >= cut:
                    blocks.append(c)
            blocks = blocks or [min(i // bs, nb - 1)]
            lo = max(0, i - w + 1) if causal else max(0, i - w // 2)
            hi = min(11, i if causal else i + w // 2)
            return sorted(set(range(lo, hi + 1)) | set(tokens(blocks, bs, 12, causal, i)))
        run_case(d, f"lookahead_{w}_{bs}_{thr}_{causal}", [q, k, v], kept_oracle(q, k, v, kept),
                 f" {{window_size = {w} : i64, block_size = {bs} : i64, threshold = {thr}, "
                 f"causal = {str(causal).lower()}}}", "lookahead_sparse_attention")


def sum_f32(rows):
    """Rows summed in order from +0 in float32."""
    acc = np.zeros(rows.shape[1:], F)
    for r in rows:
        acc = (acc + r).astype(F)
    return acc


def nsa_oracle(q, k, v, w, bs, top_k, causal, scores=None, gate=None):
    """deepseek_sparse_attention_s1: window, compressed (block means) and selected branches."""
    sk, nb = k.shape[2], k.shape[2] // bs
    hq, group = q.shape[1], q.shape[1] // k.shape[1]
    lo = (lambda i: max(0, i - w + 1)) if causal else (lambda i: max(0, i - w // 2))
    hi = (lambda i: min(sk - 1, i)) if causal else (lambda i: min(sk - 1, i + w // 2))
    ow = kept_oracle(q, k, v, lambda i, *_: list(range(lo(i), hi(i) + 1)))
    kc = np.stack([sum_f32(np.moveaxis(k[:, :, c * bs:(c + 1) * bs], 2, 0)) / F(bs)
                   for c in range(nb)], axis=2).astype(F)
    vc = np.stack([sum_f32(np.moveaxis(v[:, :, c * bs:(c + 1) * bs], 2, 0)) / F(bs)
                   for c in range(nb)], axis=2).astype(F)
    oc = kept_oracle(q, kc, vc, lambda i, *_: list(range(nb)))

    def kept(i, b, h):
        if scores is not None:
            row = scores[b, h, i].astype(np.float64)
        else:  # q . k_c, an unscaled fma chain
            row = np.zeros(nb)
            for c in range(nb):
                dot = F(0)
                for e in range(q.shape[3]):
                    dot = fma32(q[b, h, i, e], kc[b, h // group, c, e], dot)
                row[c] = dot
        return tokens(ranked(row, [causal and c > i // bs for c in range(nb)])[:top_k], bs, sk,
                      causal, i)
    os_ = kept_oracle(q, k, v, kept)
    if gate is None:
        wt = [np.full(q.shape[:3], F(1 / 3), F)] * 3
    else:
        m = gate[..., 0].copy()
        for j in (1, 2):
            m = np.where(gate[..., j] > m, gate[..., j], m)
        ex = [spec_expf.expf_array((gate[..., j] - m).astype(F)) for j in range(3)]
        tot = ((F(0) + ex[0]).astype(F) + ex[1]).astype(F)
        tot = (tot + ex[2]).astype(F)
        wt = [(x / tot).astype(F) for x in ex]
    ww = [x[..., None] for x in wt]
    return (((ow * ww[0]).astype(F) + (oc * ww[1]).astype(F)).astype(F)
            + (os_ * ww[2]).astype(F)).astype(F)


def nsa_cases(d, f32):
    """deepseek_sparse_attention with a gate and GQA, without a gate non-causal;
    native_sparse_attn_fused with operand scores (ties, NaN)."""
    q, k, v = f32(1, 4, 8, 3), f32(1, 2, 8, 3), f32(1, 2, 8, 2)
    gate = f32(1, 4, 8, 3)
    run_case(d, "deepseek_gate", [q, k, v, gate], nsa_oracle(q, k, v, 3, 2, 2, True, gate=gate),
             " {window_size = 3 : i64, block_size = 2 : i64, top_k = 2 : i64, causal = true}",
             "deepseek_sparse_attention")
    run_case(d, "deepseek_plain", [q, k, v], nsa_oracle(q, k, v, 4, 4, 1, False),
             " {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64, causal = false}",
             "deepseek_sparse_attention")
    sc = np.random.default_rng(8).integers(-1, 2, size=(1, 4, 8, 4)).astype(np.float32)
    sc[0, 0, 3, 1] = np.nan
    run_case(d, "native", [q, k, v, sc], nsa_oracle(q, k, v, 2, 2, 2, True, scores=sc),
             " {window_size = 2 : i64, block_size = 2 : i64, top_k = 2 : i64, causal = true}",
             "native_sparse_attn_fused")


def main():
    rng = np.random.default_rng(29)
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        # Sq != Sk over 3 key blocks (64, 64, 2), D != Dv.
        case(d, "sk130_d5_dv3", f32(1, 2, 3, 5), f32(1, 2, 130, 5), f32(1, 2, 130, 3))
        # Causal with Sq < Sk (each row keeps j <= i) and Sq > Sk (rows past Sk keep every key).
        case(d, "causal_sq4_sk70", f32(2, 1, 4, 6), f32(2, 1, 70, 6), f32(2, 1, 70, 2),
             causal=True)
        case(d, "causal_sq7_sk3", f32(1, 1, 7, 4), f32(1, 1, 3, 4), f32(1, 1, 3, 4), causal=True)
        case(d, "scale_rank3", f32(3, 5, 8), f32(3, 9, 8), f32(3, 9, 1), scale=0.37)
        # bf16 operands, a bf16 result (rounded once) and an f32 result (flash_attn_c4).
        bq, bk, bv = (f32(1, 2, 6, 16).astype(BF) for _ in range(3))
        case(d, "bf16", bq, bk, bv, causal=True)
        case(d, "bf16_f32_result", bq, bk, bv, out_dtype=np.float32)
        q, k, v = midpoint_inputs()
        want = oracle(q, k, v, np.float32, scale=1.0)
        naive = np.float32(float(q[0, 0]) + float(q[0, 1]) * float(k[0, 1]))  # f64, then f32
        check(naive == np.float32(1.0), "midpoint inputs: the f64 sum rounds to 1")
        check(want[0, 0] != oracle(np.array([[1.0, 0.0], [0.5, 0.25]], np.float32), k, v,
                                   np.float32, scale=1.0)[0, 0], "midpoint: the last bit matters")
        case(d, "rank2_fma_midpoint", q, k, v, scale=1.0)
        sparse_cases(d, f32)
        stats_cases(d, f32)
        msa_cases(d, f32)
        block_attn_cases(d, f32)
        lookahead_cases(d, f32)
        nsa_cases(d, f32)
        src = d / "f64.mlir"
        a = rng.standard_normal((1, 1, 3, 4))
        src.write_text(program([a, a, a], t(a.shape, "f64"), ""))
        check_stays_at_schedule(src, "f64 attention: its dot products are f64 fma chains")
    finish()


if __name__ == "__main__":
    main()
