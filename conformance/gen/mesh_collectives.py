"""Mesh collectives: writes conformance/cases/mesh/<op>.mlir for every collective.

Expected values come from tests/mesh/mesh_model.py, an independent numpy model of the semantics in
docs/collectives.md (never from the interpreter). Element types f32, bf16, fp8 e4m3 and int32 on an
8-rank mesh ("x") and a 2x4 mesh ("dp", "tp"); all_reduce and all_gather also on the 4x9x2 NVL72
mesh ("dp", "tp", "pp"). Float reductions use inputs whose results are exact in any order (small
integers, powers of two), so a backend that folds in another order (NCCL rings and trees) passes
too; the `*_rank_order` cases use arbitrary values whose result depends on the documented
group-rank fold order and require deterministic mode.

Run from the repo root: python3 conformance/gen/mesh_collectives.py
"""
from __future__ import annotations

import os

import ml_dtypes
import numpy as np

from mesh_cases import MeshCaseFile, axes_attr, mesh_model as mm, mesh_module
from casefile import mlir_type, round_f64_to

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "cases", "mesh")
DTYPES = {"f32": np.float32, "bf16": ml_dtypes.bfloat16, "e4m3": ml_dtypes.float8_e4m3fn,
          "i32": np.int32}
MESHES = {"8": (["x"], [8]), "2x4": (["dp", "tp"], [2, 4]), "nvl72": (["dp", "tp", "pp"], [4, 9, 2])}
EXACT_NOTE = "Inputs are small integers: every fold order gives the same bits."


def mlir_elem(dtype) -> str:
    return mlir_type(np.zeros((), dtype))[7:-1]


def values(rng, shape, dtype, kind="ints"):
    """Per-rank test values. kind: ints (|v| <= 8; fp8 |v| <= 2), pow2 (+-1, +-2, 0.5: exact products),
    normal (arbitrary; f32/bf16/e4m3 rounding depends on the fold order)."""
    dt = np.dtype(dtype)
    if dt.kind == "i":
        return rng.integers(np.iinfo(dt).min, np.iinfo(dt).max, size=shape, dtype=dt,
                            endpoint=True)
    if kind == "pow2":
        x = rng.choice([-2.0, -1.0, 0.5, 1.0, 2.0], size=shape)
    elif kind == "normal":
        x = rng.normal(0, 3, size=shape)
    elif dt.itemsize == 1:  # fp8: |v| <= 2, so sums of up to 8 terms stay exact integers <= 16
        x = rng.integers(-2, 3, size=shape).astype(np.float64)
    else:
        x = rng.integers(-8, 9, size=shape).astype(np.float64)
    return round_f64_to(x, dt)


class Writer:
    """One case file per op; `case` computes nothing, it only formats."""

    def __init__(self, op):
        self.op = op
        self.cf = MeshCaseFile(os.path.join(OUT, f"{op}.mlir"), generator=__file__,
                               header=f"tessera.{op}: per-rank inputs and expectations "
                                      "(docs/collectives.md).")

    def case(self, name, mesh, body, params, results, inputs, expected, dtype, note="",
             extra_ops=(), deterministic=False):
        axes, shape = MESHES[mesh]
        ranks = int(np.prod(shape))
        reqs = [f"op=tessera.{self.op}", *extra_ops, f"dtype={mlir_elem(dtype)}", "level=graph"]
        if deterministic:
            reqs.append("deterministic=1")
        self.cf.add_mesh_case(name, mesh_module(axes, shape, params, results, body), ranks,
                              inputs, expected, requires=reqs, note=note)

    def unary(self, name, mesh, attrs, xs, want, dtype, note="", deterministic=False):
        """`%r = "tessera.<op>"(%a0) {attrs}` with per-rank operand xs and per-rank results."""
        tin, tout = mlir_type(xs[0]), mlir_type(want[0])
        body = (f'    %r = "tessera.{self.op}"(%a0) {{{attrs}}} : ({tin}) -> {tout}\n'
                f"    return %r : {tout}\n")
        self.case(name, mesh, body, [tin], [tout], [xs], [want], dtype, note,
                  deterministic=deterministic)


def mesh_of(name):
    return mm.Mesh(*MESHES[name])


def gen_all_reduce(seed=1):
    w = Writer("all_reduce")
    rng = np.random.default_rng(seed)
    for dn, dt in DTYPES.items():
        m = mesh_of("8")
        xs = [values(rng, (3, 4), dt) for _ in range(m.size)]
        w.unary(f"sum_8_{dn}", "8", 'axes = ["x"], op = "sum"', xs,
                mm.all_reduce(m, ["x"], "sum", xs), dt, EXACT_NOTE)
        m = mesh_of("2x4")
        for op in ("sum", "prod", "max", "min", "avg"):
            xs = [values(rng, (2, 3), dt, "pow2" if op == "prod" else "ints")
                  for _ in range(m.size)]
            w.unary(f"{op}_2x4_tp_{dn}", "2x4", f'axes = ["tp"], op = "{op}"', xs,
                    mm.all_reduce(m, ["tp"], op, xs), dt, EXACT_NOTE)
        xs = [values(rng, (5,), dt) for _ in range(m.size)]
        w.unary(f"sum_2x4_dp_tp_{dn}", "2x4", 'axes = ["dp", "tp"], op = "sum"', xs,
                mm.all_reduce(m, ["dp", "tp"], "sum", xs), dt, EXACT_NOTE)
    for dn in ("f32", "bf16", "e4m3"):
        dt, m = DTYPES[dn], mesh_of("8")
        xs = [values(rng, (4, 4), dt, "normal") for _ in range(m.size)]
        w.unary(f"sum_rank_order_8_{dn}", "8", 'axes = ["x"], op = "sum"', xs,
                mm.all_reduce(m, ["x"], "sum", xs), dt,
                "Arbitrary values: the result is the fold in group-rank order with one rounding "
                "per step.", deterministic=True)
        xs = [values(rng, (4, 4), dt, "normal") for _ in range(m.size)]
        w.unary(f"avg_rank_order_8_{dn}", "8", 'axes = ["x"], op = "avg"', xs,
                mm.all_reduce(m, ["x"], "avg", xs), dt,
                "NCCL avg: each input times T(1/n), then summed in group-rank order.",
                deterministic=True)
    m = mesh_of("nvl72")
    for dn, axes in (("f32", ["dp", "pp"]), ("i32", ["dp", "tp", "pp"]), ("bf16", ["tp"])):
        xs = [values(rng, (2, 3), DTYPES[dn]) for _ in range(m.size)]
        w.unary(f"sum_nvl72_{'_'.join(axes)}_{dn}", "nvl72",
                f'axes = {axes_attr(axes)}, op = "sum"', xs, mm.all_reduce(m, axes, "sum", xs),
                DTYPES[dn], EXACT_NOTE)
    w.cf.write()


def gen_all_gather(seed=2):
    w = Writer("all_gather")
    rng = np.random.default_rng(seed)
    for dn, dt in DTYPES.items():
        m = mesh_of("8")
        xs = [values(rng, (2, 3), dt, "normal") for _ in range(m.size)]
        w.unary(f"dim0_8_{dn}", "8", 'axes = ["x"], dim = 0', xs, mm.all_gather(m, ["x"], 0, xs), dt)
        m = mesh_of("2x4")
        xs = [values(rng, (2, 3), dt, "normal") for _ in range(m.size)]
        w.unary(f"dim1_2x4_tp_{dn}", "2x4", 'axes = ["tp"], dim = 1', xs,
                mm.all_gather(m, ["tp"], 1, xs), dt)
    m = mesh_of("nvl72")
    for dn, axes, dim in (("f32", ["tp"], 0), ("e4m3", ["dp", "pp"], 1), ("i32", ["pp"], 0)):
        xs = [values(rng, (1, 2), DTYPES[dn], "normal") for _ in range(m.size)]
        w.unary(f"dim{dim}_nvl72_{'_'.join(axes)}_{dn}", "nvl72",
                f"axes = {axes_attr(axes)}, dim = {dim}", xs, mm.all_gather(m, axes, dim, xs),
                DTYPES[dn])
    w.cf.write()


def gen_reduce_scatter(seed=3):
    w = Writer("reduce_scatter")
    rng = np.random.default_rng(seed)
    for dn, dt in DTYPES.items():
        m = mesh_of("8")
        xs = [values(rng, (8, 3), dt) for _ in range(m.size)]
        w.unary(f"sum_dim0_8_{dn}", "8", 'axes = ["x"], op = "sum", dim = 0', xs,
                mm.reduce_scatter(m, ["x"], "sum", 0, xs), dt, EXACT_NOTE)
        m = mesh_of("2x4")
        xs = [values(rng, (2, 8), dt, "normal") for _ in range(m.size)]
        w.unary(f"max_dim1_2x4_tp_{dn}", "2x4", 'axes = ["tp"], op = "max", dim = 1', xs,
                mm.reduce_scatter(m, ["tp"], "max", 1, xs), dt)
    w.cf.write()


def gen_all_to_all(seed=4):
    w = Writer("all_to_all")
    rng = np.random.default_rng(seed)
    for dn, dt in DTYPES.items():
        m = mesh_of("8")
        xs = [values(rng, (8, 2), dt, "normal") for _ in range(m.size)]
        w.unary(f"split0_concat1_8_{dn}", "8", 'axes = ["x"], split_dim = 0, concat_dim = 1', xs,
                mm.all_to_all(m, ["x"], 0, 1, xs), dt)
        m = mesh_of("2x4")
        xs = [values(rng, (3, 4), dt, "normal") for _ in range(m.size)]
        w.unary(f"split1_concat0_2x4_dp_{dn}", "2x4",
                'axes = ["dp"], split_dim = 1, concat_dim = 0', xs,
                mm.all_to_all(m, ["dp"], 1, 0, xs), dt)
    w.cf.write()


def gen_rooted(seed=5):
    rng = np.random.default_rng(seed)
    specs = {
        "collective_broadcast": [("8", ["x"], "root = 3", (2, 3),
                                  lambda m, a, xs: mm.broadcast(m, a, 3, xs)),
                                 ("2x4", ["tp"], "root = 1", (2, 3),
                                  lambda m, a, xs: mm.broadcast(m, a, 1, xs))],
        "collective_reduce": [("8", ["x"], 'op = "sum", root = 2', (2, 3),
                               lambda m, a, xs: mm.reduce(m, a, "sum", 2, xs)),
                              ("2x4", ["dp"], 'op = "min", root = 0', (2, 3),
                               lambda m, a, xs: mm.reduce(m, a, "min", 0, xs))],
        "collective_gather": [("8", ["x"], "dim = 0, root = 5", (1, 3),
                               lambda m, a, xs: mm.gather(m, a, 0, 5, xs)),
                              ("2x4", ["tp"], "dim = 1, root = 1", (2, 2),
                               lambda m, a, xs: mm.gather(m, a, 1, 1, xs))],
        "collective_scatter": [("8", ["x"], "dim = 0, root = 1", (8, 2),
                                lambda m, a, xs: mm.scatter(m, a, 0, 1, xs)),
                               ("2x4", ["tp"], "dim = 1, root = 3", (2, 4),
                                lambda m, a, xs: mm.scatter(m, a, 1, 3, xs))],
    }
    for op, rows in specs.items():
        w = Writer(op)
        for dn, dt in DTYPES.items():
            for mesh, axes, attrs, shape, model in rows:
                m = mesh_of(mesh)
                xs = [values(rng, shape, dt) for _ in range(m.size)]
                tag = attrs.replace('"', "").replace(" = ", "").replace(", ", "_")
                w.unary(f"{tag}_{mesh}_{'_'.join(axes)}_{dn}", mesh,
                        f"axes = {axes_attr(axes)}, {attrs}", xs, model(m, axes, xs), dt,
                        EXACT_NOTE if op == "collective_reduce" else "")
        w.cf.write()


PERMS = {"8": (["x"], [[i, (i + 1) % 8] for i in range(8)]),
         "2x4": (["tp"], [[0, 2], [2, 0], [1, 3]])}  # tp rank 1 is no destination: zeros


def pairs_attr(pairs):
    return "[" + ", ".join(f"[{s}, {d}]" for s, d in pairs) + "]"


def gen_ppermute(seed=6):
    w = Writer("ppermute")
    rng = np.random.default_rng(seed)
    for dn, dt in DTYPES.items():
        for mesh, (axes, pairs) in PERMS.items():
            m = mesh_of(mesh)
            xs = [values(rng, (2, 3), dt, "normal") for _ in range(m.size)]
            w.unary(f"{mesh}_{dn}", mesh, f"axes = {axes_attr(axes)}, pairs = {pairs_attr(pairs)}",
                    xs, mm.ppermute(m, axes, pairs, xs), dt)
    w.cf.write()


def gen_send_recv(seed=7):
    """send on channel 0, then the matching recv: the ppermute result, FIFO per pair."""
    w = Writer("send")
    w.cf.path = os.path.join(OUT, "send_recv.mlir")
    rng = np.random.default_rng(seed)
    for dn, dt in DTYPES.items():
        for mesh, (axes, pairs) in PERMS.items():
            m = mesh_of(mesh)
            xs = [values(rng, (2, 3), dt, "normal") for _ in range(m.size)]
            ys = [values(rng, (2, 3), dt, "normal") for _ in range(m.size)]
            t = mlir_type(xs[0])
            a, p = axes_attr(axes), pairs_attr(pairs)
            body = (f'    "tessera.send"(%a0) {{axes = {a}, pairs = {p}, channel = 0}} : ({t}) -> ()\n'
                    f'    "tessera.send"(%a1) {{axes = {a}, pairs = {p}, channel = 0}} : ({t}) -> ()\n'
                    f'    %r0 = "tessera.recv"() {{axes = {a}, pairs = {p}, channel = 0}} : () -> {t}\n'
                    f'    %r1 = "tessera.recv"() {{axes = {a}, pairs = {p}, channel = 0}} : () -> {t}\n'
                    f"    return %r0, %r1 : {t}, {t}\n")
            w.case(f"{mesh}_{dn}", mesh, body, [t, t], [t, t], [xs, ys],
                   [mm.ppermute(m, axes, pairs, xs), mm.ppermute(m, axes, pairs, ys)], dt,
                   "Two messages per pair on one channel arrive in send order (FIFO).",
                   extra_ops=["op=tessera.recv"])
    w.cf.write()


def gen_axis_index():
    w = Writer("axis_index")
    for mesh, axes in (("8", ["x"]), ("2x4", ["tp"]), ("2x4", ["dp", "tp"]), ("nvl72", ["dp", "pp"])):
        m = mesh_of(mesh)
        want = [None] * m.size
        for g in m.groups(axes):
            for k, r in enumerate(g):
                want[r] = np.array(k, np.int32)
        body = (f'    %r = "tessera.axis_index"() {{axes = {axes_attr(axes)}}} : () -> tensor<i32>\n'
                "    return %r : tensor<i32>\n")
        w.case(f"{mesh}_{'_'.join(axes)}", mesh, body, [], ["tensor<i32>"], [], [want], np.int32)
    w.cf.write()


def spec_attr(dim_axes, partial=()):
    """ShardSpec text: dim_axes = {dim: [axes]}."""
    parts = []
    if dim_axes:
        parts.append("partition = [" + ", ".join(str(d) for d in dim_axes) + "]")
        parts.append("mesh_axes = [" + ", ".join(axes_attr(a) for a in dim_axes.values()) + "]")
    if partial:
        parts.append(f"partial = {axes_attr(partial)}")
    return "{" + ", ".join(parts) + "}"


def shards(m, g, dim_axes):
    return mm.shard(m, g, [dim_axes.get(d, []) for d in range(g.ndim)])


def gen_redistribute(seed=8):
    """DTensor moves on 2x4 (dp, tp): expected = the global tensor cut by the dst spec."""
    w = Writer("redistribute")
    rng = np.random.default_rng(seed)
    m = mesh_of("2x4")
    moves = [("s0tp_to_r", {0: ["tp"]}, {}), ("r_to_s1dp", {}, {1: ["dp"]}),
             ("s0tp_to_s1tp", {0: ["tp"]}, {1: ["tp"]}),
             ("s0dp_s1tp_to_s1dp_tp", {0: ["dp"], 1: ["tp"]}, {1: ["dp", "tp"]})]
    for dn, dt in DTYPES.items():
        for name, src, dst in moves:
            g = values(rng, (8, 8), dt, "normal")
            xs, want = shards(m, g, src), shards(m, g, dst)
            w.unary(f"{name}_{dn}", "2x4", f"src = {spec_attr(src)}, dst = {spec_attr(dst)}", xs,
                    want, dt)
        # P(tp) -> R: the partial values are all-reduced (sum, group-rank order).
        xs = [values(rng, (2, 4), dt) for _ in range(m.size)]
        w.unary(f"ptp_to_r_{dn}", "2x4", f"src = {spec_attr({}, ['tp'])}, dst = {{}}", xs,
                mm.all_reduce(m, ["tp"], "sum", xs), dt, EXACT_NOTE)
    w.cf.write()


def gen_calls(seed=9):
    """func.call of functions with collectives: the call runs over all ranks at once."""
    cf = MeshCaseFile(os.path.join(OUT, "call.mlir"), generator=__file__,
                      header="func.call of functions with collectives in mesh programs "
                             "(docs/collectives.md, Execution).")
    rng = np.random.default_rng(seed)
    m = mesh_of("2x4")
    for dn in ("f32", "bf16", "i32"):
        dt = DTYPES[dn]
        t = f"tensor<6x{mlir_elem(dt)}>"
        g = f"tensor<12x{mlir_elem(dt)}>"
        program = (
            'module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {\n'
            f"  func.func @sum_tp(%a: {t}) -> {t} {{\n"
            f'    %s = "tessera.all_reduce"(%a) {{axes = ["tp"], op = "sum"}} : ({t}) -> {t}\n'
            f"    return %s : {t}\n  }}\n"
            f"  func.func @both(%a: {t}) -> ({t}, {g}) {{\n"
            f'    %s = "func.call"(%a) {{callee = @sum_tp}} : ({t}) -> {t}\n'
            f'    %g = "tessera.all_gather"(%a) {{axes = ["dp"], dim = 0}} : ({t}) -> {g}\n'
            f"    return %s, %g : {t}, {g}\n  }}\n"
            f"  func.func @main(%a: {t}) -> ({t}, {g}) {{\n"
            f'    %r:2 = "func.call"(%a) {{callee = @both}} : ({t}) -> ({t}, {g})\n'
            f"    return %r#0, %r#1 : {t}, {g}\n  }}\n}}\n")
        xs = [values(rng, (6,), dt) for _ in range(m.size)]
        cf.add_mesh_case(f"nested_{dn}", program, m.size, [xs],
                         [mm.all_reduce(m, ["tp"], "sum", xs), mm.all_gather(m, ["dp"], 0, xs)],
                         requires=["op=func.call", "op=tessera.all_reduce", "op=tessera.all_gather",
                                   f"dtype={mlir_elem(dt)}", "level=graph"], note=EXACT_NOTE)
    cf.write()


if __name__ == "__main__":
    gen_all_reduce()
    gen_all_gather()
    gen_reduce_scatter()
    gen_all_to_all()
    gen_rooted()
    gen_ppermute()
    gen_send_recv()
    gen_axis_index()
    gen_redistribute()
    gen_calls()
