"""The guide's tensor-core GEMM (quick start, "Example 2: Matrix Multiplication with Tensor
Cores") as a @ts.kernel, checked bit for bit against a numpy replay of its order.

Edits to the guide's code (docs/python.md, "Edits to the guide's kernel examples"):
- tile_m, tile_n come from the group's grid coordinates, and the body runs in a loop over
  tile_k (the guide leaves all three undefined and computes a single K step);
- cp_commit_group() and cp_wait_group(0) before the barrier: an async copy lands only at the
  wait of its commit group (docs/tile-ir.md, mem_m5); the guide's barrier alone would read the
  buffers before the copies land (the `async` sanitizer reports it);
- a barrier after the mma, so the next step's copies do not overwrite buffers still being read.
"""
import numpy as np
import ml_dtypes

import tessera as ts


@ts.kernel
def gemm(A: ts.Tensor["M", "K", ts.bf16],
         B: ts.Tensor["K", "N", ts.bf16],
         C: ts.Tensor["M", "N", ts.f32]) -> ts.Tensor["M", "N", ts.f32]:
    """Matrix multiplication using tensor cores"""
    tile_m = ts.tile.group_id(0) * 64                                     # edit: defined
    tile_n = ts.tile.group_id(1) * 64                                     # edit: defined
    # Allocate shared memory tiles
    smem_a = ts.tile.alloc_shared((64, 32), ts.bf16, swizzle="xor")
    smem_b = ts.tile.alloc_shared((32, 64), ts.bf16, swizzle="xor")

    for tile_k in ts.tile.range(0, K, 32):                                # edit: K loop
        # Load tiles asynchronously
        ts.tile.cp_async(smem_a, A[tile_m:tile_m+64, tile_k:tile_k+32])
        ts.tile.cp_async(smem_b, B[tile_k:tile_k+32, tile_n:tile_n+64])
        ts.tile.cp_commit_group()                                         # edit: commit
        ts.tile.cp_wait_group(0)                                          # edit: wait
        ts.tile.barrier()

        # Compute using tensor cores
        acc = ts.tile.mma(smem_a, smem_b, accumulator=ts.f32)

        # Store result
        C[tile_m:tile_m+64, tile_n:tile_n+64] += acc
        ts.tile.barrier()                                                 # edit: reuse
    return C


def oracle(a, b, c):
    """numpy replay: per K step an f32 FMA chain from zero (bf16 products are exact in f32,
    so each step is one f32 add), then C += step."""
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    c = c.copy()
    for k0 in range(0, a.shape[1], 32):
        acc = np.zeros(c.shape, np.float32)
        for k in range(k0, k0 + 32):
            acc = acc + a32[:, k:k + 1] * b32[k:k + 1, :]
        c = c + acc
    return c


def main():
    rng = np.random.default_rng(0)
    M, N, K = 128, 128, 96
    a = rng.standard_normal((M, K)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((K, N)).astype(ml_dtypes.bfloat16)
    c = rng.standard_normal((M, N)).astype(np.float32)
    want = oracle(a, b, c)
    got = gemm(a, b, c.copy(), grid=(M // 64, N // 64), tiles=1, lanes=32, check="all")
    np.testing.assert_array_equal(got, want)
    ref = c + a.astype(np.float64) @ b.astype(np.float64)
    assert np.allclose(got, ref, rtol=1e-5, atol=1e-4)
    print("gemm (tensor cores): bit-exact with the numpy replay, max |err| vs f64 =",
          float(np.abs(got - ref).max()))


if __name__ == "__main__":
    main()
