"""The guide's tensor-parallel GEMM on the NVL72 mesh (chapter 2, "2.1 NVL72 mesh", "2.2 Sharded
weight matrix", "2.7 NVL72 TP GEMM"), run SPMD on the interpreter's simulated mesh of 72 ranks
and checked bit for bit against numpy.

Edits (docs/python.md, "Edits to the guide's mesh examples"):
- the weight is 16 x 72 instead of 8192 x 8192 (72 simulated ranks share this machine's cores);
  its columns still split over tp = 9, and its values are small integers so every sum is exact
  in bf16 and the numpy oracle is exact;
- the two lines of 2.7 are the body of a @ts.jit function, and `all_gather` is imported from
  tessera.dist (the guide's snippet has no imports); it gathers along the last dimension, the
  one the shards split.
"""
import numpy as np
import ml_dtypes

import tessera as ts
from tessera import dist
from tessera.dist import all_gather                                      # edit: import

# Factorization: 4x9x2 = 72 GPUs
mesh = dist.mesh(
    devices=[f"cuda:{i}" for i in range(72)],
    axes=("dp", "tp", "pp"),
    shape=(4, 9, 2)
)

rng = np.random.default_rng(7)
W = dist.tensor(
    shape=(16, 72),                                                       # edit: size
    layout=dist.ShardSpec(partition=("col",), mesh_axes=("tp",)),  # sharded across tensor-parallel axis
    mesh=mesh,
    dtype="bf16",
    data=rng.integers(-2, 3, size=(16, 72)).astype(np.float32),           # edit: values
)


@ts.jit                                                                   # edit: a function
def tp_gemm(x, W_shard):
    y_local = x @ W_shard                  # partial on each TP shard
    y = all_gather(y_local, axis="tp")     # full output assembled over NVLink/NVSwitch
    return y


def main():
    x = rng.integers(-2, 3, size=(4, 16)).astype(ml_dtypes.bfloat16)   # replicated on every rank
    y = tp_gemm(x, W)
    want = x.astype(np.int64) @ W.numpy().astype(np.int64)              # exact integer oracle
    assert y.shape == (4, 72) and y.dtype == ml_dtypes.bfloat16, (y.shape, y.dtype)
    np.testing.assert_array_equal(y.astype(np.int64), want)
    text = tp_gemm.inspect_ir("graph")
    assert 'shape = [4, 9, 2]' in text and "tessera.all_gather" in text
    print(f"tensor-parallel gemm on {mesh.size} ranks (dp x tp x pp = 4 x 9 x 2): "
          "exact against numpy")


if __name__ == "__main__":
    main()
