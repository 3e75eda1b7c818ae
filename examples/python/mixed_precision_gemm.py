"""The guide's FP8 mixed-precision GEMM (programming model guide, "Numerical Precision Policies"),
run with @ts.jit and checked against numpy (float64 of the fp8 values) and JAX.

Edits to the guide's code: the import line `from tessera import accum, loss_scale,
stochastic_round`, because the guide writes the policy parts unqualified (`@accum(ts.f32)`).
`ts.fp6` is the guide's spelling of fp6_e2m3.
"""

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np

import tessera as ts
from tessera import accum, loss_scale, stochastic_round

# Basic types with accumulation policies
x1: ts.Tensor["B", "D", ts.fp8_e4m3 @accum(ts.f32)]
x2: ts.Tensor["B", "D", ts.bf16 @accum(ts.f32) @stochastic_round]
x3: ts.Tensor["B", "D", ts.fp6 @accum(ts.f32) @loss_scale(128.0)]

# Mixed precision computation
@ts.jit
def mixed_precision_gemm(
    A: ts.Tensor["M", "K", ts.fp8_e4m3 @accum(ts.f32)],
    B: ts.Tensor["K", "N", ts.fp8_e4m3 @accum(ts.f32)]
) -> ts.Tensor["M", "N", ts.f32]:
    """FP8 inputs, FP32 accumulation and output"""
    return ts.gemm(A, B)  # Automatic precision handling


def main():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 96)).astype(ml_dtypes.float8_e4m3fn)
    b = rng.standard_normal((96, 48)).astype(ml_dtypes.float8_e4m3fn)
    got = mixed_precision_gemm(a, b)
    assert got.dtype == np.float32 and got.shape == (64, 48)
    # Products of fp8 values are exact in f32; the f32 sum of 96 of them is within a few ulp of
    # the exact (float64) result.
    exact = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(got, exact, rtol=1e-5, atol=1e-5)
    jax_want = np.asarray(jnp.matmul(jnp.asarray(a), jnp.asarray(b),
                                     preferred_element_type=jnp.float32,
                                     precision=jax.lax.Precision.HIGHEST))
    np.testing.assert_allclose(got, jax_want, rtol=1e-5, atol=1e-5)
    # The policy is in the IR: the matmul accumulates in f32 and stores f32.
    ir = mixed_precision_gemm.inspect_ir("graph")
    assert 'numeric_policy = {accum = "f32"}' in ir and "-> tensor<64x48xf32>" in ir
    ann = globals()["__annotations__"]  # the module-level annotations x1, x2, x3 above
    assert ann["x1"].dtype is ts.fp8_e4m3 and ann["x2"].policy.rounding == "stochastic"
    assert ann["x3"].dtype is ts.fp6_e2m3 and ann["x3"].policy.loss_scale == 128.0
    print("mixed_precision_gemm: fp8 e4m3 (64x96 @ 96x48), f32 accumulation, matches "
          "numpy float64 and JAX")


if __name__ == "__main__":
    main()
