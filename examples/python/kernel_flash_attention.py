"""The guide's flash attention with online softmax (quick start, "Example 4") as a @ts.kernel,
checked against numpy (float64 softmax attention), causal and not.

Edits to the guide's code (docs/python.md, "Edits to the guide's kernel examples"):
- @ts.kernel instead of @ts.kernel.autotune(...): the tile sizes are module constants (an
  interpreter has no timings to tune on); ctx.BLOCK_M/BLOCK_N/S/D become BLOCK_M, BLOCK_N and the
  annotation's dimensions S and D;
- the q_block loop becomes the grid (group (i, bh) owns rows i*BM .. i*BM+BM-1 of head bh), and
  Q/K/V windows index the head: Q[bh, q_block:q_block+BM, :] (the guide's Q[q_block:...]
  slices the batch*head dimension);
- f32 storage instead of bf16: Tile IR has no float conversion op for register tiles yet, and
  mma needs both operands in one type (p is f32);
- cp_commit_group()/cp_wait_group(0) before the barrier (copies land at the wait, mem_m5) and a
  barrier at the end of the step (the next copies must not overwrite K/V still being read);
- l_i = alpha * l_i + row_sum(p): the guide's extra `beta *` double-scales the new block, since p
  is already relative to the new running max (beta = exp(m_new - m_i_new) < 1 whenever the
  block's max is not the running max, and the result would be wrong);
- the result is stored into an output parameter O (a kernel writes buffers; it returns none).
"""
import math

import numpy as np

import tessera as ts

BLOCK_M, BLOCK_N = 64, 64                                                 # edit: no autotune


@ts.kernel
def flash_attention(Q: ts.Tensor["B*H", "S", "D", ts.f32],
                    K: ts.Tensor["B*H", "S", "D", ts.f32],
                    V: ts.Tensor["B*H", "S", "D", ts.f32],
                    O: ts.Tensor["B*H", "S", "D", ts.f32],                # edit: output
                    is_causal: bool = True):
    """Flash Attention with online softmax"""

    # Tile configuration (edit: constants instead of the autotuner's context)
    BM, BN = BLOCK_M, BLOCK_N
    bh = ts.tile.group_id(1)                                              # edit: grid
    q_block = ts.tile.group_id(0) * BM                                    # edit: grid

    # Allocate shared memory
    smem_q = ts.tile.alloc_shared((BM, D), ts.f32)
    smem_k = ts.tile.alloc_shared((BN, D), ts.f32)
    smem_v = ts.tile.alloc_shared((BN, D), ts.f32)

    # Initialize accumulators
    acc = ts.tile.zeros((BM, D), ts.f32)
    m_i = ts.tile.full((BM,), -float('inf'), ts.f32)
    l_i = ts.tile.zeros((BM,), ts.f32)

    # Load Q block
    ts.tile.cp_async(smem_q, Q[bh, q_block:q_block+BM, :])
    ts.tile.cp_commit_group()                                             # edit: commit

    for kv_block in ts.tile.range(0, S, BN):
        # Load K,V blocks
        ts.tile.cp_async(smem_k, K[bh, kv_block:kv_block+BN, :])
        ts.tile.cp_async(smem_v, V[bh, kv_block:kv_block+BN, :])
        ts.tile.cp_commit_group()                                         # edit: commit
        ts.tile.cp_wait_group(0)                                          # edit: wait
        ts.tile.barrier()

        # Compute attention scores
        scores = ts.tile.mma(smem_q, smem_k.T) * (1.0 / math.sqrt(D))

        # Apply causal mask if needed
        if is_causal:
            scores = ts.tile.causal_mask(scores, q_block, kv_block)

        # Online softmax update
        m_new = ts.tile.row_max(scores)
        m_i_new = ts.tile.maximum(m_i, m_new)

        # Compute correction factors
        alpha = ts.tile.exp(m_i - m_i_new)

        # Update accumulator
        p = ts.tile.exp(scores - m_i_new)
        l_i = alpha * l_i + ts.tile.row_sum(p)                            # edit: no beta
        acc = alpha * acc + ts.tile.mma(p, smem_v)

        m_i = m_i_new
        ts.tile.barrier()                                                 # edit: reuse

    # Finalize (edit: stored into O, f32)
    O[bh, q_block:q_block+BM, :] = acc / l_i[:, None]


def oracle(q, k, v, causal):
    q, k, v = (t.astype(np.float64) for t in (q, k, v))
    s = q @ k.transpose(0, 2, 1) / math.sqrt(q.shape[-1])
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    return (p / p.sum(axis=-1, keepdims=True)) @ v


def main():
    rng = np.random.default_rng(4)
    BH, S, D = 2, 128, 64
    q, k, v = (rng.standard_normal((BH, S, D)).astype(np.float32) for _ in range(3))
    for causal in (True, False):
        o = np.zeros_like(q)
        flash_attention(q, k, v, o, causal, grid=(S // BLOCK_M, BH), tiles=1, lanes=32,
                        check="all")
        want = oracle(q, k, v, causal)
        err = float(np.abs(o - want).max())
        assert err < 2e-5, (causal, err)
        print(f"flash attention (causal={causal}): max |err| vs numpy f64 = {err:.2e}")


if __name__ == "__main__":
    main()
