"""Tile IR collectives (docs/ops/tile/collectives.md): a tile kernel launched on every rank calls
tile.all_reduce / tile.all_gather; results are checked bit for bit against mesh_model.py."""
from __future__ import annotations

import numpy as np
import pytest

import harness as h
import mesh_model as mm

N = 32  # elements per rank: one per tile (grid [4], tiles 8)
TY = {np.dtype(np.float32): "f32", np.dtype(np.int32): "i32", np.dtype(np.float64): "f64"}


def program(axes, shape, cax, op, dt):
    """y = all_reduce(x); z[i] = y[(i + 5) % N] (another group's element, read after the
    collective); g = all_gather(z) over the same axes."""
    t = TY[np.dtype(dt)]
    n = int(np.prod([shape[axes.index(a)] for a in cax]))
    ax = ", ".join(f'"{a}"' for a in cax)
    return f"""module attributes {{{h.mesh_attr(axes, shape)}}} {{
  func.func @k(%x: memref<{N}x{t}>, %y: memref<{N}x{t}>, %z: memref<{N}x{t}>, %g: memref<{n * N}x{t}>) {{
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<{N}x{t}>, index) -> {t}
    tile.store %v, %y, %i : ({t}, memref<{N}x{t}>, index) -> ()
    tile.all_reduce %y {{axes = [{ax}], op = "{op}"}} : (memref<{N}x{t}>) -> ()
    %five = arith.constant {{value = 5 : index}} : index
    %n = arith.constant {{value = {N} : index}} : index
    %s = arith.addi %i, %five : (index, index) -> index
    %j = arith.remsi %s, %n : (index, index) -> index
    %w = tile.load %y, %j : (memref<{N}x{t}>, index) -> {t}
    tile.store %w, %z, %i : ({t}, memref<{N}x{t}>, index) -> ()
    tile.all_gather %z, %g {{axes = [{ax}]}} : (memref<{N}x{t}>, memref<{n * N}x{t}>) -> ()
    return
  }}
  func.func @main(%x: tensor<{N}x{t}>) -> (tensor<{N}x{t}>, tensor<{N}x{t}>, tensor<{n * N}x{t}>) {{
    %y, %z, %g = tile.launch %x {{callee = @k, grid = [4], tiles = 8, lanes = 32}}
        : (tensor<{N}x{t}>) -> (tensor<{N}x{t}>, tensor<{N}x{t}>, tensor<{n * N}x{t}>)
    return %y, %z, %g : tensor<{N}x{t}>, tensor<{N}x{t}>, tensor<{n * N}x{t}>
  }}
}}
"""


def inputs(size, dt, seed):
    rng = np.random.default_rng(seed)
    if np.dtype(dt).kind == "f":
        return [rng.standard_normal(N).astype(dt) for _ in range(size)]
    return [rng.integers(-1000, 1000, N).astype(dt) for _ in range(size)]


CASES = [
    (["tp"], [8], ["tp"], "sum", np.float32),
    (["tp"], [8], ["tp"], "avg", np.float32),
    (["tp"], [8], ["tp"], "max", np.int32),
    (["dp", "tp"], [2, 4], ["tp"], "sum", np.float32),
    (["dp", "tp"], [2, 4], ["dp"], "min", np.float64),
    (["dp", "tp"], [2, 4], ["dp", "tp"], "avg", np.int32),
]


@pytest.mark.parametrize("axes,shape,cax,op,dt", CASES)
def test_matches_numpy_model(axes, shape, cax, op, dt):
    mesh = mm.Mesh(axes, shape)
    xs = inputs(mesh.size, dt, seed=len(cax) * 31 + len(op))
    outs = {}
    for threads in ("1", "2"):
        outs[threads] = h.run(program(axes, shape, cax, op, dt), {"x": xs}, [dt, dt, dt], names=["y", "z", "g"],
                              threads=threads)
    y_want = mm.all_reduce(mesh, cax, op, xs)
    z_want = [np.roll(y, -5) for y in y_want]
    g_want = mm.all_gather(mesh, cax, 0, z_want)
    for threads, (y, z, g) in outs.items():
        for r in range(mesh.size):
            assert y[r].tobytes() == y_want[r].tobytes(), (threads, r)
            assert z[r].tobytes() == z_want[r].tobytes(), (threads, r)
            assert g[r].tobytes() == g_want[r].tobytes(), (threads, r)


SKIP = """module attributes {tessera.mesh = {axes = ["tp"], shape = [8]}} {
  func.func @k(%x: memref<32xf32>, %f: memref<1xi32>, %y: memref<32xf32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<32xf32>, index) -> f32
    tile.store %v, %y, %i : (f32, memref<32xf32>, index) -> ()
    %zero = arith.constant {value = 0 : i32} : i32
    %c0 = arith.constant {value = 0 : index} : index
    %flag = tile.load %f, %c0 : (memref<1xi32>, index) -> i32
    %go = arith.cmpi %flag, %zero {predicate = 0} : (i32, i32) -> i1
    "scf.if"(%go) ({
      tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<32xf32>) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main(%x: tensor<32xf32>, %flag: tensor<1xi32>) -> tensor<32xf32> {
    %y = tile.launch %x, %flag {callee = @k, grid = [4], tiles = 8, lanes = 32}
        : (tensor<32xf32>, tensor<1xi32>) -> tensor<32xf32>
    return %y : tensor<32xf32>
  }
}
"""


@pytest.mark.parametrize("threads", ["1", "2"])
def test_rank_skipping_the_collective_is_a_diagnostic(threads):
    xs = inputs(8, np.float32, 1)
    flags = [np.array([1 if r == 3 else 0], np.int32) for r in range(8)]
    rc, err = h.run(SKIP, {"x": xs, "flag": flags}, [np.float32], expect_fail=True,
                    threads=threads)
    assert rc == 1
    assert "prog.mlir:11:7: error: 'tile.all_reduce' op tile collective mismatch" in err
    assert "rank 3 (tp=3) group 0 of kernel @k exited without reaching this collective" in err
    assert "which rank 0 (tp=0) group 0 waits at" in err
    assert "(tcoll_run_c1)" in err


def test_tiles_of_one_group_diverging_at_a_collective():
    prog = SKIP.replace("%go = arith.cmpi %flag, %zero", "%tid = tile.local_id : index\n"
                        "    %t0 = arith.index_cast %tid : (index) -> i32\n"
                        "    %go = arith.cmpi %t0, %zero")
    xs = inputs(8, np.float32, 1)
    flags = [np.array([0], np.int32) for _ in range(8)]
    rc, err = h.run(prog, {"x": xs, "flag": flags}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "collective divergence: tile 1 of group 0 of kernel @k exited" in err


def test_all_reduce_of_a_launch_operand_is_refused():
    prog = SKIP.replace("tile.all_reduce %y", "tile.all_reduce %x")
    xs = inputs(8, np.float32, 1)
    flags = [np.array([0], np.int32) for _ in range(8)]
    rc, err = h.run(prog, {"x": xs, "flag": flags}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "writes %x, an operand of the tile.launch" in err and "(tcoll_run_c2)" in err


def test_ranks_reaching_different_collectives():
    prog = SKIP.replace('''      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()''', '''      "scf.yield"() : () -> ()
    }, {
      tile.all_reduce %y {axes = ["tp"], op = "max"} : (memref<32xf32>) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()''')
    xs = inputs(8, np.float32, 1)
    flags = [np.array([1 if r == 5 else 0], np.int32) for r in range(8)]
    rc, err = h.run(prog, {"x": xs, "flag": flags}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "rank 0 (tp=0) group 0 waits at this collective but rank 5 (tp=5) group 0 waits at " \
           "another one (tcoll_run_c1)" in err
    assert "prog.mlir:14:7: note: rank 5 (tp=5) group 0 waits here" in err

