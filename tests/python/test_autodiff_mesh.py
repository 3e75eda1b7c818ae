"""Gradients of SPMD functions on a 2x4 (dp x tp) mesh against jax.grad of jax.shard_map
(check_vma=False: psum transposes to psum, docs/autodiff.md "Collectives") on 8 host devices,
in float64: each collective's adjoint, a tensor-parallel MLP, and the guide's distributed_loss
(whose backward holds the reduce_scatter) and train_step."""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import tessera as ts  # noqa: E402

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
jnp = jax.numpy
from jax.sharding import Mesh as JMesh  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

pytestmark = [
    pytest.mark.skipif(len(jax.devices()) < 8, reason="needs 8 JAX host devices (XLA_FLAGS)"),
    pytest.mark.skipif(not hasattr(ts._core, "differentiate"), reason="no autodiff engine"),
]

MESH = ts.dist.mesh(axes=("dp", "tp"), shape=(2, 4))


def jmesh():
    return JMesh(np.array(jax.devices()[:8]).reshape(2, 4), ("dp", "tp"))


def spec(*mesh_axes):
    """A ShardSpec sharding dim i over mesh_axes[i] (None: not sharded)."""
    dims = [d for d, a in enumerate(mesh_axes) if a is not None]
    return ts.ShardSpec(partition=tuple(dims), mesh_axes=tuple(a for a in mesh_axes if a))


def dist(a, *mesh_axes):
    layout = spec(*mesh_axes) if any(mesh_axes) else None
    return ts.dist.tensor(data=a, mesh=MESH, layout=layout, dtype="f64")


def jax_grad(f, in_specs, argnums, *args):
    sm = jax.shard_map(f, mesh=jmesh(), in_specs=in_specs, out_specs=P(), check_vma=False)
    return jax.jit(jax.grad(sm, argnums=argnums))(*args)


def close(got, want, rtol=1e-12):
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64),
                               rtol=rtol, atol=1e-12)


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


# ---- one collective at a time: loss = psum(sum(c(x)^2 * w)) over the whole mesh -------------

CASES = {
    "all_reduce": (lambda x: ts.dist.all_reduce(x, "tp"),
                   lambda x: jax.lax.psum(x, "tp")),
    "all_reduce_avg": (lambda x: ts.dist.all_reduce(x, "tp", op="avg"),
                       lambda x: jax.lax.pmean(x, "tp")),
    "all_gather": (lambda x: ts.dist.all_gather(x, "tp", dim=0),
                   lambda x: jax.lax.all_gather(x, "tp", axis=0, tiled=True)),
    "reduce_scatter": (lambda x: ts.dist.reduce_scatter(x, "tp", dim=1),
                       lambda x: jax.lax.psum_scatter(x, "tp", scatter_dimension=1, tiled=True)),
    "all_to_all": (lambda x: ts.dist.all_to_all(x, "tp", split_dim=1, concat_dim=0),
                   lambda x: jax.lax.all_to_all(x, "tp", 1, 0, tiled=True)),
    "ppermute": (lambda x: ts.dist.ppermute(x, "tp", [(0, 1), (1, 2), (2, 0)]),
                 lambda x: jax.lax.ppermute(x, "tp", [(0, 1), (1, 2), (2, 0)])),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_collective_adjoint_against_shard_map(name):
    ours, theirs = CASES[name]
    x = rand(8, 8, seed=1)  # rows sharded over (dp, tp): a (1, 8) block per rank

    @ts.jit
    def f(x):
        y = ours(x)
        return ts.dist.all_reduce(ts.sum(y * y * 0.5 + y), ("dp", "tp"))

    def jf(x):
        y = theirs(x)
        return jax.lax.psum(jnp.sum(y * y * 0.5 + y), ("dp", "tp"))

    got = ts.grad(f)(dist(x, ("dp", "tp"), None))
    want = jax_grad(jf, (P(("dp", "tp"), None),), 0, x)
    close(got, want)


# ---- a tensor-parallel MLP (Megatron: W1 column-, W2 row-sharded over tp; batch over dp) -----


def test_tensor_parallel_mlp_against_shard_map():
    x, t = rand(8, 16, seed=2), rand(8, 16, seed=3)
    W1, W2 = rand(16, 32, seed=4) * 0.3, rand(32, 16, seed=5) * 0.3

    @ts.jit
    def mlp(x, W1, W2, t):
        h = ts.relu(ts.matmul(x, W1))                      # column-parallel
        y = ts.dist.all_reduce(ts.matmul(h, W2), "tp")     # row-parallel, summed
        return ts.dist.all_reduce(ts.sum((y - t) ** 2), "dp")

    def jmlp(x, W1, W2, t):
        h = jax.nn.relu(x @ W1)
        y = jax.lax.psum(h @ W2, "tp")
        return jax.lax.psum(jnp.sum((y - t) ** 2), "dp")

    args = (dist(x, "dp", None), dist(W1, None, "tp"), dist(W2, "tp", None), dist(t, "dp", None))
    g = ts.grad(mlp, argnums=(0, 1, 2))
    got = g(*args)
    want = jax_grad(jmlp, (P("dp", None), P(None, "tp"), P("tp", None), P("dp", None)),
                    (0, 1, 2), x, W1, W2, t)
    for a, b in zip(got, want):
        close(a, b)
    text = g.trace(*args)
    vjp = text[text.index("@mlp_vjp"):]
    # Forward: 2 psums; backward: their 2 transposes (psum), then W1's and W2's gradients summed
    # over dp (replicated there) and x's over tp.
    assert vjp.count("tessera.all_reduce") == 7, vjp


# ---- the guide's distributed_loss (000, "Effect-Aware Autodiff") -------------------------------


@ts.jit
@ts.autodiff
def distributed_loss(x, W):
    """Autodiff with distributed operations"""
    # Forward pass with collective operations
    y = ts.matmul(x, W)
    y = ts.all_gather(y, axis="tp")  # Tensor parallel gather
    loss = ts.sum(y**2)

    # Backward automatically inserts reduce_scatter
    return loss


def test_distributed_loss_backward_has_reduce_scatter():
    x, W = rand(4, 6, seed=6), rand(6, 8, seed=7)
    args = (dist(x), dist(W, None, "tp"))
    grad_fn = ts.grad(distributed_loss, argnums=1)  # edit: argnums=1 (W)
    grad_W = grad_fn(*args)
    close(grad_W, 2 * x.T @ (x @ W))  # d/dW sum((xW)^2), by hand
    want = jax_grad(lambda x, W: jnp.sum(jax.lax.all_gather(x @ W, "tp", axis=1, tiled=True)**2),
                    (P(), P(None, "tp")), 1, x, W)
    close(grad_W, want)
    text = grad_fn.trace(*args)
    vjp = text[text.index("@distributed_loss_vjp"):]
    rs = [ln for ln in vjp.splitlines() if "tessera.reduce_scatter" in ln]
    assert len(rs) == 1 and 'axes = ["tp"]' in rs[0] and 'op = "sum"' in rs[0], vjp


# ---- the guide's train_step (004, Example 3) on the mesh ------------------------------------


def test_train_step_on_the_mesh():
    x, y, W = rand(8, 32, seed=8), rand(8, 16, seed=9), rand(32, 16, seed=10)

    @ts.jit
    @ts.autodiff
    def train_step(x, y, W):
        """Training step with automatic gradient computation"""
        pred = ts.gemm(x, W)  # Automatically handles TP sharding
        loss = ts.mse(pred, y)
        loss = ts.dist.all_reduce(loss, axis=("dp", "tp"), op="avg")  # edit: explicit (SPMD)
        return loss

    # Gradients automatically handle distributed communication (edit: argnums=2, W)
    grad_W = ts.grad(train_step, argnums=2)(dist(x, "dp", None), dist(y, "dp", "tp"),
                                            dist(W, None, "tp"))
    close(grad_W, 2 * x.T @ (x @ W - y) / y.size)
