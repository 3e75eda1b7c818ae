#!/usr/bin/env python3
"""Generator: kv_cache_append, kv_cache_read and grouped_gemm case files
(docs/ops/graph/kv_cache.md, docs/ops/graph/grouped_gemm.md).

Oracles, independent of the interpreter: numpy slicing (the KV cache ops move elements:
`bitexact`); for grouped_gemm the float32 FMA chain of graph_matmul.py's `matmul_chain32` per
group (`bitexact`) and float64 numpy matmul (tolerance).
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module, round_f64_to  # noqa: E402
from graph_matmul import matmul_chain32  # noqa: E402


def dt(a):
    return mlir_type(a)[7:-1].split("x")[-1]


def main():
    rng = np.random.default_rng(1870)
    path = os.path.join(REPO_ROOT, "conformance", "cases", "graph")
    cf = CaseFile(os.path.join(path, "kv_cache_append.mlir"), generator=__file__,
                  header="tessera.kv_cache.append: write entries at a position of the cache.")
    for name, cache, new, pos, attrs in [
        ("bhsd_f32", rng.standard_normal((1, 2, 8, 4)).astype(np.float32),
         rng.standard_normal((1, 2, 3, 4)).astype(np.float32), 5, ""),
        ("bf16_one_token", rng.standard_normal((2, 6, 3)).astype(ml_dtypes.bfloat16),
         rng.standard_normal((2, 1, 3)).astype(ml_dtypes.bfloat16), 0, ""),
        ("axis0_i32", np.arange(10, dtype=np.int32).reshape(5, 2),
         -np.ones((2, 2), np.int32), 3, "axis = 0"),
    ]:
        ax = 0 if attrs else -2
        want = cache.copy()
        sl = [slice(None)] * cache.ndim
        sl[ax] = slice(pos, pos + new.shape[ax])
        want[tuple(sl)] = new
        p = np.array(pos, np.int64)
        prog = op_module("tessera.kv_cache.append", [cache, new, p], want, attrs,
                         names=["%cache", "%new", "%pos"])
        cf.add_case(name, prog, [cache, new, p], [want],
                    requires=["op=tessera.kv_cache.append", f"dtype={dt(cache)}", "level=graph"])
    cf.write()
    cf = CaseFile(os.path.join(path, "kv_cache_read.mlir"), generator=__file__,
                  header="tessera.kv_cache.read: a window of the cache.")
    cache = rng.standard_normal((1, 2, 8, 4)).astype(np.float32)
    for name, start, length in [("window_f32", 2, 5), ("empty_f32", 8, 0), ("all_f32", 0, 8)]:
        s = np.array(start, np.int32)
        want = cache[:, :, start:start + length]
        prog = op_module("tessera.kv_cache.read", [cache, s], want, f"length = {length}",
                         names=["%cache", "%start"])
        cf.add_case(name, prog, [cache, s], [want],
                    requires=["op=tessera.kv_cache.read", "dtype=f32", "level=graph"])
    cf.write()
    cf = CaseFile(os.path.join(path, "grouped_gemm.mlir"), generator=__file__,
                  header="tessera.grouped_gemm: per-expert FMA chains over consecutive row groups.")
    for name, sizes in [("experts4_f32", [5, 0, 9, 2]), ("one_group_f32", [16])]:
        x = rng.standard_normal((16, 12)).astype(np.float32)
        w = rng.standard_normal((len(sizes), 12, 6)).astype(np.float32)
        gs = np.array(sizes, np.int32)
        parts, o, ref = [], 0, []
        for g, s in enumerate(sizes):
            parts.append(matmul_chain32(x[o:o + s], w[g]))
            ref.append(x[o:o + s].astype(np.float64) @ w[g].astype(np.float64))
            o += s
        want = np.concatenate(parts, 0)
        prog = op_module("tessera.grouped_gemm", [x, w, gs], want, names=["%x", "%w", "%sizes"])
        req = ["op=tessera.grouped_gemm", "dtype=f32", "level=graph"]
        cf.add_case(name, prog, [x, w, gs], [want], requires=req)
        r = round_f64_to(np.concatenate(ref, 0), np.float32)
        cf.add_case(name + "_f64ref", prog, [x, w, gs], [r], requires=req,
                    rule="tol:rtol=1e-4,atol=1e-5", note="float64 numpy matmul per group.")
    cf.write()


if __name__ == "__main__":
    main()
