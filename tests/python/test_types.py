"""Types and policies: ts dtypes map to ml_dtypes, policies compose with @, ts.Tensor[...]
annotations are checked at call time (symbolic dims with numpy broadcasting)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import tessera as ts


@pytest.mark.parametrize(
    "t, np_dtype, mlir",
    [
        (ts.f32, np.float32, "f32"),
        (ts.f16, np.float16, "f16"),
        (ts.bf16, ml_dtypes.bfloat16, "bf16"),
        (ts.fp8_e4m3, ml_dtypes.float8_e4m3fn, "f8E4M3FN"),
        (ts.fp8_e5m2, ml_dtypes.float8_e5m2, "f8E5M2"),
        (ts.fp6_e2m3, ml_dtypes.float6_e2m3fn, "f6E2M3FN"),
        (ts.fp6_e3m2, ml_dtypes.float6_e3m2fn, "f6E3M2FN"),
        (ts.fp4_e2m1, ml_dtypes.float4_e2m1fn, "f4E2M1FN"),
        (ts.int4, ml_dtypes.int4, "i4"),
        (ts.int8, np.int8, "i8"),
        (ts.int32, np.int32, "i32"),
        (ts.uint8, np.uint8, "ui8"),
    ],
)
def test_dtype_table(t, np_dtype, mlir):
    assert t.numpy == np.dtype(np_dtype)
    assert t.mlir == mlir


def test_every_dtype_round_trips_through_the_interpreter():
    # A cast f32 -> T -> f32 must equal ml_dtypes' own rounding (RNE, OCP profile).
    x = np.array([0.0, 0.3, -1.7, 2.5, 3.75, -0.1], np.float32)
    for t in (ts.bf16, ts.f16, ts.fp8_e4m3, ts.fp8_e5m2, ts.fp6_e2m3, ts.fp6_e3m2, ts.fp4_e2m1):

        @ts.jit
        def rt(v):
            q = ts.cast(v, t)
            return q, ts.cast(q, ts.f32)

        q, back = rt(x)
        assert q.dtype == t.numpy
        want = x.astype(t.numpy)
        np.testing.assert_array_equal(q.view(np.uint8 if q.itemsize == 1 else np.uint16),
                                      want.view(np.uint8 if q.itemsize == 1 else np.uint16))
        np.testing.assert_array_equal(back, want.astype(np.float32))


def test_policy_composition():
    p = ts.bf16 @ ts.accum(ts.f32) @ ts.stochastic_round
    assert p.storage is ts.bf16 and p.accum is ts.f32 and p.rounding == "stochastic"
    q = p @ ts.loss_scale(128.0)
    assert q.loss_scale == 128.0 and q.fields() == {
        "accum": "f32", "rounding": "stochastic", "loss_scale": 128.0}
    assert repr(q) == "ts.bf16 @ ts.accum(ts.f32) @ ts.stochastic_round @ ts.loss_scale(128.0)"
    assert ts.fp6 is ts.fp6_e2m3 and ts.fp32 is ts.f32
    with pytest.raises(TypeError, match="cannot compose"):
        _ = ts.bf16 @ 3
    with pytest.raises(ValueError):
        ts.loss_scale(-1.0)
    with pytest.raises(ValueError):
        ts.rounding("sideways")


def test_tensor_annotation():
    spec = ts.Tensor["B", "D", ts.bf16 @ ts.accum(ts.f32)]
    assert spec.dims == ("B", "D") and spec.dtype is ts.bf16 and spec.policy.accum is ts.f32
    assert ts.Tensor["N", ts.f32].dims == ("N",)
    with pytest.raises(TypeError):
        ts.Tensor["B", ts.f32, "D"]
    with pytest.raises(TypeError):
        ts.Tensor()


def test_precision_policy_class():
    @ts.precision_policy
    class Q:
        storage = ts.int8
        accumulate = ts.f32

    spec = ts.Tensor["D", "D", Q]
    assert spec.dtype is ts.int8 and spec.policy.accum is ts.f32
    with pytest.raises(TypeError, match="storage"):

        @ts.precision_policy
        class Bad:
            storage = "int8"


@ts.jit
def _scale_rows(x: ts.Tensor["B", "D", ts.f32], w: ts.Tensor["D", ts.f32]) -> ts.Tensor["B", "D", ts.f32]:
    return x * w


def test_symbolic_dims_checked_at_call_time():
    x = np.ones((2, 4), np.float32)
    np.testing.assert_array_equal(_scale_rows(x, np.full(4, 3.0, np.float32)), x * 3.0)
    with pytest.raises(ts.InputError) as e:
        _scale_rows(x, np.ones(5, np.float32))
    msg = str(e.value)
    assert "'D'" in msg and "4" in msg and "5" in msg and "'x'" in msg and "'w'" in msg
    # numpy broadcasting: a size-1 dimension matches any size.
    np.testing.assert_array_equal(_scale_rows(x, np.full(1, 2.0, np.float32)), x * 2.0)


def test_annotation_dtype_and_rank_checked():
    with pytest.raises(ts.InputError, match="must hold ts.f32.*float64"):
        _scale_rows(np.ones((2, 4)), np.ones(4, np.float32))
    with pytest.raises(ts.InputError, match="rank 2"):
        _scale_rows(np.ones(4, np.float32), np.ones(4, np.float32))


def test_return_annotation_checked():
    @ts.jit
    def f(x: ts.Tensor["N", ts.f32]) -> ts.Tensor["N", ts.bf16]:
        return ts.relu(x)

    with pytest.raises(ts.VerifyError, match="returns ts.f32 but is annotated"):
        f(np.ones(3, np.float32))


def test_policy_annotation_requires_storage_dtype():
    @ts.jit
    def g(a: ts.Tensor["M", "K", ts.fp8_e4m3 @ ts.accum(ts.f32)],
          b: ts.Tensor["K", "N", ts.fp8_e4m3 @ ts.accum(ts.f32)]):
        return ts.gemm(a, b)

    with pytest.raises(ts.InputError, match="float8_e4m3fn"):
        g(np.ones((2, 2), np.float32), np.ones((2, 2), np.float32))
    a = np.ones((2, 3), ml_dtypes.float8_e4m3fn)
    b = np.ones((3, 2), ml_dtypes.float8_e4m3fn)
    out = g(a, b)
    assert out.dtype == np.float32  # the accumulator type is the result type
    np.testing.assert_array_equal(out, np.full((2, 2), 3.0, np.float32))
    assert 'accum = "f32"' in g.inspect_ir("graph")
