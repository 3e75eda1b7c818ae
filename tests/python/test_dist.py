"""ts.dist collectives inside @ts.jit SPMD functions on the simulated mesh, against numpy.

Inputs are small integers in f32, so every sum is exact in any order and the numpy oracle
(slicing the global arrays by hand, docs/collectives.md) is exact.
"""
import os
import pathlib

import numpy as np
import pytest

import tessera as ts
from tessera import dist

MESH = dist.mesh(devices=[f"cuda:{i}" for i in range(8)], axes=("dp", "tp"), shape=(4, 2))
ROWS_DP = ts.ShardSpec(partition=("row",), mesh_axes=("dp",))
COLS_TP = ts.ShardSpec(partition=("col",), mesh_axes=("tp",))


def ints(shape, seed=0):
    return np.random.default_rng(seed).integers(-8, 9, size=shape).astype(np.float32)


def test_all_reduce_over_tp_of_column_shards_is_the_row_sum_of_blocks():
    g = ints((8, 6))
    X = dist.tensor(data=g, layout=COLS_TP, mesh=MESH)

    @ts.jit
    def f(x):
        return dist.all_reduce(x, axis="tp")

    out = f(X)  # replicated: every rank holds the sum of the two column blocks
    np.testing.assert_array_equal(out, g[:, :3] + g[:, 3:])
    assert 'tessera.all_reduce' in f.inspect_ir("graph")
    assert 'tessera.shard = {partition = ["col"], mesh_axes = ["tp"]}' in f.inspect_ir("graph")


def test_all_gather_reduce_scatter_and_with_sharding():
    g = ints((8, 6), 1)
    X = dist.tensor(data=g, layout=COLS_TP, mesh=MESH)

    @ts.jit
    def gather(x):
        return dist.all_gather(x, axis="tp")  # the last dim by default

    np.testing.assert_array_equal(gather(X), g)

    @ts.jit
    def scatter(x):
        # rows of the tp-sum, block g on tp rank g: a result sharded by rows over tp
        s = dist.reduce_scatter(x, axis="tp", dim=0)
        return dist.with_sharding(s, ts.ShardSpec(partition=("row",), mesh_axes=("tp",)))

    np.testing.assert_array_equal(scatter(X), g[:, :3] + g[:, 3:])


def test_axis_index_ppermute_broadcast_on_dp():
    g = ints((8, 2), 2)
    X = dist.tensor(data=g, layout=ROWS_DP, mesh=MESH)

    @ts.jit
    def f(x):
        shifted = dist.ppermute(x, axis="dp", pairs=[(0, 1), (1, 2), (2, 3), (3, 0)])
        root = dist.broadcast(x, axis="dp", root=2)
        dp_sum = dist.all_reduce(dist.axis_index("dp"), axis="dp")
        grid_sum = dist.all_reduce(dist.axis_index(("tp", "dp")), axis=("dp", "tp"))
        return dist.with_sharding(shifted, ROWS_DP), root, dp_sum, grid_sum

    shifted, root, dp_sum, grid_sum = f(X)
    blocks = g.reshape(4, 2, 2)
    np.testing.assert_array_equal(shifted, np.roll(blocks, 1, axis=0).reshape(8, 2))
    np.testing.assert_array_equal(root, blocks[2])
    assert dp_sum.dtype == np.int32 and dp_sum == 0 + 1 + 2 + 3
    # group rank over (dp, tp) in mesh order is d*2 + t: 0 + 1 + ... + 7
    assert grid_sum == sum(range(8))


def test_seventy_two_ranks_all_reduce():
    m = dist.mesh(devices=[f"cuda:{i}" for i in range(72)], axes=("dp", "tp", "pp"),
                  shape=(4, 9, 2))
    g = ints((72, 3), 3)
    X = dist.tensor(data=g, mesh=m,
                    layout=ts.ShardSpec(partition=(0,), mesh_axes=(("dp", "tp", "pp"),)))

    @ts.jit
    def f(x):
        return dist.all_reduce(x, axis=("dp", "tp", "pp"))

    np.testing.assert_array_equal(f(X), g.sum(axis=0, keepdims=True))


def test_errors_name_the_problem():
    @ts.jit
    def outside(x):
        return dist.all_reduce(x, axis="tp")

    with pytest.raises(ts.VerifyError, match="distributed tensors"):
        outside(np.zeros((2, 2), np.float32))
    X = dist.tensor(data=ints((8, 6)), layout=COLS_TP, mesh=MESH)

    @ts.jit
    def bad_axis(x):
        return dist.all_reduce(x, axis="pp")

    with pytest.raises(ts.VerifyError, match="no axis 'pp'") as e:
        bad_axis(X)
    assert "return dist.all_reduce(x, axis=\"pp\")" in str(e.value)  # the line, quoted

    @ts.jit
    def bad_dim(x):
        return dist.all_gather(x, axis="tp", dim=5)

    with pytest.raises(ts.VerifyError, match="dim 5 is out of range"):
        bad_dim(X)
    other = dist.tensor(data=ints((8, 6)), layout=COLS_TP,
                        mesh=dist.mesh(axes=("tp",), shape=(2,)))

    @ts.jit
    def two(x, y):
        return x + y

    with pytest.raises(ValueError, match="share one mesh"):
        two(X, other)


def test_a_sharded_value_returned_as_replicated_is_an_error_naming_ranks():
    g = ints((8, 6), 4)
    X = dist.tensor(data=g, layout=COLS_TP, mesh=MESH)

    @ts.jit
    def forgot_layout(x):
        return x * 2.0  # the local column block differs between tp ranks

    with pytest.raises(ts.RuntimeError_, match=r"rank 1 \(dp=0, tp=1\)[\s\S]*with_sharding"):
        forgot_layout(X)

    @ts.jit
    def with_layout(x):
        return dist.with_sharding(x * 2.0, COLS_TP)

    np.testing.assert_array_equal(with_layout(X), g * 2)


def test_other_backends_are_refused_cleanly():
    """Mesh programs run on the in-process reference backend; a plugin (or the CUDA backend,
    absent here) is a clean error, never a crash."""
    X = dist.tensor(data=ints((8, 6)), layout=COLS_TP, mesh=MESH)
    for backend in ("cuda", "/nonexistent/libplugin.so"):
        f = ts.jit(lambda x: dist.all_reduce(x, axis="tp"), backend=backend)
        with pytest.raises(ts.TesseraError):
            f(X)
    d = os.environ.get("TESSERA_PLUGIN_DIR")
    plugin = pathlib.Path(d) / "libtessera_reference.so" if d else None
    if plugin is not None and plugin.exists():
        f = ts.jit(lambda x: dist.all_reduce(x, axis="tp"), backend=str(plugin))
        with pytest.raises(ts.TesseraError, match="rank"):
            f(X)
