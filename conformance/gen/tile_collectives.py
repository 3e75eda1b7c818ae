"""Tile IR collectives: writes conformance/cases/tile/collectives.mlir.

Each case is a mesh module whose @main launches a tile kernel (grid [2], 4 tiles per group) on
every rank; every tile calls one tile collective (docs/ops/tile/collectives.md) on global buffers.
Expected values come from tests/mesh/mesh_model.py, the independent numpy model of
docs/collectives.md, applied along dim 0 (never from the interpreter). Float reductions use small
integers, exact in any fold order, except the `rank_order` cases, which require deterministic mode.

Run from the repo root: python3 conformance/gen/tile_collectives.py
"""
from __future__ import annotations

import os

import numpy as np

from casefile import mlir_type
from mesh_cases import MeshCaseFile, axes_attr, mesh_model as mm
from mesh_collectives import DTYPES, EXACT_NOTE, MESHES, mlir_elem, values

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "cases", "tile", "collectives.mlir")
IN_PLACE = ("f32", "bf16", "i32")  # types tile.load/store access (the in-place cases copy first)
REDUCIBLE = IN_PLACE + ("e4m3",)  # the collectives fold fp8 too (decoded to f32, one rounding a step)


def memref(t: str) -> str:
    return "memref" + t[len("tensor"):]


def module(mesh, kernel_params, kernel_body, main_params, results):
    """`kernel_params`: the kernel's (name, tensor type) pairs, launch operands first, then the
    results the launch allocates; @main takes `main_params` and returns the launch results."""
    axes, shape = MESHES[mesh]
    kp = ", ".join(f"%{n}: {memref(t)}" for n, t in kernel_params)
    mp = ", ".join(f"%a{i}: {t}" for i, t in enumerate(main_params))
    args = ", ".join(f"%a{i}" for i in range(len(main_params)))
    rs = [f"%r{i}" for i in range(len(results))]
    rt = ", ".join(results)
    rt1 = f"({rt})" if len(results) != 1 else rt
    mpt = ", ".join(main_params)
    return (f"module attributes {{tessera.mesh = {{axes = {axes_attr(axes)}, shape = "
            f"[{', '.join(str(s) for s in shape)}]}}}} {{\n"
            f"  func.func @k({kp}) {{\n{kernel_body}    return\n  }}\n"
            f"  func.func @main({mp}) -> {rt1} {{\n"
            f"    {', '.join(rs)} = tile.launch {args} {{callee = @k, grid = [2], tiles = 4, "
            f"lanes = 32}} : ({mpt}) -> {rt1}\n"
            f"    return {', '.join(rs)} : {rt}\n  }}\n}}\n")


class Writer:
    def __init__(self):
        self.cf = MeshCaseFile(OUT, generator=__file__,
                               header="Tile IR collectives inside a tile.launch on every rank "
                                      "(docs/ops/tile/collectives.md).")

    def two(self, op, name, mesh, attrs, xs, want, dtype, note="", deterministic=False):
        """`tile.<op> %x, %y {attrs}`: reads the operand %x, writes the launch result %y."""
        tin, tout = mlir_type(xs[0]), mlir_type(want[0])
        body = f"    tile.{op} %x, %y {{{attrs}}} : ({memref(tin)}, {memref(tout)}) -> ()\n"
        self.add(op, name, mesh, module(mesh, [("x", tin), ("y", tout)], body, [tin], [tout]),
                 [xs], [want], dtype, note, deterministic)

    def in_place(self, op, name, mesh, attrs, xs, want, dtype, note="", deterministic=False):
        """Copies the 1-D operand %x into the result %y (one element per tile), then
        `tile.<op> %y {attrs}`."""
        t = mlir_type(xs[0])
        e = mlir_elem(dtype)
        e = e if e in ("f32", "i32") else f"vector<1x{e}>"  # scalar registers: ints, f32, f64
        body = ("    %i = tile.linear_id : index\n"
                f"    %v = tile.load %x, %i : ({memref(t)}, index) -> {e}\n"
                f"    tile.store %v, %y, %i : ({e}, {memref(t)}, index) -> ()\n"
                f"    tile.{op} %y {{{attrs}}} : ({memref(t)}) -> ()\n")
        self.add(op, name, mesh, module(mesh, [("x", t), ("y", t)], body, [t], [t]), [xs], [want],
                 dtype, note, deterministic)

    def add(self, op, name, mesh, program, inputs, expected, dtype, note="", deterministic=False,
            extra_ops=()):
        reqs = ["op=tile.launch", f"op=tile.{op}", *extra_ops, f"dtype={mlir_elem(dtype)}",
                "level=tile"]
        if deterministic:
            reqs.append("deterministic=1")
        ranks = int(np.prod(MESHES[mesh][1]))
        self.cf.add_mesh_case(f"{op}_{name}", program, ranks, inputs, expected, requires=reqs,
                              note=note)


def main():
    w = Writer()
    rng = np.random.default_rng(41)
    m8, m24, m72 = (mm.Mesh(*MESHES[k]) for k in ("8", "2x4", "nvl72"))
    # In-place ops on 8 elements: one per tile of the grid [2] x 4 tiles.
    for dn in IN_PLACE:
        dt = DTYPES[dn]
        xs = [values(rng, (8,), dt) for _ in range(8)]
        w.in_place("all_reduce", f"sum_2x4_tp_{dn}", "2x4", 'axes = ["tp"], op = "sum"', xs,
                   mm.all_reduce(m24, ["tp"], "sum", xs), dt, EXACT_NOTE)
    for dn in ("f32", "bf16"):
        xs = [values(rng, (8,), DTYPES[dn], "normal") for _ in range(8)]
        w.in_place("all_reduce", f"avg_rank_order_8_{dn}", "8", 'axes = ["x"], op = "avg"', xs,
                   mm.all_reduce(m8, ["x"], "avg", xs), DTYPES[dn],
                   "Arbitrary values: NCCL avg folded in group-rank order.", deterministic=True)
    for dn in IN_PLACE:  # tile.load/store do not access fp8 memory (mem_c1)
        dt = DTYPES[dn]
        xs = [values(rng, (8,), dt, "normal") for _ in range(8)]
        w.in_place("collective_broadcast", f"2x4_dp_tp_root5_{dn}", "2x4",
                   'axes = ["dp", "tp"], root = 5', xs, mm.broadcast(m24, ["dp", "tp"], 5, xs), dt)
    # Source/destination ops, dim 0 of 2-D buffers.
    for dn, dt in DTYPES.items():
        xs = [values(rng, (2, 3), dt, "normal") for _ in range(8)]
        w.two("all_gather", f"2x4_tp_{dn}", "2x4", 'axes = ["tp"]', xs,
              mm.all_gather(m24, ["tp"], 0, xs), dt)
        xs = [values(rng, (8, 3), dt, "normal") for _ in range(8)]
        w.two("all_to_all", f"8_{dn}", "8", 'axes = ["x"]', xs, mm.all_to_all(m8, ["x"], 0, 0, xs),
              dt)
        xs = [values(rng, (3, 2), dt, "normal") for _ in range(8)]
        w.two("collective_gather", f"2x4_dp_root1_{dn}", "2x4", 'axes = ["dp"], root = 1', xs,
              mm.gather(m24, ["dp"], 0, 1, xs), dt)
        xs = [values(rng, (8, 2), dt, "normal") for _ in range(8)]
        w.two("collective_scatter", f"2x4_tp_root2_{dn}", "2x4", 'axes = ["tp"], root = 2', xs,
              mm.scatter(m24, ["tp"], 0, 2, xs), dt)
        pairs = [[0, 3], [3, 1], [1, 0]]
        xs = [values(rng, (4,), dt, "normal") for _ in range(8)]
        w.two("ppermute", f"2x4_tp_{dn}", "2x4", f'axes = ["tp"], pairs = {pairs}', xs,
              mm.ppermute(m24, ["tp"], pairs, xs), dt, "Group rank 2 is no destination: zeros.")
    for dn in REDUCIBLE:
        dt = DTYPES[dn]
        xs = [values(rng, (8, 2), dt) for _ in range(8)]
        w.two("reduce_scatter", f"sum_8_{dn}", "8", 'axes = ["x"], op = "sum"', xs,
              mm.reduce_scatter(m8, ["x"], "sum", 0, xs), dt, EXACT_NOTE)
        xs = [values(rng, (4, 2), dt, "pow2") for _ in range(8)]
        w.two("collective_reduce", f"prod_2x4_tp_root3_{dn}", "2x4",
              'axes = ["tp"], op = "prod", root = 3', xs, mm.reduce(m24, ["tp"], "prod", 3, xs), dt,
              EXACT_NOTE)
    xs = [values(rng, (16, 2), np.float32, "normal") for _ in range(8)]
    w.two("reduce_scatter", "sum_rank_order_8_f32", "8", 'axes = ["x"], op = "sum"', xs,
          mm.reduce_scatter(m8, ["x"], "sum", 0, xs), np.float32,
          "Arbitrary values: the fold in group-rank order with one rounding per step.",
          deterministic=True)
    # NVL72 (4x9x2): all_to_all over tp (9 ranks) and reduce_scatter over all 72 ranks.
    xs = [values(rng, (9, 2), np.float32, "normal") for _ in range(72)]
    w.two("all_to_all", "nvl72_tp_f32", "nvl72", 'axes = ["tp"]', xs,
          mm.all_to_all(m72, ["tp"], 0, 0, xs), np.float32)
    xs = [values(rng, (72,), np.int32) for _ in range(72)]
    w.two("reduce_scatter", "sum_nvl72_all_i32", "nvl72", 'axes = ["dp", "tp", "pp"], op = "sum"',
          xs, mm.reduce_scatter(m72, ["dp", "tp", "pp"], "sum", 0, xs), np.int32)
    # send/recv: a pipeline step over pp (two messages per pair, FIFO) on the 2x4 mesh.
    pairs = [[0, 1], [1, 2], [2, 3]]
    for dn in ("f32", "e4m3"):
        dt = DTYPES[dn]
        a = [values(rng, (4,), dt, "normal") for _ in range(8)]
        b = [values(rng, (4,), dt, "normal") for _ in range(8)]
        t = mlir_type(a[0])
        mt = memref(t)
        sr = f'axes = ["tp"], pairs = {pairs}, channel = 3'
        body = (f"    tile.send %a {{{sr}}} : ({mt}) -> ()\n"
                f"    tile.send %b {{{sr}}} : ({mt}) -> ()\n"
                f"    tile.recv %y {{{sr}}} : ({mt}) -> ()\n"
                f"    tile.recv %z {{{sr}}} : ({mt}) -> ()\n")
        prog = module("2x4", [("a", t), ("b", t), ("y", t), ("z", t)], body, [t, t], [t, t])
        w.add("send", f"fifo_2x4_tp_{dn}", "2x4", prog, [a, b],
              [mm.ppermute(m24, ["tp"], pairs, a), mm.ppermute(m24, ["tp"], pairs, b)], dt,
              "Two messages per pair on one channel arrive in send order; group rank 0 receives "
              "nothing (zeros).", extra_ops=["op=tile.recv"])
    w.cf.write()


if __name__ == "__main__":
    main()
