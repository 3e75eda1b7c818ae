"""Derivative rules of the `train` family (core/transforms/autodiff_rules_train.cpp): ppo and grpo
policy losses and nesterov, through `tessera-interp grad`, against jax.vjp / jax.jvp of the same
formulas (float64 and float32), the transposition identity and float64 finite differences
(tests/autodiff/multi.py)."""
from __future__ import annotations

import pathlib
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "autodiff"))
import harness as h  # noqa: E402
import multi  # noqa: E402

jax.config.update("jax_enable_x64", True)
DT = [pytest.param(np.float64, id="f64"), pytest.param(np.float32, id="f32")]


def reduce(l, red):
    if red == "none":
        return l
    return jnp.sum(l) if red == "sum" else jnp.mean(l)


def surrogate(ln, lo, a, eps=0.2):
    r = jnp.exp(ln - lo)
    return -jnp.minimum(r * a, jnp.clip(r, 1 - eps, 1 + eps) * a)


def pretty(op, inputs, out_shape, dtype, attrs):
    names = [f"%a{i}" for i in range(len(inputs))]
    ins = [h.ttype(a.shape, a.dtype) for a in inputs]
    out = h.ttype(out_shape, dtype)
    return (f"func.func @main({', '.join(f'{n}: {t}' for n, t in zip(names, ins))}) -> {out} {{\n"
            f"  %r = {op} {', '.join(names)} {{{attrs}}} : ({', '.join(ins)}) -> {out}\n"
            f"  return %r : {out}\n}}\n")


def inputs(dtype, n, shape=(2, 3, 4), seed=0):
    rng = np.random.default_rng(seed)
    return [(0.5 * rng.standard_normal(shape)).astype(dtype) for _ in range(n)]


@pytest.mark.parametrize("red", ["mean", "sum", "none"])
def test_ppo(red, tmp_path):
    dtype = np.float64
    ln, lo, a = inputs(dtype, 3)
    out = ln.shape if red == "none" else ()
    text = pretty("tessera.rl.ppo_policy_loss", [ln, lo, a], out, dtype,
                  f'clip_epsilon = 0.25 : f64, reduction = "{red}"')
    multi.check(tmp_path, text, {"a0": ln, "a1": lo, "a2": a}, ["a0", "a1", "a2"],
                lambda x, y, z: (reduce(surrogate(x, y, z, 0.25), red),), dtype)


@pytest.mark.parametrize("dtype", DT)
def test_ppo_full(dtype, tmp_path):
    ln, lo, a, ref, ent = inputs(dtype, 5, seed=1)
    mask = (np.random.default_rng(2).random(ln.shape) > 0.3).astype(dtype)
    text = pretty("tessera.rl.ppo_policy_loss", [ln, lo, a, mask, ref, ent], (), dtype,
                  "kl_coef = 0.1 : f64, entropy_coef = 0.05 : f64, "
                  "operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>")

    def f(x, y, z, r, e):
        d = r - x
        l = (surrogate(x, y, z) + 0.1 * (jnp.exp(d) - d - 1) - 0.05 * e) * mask
        return (jnp.sum(l) / jnp.sum(mask),)

    multi.check(tmp_path, text, {"a0": ln, "a1": lo, "a2": a, "a3": mask, "a4": ref, "a5": ent},
                ["a0", "a1", "a2", "a4", "a5"], f, dtype)


@pytest.mark.parametrize("dtype, axis", [(np.float64, 1), (np.float32, -1)])
def test_grpo(dtype, axis, tmp_path):
    ln, lo, r = inputs(dtype, 3, seed=3)

    def f(x, y, z):
        m = jnp.mean(z, axis=axis, keepdims=True)
        adv = (z - m) / jnp.sqrt(jnp.mean((z - m) ** 2, axis=axis, keepdims=True) + 1e-8)
        return (jnp.mean(surrogate(x, y, adv)),)

    text = pretty("tessera.rl.grpo_policy_loss", [ln, lo, r], (), dtype, f"group_axis = {axis} : i64")
    multi.check(tmp_path, text, {"a0": ln, "a1": lo, "a2": r}, ["a0", "a1", "a2"], f, dtype)


def test_nesterov(tmp_path):
    dtype = np.float64
    p, g, v = inputs(dtype, 3, shape=(3, 5), seed=4)
    t = h.ttype(p.shape, dtype)
    text = (f"func.func @main(%a0: {t}, %a1: {t}, %a2: {t}) -> ({t}, {t}) {{\n"
            f'  %p, %v = "tessera.nesterov"(%a0, %a1, %a2) {{lr = 0.1 : f64, momentum = 0.8 : f64}}'
            f" : ({t}, {t}, {t}) -> ({t}, {t})\n  return %p, %v : {t}, {t}\n}}\n")

    def f(p_, g_, v_):
        v1 = 0.8 * v_ + g_
        return p_ - 0.1 * (g_ + 0.8 * v1), v1

    multi.check(tmp_path, text, {"a0": p, "a1": g, "a2": v}, ["a0", "a1", "a2"], f, dtype)


@pytest.mark.parametrize("dtype", DT)
def test_cispo(dtype, tmp_path):
    ln, lo, r = inputs(dtype, 3, seed=5)

    def f(x, y, z):
        w = jax.lax.stop_gradient(jnp.minimum(jnp.exp(x - y), 1.1))
        m = jnp.mean(z, axis=1, keepdims=True)
        adv = (z - m) / jnp.sqrt(jnp.mean((z - m) ** 2, axis=1, keepdims=True) + 1e-8)
        return (jnp.sum(-(w * adv * x)),)

    text = pretty("tessera.rl.cispo_policy_loss", [ln, lo, r], (), dtype,
                  'epsilon_high = 1.1 : f64, reduction = "sum"')
    # The stopped weight is not the derivative of the forward program: no finite differences.
    multi.check(tmp_path, text, {"a0": ln, "a1": lo, "a2": r}, ["a0", "a1", "a2"], f, dtype,
                fd=False)


@pytest.mark.parametrize("nesterov", [False, True])
def test_momentum_backward(nesterov, tmp_path):
    dp, dv = inputs(np.float64, 2, shape=(3, 5), seed=6)
    t = h.ttype(dp.shape, np.float64)
    flag = "true" if nesterov else "false"
    text = (f"func.func @main(%a0: {t}, %a1: {t}) -> ({t}, {t}, {t}) {{\n"
            f'  %p, %g, %v = "tessera.momentum_backward"(%a0, %a1) {{lr = 0.1 : f64, '
            f"momentum = 0.8 : f64, nesterov = {flag}}} : ({t}, {t}) -> ({t}, {t}, {t})\n"
            f"  return %p, %g, %v : {t}, {t}, {t}\n}}\n")

    def f(dp_, dv_):
        w = dv_ - (0.1 * 0.8 if nesterov else 0.1) * dp_
        return dp_, (w - 0.1 * dp_ if nesterov else w), 0.8 * w

    multi.check(tmp_path, text, {"a0": dp, "a1": dv}, ["a0", "a1"], f, np.float64)
