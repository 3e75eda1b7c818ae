"""gather, embedding, scatter and topk against numpy (docs/ops/graph/indexing.md)."""
import numpy as np
import pytest

RNG = np.random.default_rng(1801)


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("itype", [np.int32, np.int64, np.uint8])
def test_gather_matches_np_take(run_op, axis, itype):
    src = RNG.standard_normal((5, 6, 3)).astype(np.float32)
    n = src.shape[axis]
    idx = RNG.integers(0, n, (2, 4)).astype(itype)
    want = np.take(src, idx.astype(np.int64), axis=axis)
    got = run_op("tessera.gather", [src, idx], [(want.shape, np.float32)], f"axis = {axis}")[0]
    assert np.array_equal(got, want)


def test_gather_threads_and_int_data(run_op):
    src = RNG.integers(-1000, 1000, (3000, 7)).astype(np.int64)
    idx = RNG.integers(0, 3000, 5000).astype(np.int32)
    want = np.take(src, idx, axis=0)
    for t in (1, 2):
        got = run_op("tessera.gather", [src, idx], [(want.shape, np.int64)], threads=t)[0]
        assert np.array_equal(got, want)


@pytest.mark.parametrize("bad", [-1, 4])
def test_gather_c4_index_out_of_range(run_op, bad):
    src = np.zeros((4, 2), np.float32)
    idx = np.array([0, bad, 1], np.int32)
    p = run_op("tessera.gather", [src, idx], [((3, 2), np.float32)], check=False)
    assert p.returncode == 1
    assert f"index {bad} at element 1 is outside [0, 4) (gather_c4)" in p.stderr


def test_embedding_matches_row_lookup(run_op):
    table = RNG.standard_normal((50, 8))
    ids = RNG.integers(0, 50, (3, 5)).astype(np.int64)
    got = run_op("tessera.embedding", [table, ids], [((3, 5, 8), np.float64)])[0]
    assert np.array_equal(got, table[ids])


def test_embedding_c4_id_out_of_range(run_op):
    p = run_op("tessera.embedding", [np.zeros((3, 2), np.float32), np.array([3], np.int64)],
               [((1, 2), np.float32)], check=False)
    assert p.returncode == 1 and "(embedding_c4)" in p.stderr


def scatter_ref(dst, idx, upd, axis, add):
    """The spec's loop: updates in C order, last write wins / sequential adds."""
    out = dst.copy()
    a = axis % dst.ndim
    for pos in np.ndindex(*upd.shape):
        p, q, s = pos[:a], pos[a:a + idx.ndim], pos[a + idx.ndim:]
        tgt = p + (int(idx[q]),) + s
        out[tgt] = out[tgt] + upd[pos] if add else upd[pos]
    return out


@pytest.mark.parametrize("reduction", ["none", "add"])
@pytest.mark.parametrize("axis", [0, 1])
def test_scatter_duplicates_follow_c_order(run_op, reduction, axis):
    dst = RNG.standard_normal((4, 5)).astype(np.float32)
    idx = np.array([[1, 3, 1], [0, 1, 3]], np.int32)  # duplicates
    ushape = dst.shape[:axis] + idx.shape + dst.shape[axis + 1:]
    upd = RNG.standard_normal(ushape).astype(np.float32)
    want = scatter_ref(dst, idx, upd, axis, reduction == "add")
    attrs = f'axis = {axis}, reduction = "{reduction}"'
    got = run_op("tessera.scatter", [dst, idx, upd], [(dst.shape, np.float32)], attrs)[0]
    assert np.array_equal(got, want)
    if reduction == "add":  # numpy's unbuffered add gives the same sums here
        alt = dst.copy()
        np.add.at(alt, (slice(None),) * axis + (idx,), upd)
        assert np.allclose(got, alt, rtol=1e-6)


def test_scatter_add_int_wraps(run_op):
    dst = np.array([2**31 - 1, 0], np.int32)
    got = run_op("tessera.scatter", [dst, np.array([0], np.int32), np.array([1], np.int32)],
                 [((2,), np.int32)], 'reduction = "add"')[0]
    assert got[0] == -(2**31)


def test_scatter_c6_index_out_of_range(run_op):
    p = run_op("tessera.scatter", [np.zeros(3, np.float32), np.array([5], np.int64),
                                   np.zeros(1, np.float32)], [((3,), np.float32)], check=False)
    assert p.returncode == 1 and "index 5 at element 0 is outside [0, 3) (scatter_c6)" in p.stderr


def topk_ref(x, k, axis, largest):
    """Sort each row by (NaN above all, value, then position): the spec's total order."""
    xm = np.moveaxis(x, axis, -1)
    vals = np.empty(xm.shape[:-1] + (k,), x.dtype)
    idx = np.empty(xm.shape[:-1] + (k,), np.int64)
    for r in np.ndindex(*xm.shape[:-1]):
        row = xm[r]

        def key(j):
            v = row[j]
            rank = (1, 0.0) if np.isnan(v) else (0, float(v))
            rank = rank if not largest else (-rank[0], -rank[1])
            return rank + (j,)

        order = sorted(range(row.shape[0]), key=key)[:k]
        vals[r] = row[order]
        idx[r] = order
    return np.moveaxis(vals, -1, axis), np.moveaxis(idx, -1, axis)


@pytest.mark.parametrize("largest", [True, False])
@pytest.mark.parametrize("axis", [-1, 0])
def test_topk_ties_and_nan(run_op, largest, axis):
    x = RNG.integers(-3, 4, (6, 9)).astype(np.float32)  # many ties
    x[1, 2] = x[2, 5] = np.nan
    x[3, 0], x[3, 1] = -0.0, 0.0
    k = 4
    wv, wi = topk_ref(x, k, axis, largest)
    shape = list(x.shape)
    shape[axis] = k
    got = run_op("tessera.topk", [x], [(shape, np.float32), (shape, np.int64)],
                 f"k = {k}, axis = {axis}, largest = {str(largest).lower()}")
    assert np.array_equal(got[1], wi)
    assert np.array_equal(got[0].view(np.uint32), wv.view(np.uint32))


def test_topk_agrees_with_stable_argsort_on_distinct(run_op):
    x = RNG.standard_normal((40, 100))
    got = run_op("tessera.topk", [x], [((40, 7), np.float64), ((40, 7), np.int64)], "k = 7",
                 threads=2)
    want = np.argsort(-x, axis=-1, kind="stable")[:, :7]
    assert np.array_equal(got[1], want)
    assert np.array_equal(got[0], np.take_along_axis(x, want, -1))
