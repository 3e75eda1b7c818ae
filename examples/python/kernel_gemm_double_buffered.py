"""The guide's double-buffered GEMM (programming model, "Double Buffering Pattern") as a
@ts.kernel, checked bit for bit against a numpy replay of its order.

The guide's kernel computes one BM x BN block of C (its windows start at row and column 0), so
it runs on one group with M = BM and N = BN. Edits (docs/python.md):
- BM, BN, BK are module constants (the guide leaves them undefined);
- cp_commit_group() after each pair of copies: a copy lands only at the wait of its commit
  group (docs/tile-ir.md, mem_m5), and cp_wait_group(0) waits for committed groups only;
- an epilogue after the loop multiplies the last prefetched stage, which the guide's loop
  loads but never uses (without it the result misses the last K block).
"""
import numpy as np
import ml_dtypes

import tessera as ts

BM, BN, BK = 64, 64, 32                                                   # edit: defined


@ts.kernel
def double_buffered_gemm(A: ts.Tensor["M", "K", ts.bf16],
                        B: ts.Tensor["K", "N", ts.bf16],
                        C: ts.Tensor["M", "N", ts.f32]):
    # Allocate double buffers
    smem_a = [
        ts.tile.alloc_shared((BM, BK), ts.bf16),
        ts.tile.alloc_shared((BM, BK), ts.bf16)
    ]
    smem_b = [
        ts.tile.alloc_shared((BK, BN), ts.bf16),
        ts.tile.alloc_shared((BK, BN), ts.bf16)
    ]

    # Pipeline stages
    write_stage = 0
    compute_stage = 1

    # Prefetch first blocks
    ts.tile.cp_async(smem_a[write_stage], A[0:BM, 0:BK])
    ts.tile.cp_async(smem_b[write_stage], B[0:BK, 0:BN])
    ts.tile.cp_commit_group()                                             # edit: commit

    for k in ts.tile.range(BK, K, BK):
        # Start loading next blocks
        write_stage, compute_stage = compute_stage, write_stage
        ts.tile.cp_async(smem_a[write_stage], A[0:BM, k:k+BK])
        ts.tile.cp_async(smem_b[write_stage], B[k:k+BK, 0:BN])
        ts.tile.cp_commit_group()                                         # edit: commit

        # Wait for previous load and compute
        ts.tile.cp_wait_group(0)
        ts.tile.barrier()

        # Compute on current blocks
        C += ts.tile.mma(smem_a[compute_stage], smem_b[compute_stage])

    ts.tile.cp_wait_group(0)                                              # edit: epilogue
    ts.tile.barrier()                                                     # edit: epilogue
    C += ts.tile.mma(smem_a[write_stage], smem_b[write_stage])            # edit: epilogue


def oracle(a, b, c):
    """numpy replay: each K block is an f32 FMA chain from zero (bf16 products are exact in
    f32, so each step is one f32 add), added to C block after block."""
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    c = c.copy()
    for k0 in range(0, a.shape[1], BK):
        acc = np.zeros(c.shape, np.float32)
        for k in range(k0, k0 + BK):
            acc = acc + a32[:, k:k + 1] * b32[k:k + 1, :]
        c = c + acc
    return c


def main():
    rng = np.random.default_rng(1)
    K = 160
    a = rng.standard_normal((BM, K)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((K, BN)).astype(ml_dtypes.bfloat16)
    c = np.zeros((BM, BN), np.float32)
    want = oracle(a, b, c)
    double_buffered_gemm(a, b, c, grid=(1,), tiles=1, lanes=32, check="all")
    np.testing.assert_array_equal(c, want)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    assert np.allclose(c, ref, rtol=1e-5, atol=1e-4)
    print("double-buffered gemm: bit-exact with the numpy replay, max |err| vs f64 =",
          float(np.abs(c - ref).max()))


if __name__ == "__main__":
    main()
