"""Graph IR control flow (docs/ops/graph/control-flow.md) run by tessera-interp and checked
against numpy: scf.for / scf.if / scf.while with arith on scalars and tensors, upstream Tessera's
tessera.control_for / control_while / control_if / control_scan, scalar parameters bound from
0-d .npy files, and the run-time diagnostics (bodies without code, loop limits, bad integers)."""
import os
import pathlib
import subprocess

import numpy as np
import pytest

HERE = pathlib.Path(__file__).resolve().parent
TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")


def run(tmp_path, program, extra=(), **inputs):
    args = [TOOL, "run", str(program), "-o", str(tmp_path), *extra]
    for name, value in inputs.items():
        np.save(tmp_path / f"in_{name}.npy", value)
        args += ["-i", f"{name}={tmp_path / f'in_{name}.npy'}"]
    return subprocess.run(args, capture_output=True, text=True, timeout=60)


def out(tmp_path, name):
    return np.load(tmp_path / f"{name}.npy")


@pytest.mark.parametrize("n", [0, 1, 5])
def test_scf_for_carries_a_tensor_and_an_index(tmp_path, n):
    x = np.array([1.0, -2.5, 3.25, 0.1], np.float32)
    p = run(tmp_path, HERE / "scf_for.mlir", x=x, n=np.array(n, np.int64))
    assert p.returncode == 0, p.stderr
    acc = x.copy()
    for _ in range(n):  # float32 arithmetic, one rounding per op as the program does it
        acc = (acc * np.float32(2)) + x
    # The results of one multi-result op (%r#0, %r#1) are written by position.
    np.testing.assert_array_equal(out(tmp_path, "0"), acc)
    assert int(out(tmp_path, "1")) == sum(range(n))


@pytest.mark.parametrize("pred", [True, False])
@pytest.mark.parametrize("limit", [-1, 0, 7])
def test_scf_if_and_while(tmp_path, pred, limit):
    x = np.array([1.0, -2.0, 3.0], np.float32)
    p = run(tmp_path, HERE / "scf_if_while.mlir", p=np.array(pred), x=x,
            limit=np.array(limit, np.int64))
    assert p.returncode == 0, p.stderr
    np.testing.assert_array_equal(out(tmp_path, "y"), np.maximum(x, 0) if pred else -x)
    v, k = x.copy(), 0
    while k < limit:
        v, k = v * np.float32(1.5), k + 3
    np.testing.assert_array_equal(out(tmp_path, "1"), v)
    assert int(out(tmp_path, "2")) == k


def test_upstream_control_ops(tmp_path):
    init = np.array([1.0, -2.0, 3.0, 0.5], np.float32)
    w = np.array([0.5, 2.0, -1.0, 3.0], np.float32)
    xs = np.arange(12, dtype=np.float32).reshape(3, 4) / np.float32(7)
    for flag in (1.0, -1.0):
        p = run(tmp_path, HERE / "upstream_control.mlir", init=init, w=w,
                c=np.array([1.0], np.float32), flag=np.array([flag], np.float32), xs=xs)
        assert p.returncode == 0, p.stderr
        c = init.copy()
        for _ in range(0, 5, 2):
            c = c * w + w
        np.testing.assert_array_equal(out(tmp_path, "f"), c)
        np.testing.assert_array_equal(out(tmp_path, "wl"), [16.0])
        np.testing.assert_array_equal(out(tmp_path, "i"), np.maximum(init, 0) if flag > 0 else -init)
        carry, ys = init.copy(), []
        for t in range(3):
            carry = carry + xs[t]
            ys.append(carry)
        np.testing.assert_array_equal(out(tmp_path, "s"), carry)
        np.testing.assert_array_equal(out(tmp_path, "ys"), np.stack(ys))


def write(tmp_path, text):
    p = tmp_path / "t.mlir"
    p.write_text(text)
    return p


def test_body_without_code_is_a_clean_error(tmp_path):
    prog = write(tmp_path, """
func.func private @body(tensor<2xf32>) -> tensor<2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tessera.control_for"(%x) {body = @body, start = 0 : i64, stop = 2 : i64, step = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}""")
    p = run(tmp_path, prog, x=np.ones(2, np.float32))
    assert p.returncode == 1 and "a declaration without a body, which cannot run" in p.stderr


def test_runaway_loop_stops_at_the_step_limit(tmp_path):
    prog = write(tmp_path, """
func.func @main(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (index) {
    %t = arith.addi %s, %c1 : index
    scf.yield %t : index
  }
  return %r : index
}""")
    p = run(tmp_path, prog, ["--max-steps", "100"], n=np.array(2**62, np.int64))
    assert p.returncode == 1 and "iterations (--max-steps)" in p.stderr, p.stderr
    p = run(tmp_path, prog, ["--max-steps", "100"], n=np.array(100, np.int64))
    assert p.returncode == 0, p.stderr
    assert int(np.load(tmp_path / "r.npy")) == 100


def test_integer_semantics_and_errors(tmp_path):
    prog = write(tmp_path, """
func.func @main(%a: i32, %b: i32) -> (i32, i32, i32, i1) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %s = arith.addi %a, %a : i32
  %c = arith.cmpi ult, %a, %b : i32
  return %q, %r, %s, %c : i32, i32, i32, i1
}""")
    p = run(tmp_path, prog, a=np.array(-7, np.int32), b=np.array(2, np.int32))
    assert p.returncode == 0, p.stderr
    got = [int(np.load(tmp_path / f"{k}.npy")) for k in ("q", "r", "s", "c")]
    # divsi/remsi truncate toward zero; addi wraps; ult compares the bits as unsigned.
    assert got == [-3, -1, -14, 0]
    p = run(tmp_path, prog, a=np.array(2**31 - 1, np.int32), b=np.array(0, np.int32))
    assert p.returncode == 1 and "integer division by zero" in p.stderr
    p = run(tmp_path, prog, a=np.array(2**30 + 5, np.int32), b=np.array(3, np.int32))
    assert int(np.load(tmp_path / "s.npy")) == (2**30 + 5) * 2 - 2**32


def test_fptosi_out_of_range_is_an_error(tmp_path):
    prog = write(tmp_path, """
func.func @main(%x: f32) -> i32 {
  %i = arith.fptosi %x : f32 to i32
  return %i : i32
}""")
    p = run(tmp_path, prog, x=np.array(np.nan, np.float32))
    assert p.returncode == 1 and "does not fit i32" in p.stderr
    p = run(tmp_path, prog, x=np.array(-2.75, np.float32))
    assert p.returncode == 0 and int(np.load(tmp_path / "i.npy")) == -2


def test_scalar_parameter_needs_a_0d_array(tmp_path):
    p = run(tmp_path, HERE / "scf_for.mlir", x=np.zeros(4, np.float32), n=np.array([3], np.int64))
    assert p.returncode == 1 and "error" in p.stderr


def _softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _norm(x, eps, center):
    x = x - x.mean(axis=-1, keepdims=True) if center else x
    return x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + eps)


def _gelu(x):
    from math import erf, sqrt
    return 0.5 * x * (1 + np.vectorize(erf)(x / sqrt(2)))


@pytest.mark.parametrize("flag", [1.0, -1.0])
def test_payload_form_runs_against_numpy(tmp_path, flag):
    """control_payload_c2/c3: the op lists of payload.mlir, re-derived here in float64."""
    rng = np.random.default_rng(7)
    init = rng.uniform(-1, 1, (2, 4)).astype(np.float32)
    w = rng.uniform(-1, 1, (4, 4)).astype(np.float32)
    lim = np.array([5.0, 0, 0, 0], np.float32)
    c = np.array([0.3, 1, 2, 3], np.float32)
    x = rng.uniform(-1, 1, (2, 4)).astype(np.float32)
    p = run(tmp_path, HERE / "payload.mlir", init=init, w=w, lim=lim, c=c,
            flag=np.array([flag], np.float32), x=x)
    assert p.returncode == 0, p.stderr
    sig = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    carry = init.astype(np.float64)
    for _ in range(1, 8, 3):  # start 1, stop 8, step 3: three trips
        carry = sig(_norm(np.tanh(carry @ w.T.astype(np.float64)), 0.25, False) - init)
    np.testing.assert_allclose(out(tmp_path, "f"), carry, rtol=1e-5, atol=1e-6)
    v = c.copy()
    while lim[0] - v[0] > 0:
        v = v + v
    np.testing.assert_array_equal(out(tmp_path, "wv"), v)
    xd = x.astype(np.float64)
    want = (_softmax(_gelu(xd) / xd) if flag > 0
            else _norm(np.maximum(xd, 0) * (xd * sig(xd)), 0.5, True))
    np.testing.assert_allclose(out(tmp_path, "i"), want, rtol=1e-5, atol=1e-6)


PAYLOAD_FOR = """
func.func private @b(tensor<2xf32>) -> tensor<2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tessera.control_for"(%x) {body = @b, start = 0 : i64, stop = 2 : i64, step = 1 : i64,
    carry_arg_index = 0 : i64, body_opcodes = array<i32: OPS>, body_in0 = array<i32: IN0>,
    body_out_id = OUT : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"""


@pytest.mark.parametrize("ops,in0,out_id,message", [
    ("999", "1", "2", "payload opcode 999 does not run here"),
    ("999", "1", "2", "(control_payload_c2)"),
    ("20", "5", "2", "reads id 5, which is not defined before it (ids 0..1) (control_payload_c3)"),
    ("20", "1", "9", "'body_out_id' = 9 names no value (ids 0..2) (control_payload_c3)"),
    ("0", "1", "2", "payload opcode 0 takes two operands (control_payload_c3)"),
])
def test_payload_errors_are_clean(tmp_path, ops, in0, out_id, message):
    prog = write(tmp_path, PAYLOAD_FOR.replace("OPS", ops).replace("IN0", in0)
                 .replace("OUT", out_id))
    p = run(tmp_path, prog, x=np.ones(2, np.float32))
    assert p.returncode == 1 and message in p.stderr, p.stderr


def test_low_precision_values_pass_through_calls_and_bodies(tmp_path):
    """Regression: an f16 value handed to func.call or a control_for body kept its type (the
    interpreter widened it to f32 first, and the callee refused the argument)."""
    prog = write(tmp_path, """
func.func @body(%c: tensor<2x2xf16>, %w: tensor<2x2xf16>) -> tensor<2x2xf16> {
  %0 = "tessera.matmul"(%c, %w) : (tensor<2x2xf16>, tensor<2x2xf16>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}
func.func @main(%c: tensor<2x2xf16>, %w: tensor<2x2xf16>) -> (tensor<2x2xf16>, tensor<2x2xf16>) {
  %a = func.call @body(%c, %w) : (tensor<2x2xf16>, tensor<2x2xf16>) -> tensor<2x2xf16>
  %r = "tessera.control_for"(%c, %w) {body = @body, start = 0 : i64, stop = 2 : i64,
    step = 1 : i64, carry_arg_index = 0 : i64} : (tensor<2x2xf16>, tensor<2x2xf16>) -> tensor<2x2xf16>
  return %a, %r : tensor<2x2xf16>, tensor<2x2xf16>
}""")
    c = np.array([[0.5, -1.25], [2.0, 0.75]], np.float16)
    w = np.array([[1.5, 0.5], [-0.25, 2.0]], np.float16)
    p = run(tmp_path, prog, c=c, w=w)
    assert p.returncode == 0, p.stderr
    # Exact in f16: every product and sum here is a short binary fraction.
    once = (c.astype(np.float64) @ w.astype(np.float64)).astype(np.float16)
    twice = (once.astype(np.float64) @ w.astype(np.float64)).astype(np.float16)
    assert out(tmp_path, "a").dtype == np.float16
    np.testing.assert_array_equal(out(tmp_path, "a"), once)
    np.testing.assert_array_equal(out(tmp_path, "r"), twice)
