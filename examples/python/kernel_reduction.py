"""The guide's cooperative reduction (programming model, "Tile Groups and Synchronization") as
written, run on one group of 128 tiles with every sanitizer on and several schedule seeds, and
checked bit for bit against a numpy replay of its order (and against the f64 sum).

No edit to the kernel: `N` is the annotation's dimension; `return shared_sum[0]` of a scalar
returns one value per group (written by the group's tile 0), here an array of one element.
"""
import numpy as np

import tessera as ts


@ts.kernel
def cooperative_reduction(data: ts.Tensor["N", ts.f32]) -> ts.f32:
    # Allocate shared memory for tile group
    shared_sum = ts.tile.alloc_shared((128,), ts.f32)

    # Each tile computes partial sum
    tile_id = ts.tile.linear_id()
    local_sum = 0.0

    for i in ts.tile.range(tile_id, N, ts.tile.group_size()):
        local_sum += data[i]

    # Store to shared memory
    shared_sum[ts.tile.local_id()] = local_sum

    # Synchronize tile group
    ts.tile.barrier()

    # Cooperative reduction
    stride = ts.tile.group_size() // 2
    while stride > 0:
        if ts.tile.local_id() < stride:
            shared_sum[ts.tile.local_id()] += shared_sum[ts.tile.local_id() + stride]
        ts.tile.barrier()
        stride //= 2

    return shared_sum[0]


def oracle(x, tiles):
    """Tile t adds x[t], x[t + T], ... sequentially in f32; then the halving tree."""
    part = np.zeros(tiles, np.float32)
    for k in range(0, len(x), tiles):
        chunk = x[k:k + tiles]
        part[:len(chunk)] += chunk
    s = tiles // 2
    while s > 0:
        part[:s] += part[s:2 * s]
        s //= 2
    return part[0]


def main():
    x = np.random.default_rng(3).standard_normal(10000).astype(np.float32)
    want = oracle(x, 128)
    for seed in (0, 1, 99):
        got = cooperative_reduction(x, grid=(1,), tiles=128, lanes=32, check="all",
                                    schedule_seed=seed)
        assert got.shape == (1,) and got[0] == want, (seed, got, want)
    assert abs(float(got[0]) - x.astype(np.float64).sum()) < 1e-3
    print(f"cooperative reduction: {got[0]!r} bit-exact with the numpy replay for 3 schedules")


if __name__ == "__main__":
    main()
