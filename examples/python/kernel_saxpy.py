"""The guide's SAXPY (quick start, "Example 1: Simple Kernel") as written, launched on 32 groups
of 32 tiles with every sanitizer on, and checked bit for bit against numpy.

No edit: `n` is the annotation's symbolic dimension, bound to x's length when the kernel is
compiled for the launch; what the kernel writes into y is copied back into the caller's array.
"""
import numpy as np

import tessera as ts


@ts.kernel
def saxpy(x: ts.Tensor["n", ts.f32],
          y: ts.Tensor["n", ts.f32],
          alpha: ts.f32) -> ts.Tensor["n", ts.f32]:
    """Simple SAXPY: y = alpha * x + y"""
    i = ts.tile.linear_id()
    if i < n:
        y[i] = alpha * x[i] + y[i]
    return y


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(1000).astype(np.float32)
    y = rng.standard_normal(1000).astype(np.float32)
    want = np.float32(0.5) * x + y  # numpy: one f32 rounding per op, as the kernel
    out = saxpy(x, y, 0.5, grid=(32,), tiles=32, lanes=32, check="all", schedule_seed=42)
    np.testing.assert_array_equal(out, want)
    print("saxpy: bit-exact with numpy on 1000 elements (32 groups x 32 tiles, check=all)")


if __name__ == "__main__":
    main()
