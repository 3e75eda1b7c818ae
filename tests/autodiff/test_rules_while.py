"""control_while's derivative rules (core/transforms/autodiff_rules_while.cpp): the jvp (a loop
carrying the tangents) and the vjp (a counting loop, then a backward loop that recomputes each
step's carries) against jax.jvp / jax.vjp of lax.fori_loop with the trip count found by running
the loop in numpy (JAX refuses reverse mode of while_loop), the transposition identity and
float64 central differences of our own forward program."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import harness as h
import multi

jax.config.update("jax_enable_x64", True)

DT = [pytest.param(np.float64, id="f64"), pytest.param(np.float32, id="f32")]


def all_carried(t):
    """Every operand carried: (x, w, n); a data-dependent trip count (while |x|² < 40)."""
    v, s = f"tensor<3x{t}>", f"tensor<1x{t}>"
    return f"""func.func @step(%x: {v}, %w: {v}, %n: {s}) -> ({v}, {v}, {s}) {{
  %xw = "tessera.mul"(%x, %w) : ({v}, {v}) -> {v}
  %t = "tessera.tanh"(%xw) : ({v}) -> {v}
  %x2 = "tessera.add"(%x, %t) : ({v}, {v}) -> {v}
  %w2 = "tessera.mul"(%w, %w) : ({v}, {v}) -> {v}
  %w3 = "tessera.sqrt"(%w2) : ({v}) -> {v}
  %one = "tessera.constant"() {{value = dense<1.0> : {s}}} : () -> {s}
  %n2 = "tessera.add"(%n, %one) : ({s}, {s}) -> {s}
  return %x2, %w3, %n2 : {v}, {v}, {s}
}}
func.func @small(%x: {v}, %w: {v}, %n: {s}) -> tensor<{t}> {{
  %xx = "tessera.mul"(%x, %x) : ({v}, {v}) -> {v}
  %q = "tessera.reduce"(%xx) {{kind = "sum"}} : ({v}) -> tensor<{t}>
  %lim = "tessera.constant"() {{value = dense<40.0> : tensor<{t}>}} : () -> tensor<{t}>
  %f = "tessera.sub"(%lim, %q) : (tensor<{t}>, tensor<{t}>) -> tensor<{t}>
  return %f : tensor<{t}>
}}
func.func @main(%x: {v}, %w: {v}, %n: {s}) -> ({v}, {v}, {s}) {{
  %r:3 = "tessera.control_while"(%x, %w, %n) {{body = @step, cond = @small, max_iters = 100 : i64}}
      : ({v}, {v}, {s}) -> ({v}, {v}, {s})
  return %r#0, %r#1, %r#2 : {v}, {v}, {s}
}}
"""


def jax_all_carried(x, w, n):
    def body(c):
        x_, w_, n_ = c
        return x_ + jnp.tanh(x_ * w_), jnp.sqrt(w_ * w_), n_ + 1

    return jax.lax.while_loop(lambda c: jnp.sum(c[0] * c[0]) < 40, body, (x, w, n))


def one_carried(t):
    """carry_arg_index = 0 with an invariant weight and a condition on the carried value alone,
    bounded by max_iters = 6 before the condition turns false."""
    v = f"tensor<4x{t}>"
    return f"""func.func @fma(%c: {v}, %w: {v}) -> {v} {{
  %0 = "tessera.mul"(%c, %w) : ({v}, {v}) -> {v}
  %1 = "tessera.tanh"(%0) : ({v}) -> {v}
  %2 = "tessera.add"(%1, %w) : ({v}, {v}) -> {v}
  return %2 : {v}
}}
func.func @always(%c: {v}) -> tensor<1x{t}> {{
  %one = "tessera.constant"() {{value = dense<1.0> : tensor<1x{t}>}} : () -> tensor<1x{t}>
  return %one : tensor<1x{t}>
}}
func.func @main(%x: {v}, %w: {v}) -> {v} {{
  %r = "tessera.control_while"(%x, %w) {{body = @fma, cond = @always, carry_arg_index = 0 : i64,
      max_iters = 6 : i64}} : ({v}, {v}) -> {v}
  return %r : {v}
}}
"""


def jax_one_carried(x, w):
    return (jax.lax.fori_loop(0, 6, lambda i, c: jnp.tanh(c * w) + w, x),)


def trips_all_carried(x, w):
    """The trip count of all_carried's loop, by numpy (at most max_iters = 100)."""
    x, w = np.asarray(x, np.float64), np.asarray(w, np.float64)
    n = 0
    while n < 100 and np.sum(x * x) < 40:
        x, w, n = x + np.tanh(x * w), np.sqrt(w * w), n + 1
    return n


def fori_all_carried(trips):
    def f(x, w, n=None):
        n = jnp.zeros(1, x.dtype) if n is None else n

        def body(_, c):
            x_, w_, n_ = c
            return x_ + jnp.tanh(x_ * w_), jnp.sqrt(w_ * w_), n_ + 1

        return jax.lax.fori_loop(0, trips, body, (x, w, n))
    return f


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("start", [(0.5, 1.0), (4.0, 5.0)], ids=["trips", "no_trip"])
def test_while_all_carried(start, dtype, tmp_path):
    """A data-dependent trip count (5 here; 0 when the condition is false at once)."""
    rng = np.random.default_rng(0)
    x = rng.uniform(*start, 3).astype(dtype)
    w = rng.uniform(0.5, 1.5, 3).astype(dtype)
    n = np.zeros(1, dtype)
    trips = trips_all_carried(x, w)
    assert (trips > 2) == (start[0] < 1)
    t = "f64" if dtype == np.float64 else "f32"
    f = fori_all_carried(trips)
    multi.check(tmp_path, all_carried(t), {"x": x, "w": w, "n": n}, ["x", "w"],
                lambda x_, w_: f(x_, w_), dtype)


@pytest.mark.parametrize("dtype", DT)
def test_while_one_carried(dtype, tmp_path):
    """carry_arg_index = 0, an invariant weight, max_iters (6) ending the loop."""
    rng = np.random.default_rng(1)
    x = rng.standard_normal(4).astype(dtype)
    w = rng.uniform(0.5, 1.5, 4).astype(dtype)
    t = "f64" if dtype == np.float64 else "f32"
    multi.check(tmp_path, one_carried(t), {"x": x, "w": w}, ["x", "w"], jax_one_carried, dtype)


def test_while_programs_use_loops(tmp_path):
    """The derivatives are loops (no unrolling): the tangent loop, and the counting, recomputing
    and backward loops."""
    text = all_carried("f64")
    jvp = h.grad(tmp_path, text, ["x"], "fwd")
    assert "@step_jvp_while(" in jvp and jvp.count("tessera.control_while") == 3  # main, its copy, the tangent loop
    vjp = h.grad(tmp_path, text, ["x"], "rev", tag="r")
    for f in ("@step_count(", "@small_count(", "@step_recompute(", "@step_vjp_while("):
        assert f in vjp, f


def test_while_jvp_of_jvp(tmp_path):
    """The tangent loop is itself differentiable (a control_while over @step_jvp_while_jvp)."""
    text = all_carried("f64")
    jvp = h.grad(tmp_path, text, ["x"], "fwd")
    jj = h.grad(tmp_path, jvp, ["x", "x_tan"], "fwd", func="main_jvp", tag="jj")
    rng = np.random.default_rng(4)
    x, w = rng.uniform(0.5, 1.0, 3), rng.uniform(0.5, 1.5, 3)
    t1, t2, t3 = (rng.standard_normal(3) for _ in range(3))
    out = h.run(tmp_path, jj, "main_jvp_jvp",
                {"x": x, "w": w, "n": np.zeros(1), "x_tan": t1, "x_tan_1": t2,
                 "x_tan_tan": t3})

    def g(x_, t_):
        return jax.jvp(lambda z: jax_all_carried(z, jnp.asarray(w), jnp.zeros(1))[0], (x_,),
                       (t_,))[1]

    ref = jax.jvp(g, (jnp.asarray(x), jnp.asarray(t1)), (jnp.asarray(t2), jnp.asarray(t3)))[1]
    # main_jvp -> (x, w, n, tx, tw, tn); its jvp adds the tangents of those six.
    h.close(out[6 + 3], ref, np.float64, "second-order tangent of x's tangent")


def test_while_vjp_of_jvp(tmp_path):
    """The backward loops are differentiable too: the jvp of main_vjp (a Hessian-vector product)
    against JAX's jvp of the vjp of fori_loop."""
    rng = np.random.default_rng(7)
    x, w = rng.uniform(0.5, 1.0, 3), rng.uniform(0.5, 1.5, 3)
    n = np.zeros(1)
    f = fori_all_carried(trips_all_carried(x, w))
    cts = [rng.standard_normal(3), rng.standard_normal(3), rng.standard_normal(1)]
    tx = rng.standard_normal(3)
    vjp = h.grad(tmp_path, all_carried("f64"), ["x", "w"], "rev")
    hvp = h.grad(tmp_path, vjp, ["x"], "fwd", func="main_vjp", tag="h")
    out = h.run(tmp_path, hvp, "main_vjp_jvp",
                {"x": x, "w": w, "n": n, "ct0": cts[0], "ct1": cts[1], "ct2": cts[2], "x_tan": tx})

    def grads(x_):
        return jax.vjp(lambda a, b: f(a, b), x_, jnp.asarray(w))[1](tuple(map(jnp.asarray, cts)))

    ref = jax.jvp(grads, (jnp.asarray(x),), (jnp.asarray(tx),))[1]
    # main_vjp -> (x, w, n, gx, gw); its jvp appends the tangents of those five.
    h.close(out[5 + 3], ref[0], np.float64, "d gx")
    h.close(out[5 + 4], ref[1], np.float64, "d gw")
