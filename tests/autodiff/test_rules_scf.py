"""Graph IR scf.if / scf.for / scf.while under autodiff (core/transforms/autodiff_outline.cpp
rewrites them into control_if / control_for / control_while over outlined functions;
docs/ops/graph/control-flow.md, scf_d1), and the arith rules on tensors: vjp and jvp against jax.vjp / jax.jvp of the same
functions (fori_loop, where), the transposition identity and float64 finite differences."""
from __future__ import annotations

import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import harness as h

jax.config.update("jax_enable_x64", True)

GRAPH_CONTROL = pathlib.Path(__file__).resolve().parents[1] / "graph_control"

STATIC = """func.func @main(%x: tensor<3xf64>, %w: tensor<3xf64>, %p: i1) -> (tensor<3xf64>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x, %k = %c0) -> (tensor<3xf64>, index) {
    %m = arith.mulf %acc, %w : tensor<3xf64>
    %t = tessera.tanh %m : tensor<3xf64> -> tensor<3xf64>
    %a = arith.addf %t, %x : tensor<3xf64>
    %k2 = arith.addi %k, %i : index
    scf.yield %a, %k2 : tensor<3xf64>, index
  }
  %y = scf.if %p -> (tensor<3xf64>) {
    %s = arith.mulf %r#0, %r#0 : tensor<3xf64>
    scf.yield %s : tensor<3xf64>
  } else {
    %n = arith.negf %r#0 : tensor<3xf64>
    %d = arith.divf %n, %w : tensor<3xf64>
    scf.yield %d : tensor<3xf64>
  }
  %kk = arith.addi %r#1, %c0 : index
  return %y, %kk : tensor<3xf64>, index
}
"""


def jax_static(p):
    def f(x, w):
        acc = jax.lax.fori_loop(0, 4, lambda i, a: jnp.tanh(a * w) + x, x)
        return acc * acc if p else -acc / w
    return f


def check(tmp_path, text, ins, wrt, f, ct_shape, float_result=0, nres=2):
    """@main's float result `float_result` (the others are integers, without cotangents)."""
    rng = np.random.default_rng(1)
    ct = rng.standard_normal(ct_shape)
    tans = [rng.standard_normal(ins[w].shape) for w in wrt]
    prim = [jnp.asarray(ins[w]) for w in wrt]
    y, vjp_fn = jax.vjp(f, *prim)
    g_ref = vjp_fn(jnp.asarray(ct))
    t_ref = jax.jvp(f, tuple(prim), tuple(map(jnp.asarray, tans)))[1]
    vjp = h.grad(tmp_path, text, wrt)
    assert "scf." not in vjp.split("func.func @main_vjp")[1], "the scf ops are rewritten"
    out = h.run(tmp_path, vjp, "main_vjp", {**ins, "ct0": ct}, tag="v")
    h.close(out[float_result], y, np.float64, "primal")
    for k, w in enumerate(wrt):
        h.close(out[nres + k], g_ref[k], np.float64, f"vjp wrt {w}")
    jvp = h.grad(tmp_path, text, wrt, "fwd", tag="f")
    out_j = h.run(tmp_path, jvp, "main_jvp", {**ins, **{f"{w}_tan": t for w, t in zip(wrt, tans)}},
                  tag="j")
    h.close(out_j[nres], t_ref, np.float64, "jvp")
    lhs = float(np.sum(ct * out_j[nres]))
    rhs = sum(float(np.sum(out[nres + k] * t)) for k, t in enumerate(tans))
    assert abs(lhs - rhs) <= 1e-8 * (1 + abs(lhs)), ("transposition", lhs, rhs)
    eps = 1e-6
    plus = h.run(tmp_path, text, "main", {**ins, **{w: ins[w] + eps * t for w, t in zip(wrt, tans)}},
                 tag="p")
    minus = h.run(tmp_path, text, "main",
                  {**ins, **{w: ins[w] - eps * t for w, t in zip(wrt, tans)}}, tag="m")
    fd = (plus[float_result] - minus[float_result]) / (2 * eps)
    assert np.max(np.abs(fd - out_j[nres])) <= 1e-5 * (1 + np.max(np.abs(fd)))


@pytest.mark.parametrize("p", [True, False], ids=["then", "else"])
def test_scf_static_for_and_if(p, tmp_path):
    """Constant bounds: a control_for (unrolled by its rule); scf.if: a control_if."""
    rng = np.random.default_rng(0)
    ins = {"x": rng.standard_normal(3), "w": rng.uniform(0.5, 1.5, 3), "p": np.array(p)}
    check(tmp_path, STATIC, ins, ["x", "w"], jax_static(p), (3,))
    src = tmp_path / "s.mlir"
    src.write_text(STATIC)
    vjp = h.grad(tmp_path, STATIC, ["x"], tag="s")
    assert "tessera.control_for" in vjp and "tessera.control_if" in vjp


@pytest.mark.parametrize("n", [0, 3])
def test_scf_dynamic_for(n, tmp_path):
    """tests/graph_control/scf_for.mlir: the trip count a parameter, so a control_while."""
    text = (GRAPH_CONTROL / "scf_for.mlir").read_text()
    x = np.random.default_rng(2).standard_normal(4).astype(np.float32)
    rng = np.random.default_rng(3)
    ct = rng.standard_normal(4).astype(np.float32)
    t = rng.standard_normal(4).astype(np.float32)

    def f(x_):
        return jax.lax.fori_loop(0, n, lambda i, a: a * 2 + x_, x_)

    ins = {"x": x, "n": np.array(n, np.int64)}
    vjp = h.grad(tmp_path, text, ["x"])
    assert "tessera.control_while" in vjp
    out = h.run(tmp_path, vjp, "main_vjp", {**ins, "ct0": ct}, tag="v")
    y, fn = jax.vjp(f, jnp.asarray(x))
    h.close(out[0], y, np.float32, "primal")
    assert int(out[1]) == n * (n - 1) // 2  # the index result: sum of i
    h.close(out[2], fn(jnp.asarray(ct))[0], np.float32, "vjp")
    jvp = h.grad(tmp_path, text, ["x"], "fwd", tag="f")
    out = h.run(tmp_path, jvp, "main_jvp", {**ins, "x_tan": t}, tag="j")
    h.close(out[2], jax.jvp(f, (jnp.asarray(x),), (jnp.asarray(t),))[1], np.float32, "jvp")


@pytest.mark.parametrize("p", [True, False], ids=["then", "else"])
@pytest.mark.parametrize("limit", [7, 0])
def test_scf_if_while(p, limit, tmp_path):
    """tests/graph_control/scf_if_while.mlir: scf.if on a parameter, and an scf.while whose trip
    count (ceil(limit / 3)) depends on a parameter: a control_if and a control_while."""
    text = (GRAPH_CONTROL / "scf_if_while.mlir").read_text()
    rng = np.random.default_rng(5)
    x = rng.standard_normal(3).astype(np.float32)
    cts = [rng.standard_normal(3).astype(np.float32) for _ in range(2)]
    t = rng.standard_normal(3).astype(np.float32)
    trips = -(-limit // 3)

    def f(x_):
        y = jax.nn.relu(x_) if p else -x_
        return y, jax.lax.fori_loop(0, trips, lambda i, v: v * np.float32(1.5), x_)

    ins = {"p": np.array(p), "x": x, "limit": np.array(limit, np.int64)}
    vjp = h.grad(tmp_path, text, ["x"])
    assert "scf." not in vjp.split("func.func @main_vjp")[1]
    out = h.run(tmp_path, vjp, "main_vjp", {**ins, "ct0": cts[0], "ct1": cts[1]}, tag="v")
    y, fn = jax.vjp(f, jnp.asarray(x))
    h.close(out[0], y[0], np.float32, "y")
    h.close(out[1], y[1], np.float32, "w")
    assert int(out[2]) == 3 * trips
    h.close(out[3], fn(tuple(map(jnp.asarray, cts)))[0], np.float32, "vjp")
    jvp = h.grad(tmp_path, text, ["x"], "fwd", tag="f")
    out = h.run(tmp_path, jvp, "main_jvp", {**ins, "x_tan": t}, tag="j")
    ty = jax.jvp(f, (jnp.asarray(x),), (jnp.asarray(t),))[1]
    h.close(out[3], ty[0], np.float32, "jvp y")
    h.close(out[4], ty[1], np.float32, "jvp w")
