"""The guide's library primitives beyond the one CASES entry each of test_jit.py: attribute
variants, traced step/offset operands, namespaces and their diagnostics. Oracles: numpy and the
numpy Philox model (conformance/gen/philox_model.py)."""

from __future__ import annotations

import numpy as np
import pytest

import tessera as ts
from jit_lib_cases import pm, rand


def test_scatter_add_sums_duplicates():
    d, u = rand(6, 3), rand(4, 3)
    i = np.array([1, 4, 1, 0], np.int32)
    got = ts.jit(lambda d, i, u: ts.scatter(d, i, u, reduction="add"))(d, i, u)
    want = d.astype(np.float64)
    np.add.at(want, i, u)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def test_topk_smallest_along_axis_0():
    x = rand(6, 3)
    v, i = ts.jit(lambda x: ts.topk(x, 3, axis=0, largest=False))(x)
    order = np.argsort(x, axis=0, kind="stable")[:3]
    np.testing.assert_array_equal(i, order)
    np.testing.assert_array_equal(v, np.take_along_axis(x, order, 0))


def test_adam_step_and_random_offset_as_traced_operands():
    p, g, m, v = rand(4), rand(4), rand(4), np.abs(rand(4))
    by_attr = ts.jit(lambda p, g, m, v: ts.adam(p, g, m, v, lr=0.1, step=4))(p, g, m, v)
    by_operand = ts.jit(lambda p, g, m, v, t: ts.adam(p, g, m, v, lr=0.1, step=t))(
        p, g, m, v, np.array(4, np.int64))
    for a, b in zip(by_attr, by_operand):
        np.testing.assert_array_equal(a, b)
    # The stream used is stream + offset (docs/ops/graph/random.md, "Stream offset").
    f = ts.jit(lambda k: ts.random.uniform((8,), seed=2, stream=1, offset=k))
    for k in (0, 5):
        np.testing.assert_array_equal(f(np.array(k, np.int64)),
                                      pm.uniform(2, 1 + k, (8,), np.float32))


def test_dropout_not_training_is_identity():
    x = rand(3, 5)
    np.testing.assert_array_equal(
        ts.jit(lambda x: ts.dropout(x, 0.5, seed=1, training=False))(x), x)


def test_namespaces():
    assert ts.random.normal is ts.randn and ts.linalg.svd is ts.svd
    assert ts.fft.fft2 is ts.fft2d and ts.fft.ifft is ts.ifft
    with pytest.raises(AttributeError, match="tessera.linalg has no 'qr'"):
        ts.linalg.qr  # noqa: B018
    with pytest.raises(TypeError, match="not callable"):
        ts.random((3,))
    from tessera import _ops

    names = _ops.ts_names_by_op()
    assert names["tessera.randn"] == ["randn", "random.normal", "random.randn"]
    assert names["tessera.rmsnorm_safe"] == ["rmsnorm_safe"]


def test_bad_arguments_are_verify_errors_at_the_user_line():
    x = rand(4, 3)
    with pytest.raises(ts.VerifyError, match="topk"):
        ts.jit(lambda x: ts.topk(x, 7))(x)
    with pytest.raises(ts.VerifyError, match="cholesky"):
        ts.jit(lambda x: ts.cholesky(x))(x)
    with pytest.raises(ts.VerifyError, match="test_jit_lib.py"):
        ts.jit(lambda x: ts.gather(x, x))(x)


def test_control_flow_bodies_run_only_as_traced():
    x = rand(3)
    c = ts.jit(lambda p, x: ts.cond(p, lambda a: ts.exp(a), lambda a: -a, x))
    np.testing.assert_allclose(c(np.array(True), x), np.exp(x), rtol=1e-6)
    np.testing.assert_array_equal(c(np.array(False), x), -x)
    text = c.inspect_ir("graph")
    assert '"tessera.control_if"' in text and "then_branch = @ts_then_" in text
    # Nested loops: the inner body is a function of the module too.
    f = ts.jit(lambda x: ts.fori_loop(0, 3, lambda i, v: ts.fori_loop(0, 2, lambda j, u: u + 1.0,
                                                                       v) * 2.0, x))
    want = x.astype(np.float64)
    for _ in range(3):
        want = (want + 2) * 2
    np.testing.assert_allclose(f(x), want, rtol=1e-6)
    assert f.inspect_ir("graph").count('"tessera.control_for"') == 2


def test_control_flow_diagnostics():
    x = rand(3)
    with pytest.raises(ts.VerifyError, match="from outside this loop or branch body"):
        ts.jit(lambda x, w: ts.fori_loop(0, 2, lambda i, v: v + w, x))(x, x)
    with pytest.raises(ts.VerifyError, match=r"fori_loop's body returns \(tensor<f64>\)"):
        ts.jit(lambda x: ts.fori_loop(0, 2, lambda i, v: ts.sum(ts.cast(v, ts.f64)), x))(x)
    with pytest.raises(ts.VerifyError, match="scan's f returns"):
        ts.jit(lambda c, xs: ts.scan(lambda c, x: c + x, c, xs))(x, rand(2, 3))
