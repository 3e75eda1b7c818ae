#!/usr/bin/env python3
"""Generator: rmsnorm_safe, layernorm_safe and flash_attention case files
(docs/ops/graph/guide_names.md): the guide's names run the same oracles as the ops they name,
graph_norm.py's `seq_norm` / `ref_norm` and graph_attention.py's `online32` / `naive64`.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, op_module  # noqa: E402
from graph_attention import naive64, online32  # noqa: E402
from graph_norm import ref_norm, seq_norm  # noqa: E402


def main():
    rng = np.random.default_rng(1920)
    path = os.path.join(REPO_ROOT, "conformance", "cases", "graph")
    for op, centre in (("rmsnorm_safe", False), ("layernorm_safe", True)):
        cf = CaseFile(os.path.join(path, f"{op}.mlir"), generator=__file__,
                      header=f"tessera.{op}: the guide's name of "
                             f"tessera.{'layer_norm' if centre else 'rmsnorm'}.")
        x = (rng.standard_normal((6, 16)) * 3).astype(np.float32)
        g = rng.standard_normal(16).astype(np.float32)
        ins = [x, g] + ([rng.standard_normal(16).astype(np.float32)] if centre else [])
        want = seq_norm(x, -1, 1e-5, *ins[1:], centre=centre)
        prog = op_module(f"tessera.{op}", ins, want, names=["%x", "%g", "%b"][:len(ins)])
        req = [f"op=tessera.{op}", "dtype=f32", "level=graph"]
        cf.add_case("rows_f32", prog, ins, [want], requires=req)
        cf.add_case("rows_f32_f64ref", prog, ins, [ref_norm(x, -1, 1e-5, *ins[1:], centre=centre)
                                                   .astype(np.float32)],
                    rule="tol:rtol=1e-4,atol=1e-5", requires=req,
                    note="Same program against the float64 formula.")
        cf.write()
    cf = CaseFile(os.path.join(path, "flash_attention.mlir"), generator=__file__,
                  header="tessera.flash_attention: the guide's name of tessera.flash_attn.")
    q, k, v = (rng.standard_normal((1, 2, 9, 8)).astype(np.float32) for _ in range(3))
    want = online32(q, k, v, causal=True)
    prog = op_module("tessera.flash_attention", [q, k, v], want, "causal = true",
                     names=["%q", "%k", "%v"])
    req = ["op=tessera.flash_attention", "dtype=f32", "level=graph"]
    cf.add_case("causal_f32", prog, [q, k, v], [want], requires=req)
    cf.add_case("causal_f32_f64ref", prog, [q, k, v], [naive64(q, k, v, True).astype(np.float32)],
                rule="tol:rtol=2e-5,atol=1e-6", requires=req)
    cf.write()


if __name__ == "__main__":
    main()
