"""ts.dist model: meshes, ShardSpecs and distributed tensors against hand derivations of
docs/collectives.md (row-major ranks, shard index row-major over an axis tuple, divisibility)."""
import numpy as np
import pytest

from tessera import dist


def test_mesh_ranks_are_row_major_and_validated():
    m = dist.mesh(devices=[f"cuda:{i}" for i in range(72)], axes=("dp", "tp", "pp"),
                  shape=(4, 9, 2))
    assert m.size == 72
    # rank of (d, t, p) = (d*9 + t)*2 + p
    for d, t, p in [(0, 0, 1), (1, 2, 0), (3, 8, 1)]:
        assert m.coords((d * 9 + t) * 2 + p) == (d, t, p)
    assert 'axes = ["dp", "tp", "pp"], shape = [4, 9, 2]' in m.mlir()
    with pytest.raises(dist.DistError, match="72 ranks but 8 devices"):
        dist.mesh(devices=range(8), axes=("dp", "tp", "pp"), shape=(4, 9, 2))
    with pytest.raises(dist.DistError, match="distinct"):
        dist.mesh(axes=("tp", "tp"), shape=(2, 2))
    with pytest.raises(dist.DistError, match="needs shape"):
        dist.Mesh(axes=["tp", "pp"], devices=range(72))
    assert dist.Mesh(axes=["tp"], devices=range(8)).shape == (8,)


def test_shardspec_local_shapes_and_shards():
    m = dist.mesh(axes=("dp", "tp", "pp"), shape=(4, 9, 2))
    spec = dist.ShardSpec(partition=("row", "col"), mesh_axes=("tp", "pp"))
    assert spec.local_shape((18, 8), m) == (2, 4)
    g = np.arange(18 * 8).reshape(18, 8)
    for rank in (0, 5, 71):
        _, t, p = m.coords(rank)
        # rank (d, t, p) holds rows [t*R/9, (t+1)*R/9) and columns [p*C/2, (p+1)*C/2)
        want = g[t * 2:(t + 1) * 2, p * 4:(p + 1) * 4]
        np.testing.assert_array_equal(spec.local(g, m, rank), want)
    assert spec.mlir() == '{partition = ["row", "col"], mesh_axes = ["tp", "pp"]}'
    with pytest.raises(dist.DistError, match="dim 0 of size 10 does not divide into 9"):
        spec.local_shape((10, 8), m)
    two = dist.ShardSpec(partition=(0,), mesh_axes=(("dp", "tp"),))
    assert two.local_shape((72, 3), m) == (2, 3)
    # shard index row-major over (dp, tp): rank (d, t, p) holds block d*9 + t
    assert two.shard_index(m, 71, 2) == [35, 0]
    with pytest.raises(dist.DistError, match="mesh order"):
        dist.ShardSpec(partition=(0,), mesh_axes=(("tp", "dp"),)).check(m, 2)
    with pytest.raises(dist.DistError, match="no axis 'zz'"):
        dist.ShardSpec(partition=("col",), mesh_axes=("zz",)).check(m, 2)
    with pytest.raises(dist.DistError, match="at most one dim"):
        dist.ShardSpec(partition=(0, 1), mesh_axes=("tp", "tp"))


def test_dist_tensor_from_the_guide():
    m = dist.mesh(devices=[f"cuda:{i}" for i in range(8)], axes=("dp", "tp"), shape=(4, 2))
    W = dist.tensor(shape=(16, 8), layout=dist.ShardSpec(partition=("col",), mesh_axes=("tp",)),
                    mesh=m, dtype="bf16 @accum(f32)")
    assert W.shape == (16, 8) and W.local_shape == (16, 4)
    assert W.dtype.name == "bfloat16"
    data = np.arange(32, dtype=np.float32).reshape(4, 8)
    X = dist.tensor(data=data, layout=dist.ShardSpec(partition=("row",), mesh_axes=("dp",)),
                    mesh=m, dtype="f32")
    np.testing.assert_array_equal(X.local(2 * 2 + 1), data[2:3])
    with pytest.raises(dist.DistError, match="needs mesh"):
        dist.tensor(shape=(2, 2))
