"""Derivatives of the decodemoe family (docs/ops/graph/{moe_routing,diffusion}.md,
"Derivatives"): mor_scatter, moe_dispatch (both forms) and guided_denoise_region through their
decompositions, against jax.vjp / jax.jvp of the same definitions, the transposition identity
and float64 central differences (tests/autodiff/multi.py); and the integer-result ops' zero
derivative (a program through mor_router differentiates to a zero gradient)."""
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


@pytest.mark.parametrize("dtype", DT)
def test_mor_scatter(dtype, tmp_path):
    rng = np.random.default_rng(0)
    full, upd = (rng.standard_normal((2, 4, 3)).astype(dtype) for _ in range(2))
    mask = rng.integers(0, 2, (2, 4)).astype(np.bool_)
    text = h.program("tessera.mor_scatter", [full, upd, mask], full.shape, dtype)
    multi.check(tmp_path, text, {"a0": full, "a1": upd, "a2": mask}, ["a0", "a1"],
                lambda f_, u_: (jnp.where(jnp.asarray(mask)[..., None], u_, f_),), dtype)


@pytest.mark.parametrize("dtype", DT)
def test_moe_dispatch_gather(dtype, tmp_path):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((5, 3)).astype(dtype)
    route = np.array([4, 0, 4, 2, 1, 4, 0], np.int32)  # repeated tokens: cotangents add up
    text = h.program("tessera.moe_dispatch", [x, route], (7, 3), dtype)
    multi.check(tmp_path, text, {"a0": x, "a1": route}, ["a0"],
                lambda x_: (x_[jnp.asarray(route)],), dtype)


def test_moe_dispatch_table(tmp_path):
    x = np.random.default_rng(2).standard_normal((4, 3))
    route = np.zeros((4, 2), np.int32)
    text = h.program("tessera.moe_dispatch", [x, route], x.shape, x.dtype)
    multi.check(tmp_path, text, {"a0": x, "a1": route}, ["a0"], lambda x_: (x_,), np.float64)


@pytest.mark.parametrize("dtype", DT)
def test_guided_denoise_region(dtype, tmp_path):
    rng = np.random.default_rng(3)
    r, a, b = (rng.standard_normal((3, 5)).astype(dtype) for _ in range(3))
    text = h.program("tessera.guided_denoise_region", [r, a, b], r.shape, dtype,
                     "timestep = 2 : i64, gamma = 0.75 : f64")
    multi.check(tmp_path, text, {"a0": r, "a1": a, "a2": b}, ["a0", "a1", "a2"],
                lambda r_, a_, b_: (r_ + 0.75 * (a_ - b_),), dtype)


def test_mor_router_has_zero_derivative(tmp_path):
    rng = np.random.default_rng(4)
    x, w = rng.standard_normal((1, 3, 4)), rng.standard_normal((4, 2))
    text = """func.func @main(%x: tensor<1x3x4xf64>, %w: tensor<4x2xf64>) -> tensor<1x3x4xf64> {
  %d = "tessera.mor_router"(%x, %w) {max_depth = 2 : i64} : (tensor<1x3x4xf64>, tensor<4x2xf64>) -> tensor<1x3xi64>
  %m = "tessera.mor_partition"(%x, %d) {step = 2 : i64} : (tensor<1x3x4xf64>, tensor<1x3xi64>) -> tensor<1x3xi1>
  %z = "tessera.mor_scatter"(%x, %x, %m) : (tensor<1x3x4xf64>, tensor<1x3x4xf64>, tensor<1x3xi1>) -> tensor<1x3x4xf64>
  return %z : tensor<1x3x4xf64>
}
"""
    multi.check(tmp_path, text, {"x": x, "w": w}, ["x", "w"], lambda x_, w_: (x_,), np.float64,
                fd=False)


def _moe_jax(sizes, scaled):
    def f(x_, wg_, wu_, wd_, *sc):
        if scaled:
            x_ = x_ * sc[0]
            wg_, wu_, wd_ = (w * s[:, :, None] for w, s in zip((wg_, wu_, wd_), sc[1:]))
        hp = jax.lax.Precision.HIGHEST
        rows, start = [], 0
        for e, g in enumerate(sizes):
            xr = x_[start:start + g]
            h_ = jax.nn.silu(jnp.matmul(xr, wg_[e], precision=hp)) * jnp.matmul(xr, wu_[e], precision=hp)
            rows.append(jnp.matmul(h_, wd_[e], precision=hp))
            start += g
        pad = x_.shape[0] - start
        rows.append(jnp.zeros((pad, wd_.shape[2]), x_.dtype))
        return (jnp.concatenate(rows, axis=0),)
    return f


@pytest.mark.parametrize("dtype", DT)
def test_moe_swiglu_block(dtype, tmp_path):
    rng = np.random.default_rng(5)
    sizes = [2, 0, 3]
    x = rng.standard_normal((6, 4)).astype(dtype)  # row 5 is padding
    wg, wu = (0.5 * rng.standard_normal((3, 4, 5)).astype(dtype) for _ in range(2))
    wd = (0.5 * rng.standard_normal((3, 5, 3))).astype(dtype)
    gs = np.array(sizes, np.int64)
    text = h.program("tessera.moe_swiglu_block", [x, wg, wu, wd, gs], (6, 3), dtype)
    multi.check(tmp_path, text, {"a0": x, "a1": wg, "a2": wu, "a3": wd, "a4": gs},
                ["a0", "a1", "a2", "a3"], _moe_jax(sizes, False), dtype)


def test_moe_swiglu_block_scaled(tmp_path):
    rng = np.random.default_rng(6)
    sizes = [3, 2]
    x = rng.standard_normal((5, 4))
    wg, wu = (0.5 * rng.standard_normal((2, 4, 3)) for _ in range(2))
    wd = 0.5 * rng.standard_normal((2, 3, 4))
    sc = [rng.random((5, 1)) + 0.5] + [rng.random((2, 1)) + 0.5 for _ in range(3)]
    ins = [x, wg, wu, wd, np.array(sizes, np.int64), *sc]
    text = h.program("tessera.moe_swiglu_block", ins, (5, 4), np.float64,
                     'scale_layout = {granularity = "block"}')
    names = {f"a{i}": v for i, v in enumerate(ins)}
    wrt = ["a0", "a1", "a2", "a3", "a5", "a6", "a7", "a8"]
    f = _moe_jax(sizes, True)
    multi.check(tmp_path, text, names, wrt, f, np.float64)
