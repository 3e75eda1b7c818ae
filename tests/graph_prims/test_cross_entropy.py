"""tessera.cross_entropy against numpy float64 (docs/ops/graph/cross_entropy.md)."""
import numpy as np
import pytest

RNG = np.random.default_rng(1802)


def ref_losses(x, y):
    x64 = x.astype(np.float64)
    m = x64.max(axis=-1, keepdims=True)
    lse = np.log(np.exp(x64 - m).sum(axis=-1)) + m[..., 0]
    return lse - np.take_along_axis(x64, y[..., None].astype(np.int64), -1)[..., 0]


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("dtype,rtol", [(np.float32, 2e-5), (np.float64, 1e-13)])
def test_cross_entropy_matches_float64(run_op, reduction, dtype, rtol):
    x = (RNG.standard_normal((3, 7, 11)) * 4).astype(dtype)
    y = RNG.integers(0, 11, (3, 7)).astype(np.int32)
    per = ref_losses(x, y)
    want = {"none": per, "sum": per.sum(), "mean": per.mean()}[reduction]
    shape = (3, 7) if reduction == "none" else ()
    got = run_op("tessera.cross_entropy", [x, y], [(shape, dtype)], f'reduction = "{reduction}"')[0]
    assert np.allclose(got, want, rtol=rtol, atol=0)


def test_cross_entropy_is_stable_for_huge_logits(run_op):
    # exp(1e4) overflows: the naive softmax gives Inf / NaN, the stable form gives exact losses.
    x = np.array([[1e4, 0.0, -1e4], [5e3, 5e3, 0.0]], np.float32)
    y = np.array([0, 1], np.int64)
    got = run_op("tessera.cross_entropy", [x, y], [((2,), np.float32)], 'reduction = "none"')[0]
    assert np.allclose(got, [0.0, np.log(2.0)], rtol=1e-6, atol=1e-7)


def test_cross_entropy_sum_is_sequential(run_op):
    # Per-row losses 0 (label on a huge margin) and log(2): their f32 sum in row order.
    x = np.tile(np.array([[30.0, -30.0], [1.0, 1.0]], np.float32), (500, 1))
    y = np.zeros(1000, np.int32)
    got = run_op("tessera.cross_entropy", [x, y], [((), np.float32)], 'reduction = "sum"',
                 threads=2)[0]
    per = run_op("tessera.cross_entropy", [x, y], [((1000,), np.float32)], 'reduction = "none"')[0]
    acc = per[0]
    for v in per[1:]:
        acc = np.float32(acc + v)
    assert got.view(np.uint32) == np.float32(acc).view(np.uint32)
    assert np.allclose(got, ref_losses(x, y).sum(), rtol=1e-5)


def test_cross_entropy_c5_label_out_of_range(run_op):
    x = np.zeros((2, 3), np.float32)
    p = run_op("tessera.cross_entropy", [x, np.array([0, 3], np.int32)], [((), np.float32)],
               check=False)
    assert p.returncode == 1
    assert "index 3 at element 1 is outside [0, 3) (cross_entropy_c5)" in p.stderr
