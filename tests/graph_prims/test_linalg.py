"""cholesky (lower and upper), tri_solve, cholesky_solve, svd and spmm against numpy.linalg and a numpy model of the spec's loops
(docs/ops/graph/linalg.md)."""
import numpy as np
import pytest
from graph_linalg import cholesky_model, cholesky_solve_model, spmm_model, tri_solve_model

RNG = np.random.default_rng(1880)


def spd(batch, n, dtype):
    a = RNG.standard_normal(batch + (n, n))
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(dtype)


@pytest.mark.parametrize("dtype,rtol", [(np.float32, 1e-5), (np.float64, 1e-12)])
def test_cholesky_matches_numpy(run_op, dtype, rtol):
    a = spd((3,), 9, dtype)
    got = run_op("tessera.cholesky", [a], [(a.shape, dtype)], threads=2)[0]
    assert np.array_equal(got, cholesky_model(a))
    assert np.allclose(got, np.linalg.cholesky(a.astype(np.float64)), rtol=rtol, atol=rtol)
    assert np.array_equal(np.triu(got, 1), np.zeros_like(got))


def test_cholesky_not_positive_definite_gives_nan(run_op):
    a = np.array([[1.0, 2.0], [2.0, 1.0]], np.float32)
    got = run_op("tessera.cholesky", [a], [((2, 2), np.float32)])[0]
    assert got[0, 0] == 1 and np.isnan(got[1, 1])


@pytest.mark.parametrize("shape", [(7, 4), (4, 7), (2, 5, 5), (1, 1), (6, 1)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_svd_reconstructs_and_matches_singular_values(run_op, shape, dtype):
    a = RNG.standard_normal(shape).astype(dtype)
    m, n = shape[-2:]
    k = min(m, n)
    b = shape[:-2]
    u, s, vt = run_op("tessera.svd", [a], [(b + (m, k), dtype), (b + (k,), dtype),
                                           (b + (k, n), dtype)], threads=2)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    s_ref = np.linalg.svd(a.astype(np.float64), compute_uv=False)
    assert np.allclose(s, s_ref, rtol=tol, atol=tol * s_ref.max())
    rec = (u.astype(np.float64) * s[..., None, :]) @ vt
    assert np.abs(rec - a).max() <= 10 * tol * max(1.0, s_ref.max())
    eye = np.eye(k)
    assert np.allclose(np.swapaxes(u, -1, -2) @ u.astype(np.float64), eye, atol=10 * tol)
    assert np.allclose(vt.astype(np.float64) @ np.swapaxes(vt, -1, -2), eye, atol=10 * tol)
    assert np.all(np.diff(s, axis=-1) <= 0)


def test_svd_is_deterministic_across_threads(run_op):
    a = RNG.standard_normal((8, 12, 10)).astype(np.float32)
    types = [((8, 12, 10), np.float32), ((8, 10), np.float32), ((8, 10, 10), np.float32)]
    one = run_op("tessera.svd", [a], types, threads=1)
    two = run_op("tessera.svd", [a], types, threads=2)
    for x, y in zip(one, two):
        assert np.array_equal(x, y)


def csr(dense):
    rows, cols = np.nonzero(dense)
    ptr = np.searchsorted(rows, np.arange(dense.shape[0] + 1)).astype(np.int32)
    return dense[rows, cols], cols.astype(np.int32), ptr


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_spmm_matches_dense(run_op, dtype):
    sp = RNG.standard_normal((9, 11)) * (RNG.random((9, 11)) < 0.3)
    sp[4] = 0  # an empty row
    vals, cols, ptr = csr(sp.astype(dtype))
    b = RNG.standard_normal((11, 5)).astype(dtype)
    got = run_op("tessera.spmm", [vals, cols, ptr, b], [((9, 5), dtype)], threads=2)[0]
    if dtype == np.float32:
        assert np.array_equal(got, spmm_model(vals, cols, ptr, b))
    assert np.allclose(got, sp @ b.astype(np.float64), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("cols,ptr,msg", [
    ([0, 7], [0, 1, 2], "index 7 at element 1 is outside [0, 3) (spmm_c5)"),
    ([0, 1], [0, 2, 1], "row_ptr[2] = 1 breaks"),
    ([0, 1], [1, 1, 2], "row_ptr[0] = 1 breaks"),
    ([0, 1], [0, 1, 1], "row_ptr[2] = 1 breaks"),
])
def test_spmm_c5_bad_structure(run_op, cols, ptr, msg):
    p = run_op("tessera.spmm", [np.ones(2, np.float32), np.array(cols, np.int32),
                                np.array(ptr, np.int32), np.ones((3, 2), np.float32)],
               [((2, 2), np.float32)], check=False)
    assert p.returncode == 1 and msg in p.stderr and "(spmm_c5)" in p.stderr


@pytest.mark.parametrize("shape,rank", [((6, 4), 2), ((4, 6), 1), ((5, 5), 0)])
def test_svd_rank_deficient_has_orthonormal_u(run_op, shape, rank):
    m, n = shape
    a = RNG.standard_normal((m, rank)) @ RNG.standard_normal((rank, n))
    k = min(m, n)
    u, s, vt = run_op("tessera.svd", [a], [((m, k), np.float64), ((k,), np.float64),
                                           ((k, n), np.float64)])
    assert np.allclose(u.T @ u, np.eye(k), atol=1e-12)
    assert np.allclose(vt @ vt.T, np.eye(k), atol=1e-12)
    assert np.allclose((u * s) @ vt, a, atol=1e-12)
    assert np.allclose(s, np.linalg.svd(a, compute_uv=False), atol=1e-12)


@pytest.mark.parametrize("dtype,rtol", [(np.float32, 1e-5), (np.float64, 1e-12)])
def test_cholesky_upper_is_the_transposed_factor(run_op, dtype, rtol):
    a = spd((2,), 5, dtype)
    a[..., 3, 1] = 99  # the lower triangle is not read with lower = false
    got = run_op("tessera.cholesky", [a], [(a.shape, dtype)], attrs="lower = false")[0]
    sym = np.triu(a) + np.swapaxes(np.triu(a, 1), -1, -2)
    assert np.array_equal(got, np.swapaxes(cholesky_model(sym), -1, -2))
    u = got.astype(np.float64)
    assert np.allclose(np.swapaxes(u, -1, -2) @ u, sym, rtol=rtol * 10, atol=rtol * 10)


@pytest.mark.parametrize("lower,trans,unit", [(True, False, False), (False, False, False),
                                              (True, True, False), (False, True, True)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_tri_solve_matches_numpy(run_op, lower, trans, unit, dtype):
    n, k = 5, 3
    m = (RNG.standard_normal((2, n, n)) + 4 * np.eye(n)).astype(dtype)
    b = RNG.standard_normal((2, n, k)).astype(dtype)
    attrs = f"lower = {str(lower).lower()}, trans = {str(trans).lower()}, " \
            f"unit_diag = {str(unit).lower()}"
    got = run_op("tessera.tri_solve", [m, b], [(b.shape, dtype)], attrs=attrs, threads=2)[0]
    assert np.array_equal(got, tri_solve_model(m, b, lower, trans, unit))
    t = (np.tril if lower else np.triu)(m.astype(np.float64))
    if unit:
        t[..., np.arange(n), np.arange(n)] = 1.0
    if trans:
        t = np.swapaxes(t, -1, -2)
    want = np.linalg.solve(t, b.astype(np.float64))
    tol = 1e-5 if dtype == np.float32 else 1e-12
    assert np.allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype,tol", [(np.float32, 1e-4), (np.float64, 1e-11)])
def test_cholesky_solve_matches_numpy(run_op, dtype, tol):
    a = spd((3,), 4, dtype)
    b = RNG.standard_normal((3, 4, 2)).astype(dtype)
    got = run_op("tessera.cholesky_solve", [a, b], [(b.shape, dtype)], threads=2)[0]
    assert np.array_equal(got, cholesky_solve_model(a, b))
    want = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    assert np.allclose(got, want, rtol=tol, atol=tol)


def test_batched_gemm_is_matmul(run_op):
    a = RNG.integers(-3, 4, (2, 4, 8)).astype(np.float32)
    b = RNG.integers(-3, 4, (2, 8, 5)).astype(np.float32)
    got = run_op("tessera.batched_gemm", [a, b], [((2, 4, 5), np.float32)])[0]
    assert np.array_equal(got, a @ b)  # small integers: every sum is exact
