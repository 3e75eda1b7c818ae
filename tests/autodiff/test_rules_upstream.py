"""Derivative rules of upstream's newer ops (core/transforms/autodiff_rules_upstream.cpp) against
jax.vjp / jax.jvp on the same definitions (and float64 central finite differences): silu_mul and
swiglu_fused, scaled_matmul (fp8 operands; JAX differentiates matmul(a f_a, b f_b) and ml_dtypes
rounds the cotangents to fp8), the one-device halo ops (identity)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

import harness as h
import multi

jax.config.update("jax_enable_x64", True)

DT = [pytest.param(np.float64, id="f64"), pytest.param(np.float32, id="f32")]
F32 = np.float32
F8 = ml_dtypes.float8_e4m3fn


@pytest.mark.parametrize("dtype", DT)
def test_silu_mul(dtype, tmp_path):
    rng = np.random.default_rng(0)
    g, u = (rng.standard_normal((3, 5)).astype(dtype) for _ in range(2))
    text = h.program("tessera.silu_mul", [g, u], g.shape, g.dtype)
    multi.check(tmp_path, text, {"a0": g, "a1": u}, ["a0", "a1"],
                lambda g_, u_: (jax.nn.silu(g_) * u_,), dtype)


@pytest.mark.parametrize("dtype", DT)
def test_swiglu_fused(dtype, tmp_path):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 4)).astype(dtype)
    wg, wu = (rng.standard_normal((4, 6)).astype(dtype) for _ in range(2))
    wd = rng.standard_normal((6, 4)).astype(dtype)
    text = h.program("tessera.swiglu_fused", [x, wg, wu, wd], (3, 4), dtype)

    def f(x_, wg_, wu_, wd_):
        hp = jax.lax.Precision.HIGHEST
        gate, up = jnp.matmul(x_, wg_, precision=hp), jnp.matmul(x_, wu_, precision=hp)
        return (jnp.matmul(jax.nn.silu(gate) * up, wd_, precision=hp),)

    multi.check(tmp_path, text, {"a0": x, "a1": wg, "a2": wu, "a3": wd},
                ["a0", "a1", "a2", "a3"], f, dtype)


@pytest.mark.parametrize("op", ["tessera.neighbors.halo.region",
                                "tessera.neighbors.halo.exchange"])
def test_halo_identity(op, tmp_path):
    x = np.random.default_rng(2).standard_normal((4, 5))
    text = h.program(op, [x], x.shape, x.dtype, "halo_width = [1, 1]")
    multi.check(tmp_path, text, {"a0": x}, ["a0"], lambda x_: (x_,), np.float64)


def _expand(sa, sb, bn, bk, n):
    """The per-element scale factors f_a [M, K] and f_b [K, N] (numpy, f32)."""
    fa = np.repeat(sa, bk, axis=1)
    fb = np.repeat(np.repeat(sb, bk, axis=0), bn, axis=1)[:, :n]
    return fa, fb


@pytest.mark.parametrize("fmt", ["fp32", "e8m0"])
def test_scaled_matmul(fmt, tmp_path):
    rng = np.random.default_rng(3)
    m, k, n, bn, bk = 3, 64, 4, 2, 32
    a = rng.standard_normal((m, k)).astype(F8)
    b = rng.standard_normal((k, n)).astype(F8)
    if fmt == "fp32":
        sa = (rng.random((m, k // bk)) + 0.5).astype(F32)
        sb = (rng.random((k // bk, n // bn)) + 0.5).astype(F32)
        fa, fb = _expand(sa, sb, bn, bk, n)
        st = "f32"
    else:
        ea = rng.integers(120, 134, (m, k // bk)).astype(np.int8)
        eb = rng.integers(120, 134, (k // bk, n // bn)).astype(np.int8)
        sa, sb = ea, eb  # bytes 128..133 are negative as i8: read unsigned (2^1 .. 2^6)
        fa, fb = _expand(*(np.exp2(e.view(np.uint8).astype(F32) - 127) for e in (ea, eb)),
                         bn, bk, n)
        st = "i8"
    at, bt, ot = f"tensor<{m}x{k}xf8E4M3FN>", f"tensor<{k}x{n}xf8E4M3FN>", f"tensor<{m}x{n}xf32>"
    sat, sbt = f"tensor<{m}x{k // bk}x{st}>", f"tensor<{k // bk}x{n // bn}x{st}>"
    text = (f"func.func @main(%a: {at}, %b: {bt}, %sa: {sat}, %sb: {sbt}) -> {ot} {{\n"
            f'  %c = "tessera.scaled_matmul"(%a, %b, %sa, %sb) {{scale_layout = {{granularity = '
            f'"block", block = [{bn}, {bk}], format = "{fmt}"}}}} : ({at}, {bt}, {sat}, {sbt}) '
            f"-> {ot}\n  return %c : {ot}\n}}\n")
    wrt = ["a", "b", "sa", "sb"] if fmt == "fp32" else ["a", "b"]
    both = h.grad(tmp_path, h.grad(tmp_path, text, wrt), wrt, "fwd", tag="f")
    g = rng.standard_normal((m, n)).astype(F32)
    out = h.run(tmp_path, both, "main_vjp", {"a": a, "b": b, "sa": sa, "sb": sb, "ct0": g},
                tag="v")

    def f(a_, b_):
        hp = jax.lax.Precision.HIGHEST
        return jnp.matmul(a_ * jnp.asarray(fa), b_ * jnp.asarray(fb), precision=hp)

    a32, b32 = a.astype(F32), b.astype(F32)
    y, vjp = jax.vjp(f, jnp.asarray(a32), jnp.asarray(b32))
    h.close(out[0], y, F32, "primal")
    for got, ref, what in zip(out[1:3], vjp(jnp.asarray(g)), ("d a", "d b")):
        got8 = got.view(F8).astype(np.float64)
        ref8 = np.asarray(ref).astype(F8).astype(np.float64)  # the cotangent rounded to fp8
        # The f32 sums may round differently from JAX's by an ulp, which can move an fp8 rounding
        # by one fp8 step (2^-3 relative for e4m3).
        np.testing.assert_allclose(got8, ref8, rtol=0.13, atol=2.0**-9, err_msg=what)
        assert np.count_nonzero(got8 != ref8) <= got8.size // 10, what
    for z in out[3:]:
        assert not np.any(np.asarray(z, np.float64)), "the scales get zero"
    ta = rng.standard_normal((m, k)).astype(F8)
    tb = rng.standard_normal((k, n)).astype(F8)
    tans = {"a_tan": ta, "b_tan": tb}
    if fmt == "fp32":
        tans.update({"sa_tan": np.ones_like(sa), "sb_tan": np.ones_like(sb)})
    out = h.run(tmp_path, both, "main_jvp", {"a": a, "b": b, "sa": sa, "sb": sb, **tans}, tag="j")
    ty = jax.jvp(f, (jnp.asarray(a32), jnp.asarray(b32)),
                 (jnp.asarray(ta.astype(F32)), jnp.asarray(tb.astype(F32))))[1]
    h.close(out[1], ty, F32, "jvp")

