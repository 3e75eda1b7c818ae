"""The guide's autodiff chapter (000, "Automatic Differentiation", "Custom VJP/JVP Rules",
"Effect-Aware Autodiff") run as written where it can be, each gradient checked against a hand
derivation in numpy float64.

Edits (docs/autodiff.md, "Edits to the guide"):
- `ts.grad(loss_function, argnums=(1, 2))`: `ts.grad`, as `jax.grad`, differentiates argument 0
  by default, and the guide wants the gradients of W and b;
- `custom_gelu_bwd` divides by `math.sqrt(2 * ts.pi)` (the square root of a Python number);
- `distributed_loss` runs on a 2 x 4 (dp x tp) mesh with W column-sharded over tp, and
  `ts.grad(distributed_loss, argnums=1)` (W); its backward holds the reduce_scatter the guide
  promises, which this example prints.
"""
import math

import numpy as np

import tessera as ts


@ts.jit
@ts.autodiff
def loss_function(x, W, b, y_true):
    """Automatic differentiation example"""
    # Forward pass
    y_pred = ts.matmul(x, W) + b
    y_pred = ts.relu(y_pred)
    loss = ts.mse(y_pred, y_true)
    return loss


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
    pdf = ts.exp(-0.5 * x**2) / math.sqrt(2 * ts.pi)  # edit: math.sqrt
    grad_input = grad_output * (cdf + x * pdf)
    return grad_input


custom_gelu.defvjp(custom_gelu_fwd, custom_gelu_bwd)


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


def main():
    rng = np.random.default_rng(3)
    x, W, b, y_true = (rng.standard_normal(s) for s in [(8, 5), (5, 3), (3,), (8, 3)])
    # Compute gradients
    grad_fn = ts.grad(loss_function, argnums=(1, 2))  # edit: argnums
    grad_W, grad_b = grad_fn(x, W, b, y_true)
    z = x @ W + b
    g = 2 * (np.maximum(z, 0) - y_true) / y_true.size * (z > 0)  # d loss / d z
    np.testing.assert_allclose(grad_W, x.T @ g, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(grad_b, g.sum(0), rtol=1e-12, atol=1e-14)
    print("loss_function: grad_W and grad_b match the hand derivation (f64)")

    xg = rng.standard_normal((4, 6))
    got = ts.grad(lambda v: ts.sum(custom_gelu(v)))(xg)
    cdf = 0.5 * (1 + np.tanh(0.79788456 * (xg + 0.044715 * xg**3)))
    want = cdf + xg * np.exp(-0.5 * xg**2) / math.sqrt(2 * math.pi)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)
    print("custom_gelu: the gradient is the custom rule's")

    mesh = ts.dist.mesh(axes=("dp", "tp"), shape=(2, 4))
    xd = rng.standard_normal((4, 6))
    Wd = rng.standard_normal((6, 8))
    args = (ts.dist.tensor(data=xd, mesh=mesh, dtype="f64"),
            ts.dist.tensor(data=Wd, mesh=mesh, dtype="f64",
                           layout=ts.ShardSpec(partition=("col",), mesh_axes=("tp",))))
    grad_dl = ts.grad(distributed_loss, argnums=1)  # edit: argnums=1 (W)
    grad_W = grad_dl(*args)
    np.testing.assert_allclose(grad_W, 2 * xd.T @ (xd @ Wd), rtol=1e-12, atol=1e-12)
    text = grad_dl.trace(*args)
    rs = [ln.strip() for ln in text[text.index("@distributed_loss_vjp"):].splitlines()
          if "reduce_scatter" in ln]
    assert len(rs) == 1, text
    print("distributed_loss on 2 x 4 ranks: grad_W = 2 x^T x W; its backward has")
    print("  " + rs[0].split(" loc(")[0])


if __name__ == "__main__":
    main()
