"""quantize / dequantize derivative rules (core/transforms/autodiff_rules_quant.cpp) against
jax.vjp / jax.jvp on the same definitions (docs/ops/graph/quantization.md, "Derivatives"): the
rounding of quantize has zero derivative (jax.lax.stop_gradient around it), its f32 scale follows
amax = max |x|, dequantize is value(q) * factor. The quantized values in the JAX functions come
from ml_dtypes (numpy), never from our interpreter."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

import harness as h
import multi

jax.config.update("jax_enable_x64", True)

F32 = np.float32
FMT = {"f8E4M3FN": (ml_dtypes.float8_e4m3fn, 448.0), "f16": (np.float16, 65504.0),
       "f8E5M2": (ml_dtypes.float8_e5m2, 57344.0)}


def fake_quant_program(fmt, scheme="tensor", extra=""):
    x, q = "tensor<2x8xf32>", f"tensor<2x8x{fmt}>"
    if scheme == "tensor":
        quant = (f'%q, %s = "tessera.quantize"(%x) {{scheme = "tensor"}} : ({x}) -> ({q}, tensor<f32>)\n'
                 f'  %y = "tessera.dequantize"(%q, %s) {{scheme = "tensor"}} : ({q}, tensor<f32>) -> {x}')
    elif scheme == "mx":
        sc = "tensor<2x1xf8E8M0FNU>"
        quant = (f'%q, %s = "tessera.quantize"(%x) {{scheme = "mx"}} : ({x}) -> ({q}, {sc})\n'
                 f'  %y = "tessera.dequantize"(%q, %s) {{scheme = "mx"}} : ({q}, {sc}) -> {x}')
    else:
        q, sc = "tensor<2x32xf4E2M1FN>", "tensor<2x2xf8E4M3FN>"
        x = "tensor<2x32xf32>"
        quant = (f'%q, %s, %g = "tessera.quantize"(%x) {{scheme = "nvfp4"}} : ({x}) -> ({q}, {sc}, tensor<f32>)\n'
                 f'  %y = "tessera.dequantize"(%q, %s, %g) {{scheme = "nvfp4"}} : ({q}, {sc}, tensor<f32>) -> {x}')
    return (f"func.func @main(%x: {x}, %w: {x}) -> {x} {{\n  {quant}\n"
            f'  %z = "tessera.mul"(%y, %w) : ({x}, {x}) -> {x}\n'
            f"  return %z : {x}\n}}\n")


def amax_scale(x, m):
    a = jnp.max(jnp.abs(x))
    return jnp.where((a > 0) & (a < jnp.inf), a / m, 1.0)


@pytest.mark.parametrize("fmt", ["f8E4M3FN", "f16", "f8E5M2"])
def test_fake_quant_tensor(fmt, tmp_path):
    """y = dequantize(quantize(x)) * w: d/dx flows through the scale (amax / max_finite) only."""
    ml, mf = FMT[fmt]
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 8)).astype(F32)
    x[1, 3] = 4.0  # one clear amax
    w = rng.standard_normal((2, 8)).astype(F32)
    scale = np.float32(np.max(np.abs(x)) / np.float32(mf))
    qv = (x / scale).astype(ml).astype(F32)  # ml_dtypes: round to nearest even

    def f(x_, w_):
        return (jnp.asarray(qv) * amax_scale(x_, np.float32(mf)) * w_,)

    multi.check(tmp_path, fake_quant_program(fmt), {"x": x, "w": w}, ["x", "w"], f, F32)


def test_fake_quant_tensor_ties(tmp_path):
    """Tied amax entries (4 and -4) share the scale's derivative equally, as jnp.max does."""
    x = np.linspace(-1, 1, 16).astype(F32).reshape(2, 8)
    x[0, 0], x[1, 5] = -4.0, 4.0
    w = np.random.default_rng(1).standard_normal((2, 8)).astype(F32)
    scale = np.float32(4.0 / np.float32(448.0))
    qv = (x / scale).astype(ml_dtypes.float8_e4m3fn).astype(F32)
    multi.check(tmp_path, fake_quant_program("f8E4M3FN"), {"x": x, "w": w}, ["x", "w"],
                lambda x_, w_: (jnp.asarray(qv) * amax_scale(x_, np.float32(448.0)) * w_,), F32)


def test_fake_quant_mx(tmp_path):
    """mx: the e8m0 block scales are piecewise constant, so d/dx is zero; d/dw = the values."""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 8)).astype(F32)
    w = rng.standard_normal((2, 8)).astype(F32)
    # OCP scale: X = floor(log2 amax_row) - emax(e4m3) = floor(log2 amax) - 8.
    amax = np.max(np.abs(x), axis=1, keepdims=True)
    f = np.exp2(np.floor(np.log2(amax)) - 8).astype(F32)
    # Elements saturate to +-448 (docs/ops/graph/quantization.md).
    y = np.clip(x / f, -448, 448).astype(ml_dtypes.float8_e4m3fn).astype(F32) * f
    multi.check(tmp_path, fake_quant_program("f8E4M3FN", "mx"), {"x": x, "w": w}, ["x", "w"],
                lambda x_, w_: (jax.lax.stop_gradient(jnp.asarray(y) + 0 * x_) * w_,), F32)


def test_fake_quant_nvfp4(tmp_path):
    """nvfp4: y = value(q) value(s) g with g = amax / 2688: d/dx through g only."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 32)).astype(F32)
    w = rng.standard_normal((2, 32)).astype(F32)
    g = np.float32(np.max(np.abs(x)) / np.float32(2688.0))
    blocks = x.reshape(2, 2, 16)
    amax_b = np.max(np.abs(blocks), axis=2, keepdims=True)
    s = np.clip(amax_b / np.float32(6.0) / g, -448, 448).astype(F32)
    s = s.astype(ml_dtypes.float8_e4m3fn).astype(F32)
    fb = (s * g).astype(F32)
    q = np.clip(blocks / fb, -6, 6).astype(ml_dtypes.float4_e2m1fn).astype(F32)
    coef = (q * s).reshape(2, 32)

    def f(x_, w_):
        return (jnp.asarray(coef) * amax_scale(x_, np.float32(2688.0)) * w_,)

    multi.check(tmp_path, fake_quant_program("f4E2M1FN", "nvfp4"), {"x": x, "w": w}, ["x", "w"], f,
                F32)


def test_dequantize_inputs(tmp_path):
    """dequantize's own operands: d q = cast(g scale, bf16) and d scale = sum(g value(q))."""
    rng = np.random.default_rng(4)
    q = rng.standard_normal((3, 4)).astype(ml_dtypes.bfloat16)
    scale = np.array(0.75, F32)
    g = rng.standard_normal((3, 4)).astype(F32)
    tq = rng.standard_normal((3, 4)).astype(ml_dtypes.bfloat16)
    ts = np.array(-1.5, F32)
    qt, ft = "tensor<3x4xbf16>", "tensor<3x4xf32>"
    text = (f"func.func @main(%q: {qt}, %s: tensor<f32>) -> {ft} {{\n"
            f'  %y = "tessera.dequantize"(%q, %s) {{scheme = "tensor"}} : ({qt}, tensor<f32>) -> {ft}\n'
            f"  return %y : {ft}\n}}\n")
    both = h.grad(tmp_path, h.grad(tmp_path, text, ["q", "s"]), ["q", "s"], "fwd", tag="f")
    out = h.run(tmp_path, both, "main_vjp", {"q": q, "s": scale, "ct0": g}, tag="v")

    def f(q_, s_):
        return q_.astype(jnp.float32) * s_

    y, vjp = jax.vjp(f, jnp.asarray(q), jnp.asarray(scale))
    gq, gs = vjp(jnp.asarray(g))
    assert np.array_equal(out[1].view(ml_dtypes.bfloat16), np.asarray(gq)), "d q (bf16, exact)"
    h.close(out[2], gs, F32, "d scale")
    out = h.run(tmp_path, both, "main_jvp", {"q": q, "s": scale, "q_tan": tq, "s_tan": ts}, tag="j")
    ty = jax.jvp(f, (jnp.asarray(q), jnp.asarray(scale)), (jnp.asarray(tq), jnp.asarray(ts)))[1]
    h.close(out[1], ty, F32, "jvp")


def test_given_scale(tmp_path):
    """quantize with a scale operand returns it: d scale_out / d scale = 1; q's rounding 0."""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((8,)).astype(F32)
    s = np.array(0.02, F32)
    w = rng.standard_normal((8,)).astype(F32)
    v, q = "tensor<8xf32>", "tensor<8xf8E4M3FN>"
    text = (f"func.func @main(%x: {v}, %s: tensor<f32>, %w: {v}) -> {v} {{\n"
            f'  %q, %t = "tessera.quantize"(%x, %s) {{scheme = "tensor"}} : ({v}, tensor<f32>) -> ({q}, tensor<f32>)\n'
            f'  %y = "tessera.dequantize"(%q, %t) {{scheme = "tensor"}} : ({q}, tensor<f32>) -> {v}\n'
            f'  %z = "tessera.mul"(%y, %w) : ({v}, {v}) -> {v}\n'
            f"  return %z : {v}\n}}\n")
    qv = np.clip(x / s, -448, 448).astype(ml_dtypes.float8_e4m3fn).astype(F32)
    multi.check(tmp_path, text, {"x": x, "s": s, "w": w}, ["x", "s", "w"],
                lambda x_, s_, w_: ((jnp.asarray(qv) + 0 * x_) * s_ * w_,), F32)


def test_straight_through_idiom(tmp_path):
    """The documented straight-through estimator: x + stop_gradient(dequantize(quantize(x)) - x)
    has the gradient of the identity (and the value of the fake-quantized x)."""
    v, q = "tensor<2x8xf32>", "tensor<2x8xf8E4M3FN>"
    text = (f"func.func @main(%x: {v}, %w: {v}) -> {v} {{\n"
            f'  %q, %s = "tessera.quantize"(%x) {{scheme = "tensor"}} : ({v}) -> ({q}, tensor<f32>)\n'
            f'  %y = "tessera.dequantize"(%q, %s) {{scheme = "tensor"}} : ({q}, tensor<f32>) -> {v}\n'
            f'  %d = "tessera.sub"(%y, %x) : ({v}, {v}) -> {v}\n'
            f'  %e = "tessera.reshape"(%d) {{autodiff.stop_gradient}} : ({v}) -> {v}\n'
            f'  %f = "tessera.add"(%x, %e) : ({v}, {v}) -> {v}\n'
            f'  %z = "tessera.mul"(%f, %w) : ({v}, {v}) -> {v}\n'
            f"  return %z : {v}\n}}\n")
    rng = np.random.default_rng(6)
    x = rng.standard_normal((2, 8)).astype(F32)
    w = rng.standard_normal((2, 8)).astype(F32)
    scale = np.float32(np.max(np.abs(x)) / np.float32(448.0))
    y = (x / scale).astype(ml_dtypes.float8_e4m3fn).astype(F32) * scale

    def f(x_, w_):
        return ((x_ + jax.lax.stop_gradient(jnp.asarray(y) - x_)) * w_,)

    multi.check(tmp_path, text, {"x": x, "w": w}, ["x", "w"], f, F32)
