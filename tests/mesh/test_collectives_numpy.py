"""Collectives vs the independent numpy model (mesh_model.py), bit for bit."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import harness as h
import mesh_model as mm

BF16, E4M3, E5M2 = ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2
MESHES = {
    "8": (["x"], [8]),
    "2x4": (["dp", "tp"], [2, 4]),
    "nvl72": (["dp", "tp", "pp"], [4, 9, 2]),
}


def rand(rng, shape, dtype):
    dt = np.dtype(dtype)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return rng.integers(info.min, info.max, size=shape, dtype=dt, endpoint=True)
    x = rng.normal(0, 2, size=shape)
    if dt in mm.LOW:
        return mm.round_f64_to(x, dt)
    return x.astype(dt)


def inputs(mesh, shape, dtype, seed):
    rng = np.random.default_rng(seed)
    return [rand(rng, shape, dtype) for _ in range(mesh.size)]


def module(mesh_axes, mesh_shape, op_text, in_type, out_type):
    return (f"module attributes {{{h.mesh_attr(mesh_axes, mesh_shape)}}} {{\n"
            f"  func.func @main(%x: {in_type}) -> {out_type} {{\n"
            f"    %r = {op_text} : ({in_type}) -> {out_type}\n"
            f"    return %r : {out_type}\n  }}\n}}\n")


def axes_attr(axes):
    return "[" + ", ".join(f'"{a}"' for a in axes) + "]"


def check(got, want):
    assert len(got) == len(want)
    for r, (g, w) in enumerate(zip(got, want)):
        assert g.shape == w.shape, f"rank {r}"
        gb = g.reshape(-1).view(np.uint8)
        wb = np.ascontiguousarray(w).reshape(-1).view(np.uint8)
        assert np.array_equal(gb, wb), f"rank {r}: got {g} want {w}"


DTYPES = [np.float32, np.float64, np.float16, BF16, E4M3, E5M2, np.int8, np.int32, np.int64,
          np.uint8, np.uint32]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", ["sum", "prod", "max", "min", "avg"])
def test_all_reduce_dtypes(op, dtype):
    axes, shape = MESHES["2x4"]
    m = mm.Mesh(axes, shape)
    xs = inputs(m, (3, 5), dtype, 1)
    t = h.ttype((3, 5), dtype)
    prog = module(axes, shape, f'tessera.all_reduce %x {{axes = ["tp"], op = "{op}"}}', t, t)
    got = h.run(prog, {"x": xs}, [dtype], ["r"])[0]
    check(got, mm.all_reduce(m, ["tp"], op, xs))


@pytest.mark.parametrize("mesh,axes", [("8", ["x"]), ("2x4", ["dp"]), ("2x4", ["dp", "tp"]),
                                       ("nvl72", ["tp"]), ("nvl72", ["dp", "pp"]),
                                       ("nvl72", ["dp", "tp", "pp"])])
def test_all_reduce_groups(mesh, axes):
    ma, ms = MESHES[mesh]
    m = mm.Mesh(ma, ms)
    xs = inputs(m, (4, 6), np.float32, 2)
    t = h.ttype((4, 6), np.float32)
    prog = module(ma, ms, f'tessera.all_reduce %x {{axes = {axes_attr(axes)}, op = "sum"}}', t, t)
    check(h.run(prog, {"x": xs}, [np.float32], ["r"])[0], mm.all_reduce(m, axes, "sum", xs))


@pytest.mark.parametrize("mesh,axes,dim", [("8", ["x"], 0), ("2x4", ["tp"], 1),
                                           ("nvl72", ["tp"], 0), ("nvl72", ["dp", "pp"], 1)])
@pytest.mark.parametrize("dtype", [np.float32, BF16, E4M3, np.int16])
def test_all_gather(mesh, axes, dim, dtype):
    ma, ms = MESHES[mesh]
    m = mm.Mesh(ma, ms)
    xs = inputs(m, (2, 3), dtype, 3)
    want = mm.all_gather(m, axes, dim, xs)
    prog = module(ma, ms, f"tessera.all_gather %x {{axes = {axes_attr(axes)}, dim = {dim}}}",
                  h.ttype((2, 3), dtype), h.ttype(want[0].shape, dtype))
    check(h.run(prog, {"x": xs}, [dtype], ["r"])[0], want)


@pytest.mark.parametrize("mesh,axes,dim", [("8", ["x"], 0), ("2x4", ["tp"], 1),
                                           ("nvl72", ["tp"], 1), ("nvl72", ["dp", "pp"], 0)])
@pytest.mark.parametrize("dtype,op", [(np.float32, "sum"), (BF16, "sum"), (np.float16, "avg"),
                                      (np.int32, "max"), (E5M2, "sum")])
def test_reduce_scatter(mesh, axes, dim, dtype, op):
    ma, ms = MESHES[mesh]
    m = mm.Mesh(ma, ms)
    n = len(m.groups(axes)[0])
    shape = (n * 2, 3) if dim == 0 else (2, n * 3)
    xs = inputs(m, shape, dtype, 4)
    want = mm.reduce_scatter(m, axes, op, dim, xs)
    prog = module(ma, ms, f'tessera.reduce_scatter %x {{axes = {axes_attr(axes)}, op = "{op}", dim = {dim}}}',
                  h.ttype(shape, dtype), h.ttype(want[0].shape, dtype))
    check(h.run(prog, {"x": xs}, [dtype], ["r"])[0], want)


@pytest.mark.parametrize("mesh,axes,split,concat", [("8", ["x"], 0, 0), ("8", ["x"], 0, 1),
                                                    ("2x4", ["tp"], 1, 0), ("nvl72", ["tp"], 0, 1)])
def test_all_to_all(mesh, axes, split, concat):
    ma, ms = MESHES[mesh]
    m = mm.Mesh(ma, ms)
    n = len(m.groups(axes)[0])
    shape = [2, 3]
    shape[split] *= n
    xs = inputs(m, tuple(shape), np.float32, 5)
    want = mm.all_to_all(m, axes, split, concat, xs)
    prog = module(ma, ms, f"tessera.all_to_all %x {{axes = {axes_attr(axes)}, split_dim = {split}, "
                          f"concat_dim = {concat}}}", h.ttype(tuple(shape), np.float32),
                  h.ttype(want[0].shape, np.float32))
    check(h.run(prog, {"x": xs}, [np.float32], ["r"])[0], want)


@pytest.mark.parametrize("kind", ["broadcast", "reduce", "gather", "scatter"])
@pytest.mark.parametrize("root", [0, 2])
def test_rooted(kind, root):
    ma, ms = MESHES["nvl72"]
    m = mm.Mesh(ma, ms)
    shape = (9 * 2, 2) if kind == "scatter" else (2, 2)
    xs = inputs(m, shape, BF16, 6)
    ax = '["tp"]'
    if kind == "broadcast":
        want, text = mm.broadcast(m, ["tp"], root, xs), f"tessera.collective_broadcast %x {{axes = {ax}, root = {root}}}"
    elif kind == "reduce":
        want = mm.reduce(m, ["tp"], "sum", root, xs)
        text = f'tessera.collective_reduce %x {{axes = {ax}, op = "sum", root = {root}}}'
    elif kind == "gather":
        want, text = mm.gather(m, ["tp"], 0, root, xs), f"tessera.collective_gather %x {{axes = {ax}, dim = 0, root = {root}}}"
    else:
        want, text = mm.scatter(m, ["tp"], 0, root, xs), f"tessera.collective_scatter %x {{axes = {ax}, dim = 0, root = {root}}}"
    prog = module(ma, ms, text, h.ttype(shape, BF16), h.ttype(want[0].shape, BF16))
    check(h.run(prog, {"x": xs}, [BF16], ["r"])[0], want)


@pytest.mark.parametrize("pairs", [[[0, 1], [1, 2], [2, 3]], [[3, 0], [0, 3]], []])
def test_ppermute(pairs):
    ma, ms = MESHES["2x4"]
    m = mm.Mesh(ma, ms)
    xs = inputs(m, (2, 2), np.int32, 7)
    t = h.ttype((2, 2), np.int32)
    prog = module(ma, ms, f'tessera.ppermute %x {{axes = ["tp"], pairs = {pairs}}}', t, t)
    check(h.run(prog, {"x": xs}, [np.int32], ["r"])[0], mm.ppermute(m, ["tp"], pairs, xs))


def test_axis_index_72():
    ma, ms = MESHES["nvl72"]
    m = mm.Mesh(ma, ms)
    prog = (f"module attributes {{{h.mesh_attr(ma, ms)}}} {{\n"
            "  func.func @main(%x: tensor<1xf32>) -> tensor<i32> {\n"
            '    %r = tessera.axis_index {axes = ["tp", "pp"]} : () -> tensor<i32>\n'
            "    return %r : tensor<i32>\n  }\n}\n")
    xs = [np.zeros(1, np.float32)] * m.size
    got = h.run(prog, {"x": xs}, [np.int32], ["r"])[0]
    want = [np.array(m.coords(r)[1] * 2 + m.coords(r)[2], np.int32) for r in range(m.size)]
    check(got, want)


@pytest.mark.parametrize("dtype,ranks", [(np.int8, 128), (np.int8, 256), (np.uint8, 256),
                                         (np.int16, 512)])
def test_integer_avg_with_groups_larger_than_the_type(dtype, ranks):
    """NCCL's integer avg divides the wrapped sum by the group size, which may not fit in the
    element type (256 ranks of i8): the division must happen in a wider type, never trap."""
    m = mm.Mesh(["x"], [ranks])
    xs = inputs(m, (3,), dtype, 7)
    t = h.ttype((3,), dtype)
    prog = module(["x"], [ranks], 'tessera.all_reduce %x {axes = ["x"], op = "avg"}', t, t)
    # Independent oracle: wrapping sum in the element type, then truncating division in Python ints.
    total = np.zeros(3, dtype)
    for x in xs:
        total = (total.astype(np.int64) + x.astype(np.int64)).astype(dtype)
    want = np.array([int(v) // ranks if int(v) >= 0 else -((-int(v)) // ranks) for v in total], dtype)
    check(h.run(prog, {"x": xs}, [dtype], ["r"])[0], [want] * ranks)


CALLS = """module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @scale(%a: tensor<8xf32>) -> tensor<8xf32> {
    %s = tessera.mul %a, %a : tensor<8xf32>
    return %s : tensor<8xf32>
  }
  func.func @reduce_tp(%a: tensor<8xf32>) -> tensor<8xf32> {
    %s = tessera.all_reduce %a {axes = ["tp"], op = "sum"} : (tensor<8xf32>) -> tensor<8xf32>
    return %s : tensor<8xf32>
  }
  func.func @twice(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %sq = func.call @scale(%a) : (tensor<8xf32>) -> tensor<8xf32>
    %r = func.call @reduce_tp(%sq) : (tensor<8xf32>) -> tensor<8xf32>
    %g = tessera.all_gather %a {axes = ["dp"], dim = 0} : (tensor<8xf32>) -> tensor<16xf32>
    %h = tessera.slice %g {start = [4], sizes = [8]} : (tensor<16xf32>) -> tensor<8xf32>
    return %r, %h : tensor<8xf32>, tensor<8xf32>
  }
  func.func @main(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %r, %h = func.call @twice(%a) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    return %r, %h : tensor<8xf32>, tensor<8xf32>
  }
}
"""


def test_calls_of_functions_with_collectives_run_over_all_ranks():
    """func.call (MLIR's custom form) of functions with collectives, nested two deep."""
    mesh = mm.Mesh(["dp", "tp"], [2, 4])
    xs = [np.random.default_rng(r).integers(-9, 10, 8).astype(np.float32) for r in range(8)]
    for threads in ("1", "2"):
        r, hs = h.run(CALLS, {"a": xs}, [np.float32, np.float32], names=["r", "h"], threads=threads)
        want_r = mm.all_reduce(mesh, ["tp"], "sum", [x * x for x in xs])
        want_h = [g[4:12] for g in mm.all_gather(mesh, ["dp"], 0, xs)]
        for k in range(8):
            assert r[k].tobytes() == want_r[k].tobytes(), (threads, k)
            assert hs[k].tobytes() == want_h[k].tobytes(), (threads, k)


CROSSING = """module attributes {tessera.mesh = {axes = ["pp"], shape = [4]}} {
  func.func @take(%z: tensor<4xf32>) -> tensor<4xf32> {
    %r = tessera.recv {axes = ["pp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 0} : () -> tensor<4xf32>
    %s = tessera.add %r, %z : tensor<4xf32>
    tessera.send %s {axes = ["pp"], pairs = [[3, 0]], channel = 1} : (tensor<4xf32>) -> ()
    return %s : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    tessera.send %a {axes = ["pp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 0} : (tensor<4xf32>) -> ()
    %s = func.call @take(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %b = tessera.recv {axes = ["pp"], pairs = [[3, 0]], channel = 1} : () -> tensor<4xf32>
    return %s, %b : tensor<4xf32>, tensor<4xf32>
  }
}
"""


def test_messages_cross_calls_in_both_directions():
    """A send in @main is received in @take, and a send in @take is received back in @main."""
    mesh = mm.Mesh(["pp"], [4])
    xs = [np.arange(4, dtype=np.float32) * (r + 1) for r in range(4)]
    s, b = h.run(CROSSING, {"a": xs}, [np.float32, np.float32], names=["s", "b"])
    got = mm.ppermute(mesh, ["pp"], [[0, 1], [1, 2], [2, 3]], xs)
    want_s = [g + x for g, x in zip(got, xs)]
    want_b = mm.ppermute(mesh, ["pp"], [[3, 0]], want_s)
    for r in range(4):
        assert s[r].tobytes() == want_s[r].tobytes(), r
        assert b[r].tobytes() == want_b[r].tobytes(), r
