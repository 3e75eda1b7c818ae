"""Tile IR collectives beyond all_reduce/all_gather (docs/ops/tile/collectives.md): reduce_scatter,
all_to_all, collective_broadcast/reduce/gather/scatter, ppermute and send/recv, each called by every
tile of a launch on every rank. Results are checked bit for bit against mesh_model.py (numpy)."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import harness as h
import mesh_model as mm

BF16 = ml_dtypes.bfloat16
E4M3 = ml_dtypes.float8_e4m3fn


def mtype(shape, dt):
    return "memref<" + "x".join(str(d) for d in shape) + "x" + h.MLIR[np.dtype(dt)] + ">"


def one_op(mesh_axes, mesh_shape, line, src_shape, dst_shape, dt):
    """A kernel whose every tile calls `line` (the collective, reading %x, writing %y)."""
    s, d = mtype(src_shape, dt), mtype(dst_shape, dt)
    ts, td = h.ttype(src_shape, dt), h.ttype(dst_shape, dt)
    return f"""module attributes {{{h.mesh_attr(mesh_axes, mesh_shape)}}} {{
  func.func @k(%x: {s}, %y: {d}) {{
    {line} : ({s}, {d}) -> ()
    return
  }}
  func.func @main(%x: {ts}) -> {td} {{
    %y = tile.launch %x {{callee = @k, grid = [2], tiles = 4, lanes = 32}} : ({ts}) -> {td}
    return %y : {td}
  }}
}}
"""


def inputs(size, shape, dt, seed):
    rng = np.random.default_rng(seed)
    if np.dtype(dt).kind == "i":
        return [rng.integers(-1000, 1000, shape).astype(dt) for _ in range(size)]
    return [(rng.standard_normal(shape) * 4).astype(np.float32).astype(dt) for _ in range(size)]


def ax(cax):
    return "[" + ", ".join(f'"{a}"' for a in cax) + "]"


MESHES = {"8": (["tp"], [8]), "2x4": (["dp", "tp"], [2, 4])}


def group_size(mesh_key, cax):
    axes, shape = MESHES[mesh_key]
    return int(np.prod([shape[axes.index(a)] for a in cax]))


def check(mesh_key, line, src_shape, dst_shape, dt, model, seed=3):
    axes, shape = MESHES[mesh_key]
    mesh = mm.Mesh(axes, shape)
    xs = inputs(mesh.size, src_shape, dt, seed)
    want = model(mesh, xs)
    for threads in ("1", "2"):
        (ys,) = h.run(one_op(axes, shape, line, src_shape, dst_shape, dt), {"x": xs}, [dt],
                      names=["y"], threads=threads)
        for r in range(mesh.size):
            got = ys[r].reshape(dst_shape)
            assert got.tobytes() == np.ascontiguousarray(want[r]).tobytes(), (threads, r)


@pytest.mark.parametrize("mesh_key,cax,op,dt", [
    ("8", ["tp"], "sum", np.float32),
    ("8", ["tp"], "avg", BF16),
    ("2x4", ["tp"], "max", np.int32),
    ("2x4", ["dp", "tp"], "prod", np.float64),
    ("2x4", ["dp"], "sum", np.float16),
    ("8", ["tp"], "sum", E4M3),  # fp8: decoded to f32, rounded to e4m3 after every step
])
def test_reduce_scatter(mesh_key, cax, op, dt):
    n = group_size(mesh_key, cax)
    check(mesh_key, f'tile.reduce_scatter %x, %y {{axes = {ax(cax)}, op = "{op}"}}', [4 * n, 3], [4, 3], dt,
          lambda m, xs: mm.reduce_scatter(m, cax, op, 0, xs))


@pytest.mark.parametrize("mesh_key,cax,dt", [
    ("8", ["tp"], np.float32),
    ("2x4", ["tp"], E4M3),
    ("2x4", ["dp", "tp"], np.int32),
])
def test_all_to_all(mesh_key, cax, dt):
    n = group_size(mesh_key, cax)
    check(mesh_key, f"tile.all_to_all %x, %y {{axes = {ax(cax)}}}", [2 * n, 5], [2 * n, 5], dt,
          lambda m, xs: mm.all_to_all(m, cax, 0, 0, xs))


@pytest.mark.parametrize("mesh_key,cax,root,op,dt", [
    ("8", ["tp"], 5, "sum", np.float32),
    ("2x4", ["tp"], 3, "min", BF16),
    ("2x4", ["dp"], 1, "avg", np.int32),
    ("8", ["tp"], 2, "max", ml_dtypes.float8_e5m2),
])
def test_collective_reduce(mesh_key, cax, root, op, dt):
    check(mesh_key, f'tile.collective_reduce %x, %y {{axes = {ax(cax)}, op = "{op}", root = {root}}}', [16],
          [16], dt, lambda m, xs: mm.reduce(m, cax, op, root, xs))


@pytest.mark.parametrize("mesh_key,cax,root,dt", [
    ("8", ["tp"], 0, np.float32),
    ("2x4", ["dp", "tp"], 6, BF16),
    ("2x4", ["tp"], 2, np.int32),
])
def test_collective_gather_and_scatter(mesh_key, cax, root, dt):
    n = group_size(mesh_key, cax)
    check(mesh_key, f"tile.collective_gather %x, %y {{axes = {ax(cax)}, root = {root}}}", [3, 2], [3 * n, 2], dt,
          lambda m, xs: mm.gather(m, cax, 0, root, xs))
    check(mesh_key, f"tile.collective_scatter %x, %y {{axes = {ax(cax)}, root = {root}}}", [3 * n, 2], [3, 2], dt,
          lambda m, xs: mm.scatter(m, cax, 0, root, xs))


@pytest.mark.parametrize("mesh_key,cax,pairs,dt", [
    ("8", ["tp"], [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]], np.float32),
    ("2x4", ["tp"], [[0, 3], [3, 0], [1, 1]], E4M3),  # rank 2 of each row gets zeros
    ("2x4", ["dp"], [[1, 0]], np.int32),
])
def test_ppermute(mesh_key, cax, pairs, dt):
    check(mesh_key, f"tile.ppermute %x, %y {{axes = {ax(cax)}, pairs = {pairs}}}", [8], [8], dt,
          lambda m, xs: mm.ppermute(m, cax, pairs, xs))


# In-place broadcast, and a pipeline of send/recv: each kernel first copies %x into the result %y
# (launch operands are read-only), one element per tile.
COPY = """    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()
"""


def copy_then(mesh_axes, mesh_shape, body):
    return f"""module attributes {{{h.mesh_attr(mesh_axes, mesh_shape)}}} {{
  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>) {{
{COPY}{body}    return
  }}
  func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {{
    %y, %z = tile.launch %x {{callee = @k, grid = [2], tiles = 4, lanes = 32}}
        : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    return %y, %z : tensor<8xf32>, tensor<8xf32>
  }}
}}
"""


@pytest.mark.parametrize("root", [0, 3])
def test_collective_broadcast_in_place(root):
    mesh = mm.Mesh(["dp", "tp"], [2, 4])
    xs = inputs(8, [8], np.float32, root)
    prog = copy_then(mesh.axes, mesh.shape,
                     f'    tile.collective_broadcast %y {{axes = ["tp"], root = {root}}} : (memref<8xf32>) -> ()\n')
    ys, _ = h.run(prog, {"x": xs}, [np.float32, np.float32], names=["y", "z"])
    want = mm.broadcast(mesh, ["tp"], root, xs)
    for r in range(8):
        assert ys[r].tobytes() == want[r].tobytes(), r


PIPE = """    tile.send %y {axes = ["pp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 0} : (memref<8xf32>) -> ()
    tile.send %x {axes = ["pp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 0} : (memref<8xf32>) -> ()
    tile.recv %y {axes = ["pp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 0} : (memref<8xf32>) -> ()
    tile.recv %z {axes = ["pp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 0} : (memref<8xf32>) -> ()
"""


def test_send_recv_is_fifo_per_channel_and_non_destinations_get_zeros():
    mesh = mm.Mesh(["dp", "pp"], [2, 4])
    xs = inputs(8, [8], np.float32, 11)
    for threads in ("1", "2"):
        ys, zs = h.run(copy_then(mesh.axes, mesh.shape, PIPE), {"x": xs}, [np.float32, np.float32],
                       names=["y", "z"], threads=threads)
        # Both messages from pp-1 carry x_{pp-1}; the first recv takes the first (FIFO).
        want = mm.ppermute(mesh, ["pp"], [[0, 1], [1, 2], [2, 3]], xs)
        for r in range(8):
            assert ys[r].tobytes() == want[r].tobytes(), (threads, r)
            assert zs[r].tobytes() == want[r].tobytes(), (threads, r)


def test_reduce_scatter_then_all_gather_is_an_all_reduce_of_the_scattered_sum():
    """Two collectives in one kernel, the second reading the first's result in a later phase."""
    mesh = mm.Mesh(["tp"], [8])
    prog = f"""module attributes {{{h.mesh_attr(mesh.axes, mesh.shape)}}} {{
  func.func @k(%x: memref<16xf32>, %y: memref<2xf32>, %z: memref<16xf32>) {{
    tile.reduce_scatter %x, %y {{axes = ["tp"], op = "sum"}} : (memref<16xf32>, memref<2xf32>) -> ()
    tile.all_gather %y, %z {{axes = ["tp"]}} : (memref<2xf32>, memref<16xf32>) -> ()
    return
  }}
  func.func @main(%x: tensor<16xf32>) -> (tensor<2xf32>, tensor<16xf32>) {{
    %y, %z = tile.launch %x {{callee = @k, grid = [3], tiles = 2, lanes = 32}}
        : (tensor<16xf32>) -> (tensor<2xf32>, tensor<16xf32>)
    return %y, %z : tensor<2xf32>, tensor<16xf32>
  }}
}}
"""
    xs = inputs(8, [16], np.float32, 5)
    _, zs = h.run(prog, {"x": xs}, [np.float32, np.float32], names=["y", "z"])
    want = mm.all_gather(mesh, ["tp"], 0, mm.reduce_scatter(mesh, ["tp"], "sum", 0, xs))
    for r in range(8):
        assert zs[r].tobytes() == want[r].tobytes(), r


def p2p_failure(body):
    """Runs copy_then(body) on a 2x4 (dp, pp) mesh; returns stderr of the failing run."""
    rc, err = h.run(copy_then(["dp", "pp"], [2, 4], body), {"x": inputs(8, [8], np.float32, 1)},
                    [np.float32, np.float32], expect_fail=True)
    assert rc == 1, err
    return err


def sr(op, buf, pairs, channel, ty="memref<8xf32>"):
    return f'    tile.{op} {buf} {{axes = ["pp"], pairs = {pairs}, channel = {channel}}} : ({ty}) -> ()\n'


def test_recv_without_send_is_a_diagnostic():
    err = p2p_failure(sr("recv", "%y", [[0, 1]], 2))
    assert "prog.mlir:6:5: error: 'tile.recv' op tile.recv has no matching tile.send: no message from " \
           "rank 0 (dp=0, pp=0) to rank 1 (dp=0, pp=1) on channel 2 was posted earlier in this launch" in err
    assert "(tcoll_run_c3)" in err
    # A message on another channel does not match; the note points at a send on this channel only.
    err = p2p_failure(sr("send", "%y", [[2, 3]], 1) + sr("recv", "%z", [[2, 3]], 0))
    assert "prog.mlir:7:5: error: 'tile.recv' op tile.recv has no matching tile.send" in err
    assert "note: a send on this channel" not in err


def test_send_never_received_is_a_diagnostic():
    err = p2p_failure(sr("send", "%y", [[2, 3]], 1))
    assert "prog.mlir:6:5: error: 'tile.send' op message from rank 2 (dp=0, pp=2) to rank 3 (dp=0, pp=3) " \
           "on channel 1 is never received: the launch ends without a matching tile.recv (tcoll_run_c3)" in err


def test_recv_of_another_size_is_a_diagnostic():
    prog = f"""module attributes {{{h.mesh_attr(["dp", "pp"], [2, 4])}}} {{
  func.func @k(%x: memref<8xf32>, %w: memref<4xf32>) {{
{sr("send", "%x", [[1, 2]], 0)}{sr("recv", "%w", [[1, 2]], 0, "memref<4xf32>")}    return
  }}
  func.func @main(%x: tensor<8xf32>) -> tensor<4xf32> {{
    %w = tile.launch %x {{callee = @k, grid = [1], tiles = 2, lanes = 32}} : (tensor<8xf32>) -> tensor<4xf32>
    return %w : tensor<4xf32>
  }}
}}
"""
    rc, err = h.run(prog, {"x": inputs(8, [8], np.float32, 1)}, [np.float32], expect_fail=True)
    assert rc == 1, err
    assert "prog.mlir:4:5: error: 'tile.recv' op receives 4 elements of f32 but the message from rank 1 " \
           "(dp=0, pp=1) to rank 2 (dp=0, pp=2) on channel 0 holds 8 of f32 (tcoll_run_c3)" in err
    assert "prog.mlir:3:5: note: the send is here" in err


def test_writing_a_launch_operand_is_refused():
    mesh = mm.Mesh(["tp"], [8])
    line = 'tile.ppermute %y, %x {axes = ["tp"], pairs = [[0, 1]]}'
    prog = one_op(mesh.axes, mesh.shape, line, [8], [8], np.float32)
    rc, err = h.run(prog, {"x": inputs(8, [8], np.float32, 1)}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "writes %x, an operand of the tile.launch (read-only, mem_m4)" in err and "(tcoll_run_c2)" in err


def test_ring_all_reduce_example_equals_the_sum():
    """examples/mesh/ring_all_reduce.mlir: NCCL's ring algorithm written with tile.ppermute inside
    scf.for loops (14 phases); on integer-valued inputs every summation order is exact, so the
    result must equal numpy's sum on every rank, and the kernel must be clean under --check all."""
    import subprocess
    import tempfile
    from pathlib import Path
    example = Path(__file__).resolve().parents[2] / "examples" / "mesh" / "ring_all_reduce.mlir"
    x = np.random.default_rng(9).integers(-1000, 1000, 1024).astype(np.float32)
    text = example.read_text()
    # The same kernel reached through a func.call (the call then runs over all ranks at once).
    called = text.replace("func.func @main(%x: tensor<128xf32> {tessera.shard = {partition = [0], "
                          'mesh_axes = ["x"]}})\n      -> tensor<128xf32> {',
                          "func.func @inner(%x: tensor<128xf32>) -> tensor<128xf32> {")
    assert called != text
    called = called.rstrip()[:-1] + """  func.func @main(%x: tensor<128xf32> {tessera.shard = {partition = [0], mesh_axes = ["x"]}})
      -> tensor<128xf32> {
    %acc = func.call @inner(%x) : (tensor<128xf32>) -> tensor<128xf32>
    return %acc : tensor<128xf32>
  }
}
"""
    with tempfile.TemporaryDirectory() as tmp:
        np.save(Path(tmp) / "x.npy", x)
        (Path(tmp) / "called.mlir").write_text(called)
        for threads, prog in (("1", example), ("2", example), ("2", Path(tmp) / "called.mlir")):
            p = subprocess.run([h.INTERP, "run", str(prog), "--input", f"x={tmp}/x.npy", "--output-dir",
                                f"{tmp}/out", "--check", "all", "--threads", threads],
                               capture_output=True, text=True, timeout=600)
            assert p.returncode == 0, p.stderr
            acc = np.load(Path(tmp) / "out" / "acc.npy")  # replicated: every rank agreed bit for bit
            assert acc.tobytes() == x.reshape(8, 128).sum(axis=0).tobytes()
