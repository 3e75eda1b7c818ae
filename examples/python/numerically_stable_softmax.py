"""The guide's numerically stable softmax (programming model guide, "Safe Numerical Operations"),
run with @ts.jit on the reference interpreter and checked against numpy and JAX.

Edits to the guide's code: none (the function below is verbatim).
"""

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np

import tessera as ts


@ts.jit
def numerically_stable_softmax(x: ts.Tensor["B", "S", ts.bf16]) -> ts.Tensor["B", "S", ts.bf16]:
    """Numerically stable softmax with explicit precision control"""
    # Convert to FP32 for stability
    x_f32 = ts.cast(x, ts.f32)
    
    # Safe operations
    x_max = ts.max(x_f32, axis=-1, keepdims=True)
    exp_x = ts.exp(x_f32 - x_max)  # Prevent overflow
    sum_exp = ts.sum(exp_x, axis=-1, keepdims=True)
    
    # Safe division with epsilon
    softmax = exp_x / (sum_exp + 1e-10)
    
    # Cast back to BF16
    return ts.cast(softmax, ts.bf16)


def numpy_oracle(x):
    """The same steps in numpy float32, rounded to bf16 once at the end (ml_dtypes)."""
    xf = x.astype(np.float32)
    e = np.exp(xf - xf.max(axis=-1, keepdims=True))
    s = e.sum(axis=-1, keepdims=True, dtype=np.float32)
    return (e / (s + np.float32(1e-10))).astype(ml_dtypes.bfloat16)


def main():
    rng = np.random.default_rng(0)
    # Large logits: a naive exp would overflow in f32 (e^200); the max-subtraction keeps it finite.
    x = (rng.standard_normal((8, 128)) * 60).astype(ml_dtypes.bfloat16)
    got = numerically_stable_softmax(x)
    assert got.dtype == ml_dtypes.bfloat16 and got.shape == x.shape
    assert np.all(np.isfinite(got.astype(np.float32)))
    want = numpy_oracle(x)
    # exp differs from numpy's by at most an f32 ulp or two; after rounding to bf16 that can
    # flip a value to its bf16 neighbour at most.
    diff = np.abs(got.view(np.uint16).astype(np.int32) - want.view(np.uint16).astype(np.int32))
    assert diff.max() <= 1, diff.max()
    jax_want = np.asarray(jax.nn.softmax(jnp.asarray(x, jnp.float32), axis=-1))
    np.testing.assert_allclose(got.astype(np.float32), jax_want, rtol=8e-3, atol=1e-6)
    np.testing.assert_allclose(got.astype(np.float32).sum(-1), 1.0, rtol=2e-2)
    print(f"numerically_stable_softmax: {x.shape} bf16 matches numpy (<= 1 bf16 ulp, "
          f"{int((diff > 0).sum())} of {diff.size} differ) and JAX")


if __name__ == "__main__":
    main()
