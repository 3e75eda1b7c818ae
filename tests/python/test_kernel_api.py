"""The ts.tile API inside @ts.kernel, op by op, against numpy (or exact integer arithmetic)."""
import numpy as np
import pytest

import tessera as ts
from tessera.kernel import KernelSyntaxError


@ts.kernel
def tile_ops(a: ts.Tensor["M", "N", ts.f32], rows: ts.Tensor["M", ts.f32],
             out: ts.Tensor["M", "N", ts.f32], stats: ts.Tensor[4, ts.f32]):
    t = ts.tile.load(a[0:M, 0:N])                   # tile.load_tile of a window
    m = ts.tile.row_max(t)
    e = ts.tile.exp(t - m)                          # [M, N] - [M]: per-row broadcast
    s = ts.tile.row_sum(e)
    ts.tile.store(out[0:M, 0:N], e / s[:, None])    # softmax rows
    total = ts.tile.reduce(t, kind="sum")
    big = ts.tile.reduce(t, kind="max")
    stats[0] = total
    stats[1] = big
    full = ts.tile.full((M, N), 2.5, ts.f32)
    stats[2] = ts.tile.reduce(ts.tile.maximum(full, t), kind="min")
    z = ts.tile.zeros((M, N), ts.f32) + 1.0
    stats[3] = ts.tile.reduce(z, kind="sum")


def test_row_ops_reduce_full_zeros_against_numpy():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((8, 16)).astype(np.float32)
    out = np.zeros_like(a)
    stats = np.zeros(4, np.float32)
    tile_ops(a, np.zeros(8, np.float32), out, stats, grid=(1,), check="all")
    e = np.exp(a.astype(np.float64) - a.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out, e / e.sum(axis=1, keepdims=True), rtol=1e-6)
    # tile.reduce sums sequentially in row-major order (docs/tile-ir.md section 4)
    seq = a.ravel()[0]
    for v in a.ravel()[1:]:
        seq = np.float32(seq + v)
    assert stats[0] == seq
    assert stats[1] == a.max()
    assert stats[2] == np.maximum(a, 2.5).min()
    assert stats[3] == 8 * 16


@ts.kernel
def scalars(x: ts.Tensor["n", ts.int32], out: ts.Tensor["n", ts.f32],
            lock: ts.Tensor[1, ts.int32], flags: ts.Tensor["n", ts.int64], scale: float,
            use_scale: bool):
    i = ts.tile.linear_id()
    v = ts.tile.cast(x[i], ts.f32)                  # sitofp
    if use_scale:                                   # compile-time branch
        v = v * scale
    out[i] = v + ts.tile.cast(i, ts.f32) * 0.0      # index -> f32 through i64
    ts.tile.atomic_cas(lock[0], 0, 7)
    lanes = ts.tile.lane_id()
    flags[i] = ts.tile.ballot(lanes < 3)


def test_casts_constant_branches_cas_and_ballot():
    x = np.array([3, -4, 5, 0], np.int32)
    out = np.zeros(4, np.float32)
    lock = np.zeros(1, np.int32)
    flags = np.zeros(4, np.int64)
    scalars(x, out, lock, flags, 0.5, True, grid=(4,), tiles=1, lanes=8)
    np.testing.assert_array_equal(out, x.astype(np.float32) * np.float32(0.5))
    assert lock[0] == 7
    assert (flags == 0b111).all()
    scalars(x, out, np.zeros(1, np.int32), flags, 0.5, False, grid=(4,), tiles=1, lanes=8)
    np.testing.assert_array_equal(out, x.astype(np.float32))
    assert len(scalars._cache) == 2  # specialised per value of use_scale


@ts.kernel
def grid2d(out: ts.Tensor["Y", "X", ts.int32], reg_out: ts.Tensor["Y", "X", ts.f32]):
    gx = ts.tile.group_id(0)
    gy = ts.tile.group_id(1)
    out[gy, gx] = ts.tile.cast(gx + 10 * gy + 100 * ts.tile.num_groups(0), ts.int32)
    r = ts.tile.alloc_register(ts.f32)
    r[0] = 1.5
    reg_out[gy, gx] = r[0] * ts.tile.dim(out, 1)


def test_two_dimensional_grid_and_registers():
    out = np.zeros((2, 3), np.int32)
    reg = np.zeros((2, 3), np.float32)
    grid2d(out, reg, grid=(3, 2), check="all")
    gy, gx = np.indices((2, 3))
    np.testing.assert_array_equal(out, gx + 10 * gy + 300)
    np.testing.assert_array_equal(reg, np.full((2, 3), 4.5, np.float32))


def test_cast_of_a_register_tile_to_bf16_is_refused_with_the_line():
    @ts.kernel
    def to_bf16(a: ts.Tensor["M", "N", ts.f32]):
        t = ts.tile.load(a[0:M, 0:N])
        u = ts.tile.cast(t, ts.bf16)  # REFUSED

    with pytest.raises(KernelSyntaxError, match="no conversion op"):
        to_bf16(np.zeros((4, 4), np.float32), grid=(1,))


def test_the_stub_lists_every_tile_name():
    """python/tessera/tile.pyi names exactly ts.tile.__all__, and every name compiles."""
    import ast
    import os

    stub = os.path.join(os.path.dirname(ts.tile.__file__), "tile.pyi")
    with open(stub) as f:
        tree = ast.parse(f.read())
    names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert names == set(ts.tile.__all__)
    from tessera._ast_compiler_tile import TileBuiltins
    assert all(hasattr(TileBuiltins, "t_" + n) for n in ts.tile.__all__)


@ts.kernel
def chained(x: ts.Tensor["n", ts.f32], out: ts.Tensor["n", ts.int32]):
    i = ts.tile.linear_id()
    v = x[i]
    inside = 0.0 <= v < 1.0 and not (v == 0.5) and 1 < 2
    out[i] = 1 if inside else 0
    if 2 < 1 or v > 10.0:
        out[i] = 7


def test_chained_comparisons_and_boolean_operators():
    x = np.array([-1.0, 0.0, 0.5, 0.75, 1.0, 11.0], np.float32)
    out = np.zeros(6, np.int32)
    chained(x, out, grid=(6,))
    want = np.where((x >= 0) & (x < 1) & (x != 0.5), 1, 0)
    want[x > 10] = 7
    np.testing.assert_array_equal(out, want)


def test_status_names_are_ops_of_the_table():
    """The python column of docs/status.md: every op ts.tile / ts.dist claim is in the table."""
    from tessera import _core

    table = {r["name"] for r in _core.op_table()}
    claimed = set(ts.tile.names_by_op()) | set(ts.dist.names_by_op())
    assert claimed <= table, claimed - table
    assert "tile.mma" in claimed and "tessera.all_gather" in claimed
