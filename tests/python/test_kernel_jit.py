"""@ts.kernel launched inside @ts.jit (a tile.launch op in the Graph IR) and inside SPMD
functions on a mesh, against numpy; sanitizers of the jitted function reach the kernel."""
import inspect

import numpy as np
import pytest

import tessera as ts
from tessera import dist


@ts.kernel
def scale_add(x: ts.Tensor["n", ts.f32], y: ts.Tensor["n", ts.f32],
              out: ts.Tensor["n", ts.f32], alpha: ts.f32):
    i = ts.tile.linear_id()
    if i < n:
        out[i] = alpha * x[i] + y[i]
    return out


@ts.kernel
def saxpy(x: ts.Tensor["n", ts.f32], y: ts.Tensor["n", ts.f32], alpha: ts.f32):
    i = ts.tile.linear_id()
    if i < n:
        y[i] = alpha * x[i] + y[i]
    return y


def test_a_kernel_between_graph_ops():
    @ts.jit
    def f(x, y):
        z = ts.relu(x)
        w = scale_add(z, y, y, 0.5, grid=(4,), tiles=32)  # y's value is not read for `out`
        return w * 2.0

    x = np.linspace(-1, 1, 100).astype(np.float32)
    y = np.arange(100, dtype=np.float32)
    want = (np.float32(0.5) * np.maximum(x, 0) + y) * np.float32(2)
    np.testing.assert_array_equal(f(x, y), want)
    text = f.inspect_ir("graph")
    assert '"tile.launch"' in text and "func.func @scale_add_launch0" in text


def test_a_kernel_that_reads_what_it_writes_is_refused_at_the_call():
    @ts.jit
    def g(x, y):
        return saxpy(x, y, 2.0, grid=(1,), tiles=8)  # THE CALL

    with pytest.raises(ts.VerifyError, match="loads from and writes y") as e:
        g(np.zeros(8, np.float32), np.zeros(8, np.float32))
    lines, first = inspect.getsourcelines(g.fn)
    line = first + next(k for k, ln in enumerate(lines) if "THE CALL" in ln)
    assert f"{inspect.getsourcefile(g.fn)}:{line}:" in str(e.value)
    with pytest.raises(ts.VerifyError, match="pass arrays to the jitted function"):
        ts.jit(lambda x: scale_add(x, np.ones(4, np.float32), x, 1.0, grid=(1,)))(
            np.zeros(4, np.float32))
    with pytest.raises(ValueError, match="options of the jitted function"):
        ts.jit(lambda x: scale_add(x, x, x, 1.0, grid=(1,), check="all"))(np.zeros(4, np.float32))


@ts.kernel
def racy_copy(x: ts.Tensor["n", ts.f32], out: ts.Tensor["n", ts.f32]):
    out[0] = x[ts.tile.linear_id()]  # PLANTED RACE in a launched kernel


def test_the_jits_sanitizers_check_the_launched_kernel():
    @ts.jit(check="races")
    def h(x):
        return racy_copy(x, x, grid=(1,), tiles=4)

    with pytest.raises(ts.SanitizerError) as e:
        h(np.zeros(4, np.float32))
    lines, first = inspect.getsourcelines(racy_copy.fn)
    line = first + next(k for k, ln in enumerate(lines) if "PLANTED RACE" in ln)
    assert f"{inspect.getsourcefile(racy_copy.fn)}:{line}:" in str(e.value)


def test_a_kernel_on_every_rank_of_a_mesh():
    mesh = dist.mesh(axes=("dp", "tp"), shape=(2, 4))
    g = np.arange(2 * 32, dtype=np.float32).reshape(2, 32) - 20
    X = dist.tensor(data=g, mesh=mesh, layout=ts.ShardSpec(partition=("col",), mesh_axes=("tp",)))

    @ts.kernel
    def relu_rows(x: ts.Tensor["R", "C", ts.f32], out: ts.Tensor["R", "C", ts.f32]):
        r = ts.tile.group_id()
        c = ts.tile.local_id()
        v = x[r, c]
        out[r, c] = v if v > 0.0 else 0.0

    @ts.jit
    def f(x):
        local = relu_rows(x, x, grid=(2,), tiles=8)  # each rank: its 2 x 8 shard
        return dist.all_gather(local, axis="tp")

    np.testing.assert_array_equal(f(X), np.maximum(g, 0))


@ts.kernel
def row_sums_over_tp(x: ts.Tensor["R", "C", ts.f32], out: ts.Tensor["R", ts.f32],
                     gathered: ts.Tensor["G", ts.f32]):
    r = ts.tile.local_id()
    s = 0.0
    for c in range(C):
        s += x[r, c]
    out[r] = s  # this rank's partial row sums
    ts.tile.all_gather(out, gathered, axis="tp")  # the 4 partials, in tp order
    ts.tile.all_reduce(out, axis="tp")  # in place: the full row sums


def test_tile_collectives_inside_a_kernel_on_a_mesh():
    mesh = dist.mesh(axes=("dp", "tp"), shape=(2, 4))
    g = (np.arange(4 * 16, dtype=np.float32).reshape(4, 16) % 7) - 3  # exact sums
    X = dist.tensor(data=g, mesh=mesh, layout=ts.ShardSpec(partition=("col",), mesh_axes=("tp",)))

    @ts.jit
    def f(x):
        # the local x is 4 x 4; out and gathered take values of their shapes (not read)
        return row_sums_over_tp(x, x[:, 0], ts.reshape(x, (16,)), grid=(1,), tiles=4)

    sums, gathered = f(X)
    np.testing.assert_array_equal(sums, g.sum(axis=1))
    partials = g.reshape(4, 4, 4).sum(axis=2)  # [row, tp block]
    np.testing.assert_array_equal(gathered, partials.T.reshape(16))
    assert "tile.all_reduce" in f.inspect_ir("graph")
