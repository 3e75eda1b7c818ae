#!/usr/bin/env python3
"""Generator: conformance/cases/graph/flash_attn.mlir (tessera.flash_attn).

Two oracles:
- `online32`: an independent numpy float32 reproduction of the documented online softmax
  (docs/ops/graph/attention.md): blocks of 64 keys in increasing order, scores by an fma32 chain
  then * scale, running max, rescale by exp(m_old - m_new), running sum and FMA accumulation, final
  divide. exp is the spec's expf (spec_expf.py, docs/numerics.md "exp"). Used
  with RULE bitexact.
- `naive64`: plain float64 softmax attention (softmax of the full score matrix, then @ v). Used
  with a tolerance: f32 rtol 2e-5 / atol 1e-6 (about 100 f32 ulps relative over a few hundred
  keys); bf16 rtol 2e-2 / atol 1e-3 (inputs and output rounded to bf16, 8 significand bits).
"""
import math
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to  # noqa: E402
from graph_matmul import fma32  # noqa: E402
import spec_expf  # noqa: E402

BLOCK = 64


def exp32(x):
    """The spec's expf (docs/numerics.md "exp"), modelled by spec_expf.py."""
    return spec_expf.expf_array(x)


def online32(q, k, v, causal=False, scale=None):
    q, k, v = (np.asarray(t, np.float32) for t in (q, k, v))
    _, _, sq, d = q.shape
    sk, dv = k.shape[2], v.shape[3]
    sc = np.float32(scale if scale is not None else 1.0 / math.sqrt(d))
    rows = q.shape[:2] + (sq,)
    m = np.full(rows, -np.inf, np.float32)
    l = np.zeros(rows, np.float32)
    acc = np.zeros(rows + (dv,), np.float32)
    i = np.arange(sq)
    for j0 in range(0, sk, BLOCK):
        j1 = min(sk, j0 + BLOCK)
        s = []
        m_new = m.copy()
        for j in range(j0, j1):
            dot = np.zeros(rows, np.float32)
            for e in range(d):
                dot = fma32(q[..., e], k[:, :, j, e][:, :, None], dot)
            sj = (dot * sc).astype(np.float32)
            kept = (j <= i) if causal else np.ones(sq, bool)
            s.append((sj, kept))
            m_new = np.where(kept & (sj > m_new), sj, m_new)
        # Rows with no kept key in this block skip it entirely (its keys are past them).
        active = np.zeros(sq, bool)
        for _, kept in s:
            active |= kept
        alpha = exp32((m - m_new).astype(np.float32))
        l = np.where(active, (l * alpha).astype(np.float32), l)
        acc = np.where(active[:, None], (acc * alpha[..., None]).astype(np.float32), acc)
        for jj, (sj, kept) in enumerate(s):
            p = exp32((sj - m_new).astype(np.float32))
            l = np.where(kept, (l + p).astype(np.float32), l)
            new = fma32(p[..., None], v[:, :, j0 + jj][:, :, None, :], acc)
            acc = np.where(kept[:, None], new, acc)
        m = np.where(active, m_new, m)
    return (acc / l[..., None]).astype(np.float32)


def naive64(q, k, v, causal=False, scale=None):
    q, k, v = (np.asarray(t, np.float64) for t in (q, k, v))
    d = q.shape[-1]
    s = np.einsum("bhid,bhjd->bhij", q, k) * (scale if scale is not None else 1 / math.sqrt(d))
    if causal:
        sq, sk = s.shape[-2:]
        s = np.where(np.arange(sk)[None, :] <= np.arange(sq)[:, None], s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    return np.einsum("bhij,bhjd->bhid", p / p.sum(-1, keepdims=True), v)


def program(q, k, v, result, attrs=""):
    tq, tk, tv, tr = (mlir_type(t) for t in (q, k, v, result))
    attr = f" {{{attrs}}}" if attrs else ""
    return ("module {\n"
            f"  func.func @main(%q: {tq}, %k: {tk}, %v: {tv}) -> {tr} {{\n"
            f'    %0 = "tessera.flash_attn"(%q, %k, %v){attr} : ({tq}, {tk}, {tv}) -> {tr}\n'
            f"    return %0 : {tr}\n  }}\n}}\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        REPO_ROOT, "conformance", "cases", "graph", "flash_attn.mlir")
    cf = CaseFile(out, generator=__file__,
                  header="tessera.flash_attn: online softmax over key blocks of 64.")
    rng = np.random.default_rng(4242)
    req = ["op=tessera.flash_attn", "level=graph"]

    def rnd(shape, s=1.0):
        return (rng.standard_normal(shape) * s).astype(np.float32)

    q, k, v = rnd((1, 2, 5, 8), 2), rnd((1, 2, 150, 8), 2), rnd((1, 2, 150, 6))
    want = online32(q, k, v)
    cf.add_case("attn_online_3blocks_f32", program(q, k, v, want), [q, k, v], [want],
                requires=req + ["dtype=f32"],
                note="150 keys = blocks of 64, 64, 22; float32 reproduction of the online order.")
    cf.add_case("attn_online_3blocks_f32_f64ref", program(q, k, v, want), [q, k, v],
                [naive64(q, k, v).astype(np.float32)], rule="tol:rtol=2e-5,atol=1e-6",
                requires=req + ["dtype=f32"], note="Same inputs against float64 naive attention.")

    q, k, v = rnd((2, 1, 80, 4), 3), rnd((2, 1, 80, 4), 3), rnd((2, 1, 80, 4))
    want = online32(q, k, v, causal=True)
    cf.add_case("attn_causal_f32", program(q, k, v, want, "causal = true"), [q, k, v], [want],
                requires=req + ["dtype=f32"], note="Top-left causal mask: key j kept iff j <= i.")
    cf.add_case("attn_causal_f32_f64ref", program(q, k, v, want, "causal = true"), [q, k, v],
                [naive64(q, k, v, True).astype(np.float32)], rule="tol:rtol=2e-5,atol=1e-6",
                requires=req + ["dtype=f32"])

    q, k, v = rnd((1, 1, 7, 16)), rnd((1, 1, 40, 16)), rnd((1, 1, 40, 3))
    want = online32(q, k, v, scale=0.37)
    cf.add_case("attn_scale_attr_f32", program(q, k, v, want, "scale = 0.37"), [q, k, v],
                [want], requires=req + ["dtype=f32"], note="scale 0.37 rounded to f32.")

    q, k, v = (rng.standard_normal((1, 2, 9, 8)).astype(ml_dtypes.bfloat16) for _ in range(3))
    ref = naive64(q.astype(np.float32), k.astype(np.float32), v.astype(np.float32), True)
    want = round_f64_to(ref, ml_dtypes.bfloat16)
    cf.add_case("attn_causal_bf16_f64ref", program(q, k, v, want, "causal = true"), [q, k, v],
                [want], rule="tol:rtol=2e-2,atol=1e-3", requires=req + ["dtype=bf16"])
    cf.write()


if __name__ == "__main__":
    main()
