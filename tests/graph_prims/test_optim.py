"""sgd, adam, adamw: bit for bit against the numpy model of the spec (conformance/gen/
optim_model.py), and against PyTorch's update rule written in float64 (docs/ops/graph/
optimizers.md)."""
import math

import numpy as np
import optim_model as om
import pytest

RNG = np.random.default_rng(1840)


def state(dtype, n=1000):
    p, g, m = (RNG.standard_normal(n).astype(dtype) for _ in range(3))
    v = np.abs(RNG.standard_normal(n)).astype(dtype) * dtype(0.01)
    return p, g, m, v


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("wd", [0.0, 0.05])
def test_sgd(run_op, dtype, wd):
    p, g, _, _ = state(dtype)
    attrs = "lr = 0.1" + (f", weight_decay = {wd}" if wd else "")
    got = run_op("tessera.sgd", [p, g], [(p.shape, dtype)], attrs, threads=2)[0]
    assert np.array_equal(got, om.sgd(p, g, 0.1, wd))
    ref = p.astype(np.float64) - 0.1 * (g.astype(np.float64) + wd * p.astype(np.float64))
    assert np.allclose(got, ref, rtol=1e-5, atol=1e-6)


def torch_adam64(p, g, m, v, lr, t, b1=0.9, b2=0.999, eps=1e-8, wd=None):
    p, g, m, v = (a.astype(np.float64) for a in (p, g, m, v))
    if wd is not None:
        p = p * (1 - lr * wd)
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    denom = np.sqrt(v) / math.sqrt(1 - b2**t) + eps
    return p - (lr / (1 - b1**t)) * m / denom, m, v


@pytest.mark.parametrize("op", ["tessera.adam", "tessera.adamw"])
@pytest.mark.parametrize("dtype,step", [(np.float32, 1), (np.float32, 7), (np.float64, 3)])
def test_adam(run_op, op, dtype, step):
    p, g, m, v = state(dtype)
    wd = 0.01 if op == "tessera.adamw" else None
    attrs = f"lr = 1.0e-03, step = {step}, beta1 = 0.8, eps = 1.0e-06"
    got = run_op(op, [p, g, m, v], [(p.shape, dtype)] * 3, attrs, threads=2)
    want = om.adam(p, g, m, v, 1e-3, step, beta1=0.8, eps=1e-6, weight_decay=wd)
    for a, b in zip(got, want):
        assert np.array_equal(a, b)
    ref = torch_adam64(p, g, m, v, 1e-3, step, b1=0.8, eps=1e-6, wd=wd)
    for a, b in zip(got, ref):
        assert np.allclose(a, b, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("op", ["tessera.adam", "tessera.adamw"])
def test_step_operand_equals_step_attribute(run_op, op):
    p, g, m, v = state(np.float32, 64)
    types = [(p.shape, np.float32)] * 3
    by_attr = run_op(op, [p, g, m, v], types, "lr = 1.0e-02, step = 5")
    by_operand = run_op(op, [p, g, m, v, np.array(5, np.int32)], types, "lr = 1.0e-02")
    for a, b in zip(by_attr, by_operand):
        assert np.array_equal(a, b)
    wd = 0.01 if op == "tessera.adamw" else None
    assert np.array_equal(by_operand[0], om.adam(p, g, m, v, 1e-2, 5, weight_decay=wd)[0])


@pytest.mark.parametrize("op,label", [("tessera.adam", "adam_c4"), ("tessera.adamw", "adamw_c4")])
@pytest.mark.parametrize("t", [0, -3])
def test_step_operand_below_one_is_an_error(run_op, op, label, t):
    p, g, m, v = state(np.float32, 4)
    r = run_op(op, [p, g, m, v, np.array(t, np.int64)], [(p.shape, np.float32)] * 3,
               "lr = 1.0e-02", check=False)
    assert r.returncode == 1 and f"({label})" in r.stderr
