#!/usr/bin/env python3
"""Generator of conformance/cases/tile/*.mlir: the example tile kernels of examples/tile.

Each case runs the example module unchanged (Graph IR @main launching the kernel). Oracles are
numpy re-enactments of each kernel's documented order of operations in float32:
- saxpy: alpha * x rounded, plus y rounded;
- reduction: strided per-tile sums, then the shared-memory tree (stride 4, 2, 1);
- gemm: one FMA chain over k per element, each FMA rounded once (exact product in f64,
  TwoSum-corrected rounding of the sum to f32);
- flash attention: the online softmax of docs/ops/graph/attention.md with the spec's expf
  (spec_expf.py, docs/numerics.md "exp"), bit-exact.
Run: python3 conformance/gen/tile_kernels.py [output dir]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile  # noqa: E402
import spec_expf  # noqa: E402

EXAMPLES = os.path.join(REPO_ROOT, "examples", "tile")


def program(name):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        lines = f.read().split("\n")
    body = [l for l in lines if not l.startswith("//")]
    return "\n".join(body).strip("\n") + "\n"


def fma32(a, b, c):
    """Correctly rounded float32 fma(a, b, c), elementwise."""
    p = a.astype(np.float64) * b.astype(np.float64)  # exact: 24 + 24 bits
    c = c.astype(np.float64)
    s = p + c
    bp = s - p
    e = (p - (s - bp)) + (c - bp)  # p + c == s + e exactly
    r = s.astype(np.float32)
    exact = r.astype(np.float64) == s
    other = np.nextafter(r, np.where(r.astype(np.float64) < s, np.float32(np.inf), np.float32(-np.inf)))
    mid = (r.astype(np.float64) + other.astype(np.float64)) / 2
    tie = (~exact) & (s == mid) & (e != 0)
    toward = np.where(e > 0, np.maximum(r, other), np.minimum(r, other))
    return np.where(tie, toward, r).astype(np.float32)


def saxpy_oracle(x, y, alpha):
    return (np.float32(alpha) * x).astype(np.float32) + y


def reduction_oracle(x):
    out = []
    for g in range(4):
        part = []
        for t in range(8):
            acc = np.float32(0)
            for v in x[g * 1024 + t:(g + 1) * 1024:8]:
                acc = np.float32(acc + v)
            part.append(acc)
        stride = 4
        while stride > 0:
            for t in range(stride):
                part[t] = np.float32(part[t] + part[t + stride])
            stride //= 2
        out.append(part[0])
    return np.array(out, np.float32)


def gemm_oracle(a, b):
    c = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for k in range(a.shape[1]):
        c = fma32(np.broadcast_to(a[:, k:k + 1], c.shape), np.broadcast_to(b[k:k + 1, :], c.shape), c)
    return c


def attention_oracle(q, k, v):
    q, k, v = q[0, 0], k[0, 0], v[0, 0]
    s_len, d = q.shape
    out = np.zeros_like(q)
    exp32 = spec_expf.expf_array
    for i in range(s_len):
        m, l = np.float32(-np.inf), np.float32(0)
        acc = np.zeros(d, np.float32)
        keys = i + 1
        for j0 in range(0, keys, 64):
            j1 = min(keys, j0 + 64)
            dots = np.zeros(j1 - j0, np.float32)
            for e in range(d):
                dots = fma32(np.full(j1 - j0, q[i, e]), k[j0:j1, e], dots)
            s = (dots * np.float32(0.125)).astype(np.float32)
            m_new = np.float32(max(m, s.max()))
            alpha = exp32(np.array([m - m_new], np.float32))[0]
            l = np.float32(l * alpha)
            acc = (acc * alpha).astype(np.float32)
            for jj in range(j1 - j0):
                p = exp32(np.array([s[jj] - m_new], np.float32))[0]
                l = np.float32(l + p)
                acc = fma32(np.full(d, p, np.float32), v[j0 + jj], acc)
            m = m_new
        out[i] = (acc / l).astype(np.float32)
    return out.reshape(1, 1, s_len, d)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO_ROOT, "conformance", "cases", "tile")
    rng = np.random.default_rng(20250104)
    req = ["dtype=f32", "level=tile"]

    cf = CaseFile(os.path.join(out_dir, "saxpy.mlir"), __file__, "Tile IR saxpy (examples/tile/saxpy.mlir).")
    x, y = rng.standard_normal(1000).astype(np.float32), rng.standard_normal(1000).astype(np.float32)
    alpha = np.array(1.75, np.float32)
    cf.add_case("saxpy_1000_f32", program("saxpy.mlir"), [x, y, alpha], [saxpy_oracle(x, y, alpha)],
                requires=["op=tile.launch"] + req)
    cf.write()

    cf = CaseFile(os.path.join(out_dir, "reduction.mlir"), __file__,
                  "Tile IR shared-memory tree reduction (examples/tile/reduction.mlir).")
    x = (rng.standard_normal(4096) * 2.0 ** rng.integers(-8, 9, 4096)).astype(np.float32)
    cf.add_case("tree_reduction_4096_f32", program("reduction.mlir"), [x], [reduction_oracle(x)],
                requires=["op=tile.barrier"] + req,
                note="Per-tile strided sums, then the tree: order documented in docs/tile-ir.md.")
    cf.write()

    cf = CaseFile(os.path.join(out_dir, "gemm.mlir"), __file__,
                  "Tile IR double-buffered GEMM (examples/tile/gemm.mlir).")
    a, b = rng.standard_normal((128, 128)).astype(np.float32), rng.standard_normal((128, 128)).astype(np.float32)
    cf.add_case("gemm_128_f32", program("gemm.mlir"), [a, b], [gemm_oracle(a, b)],
                requires=["op=tile.mma", "op=tile.async_copy"] + req,
                note="One FMA chain over k from +0 per element, like tessera.matmul.")
    cf.write()

    cf = CaseFile(os.path.join(out_dir, "flash_attention.mlir"), __file__,
                  "Tile IR causal flash attention (examples/tile/flash_attention.mlir).")
    q, k, v = (rng.standard_normal((1, 1, 128, 64)).astype(np.float32) for _ in range(3))
    cf.add_case("flash_attention_causal_128x64_f32", program("flash_attention.mlir"), [q, k, v],
                [attention_oracle(q, k, v)],
                requires=["op=tile.mma", "op=tile.row_max"] + req,
                note="exp is the spec's expf (docs/numerics.md), modelled by spec_expf.py.")
    cf.write()


if __name__ == "__main__":
    main()
