"""ts.grad, ts.value_and_grad, ts.vjp, ts.jvp, ts.custom_vjp, ts.custom_jvp, ts.checkpoint,
ts.stop_gradient and @ts.autodiff against jax.grad / jax.vjp / jax.jvp in float64 (the guide's
loss_function and custom_gelu, an MLP, layer norm), and dropout's backward against the mask of
an independent numpy Philox (conformance/gen/philox_model.py)."""

import math
import pathlib
import sys

import numpy as np
import pytest

import tessera as ts

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
jnp = jax.numpy

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import philox_model as pm  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(ts._core, "differentiate"),
                                reason="this build has no autodiff engine")

RTOL = 1e-12  # f64: the same formulas in a different association order


def close(got, want, rtol=RTOL, atol=1e-13):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


def rand(*shape, seed=0):
    return np.random.default_rng(seed + 17 * len(shape)).standard_normal(shape)


# ---- the guide's loss_function (000, "Automatic Differentiation") ---------------------------


@ts.jit
@ts.autodiff
def loss_function(x, W, b, y_true):
    """Automatic differentiation example"""
    # Forward pass
    y_pred = ts.matmul(x, W) + b
    y_pred = ts.relu(y_pred)
    loss = ts.mse(y_pred, y_true)
    return loss


def jax_loss_function(x, W, b, y_true):
    y = jax.nn.relu(x @ W + b)
    return jnp.mean((y - y_true) ** 2)


def test_loss_function_against_jax():
    x, W, b, y = rand(8, 5, seed=1), rand(5, 3, seed=2), rand(3, seed=3), rand(8, 3, seed=4)
    # Compute gradients (edit: argnums names the parameters; ts.grad, as jax.grad, defaults to 0)
    grad_fn = ts.grad(loss_function, argnums=(1, 2))
    grad_W, grad_b = grad_fn(x, W, b, y)
    want_W, want_b = jax.grad(jax_loss_function, argnums=(1, 2))(x, W, b, y)
    close(grad_W, want_W)
    close(grad_b, want_b)
    # The forward still runs as before under @ts.autodiff.
    close(loss_function(x, W, b, y), jax_loss_function(x, W, b, y))


def test_value_and_grad_vjp_jvp_against_jax():
    x, W, b, y = rand(6, 4, seed=5), rand(4, 3, seed=6), rand(3, seed=7), rand(6, 3, seed=8)
    v, g = ts.value_and_grad(loss_function)(x, W, b, y)
    jv, jg = jax.value_and_grad(jax_loss_function)(x, W, b, y)
    close(v, jv)
    close(g, jg)

    def f(x, W):
        return ts.tanh(ts.matmul(x, W)) * 2.0

    def jf(x, W):
        return jnp.tanh(x @ W) * 2.0

    out, vjp_fn = ts.vjp(f, x, W)
    jout, jvp_fn = jax.vjp(jf, x, W)
    close(out, jout)
    ct = rand(6, 3, seed=9)
    for got, want in zip(vjp_fn(ct), jvp_fn(ct)):
        close(got, want)
    tx, tW = rand(6, 4, seed=10), rand(4, 3, seed=11)
    pout, tout = ts.jvp(f, (x, W), (tx, tW))
    jpout, jtout = jax.jvp(jf, (x, W), (tx, tW))
    close(pout, jpout)
    close(tout, jtout)


# ---- an MLP and layer norm --------------------------------------------------------------------


def test_mlp_against_jax():
    x, t = rand(16, 12, seed=12), rand(16, 4, seed=13)
    W1, b1, W2, b2 = rand(12, 32, seed=14), rand(32, seed=15), rand(32, 4, seed=16), rand(4, seed=17)

    @ts.jit
    def mlp(x, W1, b1, W2, b2, t):
        h = ts.relu(ts.matmul(x, W1) + b1)
        y = ts.matmul(h, W2) + b2
        return ts.mean((y - t) ** 2)

    def jmlp(x, W1, b1, W2, b2, t):
        h = jax.nn.relu(x @ W1 + b1)
        return jnp.mean((h @ W2 + b2 - t) ** 2)

    got = ts.grad(mlp, argnums=(0, 1, 2, 3, 4))(x, W1, b1, W2, b2, t)
    want = jax.grad(jmlp, argnums=(0, 1, 2, 3, 4))(x, W1, b1, W2, b2, t)
    for g, w in zip(got, want):
        close(g, w)


def test_layer_norm_against_jax():
    x, gamma, beta, w = rand(6, 16, seed=18), rand(16, seed=19), rand(16, seed=20), rand(6, 16, seed=21)
    eps = 1e-5

    def f(x, gamma, beta, w):
        return ts.sum(ts.layer_norm(x, gamma, beta, axis=-1, eps=eps) * w)

    def jf(x, gamma, beta, w):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
        return jnp.sum(((x - mu) / jnp.sqrt(var + eps) * gamma + beta) * w)

    got = ts.grad(f, argnums=(0, 1, 2))(x, gamma, beta, w)
    want = jax.grad(jf, argnums=(0, 1, 2))(x, gamma, beta, w)
    for g, wt in zip(got, want):
        close(g, wt, rtol=1e-10, atol=1e-12)


# ---- the guide's custom_gelu (000, "Custom VJP/JVP Rules") -------------------------------------


@ts.custom_vjp
def custom_gelu(x):
    """GELU with custom backward pass"""
    return 0.5 * x * (1 + ts.tanh(0.79788456 * (x + 0.044715 * x**3)))


def custom_gelu_fwd(x):
    y = custom_gelu(x)
    return y, (x, y)  # Save for backward


def custom_gelu_bwd(saved, grad_output):
    x, y = saved
    # Custom gradient computation
    cdf = 0.5 * (1 + ts.tanh(0.79788456 * (x + 0.044715 * x**3)))
    pdf = ts.exp(-0.5 * x**2) / math.sqrt(2 * ts.pi)  # edit: math.sqrt of a Python number
    grad_input = grad_output * (cdf + x * pdf)
    return grad_input


custom_gelu.defvjp(custom_gelu_fwd, custom_gelu_bwd)


def jax_gelu_rule(x, g):
    cdf = 0.5 * (1 + jnp.tanh(0.79788456 * (x + 0.044715 * x**3)))
    pdf = jnp.exp(-0.5 * x**2) / math.sqrt(2 * math.pi)
    return g * (cdf + x * pdf)


def test_custom_gelu_uses_its_rule():
    x, w = rand(4, 8, seed=22), rand(4, 8, seed=23)

    def f(x, w):
        return ts.sum(custom_gelu(x) * w)

    got = ts.grad(f)(x, w)
    close(got, jax_gelu_rule(x, w))
    # The rule is not the derivative of the primal, so the test sees which one ran.
    exact = jax.grad(lambda x: jnp.sum(0.5 * x * (1 + jnp.tanh(0.79788456 * (
        x + 0.044715 * x**3))) * w))(x)
    assert np.max(np.abs(np.asarray(got) - np.asarray(exact))) > 1e-3
    # The forward is the primal.
    fwd = ts.jit(lambda x: custom_gelu(x))(x)
    close(fwd, 0.5 * x * (1 + np.tanh(0.79788456 * (x + 0.044715 * x**3))))


def test_custom_jvp_rule():
    @ts.custom_jvp
    def soft(x):
        return ts.log(1.0 + ts.exp(x))

    @soft.defjvp
    def soft_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return soft(x), t * 3.0  # deliberately not the true derivative

    x, t = rand(5, seed=24), rand(5, seed=25)
    y, ty = ts.jvp(lambda x: soft(x), (x,), (t,))
    close(y, np.log1p(np.exp(x)))
    close(ty, 3.0 * t)


# ---- stop_gradient and checkpoint ---------------------------------------------------------------


def test_stop_gradient():
    x = rand(7, seed=26)

    def f(x):
        return ts.sum(x * ts.stop_gradient(x))

    close(ts.grad(f)(x), x)  # d/dx sum(x * c) = c = x


def test_checkpoint_gives_the_same_gradient_and_recomputes():
    x, W1, W2 = rand(8, 16, seed=27), rand(16, 16, seed=28), rand(16, 16, seed=29)

    def block(h, W):
        return ts.tanh(ts.matmul(h, W))

    def plain(x, W1, W2):
        return ts.sum(block(block(x, W1), W2))

    def ckpt(x, W1, W2):
        return ts.sum(ts.checkpoint(block)(ts.checkpoint(block)(x, W1), W2))

    def jf(x, W1, W2):
        return jnp.sum(jnp.tanh(jnp.tanh(x @ W1) @ W2))

    want = jax.grad(jf, argnums=(1, 2))(x, W1, W2)
    g_plain = ts.grad(plain, argnums=(1, 2))
    g_ckpt = ts.grad(ckpt, argnums=(1, 2))
    for a, b, w in zip(g_plain(x, W1, W2), g_ckpt(x, W1, W2), want):
        close(a, w)
        close(b, w)
    # The checkpointed backward recomputes the tanh of the second block (sum's rule reads no
    # operand, so nothing keeps its output), not that of the first: its output is the second
    # block's input, which the backward keeps anyway (docs/autodiff.md, Checkpointing).
    def tanhs(g, name):
        text = g.trace(x, W1, W2)
        return text[text.index(f"@{name}_vjp"):].count("tessera.tanh")

    assert tanhs(g_plain, "plain") == 2
    assert tanhs(g_ckpt, "ckpt") == 3


# ---- effects: dropout replays its Philox bits ---------------------------------------------------


def test_dropout_backward_replays_the_mask():
    x, w = rand(32, 24, seed=30), rand(32, 24, seed=31)
    p, seed = 0.25, 11

    def f(x, w):
        return ts.sum(ts.dropout(x, p, seed=seed) * w)

    g = np.asarray(ts.grad(f)(x, w))
    # The mask and scale of the forward, from an independent Philox model.
    keep_scaled = pm.dropout(np.ones_like(x), seed, 0, p)
    close(g, w * keep_scaled, rtol=0, atol=0)
    assert 0 < (keep_scaled == 0).sum() < x.size
    # The derivative program draws the mask with the forward's seed and stream.
    text = ts.grad(f).trace(x, w)
    vjp = text[text.index("@f_vjp"):]
    assert vjp.count("tessera.dropout") == 2 and "seed = 11" in vjp


def test_grad_errors_are_clear():
    def vec(x):
        return x * 2.0

    with pytest.raises(ts.VerifyError, match="rank-0 float"):
        ts.grad(vec)(rand(3))
    with pytest.raises(ts.InputError, match="argnums"):
        ts.grad(lambda x: ts.sum(x), argnums=3)(rand(3))


def test_grad_has_aux_and_integer_results():
    x = rand(5, seed=32)

    def f(x):
        return ts.sum(x * x), ts.cast(x > 0.0, ts.int32)  # the aux is an integer tensor

    g, aux = ts.grad(f, has_aux=True)(x)
    close(g, 2 * x)
    assert aux.dtype == np.int32 and np.array_equal(aux, (x > 0).astype(np.int32))


def test_grad_of_grad_against_jax():
    """ts.grad inside a traced function: second derivatives (a Hessian-vector product of a
    matmul + tanh + reduction) against jax.grad of jax.grad."""
    x, W, V = rand(6, 5, seed=33), rand(5, 4, seed=34), rand(5, 4, seed=35)

    def f(W, x):
        return ts.sum(ts.tanh(ts.matmul(x, W)) ** 2)

    def hvp(W, x, V):
        return ts.sum(ts.grad(f)(W, x) * V)

    def jf(W, x):
        return jnp.sum(jnp.tanh(x @ W) ** 2)

    def jhvp(W, x, V):
        return jnp.sum(jax.grad(jf)(W, x) * V)

    close(ts.grad(hvp)(W, x, V), jax.grad(jhvp)(W, x, V), rtol=1e-10, atol=1e-12)
    close(ts.jit(lambda W, x: ts.grad(f)(W, x))(W, x), jax.grad(jf)(W, x))
    v, g = ts.jit(lambda W, x: ts.value_and_grad(f)(W, x))(W, x)
    close(v, jf(W, x))
    close(g, jax.grad(jf)(W, x))
