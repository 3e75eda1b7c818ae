"""Derivative rules of the attnstate family (core/transforms/autodiff_rules_attnstate.cpp):
latent_kv_compress / expand_k / expand_v through their matmul decomposition, against
jax.vjp / jax.jvp of jnp.matmul (and float64 central finite differences), including the
result declared with a leading unit dim and a batched input."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import harness as h
import multi

jax.config.update("jax_enable_x64", True)


@pytest.mark.parametrize("dtype", [pytest.param(np.float64, id="f64"),
                                   pytest.param(np.float32, id="f32")])
@pytest.mark.parametrize("op,a_shape,out_lead", [
    ("tessera.latent_kv_compress", (4, 6), ()),
    ("tessera.latent_kv_expand_k", (4, 6), (1,)),
    ("tessera.latent_kv_expand_v", (2, 4, 6), ()),
])
def test_latent_kv(op, a_shape, out_lead, dtype, tmp_path):
    rng = np.random.default_rng(4)
    a = rng.standard_normal(a_shape).astype(dtype)
    w = rng.standard_normal((6, 3)).astype(dtype)
    out = out_lead + a_shape[:-1] + (3,)
    text = h.program(op, [a, w], out, dtype)

    def f(a_, w_):
        return (jnp.matmul(a_, w_, precision=jax.lax.Precision.HIGHEST).reshape(out),)

    multi.check(tmp_path, text, {"a0": a, "a1": w}, ["a0", "a1"], f, dtype)
