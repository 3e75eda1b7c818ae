"""kv_cache.append / read and grouped_gemm against numpy (docs/ops/graph/kv_cache.md,
docs/ops/graph/grouped_gemm.md)."""
import numpy as np
import pytest
from graph_matmul import matmul_chain32

RNG = np.random.default_rng(1850)


def test_kv_cache_append_then_read(run_op):
    cache = RNG.standard_normal((2, 3, 10, 4)).astype(np.float32)
    new = RNG.standard_normal((2, 3, 2, 4)).astype(np.float32)
    pos = np.array(7, np.int64)
    got = run_op("tessera.kv_cache.append", [cache, new, pos], [(cache.shape, np.float32)])[0]
    want = cache.copy()
    want[:, :, 7:9] = new
    assert np.array_equal(got, want)
    w = run_op("tessera.kv_cache.read", [got, np.array(5, np.int32)], [((2, 3, 4, 4), np.float32)],
               "length = 4")[0]
    assert np.array_equal(w, want[:, :, 5:9])


def test_kv_cache_axis0_int(run_op):
    cache = np.arange(12, dtype=np.int32).reshape(6, 2)
    got = run_op("tessera.kv_cache.append", [cache, np.array([[-1, -2]], np.int32),
                                              np.array(0, np.uint8)],
                 [((6, 2), np.int32)], "axis = 0")[0]
    want = cache.copy()
    want[0] = [-1, -2]
    assert np.array_equal(got, want)


@pytest.mark.parametrize("pos", [-1, 9])
def test_kv_cache_append_c5_position(run_op, pos):
    p = run_op("tessera.kv_cache.append",
               [np.zeros((1, 10, 2), np.float32), np.zeros((1, 2, 2), np.float32),
                np.array(pos, np.int64)], [((1, 10, 2), np.float32)], check=False)
    assert p.returncode == 1 and "(kv_cache_append_c5)" in p.stderr


def test_kv_cache_read_c5_start(run_op):
    p = run_op("tessera.kv_cache.read", [np.zeros((10, 2), np.float32), np.array(8, np.int64)],
               [((3, 2), np.float32)], "length = 3", check=False)
    assert p.returncode == 1 and "(kv_cache_read_c5)" in p.stderr


def grouped_ref32(x, w, sizes):
    out, o = [], 0
    for g, s in enumerate(sizes):
        out.append(matmul_chain32(x[o:o + s], w[g]))
        o += s
    return np.concatenate(out, 0)


def test_grouped_gemm_f32_is_the_matmul_chain(run_op):
    x = RNG.standard_normal((30, 24)).astype(np.float32)
    w = RNG.standard_normal((4, 24, 5)).astype(np.float32)
    sizes = np.array([7, 0, 20, 3], np.int32)  # an empty expert
    got = run_op("tessera.grouped_gemm", [x, w, sizes], [((30, 5), np.float32)], threads=2)[0]
    assert np.array_equal(got, grouped_ref32(x, w, sizes))
    ref = np.concatenate([x[:7] @ w[0].astype(np.float64), x[7:27] @ w[2].astype(np.float64),
                          x[27:] @ w[3].astype(np.float64)])
    assert np.allclose(got, ref, rtol=1e-4, atol=1e-5)


def test_grouped_gemm_f64(run_op):
    x = RNG.standard_normal((9, 6))
    w = RNG.standard_normal((2, 6, 3))
    got = run_op("tessera.grouped_gemm", [x, w, np.array([4, 5], np.int64)],
                 [((9, 3), np.float64)])[0]
    assert np.allclose(got, np.concatenate([x[:4] @ w[0], x[4:] @ w[1]]), rtol=1e-13, atol=1e-14)


@pytest.mark.parametrize("sizes", [[3, 3], [5, -1], [2, 2]])
def test_grouped_gemm_c4_sizes(run_op, sizes):
    p = run_op("tessera.grouped_gemm", [np.zeros((5, 2), np.float32),
                                         np.zeros((2, 2, 2), np.float32),
                                         np.array(sizes, np.int32)], [((5, 2), np.float32)],
               check=False)
    assert p.returncode == 1 and "(grouped_gemm_c4)" in p.stderr
