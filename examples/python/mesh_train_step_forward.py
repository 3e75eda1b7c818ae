"""The guide's distributed training step (quick start, "Example 3: Distributed Training on
Multiple GPUs"), forward only, on a 4 x 2 (dp x tp) mesh of the interpreter, checked against
numpy (float64).

Edits (docs/python.md, "Edits to the guide's mesh examples"):
- sizes 32 x 16 for W (8192 x 8192 in the guide) and a batch of 8;
- x and y are distributed tensors too: x split by rows over dp, y by rows over dp and columns
  over tp (the guide leaves them undefined);
- no @ts.autodiff / ts.grad: this example is the forward pass (gradients are another part of
  issue #15);
- the function is SPMD (each rank sees its shards, as in shard_map): the guide's "automatically
  handles TP sharding" is the explicit all_reduce that averages the ranks' local losses over
  the mesh (each rank's mse is the mean of an equal-size block, so their mean is the global mean).
"""
import numpy as np

import tessera as ts

# Create mesh for distributed execution
mesh = ts.dist.mesh(
    devices=[f"cuda:{i}" for i in range(8)],
    axes=("dp", "tp"),  # Data parallel and tensor parallel
    shape=(4, 2)        # 4-way DP, 2-way TP
)

rng = np.random.default_rng(11)

# Distributed tensor with sharding
W = ts.dist.tensor(
    shape=(32, 16),                                                       # edit: size
    layout=ts.ShardSpec(partition=("col",), mesh_axes=("tp",)),
    mesh=mesh,
    dtype="bf16 @accum(f32)",  # BF16 storage, FP32 accumulation
    data=rng.standard_normal((32, 16)),                                   # edit: values
)
x = ts.dist.tensor(data=rng.standard_normal((8, 32)), mesh=mesh,         # edit: defined
                   layout=ts.ShardSpec(partition=("row",), mesh_axes=("dp",)),
                   dtype="bf16 @accum(f32)")
y = ts.dist.tensor(data=rng.standard_normal((8, 16)), mesh=mesh,         # edit: defined
                   layout=ts.ShardSpec(partition=("row", "col"), mesh_axes=("dp", "tp")),
                   dtype="f32")


@ts.jit
def train_step(x, y, W):
    """Training step (forward)"""
    pred = ts.gemm(x, W)  # Automatically handles TP sharding
    loss = ts.mse(pred, y)
    loss = ts.dist.all_reduce(loss, axis=("dp", "tp"), op="avg")          # edit: explicit
    return loss


def main():
    loss = train_step(x, y, W)
    xf, wf = x.numpy().astype(np.float64), W.numpy().astype(np.float64)
    want = np.mean((xf @ wf - y.numpy().astype(np.float64)) ** 2)
    got = float(np.asarray(loss))
    assert abs(got - want) <= 1e-5 * abs(want), (got, want)
    print(f"train_step forward on a 4 x 2 mesh: loss {got:.6f}, numpy f64 {want:.6f}")


if __name__ == "__main__":
    main()
