"""Random ops: the Philox stream re-implemented in numpy (conformance/gen/philox_model.py), bit
for bit, and distribution tests with fixed seeds (docs/ops/graph/random.md)."""
import math

import numpy as np
import philox_model as pm
import pytest


def test_philox_known_answers():
    # Random123's kat_vectors for philox4x32_10.
    z = np.zeros(1, np.uint64)
    assert [int(w[0]) for w in pm.philox4x32_10(z, z, z, z, 0, 0)] == [
        0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]
    o = np.full(1, 0xFFFFFFFF, np.uint64)
    assert [int(w[0]) for w in pm.philox4x32_10(o, o, o, o, 0xFFFFFFFF, 0xFFFFFFFF)] == [
        0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_uniform_bits_and_threads(run_op, dtype):
    shape = (257, 33)
    attrs = "seed = -5, stream = 3, low = -2.0, high = 3.0"
    outs = [run_op("tessera.uniform", [], [(shape, dtype)], attrs, threads=t)[0] for t in (1, 2)]
    assert np.array_equal(outs[0], outs[1])
    want = pm.uniform(-5, 3, shape, dtype, -2.0, 3.0)
    assert np.array_equal(outs[0], want)
    u = outs[0].astype(np.float64).ravel()
    assert u.min() >= -2.0 and u.max() <= 3.0
    n = u.size
    assert abs(u.mean() - 0.5) < 4 * 5 / math.sqrt(12 * n)
    assert abs(u.var() - 25 / 12) < 0.05 * 25 / 12
    # uniform histogram: chi-square over 10 bins, well under the 0.999 quantile (27.9, 9 dof)
    h, _ = np.histogram(u, bins=10, range=(-2, 3))
    assert ((h - n / 10) ** 2 / (n / 10)).sum() < 27.9


def test_randn_bits_and_moments(run_op):
    shape = (100, 80)
    got = run_op("tessera.randn", [], [(shape, np.float32)], "seed = 11, mean = 1.0, std = 2.0",
                 threads=2)[0]
    assert np.array_equal(got, pm.randn(11, 0, shape, np.float32, 1.0, 2.0))
    z = (got.astype(np.float64).ravel() - 1.0) / 2.0
    n = z.size
    assert abs(z.mean()) < 4 / math.sqrt(n)
    assert abs(z.var() - 1) < 4 * math.sqrt(2 / n)
    assert abs((z**3).mean()) < 4 * math.sqrt(15 / n)        # skewness
    assert abs((z**4).mean() - 3) < 4 * math.sqrt(96 / n)    # kurtosis
    assert np.abs(z).max() <= math.sqrt(48 * math.log(2)) + 1e-6


def test_randn_f64(run_op):
    got = run_op("tessera.randn", [], [((64,), np.float64)], "seed = 2, stream = 9")[0]
    assert np.array_equal(got, pm.randn(2, 9, (64,), np.float64))


@pytest.mark.parametrize("lam,dtype", [(0.5, np.int32), (4.0, np.int64), (40.0, np.float32),
                                       (0.0, np.int32)])
def test_poisson_bits_and_moments(run_op, lam, dtype):
    shape = (4000,)
    got = run_op("tessera.poisson", [], [(shape, dtype)], f"seed = 21, rate = {lam}")[0]
    assert np.array_equal(got, pm.poisson(21, 0, shape, dtype, lam))
    k = got.astype(np.float64)
    n = k.size
    if lam == 0:
        assert not k.any()
        return
    assert abs(k.mean() - lam) < 5 * math.sqrt(lam / n)
    assert abs(k.var() - lam) < 0.15 * lam
    # P(k = 0) = exp(-lam)
    p0 = math.exp(-lam)
    assert abs((k == 0).mean() - p0) < 5 * math.sqrt(p0 * (1 - p0) / n) + 1e-3


@pytest.mark.parametrize("p", [0.0, 0.1, 0.5])
def test_dropout_bits_and_rate(run_op, p):
    x = np.random.default_rng(5).standard_normal((300, 50)).astype(np.float32)
    got = run_op("tessera.dropout", [x], [(x.shape, np.float32)], f"p = {p}, seed = 3",
                 threads=2)[0]
    assert np.array_equal(got, pm.dropout(x, 3, 0, p))
    kept = got != 0
    assert abs(kept.mean() - (1 - p)) < 5 * math.sqrt(p * (1 - p) / x.size) + 1e-9
    assert np.array_equal(got[kept], x[kept] * np.float32(1 / (1 - p)))


def test_dropout_eval_is_identity(run_op):
    x = np.arange(12, dtype=np.float64)
    got = run_op("tessera.dropout", [x], [(x.shape, np.float64)],
                 "p = 0.5, seed = 3, training = false")[0]
    assert np.array_equal(got, x)


def test_values_keyed_by_index_not_shape_or_position(run_op):
    # The first 10 elements of a [10] and a [2, 50] result are the same words.
    a = run_op("tessera.uniform", [], [((10,), np.float32)], "seed = 8")[0]
    b = run_op("tessera.uniform", [], [((2, 50), np.float32)], "seed = 8")[0]
    assert np.array_equal(a, b.ravel()[:10])
    c = run_op("tessera.uniform", [], [((10,), np.float32)], "seed = 8, stream = 1")[0]
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("offset", [0, 5, 2**40])
def test_offset_operand_adds_to_stream(run_op, offset):
    # stream + offset selects the Philox stream: the same words as the attribute alone.
    got = run_op("tessera.uniform", [np.array(offset, np.int64)], [((64,), np.float32)],
                 "seed = 4, stream = 3")[0]
    assert np.array_equal(got, pm.uniform(4, 3 + offset, (64,), np.float32))
    x = np.ones(256, np.float32)
    d = run_op("tessera.dropout", [x, np.array(offset, np.uint64)], [((256,), np.float32)],
               "p = 0.5, seed = 9")[0]
    assert np.array_equal(d, pm.dropout(x, 9, offset, 0.5))


def test_offset_gives_fresh_masks(run_op):
    x = np.ones(512, np.float32)
    masks = [run_op("tessera.dropout", [x, np.array(s, np.int64)], [((512,), np.float32)],
                    "p = 0.5, seed = 9")[0] != 0 for s in range(3)]
    assert not np.array_equal(masks[0], masks[1]) and not np.array_equal(masks[1], masks[2])


@pytest.mark.parametrize("op,label,extra", [("tessera.uniform", "uniform_c4", []),
                                            ("tessera.randn", "randn_c4", []),
                                            ("tessera.poisson", "poisson_c4", []),
                                            ("tessera.dropout", "dropout_c5", [np.ones(2)])])
def test_negative_offset_is_an_error(run_op, op, label, extra):
    attrs = "seed = 1" + (", lam = 1.0" if op == "tessera.poisson" else "") + \
        (", p = 0.5" if op == "tessera.dropout" else "")
    p = run_op(op, extra + [np.array(-1, np.int64)], [((2,), np.float64)], attrs, check=False)
    assert p.returncode == 1 and "index -1 at element 0 is outside" in p.stderr
    assert f"({label})" in p.stderr
