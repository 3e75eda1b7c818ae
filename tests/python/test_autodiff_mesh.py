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
    # jvp: the collective applied to the tangent.
    t = rand(8, 8, seed=2)
    val, tan = ts.jvp(f, (dist(x, ("dp", "tp"), None),), (t,))
    sm = jax.shard_map(jf, mesh=jmesh(), in_specs=(P(("dp", "tp"), None),), out_specs=P(),
                       check_vma=False)
    jval, jtan = jax.jit(lambda x, t: jax.jvp(sm, (x,), (t,)))(x, t)
    close(val, jval)
    close(tan, jtan)


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


# ---- send / recv, root collectives: Graph IR written by hand, derivative from the engine -----

SEND_RECV = """module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @f(%x: tensor<1x8xf64> {tessera.shard = {partition = [0], mesh_axes = [["dp", "tp"]]}}) -> tensor<f64> {
    "tessera.send"(%x) {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 0]], channel = 3} : (tensor<1x8xf64>) -> ()
    "tessera.send"(%x) {axes = ["tp"], pairs = [[3, 0]], channel = 3} : (tensor<1x8xf64>) -> ()
    %y = "tessera.recv"() {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 0]], channel = 3} : () -> tensor<1x8xf64>
    %z = "tessera.recv"() {axes = ["tp"], pairs = [[3, 0]], channel = 3} : () -> tensor<1x8xf64>
    %s = "tessera.add"(%y, %z) : (tensor<1x8xf64>, tensor<1x8xf64>) -> tensor<1x8xf64>
    %q = "tessera.mul"(%s, %s) : (tensor<1x8xf64>, tensor<1x8xf64>) -> tensor<1x8xf64>
    %l = "tessera.reduce"(%q) {kind = "sum"} : (tensor<1x8xf64>) -> tensor<f64>
    %r = "tessera.all_reduce"(%l) {axes = ["dp", "tp"], op = "sum"} : (tensor<f64>) -> tensor<f64>
    return %r : tensor<f64>
  }
}
"""


def run_derivative(text, mode, inputs):
    dtext, name = ts._core.differentiate(text, "f", [0], mode)
    return ts.run_module(dtext, name, inputs), dtext


def test_send_recv_adjoint_is_the_reverse_message():
    text = SEND_RECV
    x = rand(8, 8, seed=11)
    (loss, g), dtext = run_derivative(text, "rev", [x, np.array(1.0)])

    def jf(x):  # each send/recv pair moves what a ppermute moves
        y = jax.lax.ppermute(x, "tp", [(0, 1), (1, 2), (2, 0)])
        z = jax.lax.ppermute(x, "tp", [(3, 0)])
        return jax.lax.psum(jnp.sum((y + z) ** 2), ("dp", "tp"))

    close(g, jax_grad(jf, (P(("dp", "tp"), None),), 0, x))
    vjp = dtext[dtext.index("@f_vjp"):]
    assert vjp.count("tessera.send") == 4 and vjp.count("tessera.recv") == 4
    assert "[[1, 0], [2, 1], [0, 2]]" in vjp  # the pairs reversed
    # Forward mode: tangents on their own channel, the same messages.
    t = rand(8, 8, seed=12)
    (loss2, tl), _ = run_derivative(text, "fwd", [x, t])
    close(tl, np.sum(g * t))


ROOTED = """module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @f(%x: tensor<4x2xf64> {tessera.shard = {partition = [0], mesh_axes = [["dp", "tp"]]}}, %w: tensor<OUTxf64> {tessera.shard = {partition = [0], mesh_axes = [["dp", "tp"]]}}) -> tensor<f64> {
    %y = "OP"(%x) {axes = ["tp"], ATTRS} : (tensor<4x2xf64>) -> tensor<OUTxf64>
    %q = "tessera.mul"(%y, %y) : (tensor<OUTxf64>, tensor<OUTxf64>) -> tensor<OUTxf64>
    %p = "tessera.mul"(%q, %w) : (tensor<OUTxf64>, tensor<OUTxf64>) -> tensor<OUTxf64>
    %l = "tessera.reduce"(%p) {kind = "sum"} : (tensor<OUTxf64>) -> tensor<f64>
    %r = "tessera.all_reduce"(%l) {axes = ["dp", "tp"], op = "sum"} : (tensor<f64>) -> tensor<f64>
    return %r : tensor<f64>
  }
}
"""


def rooted_oracle(op, xl, root):
    """The forward of a rooted collective on the 4 tp ranks of one dp group, in numpy: the
    result per tp rank (docs/ops/mesh/collectives.md)."""
    if op == "tessera.collective_broadcast":
        return [xl[root]] * 4
    if op == "tessera.collective_reduce":
        return [sum(xl) if g == root else np.zeros_like(xl[0]) for g in range(4)]
    if op == "tessera.collective_gather":
        return [np.concatenate(xl, 0) if g == root else np.zeros((16, 2)) for g in range(4)]
    return [np.split(xl[root], 4, 0)[g] for g in range(4)]  # collective_scatter


@pytest.mark.parametrize("op,attrs,out", [
    ("tessera.collective_broadcast", "root = 2", "4x2"),
    ("tessera.collective_reduce", 'op = "sum", root = 1', "4x2"),
    ("tessera.collective_gather", "dim = 0, root = 3", "16x2"),
    ("tessera.collective_scatter", "dim = 0, root = 0", "1x2"),
])
def test_rooted_collective_adjoint_against_finite_differences(op, attrs, out):
    """The gradient of sum(w * c(x)^2) against central differences of a numpy forward (f64;
    the loss is quadratic, so central differences are exact up to rounding)."""
    text = ROOTED.replace("OP", op).replace("ATTRS", attrs).replace("OUT", out)
    root = int(attrs.split("root = ")[1])
    rows = int(out.split("x")[0])
    x, w = rand(32, 2, seed=13), rand(8 * rows, 2, seed=14)
    (loss, g), _ = run_derivative(text, "rev", [x, w, np.array(1.0)])

    def loss_np(x):
        total = 0.0
        for d in range(2):
            xl = [x[(d * 4 + t) * 4:(d * 4 + t + 1) * 4] for t in range(4)]
            ys = rooted_oracle(op, xl, root)
            for t in range(4):
                wl = w[(d * 4 + t) * rows:(d * 4 + t + 1) * rows]
                total += float(np.sum(ys[t] ** 2 * wl))
        return total

    close(loss, loss_np(x))
    fd = np.zeros_like(x)
    h = 1e-3
    for i in np.ndindex(*x.shape):
        e = np.zeros_like(x)
        e[i] = h
        fd[i] = (loss_np(x + e) - loss_np(x - e)) / (2 * h)
    np.testing.assert_allclose(g, fd, rtol=1e-8, atol=1e-8)


def test_tensor_parallel_mlp_jvp_against_shard_map():
    x, W1, W2 = rand(8, 16, seed=15), rand(16, 32, seed=16) * 0.3, rand(32, 16, seed=17) * 0.3
    tW1, tW2 = rand(16, 32, seed=18), rand(32, 16, seed=19)

    @ts.jit
    def mlp(x, W1, W2):
        h = ts.tanh(ts.matmul(x, W1))
        y = ts.dist.all_reduce(ts.matmul(h, W2), "tp")
        return ts.dist.all_reduce(ts.sum(y * y), "dp")

    def jmlp(x, W1, W2):
        y = jax.lax.psum(jnp.tanh(x @ W1) @ W2, "tp")
        return jax.lax.psum(jnp.sum(y * y), "dp")

    args = (dist(x, "dp", None), dist(W1, None, "tp"), dist(W2, "tp", None))
    val, tan = ts.jvp(mlp, args, (np.zeros_like(x), tW1, tW2))
    sm = jax.shard_map(jmlp, mesh=jmesh(), in_specs=(P("dp", None), P(None, "tp"), P("tp", None)),
                       out_specs=P(), check_vma=False)
    jval, jtan = jax.jit(lambda *a: jax.jvp(sm, a[:3], a[3:]))(x, W1, W2, np.zeros_like(x),
                                                              tW1, tW2)
    close(val, jval)
    close(tan, jtan)


def test_max_over_ranks_has_no_derivative():
    @ts.jit
    def f(x):
        return ts.dist.all_reduce(ts.sum(ts.dist.all_reduce(x, "tp", op="max")), ("dp", "tp"))

    with pytest.raises(ts.VerifyError, match='op = "max".*no derivative'):
        ts.grad(f)(dist(rand(8, 8, seed=20), ("dp", "tp"), None))


def test_partial_parameter_gets_the_cotangent_of_its_sum():
    """p holds partial sums over tp (the global value P is their sum): d sum(P^2) / dP = 2P, the
    same on every addend, so the gradient is not summed over tp (by hand)."""
    p = rand(4, 6, seed=21)

    @ts.jit
    def f(p):
        y = ts.dist.all_reduce(p, "tp")
        return ts.sum(y * y)

    pd = ts.dist.tensor(data=p, mesh=MESH, dtype="f64",
                        layout=ts.ShardSpec(partition=(), mesh_axes=(), partial=("tp",)))
    close(ts.grad(f)(pd), 2 * p)


def test_partial_result_seeds_every_addend():
    """A loss returned as partial sums over tp (the global loss is their sum): each addend's
    cotangent is the whole cotangent, so d/dx sum(x^2) = 2x (by hand)."""
    x = rand(8, 4, seed=22)

    @ts.jit
    def f(x):
        part = ts.sum(x * x)
        return ts.dist.with_sharding(part, ts.ShardSpec(partition=(), mesh_axes=(),
                                                        partial=("tp",)))

    xd = dist(x, "tp", None)
    close(f(xd), np.sum(x * x))
    close(ts.grad(f)(xd), 2 * x)
