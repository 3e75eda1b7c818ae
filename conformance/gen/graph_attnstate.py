#!/usr/bin/env python3
"""Generator: conformance/cases/graph/attnstate.mlir (tessera.latent_kv_compress / expand_k /
expand_v, linear_attn, lightning_attention, gated_deltanet, kimi_delta_attention,
hybrid_attention, depth_attn and selective_ssm; docs/ops/graph/{latent_kv,linear_attention,
depth_attn,selective_ssm}.md).

Oracle, independent of the interpreter: numpy float64 (plain loops for the recurrences), rounded
once to the result type. The interpreter's FMA chains round in f32, so cases compare with a
tolerance rule rather than bit for bit.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to  # noqa: E402

TOL = "tol:rtol=1e-5,atol=1e-6"


def linear(q, k, v, fmap="identity", causal=True):
    q, k, v = (a.astype(np.float64) for a in (q, k, v))
    if fmap == "elu":
        q, k = (np.where(a > 0, a + 1, np.exp(np.minimum(a, 0))) for a in (q, k))
    elif fmap == "relu":
        q, k = np.maximum(q, 0), np.maximum(k, 0)
    out = np.zeros(q.shape[:-1] + (v.shape[-1],))
    for idx in np.ndindex(*q.shape[:-2]):
        full = sum(np.outer(k[idx][t], v[idx][t]) for t in range(q.shape[-2]))
        st = np.zeros_like(full)
        for t in range(q.shape[-2]):
            st = st + np.outer(k[idx][t], v[idx][t])
            out[idx][t] = q[idx][t] @ (st if causal else full)
    return out


def softmax_attn(q, k, v, causal):
    q, k, v = (a.astype(np.float64) for a in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if causal:
        s = np.where(np.tril(np.ones(s.shape[-2:], bool)), s, -np.inf)
    e = np.exp(s - s.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True) @ v


def depth(q, src, eps):
    q, src = q.astype(np.float64), src.astype(np.float64)
    keys = src / np.sqrt((src * src).mean(-1, keepdims=True) + eps)
    lg = np.einsum("d,m...d->m...", q, keys)
    w = np.exp(lg - lg.max(0))
    return np.einsum("m...,m...d->...d", w, src) / w.sum(0)[..., None]


def ssm(x, a, b, c, dl, g=None, h0=None):
    x, a, b, c, dl = (z.astype(np.float64) for z in (x, a, b, c, dl))
    a2 = np.broadcast_to(a[:, None], (x.shape[2], b.shape[2])) if a.ndim == 1 else a
    h = np.zeros((x.shape[0], x.shape[2], b.shape[2])) if h0 is None else h0.astype(np.float64)
    y = np.zeros_like(x)
    for t in range(x.shape[1]):
        h = np.exp(dl[:, t, :, None] * a2[None]) * h + dl[:, t, :, None] * b[:, t, None, :] * x[:, t, :, None]
        y[:, t] = np.einsum("bdn,bn->bd", h, c[:, t])
    return y if g is None else y * g.astype(np.float64)


def prog(args, body, result):
    params = ", ".join(f"%{n}: {mlir_type(a)}" for n, a in args)
    return (f"module {{\n  func.func @main({params}) -> {result} {{\n{body}\n"
            f"    return %r : {result}\n  }}\n}}\n")


def op_line(op, names, args, result, attrs=""):
    types = ", ".join(mlir_type(a) for _, a in args)
    attr = f" {{{attrs}}}" if attrs else ""
    return (f'    %r = "{op}"({", ".join("%" + n for n in names)}){attr} : ({types}) -> {result}')


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "attnstate.mlir"),
                  generator=__file__,
                  header="The attnstate ops: latent KV projections, linear attention, depth "
                         "attention, selective scan.")
    rng = np.random.default_rng(1818)
    f32 = lambda *s: rng.uniform(-1, 1, s).astype(np.float32)  # noqa: E731

    def add(name, op, args, want, attrs="", note="", rtype=None, rule=TOL):
        dt = args[0][1].dtype
        want = round_f64_to(want, dt)
        rt = rtype or mlir_type(want)
        body = op_line(op, [n for n, _ in args], args, rt, attrs)
        cf.add_case(name, prog(args, body, rt), [a for _, a in args], [want], rule=rule,
                    requires=[f"op={op}", f"dtype={mlir_type(np.zeros((), dt))[7:-1]}",
                              "level=graph"], note=note)

    x, w = f32(6, 8), f32(8, 4)
    add("latent_compress", "tessera.latent_kv_compress", [("x", x), ("w", w)],
        x.astype(np.float64) @ w)
    c, wk = f32(6, 4), f32(4, 8)
    add("latent_expand_k_unit_dim", "tessera.latent_kv_expand_k", [("c", c), ("w", wk)],
        (c.astype(np.float64) @ wk)[None], note="The result declared with a leading unit dim.")
    cb = f32(2, 3, 4)
    add("latent_expand_v_batched", "tessera.latent_kv_expand_v", [("c", cb), ("w", wk)],
        cb.astype(np.float64) @ wk)
    q, k, v = f32(1, 2, 6, 3), f32(1, 2, 6, 3), f32(1, 2, 6, 5)
    qkv = [("q", q), ("k", k), ("v", v)]
    for fmap in ("identity", "elu", "relu"):
        add(f"linear_attn_{fmap}", "tessera.linear_attn", qkv, linear(q, k, v, fmap),
            f'causal = true, feature_map = "{fmap}"')
    add("linear_attn_noncausal", "tessera.linear_attn", qkv, linear(q, k, v, "elu", False),
        "causal = false")
    add("lightning_attention", "tessera.lightning_attention", qkv, linear(q, k, v))
    add("gated_deltanet", "tessera.gated_deltanet", qkv, linear(q, k, v),
        note="Without gate, beta and decay: the identity linear recurrence.")
    add("kimi_delta_attention", "tessera.kimi_delta_attention", qkv, linear(q, k, v))
    add("hybrid_kimi_softmax", "tessera.hybrid_attention", qkv, softmax_attn(q, k, v, True),
        'pattern = "kimi_kda_mla", layer_index = 3 : i64', note="An odd layer: softmax attention.")
    add("hybrid_ling_linear", "tessera.hybrid_attention", qkv, linear(q, k, v),
        'pattern = "ling_1_7_mla_lightning", layer_index = 2 : i64')
    dq, ds = f32(8), f32(7, 3, 8)
    add("depth_attn", "tessera.depth_attn", [("q", dq), ("s", ds)], depth(dq, ds, 1e-6),
        "eps = 1.0e-6 : f64")
    sx, sb, sc = f32(2, 5, 3), f32(2, 5, 4), f32(2, 5, 4)
    sa = -np.abs(f32(3, 4))
    sd = np.abs(f32(2, 5, 3))
    add("selective_ssm", "tessera.selective_ssm",
        [("x", sx), ("a", sa), ("b", sb), ("c", sc), ("d", sd)], ssm(sx, sa, sb, sc, sd),
        "chunk_size = 64 : i64")
    g, h0 = f32(2, 5, 3), f32(2, 3, 4)
    add("selective_ssm_gate_init", "tessera.selective_ssm",
        [("x", sx), ("a", sa), ("b", sb), ("c", sc), ("d", sd), ("g", g), ("h", h0)],
        ssm(sx, sa, sb, sc, sd, g, h0), "operand_clauses = {gate = [5, 1], init = [6, 1]}")
    # bf16 / f16: the executor widens the operands to f32 and rounds the result once; the f32
    # chains differ from the f64 oracle by far less than the result's half ulp, but a value
    # near a rounding boundary may round the other way: one ulp of the type is allowed.
    bq, bk, bv = (a.astype(ml_dtypes.bfloat16) for a in (f32(2, 7, 4), f32(2, 7, 4), f32(2, 7, 3)))
    add("linear_attn_elu_bf16", "tessera.linear_attn", [("q", bq), ("k", bk), ("v", bv)],
        linear(bq, bk, bv, "elu"), 'feature_map = "elu"', rule="tol:rtol=1e-2,atol=1e-2",
        note="bf16 operands, computed in f32.")
    hx, hb, hc = f32(1, 6, 2).astype(np.float16), f32(1, 6, 3).astype(np.float16), \
        f32(1, 6, 3).astype(np.float16)
    ha, hd = (-np.abs(f32(2, 3))).astype(np.float16), np.abs(f32(1, 6, 2)).astype(np.float16)
    add("selective_ssm_f16", "tessera.selective_ssm",
        [("x", hx), ("a", ha), ("b", hb), ("c", hc), ("d", hd)], ssm(hx, ha, hb, hc, hd),
        rule="tol:rtol=2e-3,atol=2e-3", note="f16 operands, computed in f32.")
    cf.write()


if __name__ == "__main__":
    main()
