#!/usr/bin/env python3
"""The attnstate ops (docs/ops/graph/{latent_kv,linear_attention,depth_attn,selective_ssm,
kv_cache}.md) as upstream Tessera writes them, run by tessera-interp and checked against numpy
float64 oracles written here from the specs (plain loops for the recurrences). Also checks that
latent_kv_* is bit-identical to tessera.matmul, that results do not depend on the thread count,
the KV-cache handle bookkeeping and its run-time refusals (kv_handle_c7).
Usage: attnstate_test.py TESSERA_INTERP."""
import pathlib
import re
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

BF16 = ml_dtypes.bfloat16
FAILS = []


def t(shape, dt="f32"):
    return f"tensor<{'x'.join(map(str, shape))}x{dt}>"


def run(interp, d, name, src, inputs, outs, threads=2, expect_fail=None):
    path = d / f"{name}.mlir"
    path.write_text(src)
    out = d / f"out_{name}_{threads}"
    entry = re.search(r"func\.func @(\w+)", src).group(1)
    args = [interp, "run", str(path), "--entry", entry, "--output-dir", str(out), "--threads",
            str(threads)]
    for k, x in inputs.items():
        np.save(d / f"{name}_{k}.npy", x)
        args += ["--input", f"{k}={d / f'{name}_{k}.npy'}"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if expect_fail is not None:
        if p.returncode == 0 or expect_fail not in p.stderr or "error:" not in p.stderr:
            FAILS.append(f"{name}: expected a failure with '{expect_fail}', got rc {p.returncode}: {p.stderr}")
        return None
    if p.returncode != 0:
        FAILS.append(f"{name}: rc {p.returncode}: {p.stderr}")
        return None
    return [np.load(out / f"{o}.npy") for o in outs]


def check(name, got, want, rtol, atol):
    if got is None:
        return
    got = np.asarray(got, np.float64)
    if got.shape != np.shape(want) or not np.allclose(got, want, rtol=rtol, atol=atol):
        err = np.max(np.abs(got - want)) if got.shape == np.shape(want) else "shape"
        FAILS.append(f"{name}: mismatch (max err {err}, shapes {got.shape} {np.shape(want)})")


# ----------------------------------------------------------------------------- oracles

def phi(name, x):
    return {"identity": lambda v: v, "relu": lambda v: np.maximum(v, 0.0),
            "polynomial_2": lambda v: v * v,
            "elu": lambda v: np.where(v > 0, v + 1.0, np.exp(np.minimum(v, 0.0)))}[name](x)


def linear_oracle(q, k, v, fmap="identity", causal=True):
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    lead, s, dk, dv = q.shape[:-2], q.shape[-2], q.shape[-1], v.shape[-1]
    qf, kf = phi(fmap, q.reshape(-1, s, dk)), phi(fmap, k.reshape(-1, s, dk))
    vv = v.reshape(-1, s, dv)
    o = np.zeros((qf.shape[0], s, dv))
    for b in range(qf.shape[0]):
        st = np.zeros((dk, dv))
        full = sum(np.outer(kf[b, r], vv[b, r]) for r in range(s))
        for i in range(s):
            st = st + np.outer(kf[b, i], vv[b, i])
            o[b, i] = qf[b, i] @ (st if causal else full)
    return o.reshape(lead + (s, dv))


def softmax_oracle(q, k, v, causal=True):
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    sc = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if causal:
        sc = np.where(np.tril(np.ones(sc.shape[-2:], bool)), sc, -np.inf)
    e = np.exp(sc - sc.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True) @ v


def depth_oracle(q, src, eps=1e-6):
    q, src = np.asarray(q, np.float64), np.asarray(src, np.float64)
    out = np.zeros(src.shape[1:])
    for p in np.ndindex(*src.shape[1:-1]):
        rows = np.stack([src[(s,) + p] for s in range(src.shape[0])])
        logits = np.array([q @ (r / np.sqrt(np.mean(r * r) + eps)) for r in rows])
        w = np.exp(logits - logits.max())
        out[p] = (w[:, None] * rows).sum(0) / w.sum()
    return out


def ssm_oracle(x, a, b, c, dl, gate=None, init=None):
    x, a, b, c, dl = (np.asarray(z, np.float64) for z in (x, a, b, c, dl))
    nb, ns, nd = x.shape
    nn = b.shape[2]
    y = np.zeros_like(x)
    for bi in range(nb):
        for di in range(nd):
            h = np.zeros(nn) if init is None else np.asarray(init, np.float64)[bi, di].copy()
            for ti in range(ns):
                ad = a[di] if a.ndim == 2 else np.full(nn, a[di])
                h = np.exp(dl[bi, ti, di] * ad) * h + dl[bi, ti, di] * b[bi, ti] * x[bi, ti, di]
                y[bi, ti, di] = c[bi, ti] @ h
    return y if gate is None else y * np.asarray(gate, np.float64)


# ----------------------------------------------------------------------------- cases

def mla(interp, d, rng):
    x, wd = rng.standard_normal((8, 16), np.float32), rng.standard_normal((16, 32), np.float32)
    wk, wv = rng.standard_normal((32, 16), np.float32), rng.standard_normal((32, 16), np.float32)
    q = rng.standard_normal((1, 8, 16), np.float32)
    src = f"""func.func @mla(%x: {t((8, 16))}, %wd: {t((16, 32))}, %wk: {t((32, 16))}, %wv: {t((32, 16))}, %q: {t((1, 8, 16))}) -> ({t((1, 8, 16))}, {t((8, 32))}, {t((8, 32))}) {{
  %c = tessera.latent_kv_compress %x, %wd : ({t((8, 16))}, {t((16, 32))}) -> {t((8, 32))}
  %m = "tessera.matmul"(%x, %wd) : ({t((8, 16))}, {t((16, 32))}) -> {t((8, 32))}
  %K = "tessera.latent_kv_expand_k"(%c, %wk) : ({t((8, 32))}, {t((32, 16))}) -> {t((1, 8, 16))}
  %V = "tessera.latent_kv_expand_v"(%c, %wv) : ({t((8, 32))}, {t((32, 16))}) -> {t((1, 8, 16))}
  %o = "tessera.flash_attn"(%q, %K, %V) {{causal = false}} : ({t((1, 8, 16))}, {t((1, 8, 16))}, {t((1, 8, 16))}) -> {t((1, 8, 16))}
  return %o, %c, %m : {t((1, 8, 16))}, {t((8, 32))}, {t((8, 32))}
}}
"""
    r = run(interp, d, "mla", src, dict(x=x, wd=wd, wk=wk, wv=wv, q=q), ["o", "c", "m"])
    if r is None:
        return
    c64 = x.astype(np.float64) @ wd
    check("mla.compress", r[1], c64, 1e-5, 1e-4)
    check("mla.attention", r[0], softmax_oracle(q, (c64 @ wk)[None], (c64 @ wv)[None], False), 1e-4, 1e-4)
    if r[1].tobytes() != r[2].tobytes():
        FAILS.append("mla: latent_kv_compress is not bit-identical to tessera.matmul")
    # bf16 operands, rank-3 input with a batch dim, f64.
    xb = rng.standard_normal((2, 3, 4)).astype(BF16)
    wb = rng.standard_normal((4, 5)).astype(BF16)
    src = f"""func.func @b(%x: {t((2, 3, 4), 'bf16')}, %w: {t((4, 5), 'bf16')}) -> {t((2, 3, 5), 'bf16')} {{
  %y = "tessera.latent_kv_compress"(%x, %w) : ({t((2, 3, 4), 'bf16')}, {t((4, 5), 'bf16')}) -> {t((2, 3, 5), 'bf16')}
  return %y : {t((2, 3, 5), 'bf16')}
}}
"""
    r = run(interp, d, "mla_bf16", src, dict(x=xb, w=wb), ["y"])
    if r is not None:
        want = (xb.astype(np.float32) @ wb.astype(np.float32)).astype(BF16).astype(np.float64)
        check("mla.bf16", r[0].view(BF16) if r[0].dtype == np.uint16 else r[0], want, 1e-2, 1e-2)
    xd, wdd = rng.standard_normal((3, 7)), rng.standard_normal((7, 2))
    src = f"""func.func @d(%x: {t((3, 7), 'f64')}, %w: {t((7, 2), 'f64')}) -> {t((1, 3, 2), 'f64')} {{
  %y = "tessera.latent_kv_expand_v"(%x, %w) : ({t((3, 7), 'f64')}, {t((7, 2), 'f64')}) -> {t((1, 3, 2), 'f64')}
  return %y : {t((1, 3, 2), 'f64')}
}}
"""
    r = run(interp, d, "mla_f64", src, dict(x=xd, w=wdd), ["y"])
    if r is not None:
        check("mla.f64", r[0], (xd @ wdd)[None], 1e-13, 1e-13)


def linear(interp, d, rng):
    shape = (2, 2, 5, 3)
    vshape = (2, 2, 5, 4)
    q, k, v = (rng.uniform(-1, 1, s).astype(np.float32) for s in (shape, shape, vshape))
    for fmap in ("identity", "elu", "relu", "polynomial_2"):
        for causal in ("true", "false"):
            src = f"""func.func @la(%q: {t(shape)}, %k: {t(shape)}, %v: {t(vshape)}) -> {t(vshape)} {{
  %o = "tessera.linear_attn"(%q, %k, %v) {{causal = {causal}, feature_map = "{fmap}", chunk_size = 2 : i64}} : ({t(shape)}, {t(shape)}, {t(vshape)}) -> {t(vshape)}
  return %o : {t(vshape)}
}}
"""
            r = run(interp, d, f"la_{fmap}_{causal}", src, dict(q=q, k=k, v=v), ["o"])
            if r is not None:
                check(f"linear_attn.{fmap}.{causal}", r[0], linear_oracle(q, k, v, fmap, causal == "true"), 1e-4, 1e-5)
    # The default feature map is elu; f64 is held to f64 accuracy; rank 2.
    q2, k2, v2 = (rng.uniform(-1, 1, (6, 3)) for _ in range(3))
    src = f"""func.func @la(%q: {t((6, 3), 'f64')}, %k: {t((6, 3), 'f64')}, %v: {t((6, 3), 'f64')}) -> {t((6, 3), 'f64')} {{
  %o = "tessera.linear_attn"(%q, %k, %v) : ({t((6, 3), 'f64')}, {t((6, 3), 'f64')}, {t((6, 3), 'f64')}) -> {t((6, 3), 'f64')}
  return %o : {t((6, 3), 'f64')}
}}
"""
    r = run(interp, d, "la_f64", src, dict(q=q2, k=k2, v=v2), ["o"])
    if r is not None:
        check("linear_attn.f64", r[0], linear_oracle(q2, k2, v2, "elu"), 1e-12, 1e-13)
    # bf16 operands are widened to f32 and the result rounded once at storage.
    qb, kb, vb = (rng.uniform(-1, 1, (2, 5, 3)).astype(BF16) for _ in range(3))
    Tb = t((2, 5, 3), "bf16")
    src = f"""func.func @lab(%q: {Tb}, %k: {Tb}, %v: {Tb}) -> {Tb} {{
  %o = "tessera.lightning_attention"(%q, %k, %v) : ({Tb}, {Tb}, {Tb}) -> {Tb}
  return %o : {Tb}
}}
"""
    r = run(interp, d, "la_bf16", src, dict(q=qb, k=kb, v=vb), ["o"])
    if r is not None:
        got = r[0].view(BF16) if r[0].dtype == np.uint16 else r[0]
        want = linear_oracle(*(a.astype(np.float64) for a in (qb, kb, vb)))
        check("lightning.bf16", got.astype(np.float64), want, 1e-2, 1e-2)
    # The delta/lightning family without optional operands, upstream's forms.
    s4 = (1, 2, 8, 4)
    q, k, v = (rng.uniform(-1, 1, s4).astype(np.float32) for _ in range(3))
    T = t(s4)
    src = f"""func.func @fam(%q: {T}, %k: {T}, %v: {T}) -> ({T}, {T}, {T}, {T}, {T}, {T}) {{
  %a = "tessera.lightning_attention"(%q, %k, %v) <{{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}}> : ({T}, {T}, {T}) -> {T}
  %b = "tessera.gated_deltanet"(%q, %k, %v) <{{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>}}> : ({T}, {T}, {T}) -> {T}
  %c = "tessera.kimi_delta_attention"(%q, %k, %v) {{state_dtype = "fp32"}} : ({T}, {T}, {T}) -> {T}
  %h0 = tessera.hybrid_attention %q, %k, %v {{pattern = "kimi_kda_mla", layer_index = 0 : i64}} : ({T}, {T}, {T}) -> {T}
  %h1 = tessera.hybrid_attention %q, %k, %v {{pattern = "Kimi_KDA_MLA", layer_index = 1 : i64}} : ({T}, {T}, {T}) -> {T}
  %h7 = tessera.hybrid_attention %q, %k, %v {{pattern = "ling_1_7_mla_lightning", layer_index = 15 : i64, causal = false}} : ({T}, {T}, {T}) -> {T}
  return %a, %b, %c, %h0, %h1, %h7 : {T}, {T}, {T}, {T}, {T}, {T}
}}
"""
    r = run(interp, d, "family", src, dict(q=q, k=k, v=v), ["a", "b", "c", "h0", "h1", "h7"])
    if r is not None:
        lin = linear_oracle(q, k, v)
        for name, got in zip(("lightning", "gated_deltanet", "kimi_delta", "hybrid.kimi0"), r[:4]):
            check(name, got, lin, 1e-4, 1e-5)
        check("hybrid.kimi1", r[4], softmax_oracle(q, k, v, True), 1e-5, 1e-6)
        check("hybrid.ling7", r[5], softmax_oracle(q, k, v, False), 1e-5, 1e-6)
        # Thread count does not change the bits.
        r1 = run(interp, d, "family", src, dict(q=q, k=k, v=v), ["a", "b", "c", "h0", "h1", "h7"], threads=1)
        if r1 is not None and any(x.tobytes() != y.tobytes() for x, y in zip(r, r1)):
            FAILS.append("family: results differ between 1 and 2 threads")


def depth(interp, d, rng):
    for name, shape, dt in (("d3", (7, 3, 8), "f32"), ("d2", (5, 4), "f64"), ("d4", (3, 2, 2, 6), "f32")):
        npdt = np.float32 if dt == "f32" else np.float64
        qv = rng.standard_normal(shape[-1]).astype(npdt)
        sv = rng.standard_normal(shape).astype(npdt)
        src = f"""func.func @da(%q: {t((shape[-1],), dt)}, %s: {t(shape, dt)}) -> {t(shape[1:], dt)} {{
  %o = "tessera.depth_attn"(%q, %s) {{eps = 1.0e-3 : f64, numeric_policy = {{accum = "fp32", softmax = "fp32", storage = "fp32"}}}} : ({t((shape[-1],), dt)}, {t(shape, dt)}) -> {t(shape[1:], dt)}
  return %o : {t(shape[1:], dt)}
}}
"""
        r = run(interp, d, f"depth_{name}", src, dict(q=qv, s=sv), ["o"])
        if r is not None:
            tol = 1e-12 if dt == "f64" else 1e-5
            check(f"depth_attn.{name}", r[0], depth_oracle(qv, sv, 1e-3), tol, tol)


def ssm(interp, d, rng):
    B_, S, D, N = 2, 6, 3, 4
    x = rng.uniform(-1, 1, (B_, S, D)).astype(np.float32)
    a1 = -rng.uniform(0.1, 1, (D,)).astype(np.float32)
    a2 = -rng.uniform(0.1, 1, (D, N)).astype(np.float32)
    b, c = (rng.uniform(-1, 1, (B_, S, N)).astype(np.float32) for _ in range(2))
    dl = rng.uniform(0, 0.5, (B_, S, D)).astype(np.float32)
    g = rng.uniform(-1, 1, (B_, S, D)).astype(np.float32)
    h0 = rng.uniform(-1, 1, (B_, D, N)).astype(np.float32)
    X, BN = t((B_, S, D)), t((B_, S, N))
    src = f"""func.func @s(%x: {X}, %a1: {t((D,))}, %a2: {t((D, N))}, %b: {BN}, %c: {BN}, %dl: {X}, %g: {X}, %h0: {t((B_, D, N))}) -> ({X}, {X}, {X}, {X}) {{
  %y1 = tessera.selective_ssm %x, %a1, %b, %c, %dl {{chunk_size = 64 : i64}} : ({X}, {t((D,))}, {BN}, {BN}, {X}) -> {X}
  %y2 = tessera.selective_ssm %x, %a2, %b, %c, %dl gate(%g) init(%h0) : ({X}, {t((D, N))}, {BN}, {BN}, {X}, {X}, {t((B_, D, N))}) -> {X}
  %y3 = tessera.selective_ssm %x, %a2, %b, %c, %dl init(%h0) : ({X}, {t((D, N))}, {BN}, {BN}, {X}, {t((B_, D, N))}) -> {X}
  %y4 = "tessera.selective_ssm"(%x, %a2, %b, %c, %dl, %g) {{operand_clauses = {{gate = [5, 1]}}}} : ({X}, {t((D, N))}, {BN}, {BN}, {X}, {X}) -> {X}
  return %y1, %y2, %y3, %y4 : {X}, {X}, {X}, {X}
}}
"""
    ins = dict(x=x, a1=a1, a2=a2, b=b, c=c, dl=dl, g=g, h0=h0)
    r = run(interp, d, "ssm", src, ins, ["y1", "y2", "y3", "y4"])
    if r is not None:
        check("ssm.plain", r[0], ssm_oracle(x, a1, b, c, dl), 1e-5, 1e-6)
        check("ssm.gate_init", r[1], ssm_oracle(x, a2, b, c, dl, g, h0), 1e-5, 1e-6)
        check("ssm.init", r[2], ssm_oracle(x, a2, b, c, dl, None, h0), 1e-5, 1e-6)
        check("ssm.generic_gate", r[3], ssm_oracle(x, a2, b, c, dl, g), 1e-5, 1e-6)
        r1 = run(interp, d, "ssm", src, ins, ["y1", "y2", "y3", "y4"], threads=1)
        # f16 operands: widened to f32, rounded once at storage.
        X16, B16 = t((B_, S, D), "f16"), t((B_, S, N), "f16")
        h16 = {k: v.astype(np.float16) for k, v in dict(x=x, a=a1, b=b, c=c, dl=dl).items()}
        src16 = f"""func.func @s16(%x: {X16}, %a: {t((D,), 'f16')}, %b: {B16}, %c: {B16}, %dl: {X16}) -> {X16} {{
  %y = tessera.selective_ssm %x, %a, %b, %c, %dl : ({X16}, {t((D,), 'f16')}, {B16}, {B16}, {X16}) -> {X16}
  return %y : {X16}
}}
"""
        r16 = run(interp, d, "ssm_f16", src16, h16, ["y"])
        if r16 is not None:
            check("ssm.f16", r16[0], ssm_oracle(*(h16[k] for k in ("x", "a", "b", "c", "dl"))),
                  2e-3, 2e-3)
        if r1 is not None and any(p.tobytes() != q.tobytes() for p, q in zip(r, r1)):
            FAILS.append("ssm: results differ between 1 and 2 threads")


def handles(interp, d, rng):
    k = rng.standard_normal((3, 2, 8)).astype(np.float32)
    one = rng.standard_normal((1, 2, 8)).astype(np.float32)
    H = "!tessera.kv_cache"

    def prog(name, body, ins="", create="max_seq = 8 : i64, head_dim = 8 : i64"):
        return f"""func.func @{name}(%k: {t((3, 2, 8))}, %one: {t((1, 2, 8))}{ins}) -> {H} {{
  %c0 = "tessera.kv_cache.create"() {{{create}}} : () -> {H}
{body}
}}
"""
    app = lambda r, src, kv: f'  %{r} = "tessera.kv_cache.append"(%{src}, %{kv}, %{kv}) : ({H}, {t((3, 2, 8) if kv == "k" else (1, 2, 8))}, {t((3, 2, 8) if kv == "k" else (1, 2, 8))}) -> {H}'
    # 3 + 3 + 1 = 7 tokens; prune to 5; rollback 2 -> 3; commit 2 -> 2; rollback 9 -> 0; + 3.
    body = "\n".join([app("c1", "c0", "k"), app("c2", "c1", "k"), app("c3", "c2", "one"),
                      f'  %c4 = "tessera.kv_cache.prune"(%c3) {{window = 5 : i64}} : ({H}) -> {H}',
                      f'  %c5 = "tessera.cache.rollback"(%c4, %n2) : ({H}, index) -> {H}',
                      f'  %c6 = "tessera.cache.commit"(%c5, %n2) : ({H}, index) -> {H}',
                      f'  %c7 = "tessera.cache.rollback"(%c6, %n9) : ({H}, index) -> {H}',
                      app("r", "c7", "k"), f"  return %r : {H}"])
    ins = dict(k=k, one=one, n2=np.array(2, np.int64), n9=np.array(9, np.int64))
    r = run(interp, d, "kv_ok", prog("kv_ok", body, ", %n2: index, %n9: index"), ins, ["r"])
    if r is not None and float(np.asarray(r[0]).reshape(-1)[0]) != 3.0:
        FAILS.append(f"kv handles: length {r[0]} after the sequence, expected 3")
    # rolling_window eviction keeps max_seq; without it the overflow is refused.
    body = "\n".join([app("c1", "c0", "k"), app("c2", "c1", "k"), app("c3", "c2", "k"), f"  return %c3 : {H}"])
    r = run(interp, d, "kv_roll", prog("kv_roll", body, create='max_seq = 8 : i64, eviction = "rolling_window"'),
            dict(k=k, one=one), ["c3"])
    if r is not None and float(np.asarray(r[0]).reshape(-1)[0]) != 8.0:
        FAILS.append(f"kv rolling window: length {r[0]}, expected 8")
    run(interp, d, "kv_over", prog("kv_over", body), dict(k=k, one=one), ["c3"],
        expect_fail="of max_seq 8 (kv_handle_c7)")
    body = "\n".join([app("c1", "c0", "k"), f'  %c2 = "tessera.cache.commit"(%c1, %n) : ({H}, index) -> {H}', f"  return %c2 : {H}"])
    run(interp, d, "kv_commit", prog("kv_commit", body, ", %n: index"), dict(k=k, one=one, n=np.array(4, np.int64)),
        ["c2"], expect_fail="commit of 4 tokens is outside [0, 3] (kv_handle_c7)")
    body = "\n".join([f'  %c2 = "tessera.cache.rollback"(%c0, %n) : ({H}, index) -> {H}', f"  return %c2 : {H}"])
    run(interp, d, "kv_rollback", prog("kv_rollback", body, ", %n: index"), dict(k=k, one=one, n=np.array(-1, np.int64)),
        ["c2"], expect_fail="rollback count -1 is negative (kv_handle_c7)")


def handle_params(interp, d, rng):
    """A handle parameter binds from a 0-d f32 .npy holding its length (kv_cache.md)."""
    H = "!tessera.kv_cache"
    k = rng.standard_normal((2, 4)).astype(np.float32)
    src = f"""func.func @hp(%c: {H}, %k: {t((2, 4))}, %n: index) -> {H} {{
  %a = "tessera.kv_cache.append"(%c, %k, %k) : ({H}, {t((2, 4))}, {t((2, 4))}) -> {H}
  %r = "tessera.cache.rollback"(%a, %n) : ({H}, index) -> {H}
  return %r : {H}
}}
"""
    r = run(interp, d, "kv_param", src, dict(c=np.array(5, np.float32), k=k, n=np.array(3, np.int64)), ["r"])
    if r is not None and float(np.asarray(r[0]).reshape(-1)[0]) != 4.0:
        FAILS.append(f"kv handle parameter: length {r[0]}, expected 4")
    for bad in (2.5, -1.0, float(1 << 25)):
        run(interp, d, "kv_param_bad", src, dict(c=np.array(bad, np.float32), k=k, n=np.array(0, np.int64)),
            ["r"], expect_fail="is not a valid !tessera.kv_cache handle (kv_handle_c7)")


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(18)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        for case in (mla, linear, depth, ssm, handles, handle_params):
            case(interp, d, rng)
    for f in FAILS:
        print("FAIL", f)
    print(f"attnstate: {len(FAILS)} failures")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
