"""Collectives and a tensor-parallel MLP vs JAX shard_map on 8 host CPU devices.

Float inputs are small integers, so every sum is exact in any order and JAX's reduction order
(which differs from our rank-order fold) cannot change the result: comparisons are bit-exact.
"""
from __future__ import annotations

import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, PartitionSpec as P  # noqa: E402

import harness as h  # noqa: E402

N = 8
MESH_ATTR = h.mesh_attr(["x"], [N])


def jmesh():
    return Mesh(np.array(jax.devices()[:N]), ("x",))


def smap(f, in_specs, out_specs):
    return jax.jit(jax.shard_map(f, mesh=jmesh(), in_specs=in_specs, out_specs=out_specs,
                                 check_vma=False))


def ints(shape, seed, lo=-8, hi=8):
    return np.random.default_rng(seed).integers(lo, hi, size=shape).astype(np.float32)


def one_op(op_text, local_in, local_out):
    tin, tout = h.ttype(local_in, np.float32), h.ttype(local_out, np.float32)
    return (f"module attributes {{{MESH_ATTR}}} {{\n  func.func @main(%x: {tin}) -> {tout} {{\n"
            f"    %r = {op_text} : ({tin}) -> {tout}\n    return %r : {tout}\n  }}\n}}\n")


def per_rank_of(global_out, local_shape):
    """shard_map with out_specs P('x') stacks rank outputs along dim 0."""
    return np.split(np.asarray(global_out), N, axis=0)


def run_ours(prog, xs):
    return h.run(prog, {"x": xs}, [np.float32], ["r"])[0]


def assert_same(ours, theirs):
    for r, (a, b) in enumerate(zip(ours, theirs)):
        assert a.shape == b.shape, f"rank {r}: {a.shape} vs {b.shape}"
        assert np.array_equal(a.view(np.uint32), np.ascontiguousarray(b).view(np.uint32)), f"rank {r}"


def test_all_gather():
    g = ints((N * 2, 3), 1)
    xs = np.split(g, N)
    f = smap(lambda x: jax.lax.all_gather(x, "x", axis=0, tiled=True), P("x"), P("x"))
    theirs = per_rank_of(f(g), (N * 2, 3))
    ours = run_ours(one_op('tessera.all_gather %x {axes = ["x"], dim = 0}', (2, 3), (2 * N, 3)), xs)
    assert_same(ours, theirs)


def test_psum():
    g = ints((N * 2, 5), 2)
    xs = np.split(g, N)
    f = smap(lambda x: jax.lax.psum(x, "x"), P("x"), P("x"))
    ours = run_ours(one_op('tessera.all_reduce %x {axes = ["x"], op = "sum"}', (2, 5), (2, 5)), xs)
    assert_same(ours, per_rank_of(f(g), None))


def test_psum_scatter():
    g = ints((N * N, 3), 3)
    xs = np.split(g, N)
    f = smap(lambda x: jax.lax.psum_scatter(x, "x", scatter_dimension=0, tiled=True), P("x"), P("x"))
    ours = run_ours(one_op('tessera.reduce_scatter %x {axes = ["x"], op = "sum", dim = 0}', (N, 3), (1, 3)), xs)
    assert_same(ours, per_rank_of(f(g), None))


def test_all_to_all():
    g = ints((N * N, 2 * 1), 4)
    xs = np.split(g, N)
    # Per rank [N, 2]: split dim 0 into N blocks, concatenate the received blocks along dim 1.
    f = smap(lambda x: jax.lax.all_to_all(x, "x", split_axis=0, concat_axis=1, tiled=True), P("x"), P("x"))
    ours = run_ours(one_op('tessera.all_to_all %x {axes = ["x"], split_dim = 0, concat_dim = 1}',
                           (N, 2), (1, 2 * N)), xs)
    assert_same(ours, per_rank_of(f(g), None))


def test_ppermute_shift_with_holes():
    g = ints((N * 2, 2), 5)
    xs = np.split(g, N)
    perm = [(i, i + 1) for i in range(N - 1)]  # rank 0 is no destination: it receives zeros
    f = smap(lambda x: jax.lax.ppermute(x, "x", perm), P("x"), P("x"))
    pairs = "[" + ", ".join(f"[{a}, {b}]" for a, b in perm) + "]"
    ours = run_ours(one_op(f'tessera.ppermute %x {{axes = ["x"], pairs = {pairs}}}', (2, 2), (2, 2)), xs)
    assert_same(ours, per_rank_of(f(g), None))


def test_tensor_parallel_mlp():
    """Megatron MLP: y = relu(x @ W1) @ W2 with W1 column-parallel, W2 row-parallel, one psum."""
    B, D, H = 4, 6, 16
    x = ints((B, D), 6, -3, 4)
    w1 = ints((D, H), 7, -2, 3)
    w2 = ints((H, D), 8, -2, 3)

    def body(x, w1, w2):
        return jax.lax.psum(jnp.maximum(x @ w1, 0.0) @ w2, "x")

    f = smap(body, (P(), P(None, "x"), P("x", None)), P())
    want = np.asarray(f(x, w1, w2))
    hl = H // N
    prog = (f"module attributes {{{MESH_ATTR}}} {{\n"
            f"  func.func @main(%x: tensor<{B}x{D}xf32>,\n"
            f'      %w1: tensor<{D}x{hl}xf32> {{tessera.shard = {{partition = ["col"], mesh_axes = ["x"]}}}},\n'
            f'      %w2: tensor<{hl}x{D}xf32> {{tessera.shard = {{partition = ["row"], mesh_axes = ["x"]}}}})\n'
            f"      -> tensor<{B}x{D}xf32> {{\n"
            f'    %h = "tessera.matmul"(%x, %w1) : (tensor<{B}x{D}xf32>, tensor<{D}x{hl}xf32>) -> tensor<{B}x{hl}xf32>\n'
            f'    %a = "tessera.relu"(%h) : (tensor<{B}x{hl}xf32>) -> tensor<{B}x{hl}xf32>\n'
            f'    %p = "tessera.matmul"(%a, %w2) : (tensor<{B}x{hl}xf32>, tensor<{hl}x{D}xf32>) -> tensor<{B}x{D}xf32>\n'
            f'    %y = tessera.all_reduce %p {{axes = ["x"], op = "sum"}} : (tensor<{B}x{D}xf32>) -> tensor<{B}x{D}xf32>\n'
            f"    return %y : tensor<{B}x{D}xf32>\n  }}\n}}\n")
    inputs = {"x": [x] * N, "w1": np.split(w1, N, axis=1), "w2": np.split(w2, N, axis=0)}
    ours = h.run(prog, inputs, [np.float32], ["y"])[0]
    assert_same(ours, [want] * N)
