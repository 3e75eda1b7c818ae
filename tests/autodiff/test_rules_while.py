"""control_while's derivative rules (core/transforms/autodiff_rules_while.cpp): the jvp (a loop
carrying the tangents) against jax.jvp of lax.while_loop on the same functions (float64, float32)
and float64 central differences of our own forward program; reverse mode's diagnostic."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import harness as h

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


CASES = [
    ("all_carried", all_carried, jax_all_carried,
     lambda rng: {"x": rng.uniform(0.5, 1.0, 3), "w": rng.uniform(0.5, 1.5, 3),
                  "n": np.zeros(1)}, ["x", "w"]),
    ("one_carried", one_carried, jax_one_carried,
     lambda rng: {"x": rng.standard_normal(4), "w": rng.uniform(0.5, 1.5, 4)}, ["x", "w"]),
]


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_while_jvp(case, dtype, tmp_path):
    name, prog, fj, make, wrt = case
    t = "f64" if dtype == np.float64 else "f32"
    text = prog(t)
    rng = np.random.default_rng(0)
    ins = {k: v.astype(dtype) for k, v in make(rng).items()}
    tans = [rng.standard_normal(ins[w].shape).astype(dtype) for w in wrt]
    args = [jnp.asarray(ins[k]) for k in ins]
    pos = [list(ins).index(w) for w in wrt]

    def f(*p):
        full = list(args)
        for i, v in zip(pos, p):
            full[i] = v
        return tuple(fj(*full))

    y_ref, t_ref = jax.jit(lambda p, tt: jax.jvp(f, tuple(p), tuple(tt)))(
        [args[i] for i in pos], [jnp.asarray(x) for x in tans])
    jvp = h.grad(tmp_path, text, wrt, "fwd")
    assert "tessera.control_while" in jvp and "_jvp_while" in jvp
    out = h.run(tmp_path, jvp, "main_jvp", {**ins, **{f"{w}_tan": x for w, x in zip(wrt, tans)}})
    n = len(y_ref)
    for k in range(n):
        h.close(out[k], y_ref[k], dtype, f"primal {k}")
        h.close(out[n + k], t_ref[k], dtype, f"jvp {k}")
    if dtype != np.float64:
        return
    eps = 1e-6
    plus = h.run(tmp_path, text, "main", {**ins, **{w: ins[w] + eps * x for w, x in zip(wrt, tans)}},
                 tag="p")
    minus = h.run(tmp_path, text, "main",
                  {**ins, **{w: ins[w] - eps * x for w, x in zip(wrt, tans)}}, tag="m")
    for k in range(n):
        fd = (plus[k] - minus[k]) / (2 * eps)
        err = float(np.max(np.abs(fd - out[n + k])))
        assert err <= 1e-5 * (1 + float(np.max(np.abs(fd)))), f"finite differences {k}: {err}"


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


def test_while_vjp_refused(tmp_path):
    text = all_carried("f64")
    (tmp_path / "w.mlir").write_text(text)
    p = h.tool(["grad", str(tmp_path / "w.mlir"), "--wrt", "x"], check=False)
    assert p.returncode != 0
    assert "reverse mode of 'tessera.control_while' is not supported" in p.stderr, p.stderr
    assert "control_for" in p.stderr and "--mode fwd" in p.stderr
    assert ":19:10:" in p.stderr  # at the op's line
