"""Derivatives of upstream op family misc (core/transforms/autodiff_rules_up_misc.cpp): rope and
ntk_rope's own rules (rope_d1) and the decompositions of target_verify, softmax_safe,
normalization_stats, masked_fill, broadcast_in_dim, fused_epilogue, dequant_matmul and the views,
each against jax.vjp / jax.jvp of the op written in jax.numpy from its spec, the transposition
identity and f64 central finite differences (tests/autodiff/multi.py)."""
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
F64 = np.float64


def rope_ref(x, th, scale=1.0):
    a = jnp.broadcast_to(th, x.shape)[..., 0::2] / scale
    xe, xo = x[..., 0::2], x[..., 1::2]
    ye = xe * jnp.cos(a) - xo * jnp.sin(a)
    yo = xe * jnp.sin(a) + xo * jnp.cos(a)
    return jnp.stack([ye, yo], axis=-1).reshape(x.shape)


def ttype(x):
    if x.dtype == np.int8:
        return "tensor<" + "".join(f"{d}x" for d in x.shape) + "i8>"
    return h.ttype(x.shape, x.dtype)


def one(op, ins, out, attrs=""):
    params = ", ".join(f"%a{i}: {ttype(x)}" for i, x in enumerate(ins))
    args = ", ".join(f"%a{i}" for i in range(len(ins)))
    in_t = ", ".join(ttype(x) for x in ins)
    outs = out if isinstance(out, list) else [out]
    names = ", ".join(f"%r{k}" for k in range(len(outs)))
    out_t = ", ".join(outs)
    wrapped = f"({out_t})" if len(outs) > 1 else out_t
    attr = f" {{{attrs}}}" if attrs else ""
    return (f"func.func @main({params}) -> {wrapped} {{\n"
            f'  {names} = "{op}"({args}){attr} : ({in_t}) -> {wrapped}\n'
            f"  return {names} : {out_t}\n}}\n")


R = np.random.default_rng(5)


@pytest.mark.parametrize("scale", [1.0, 2.5])
def test_rope(scale, tmp_path):
    x, th = R.standard_normal((2, 3, 6)), R.standard_normal((3, 6))
    op = "tessera.rope" if scale == 1.0 else "tessera.ntk_rope"
    attrs = "" if scale == 1.0 else f"scale = {scale} : f64"
    text = one(op, [x, th], h.ttype(x.shape, F64), attrs)
    multi.check(tmp_path, text, {"a0": x, "a1": th}, ["a0", "a1"],
                lambda x_, t_: (rope_ref(x_, t_, scale),), F64)


def test_rope_f32(tmp_path):
    x, th = R.standard_normal((4, 8)).astype(np.float32), R.standard_normal((8,)).astype(np.float32)
    text = one("tessera.rope", [x, th], h.ttype(x.shape, np.float32))
    multi.check(tmp_path, text, {"a0": x, "a1": th}, ["a0", "a1"],
                lambda x_, t_: (rope_ref(x_, t_),), np.float32)


def test_target_verify(tmp_path):
    t, lg = np.array([1, 0, 2], np.int32), R.standard_normal((3, 5))
    text = one("tessera.target_verify", [t, lg], h.ttype(lg.shape, F64))
    multi.check(tmp_path, text, {"a0": t, "a1": lg}, ["a1"],
                lambda l_: (jax.nn.softmax(l_, axis=-1),), F64)


def test_softmax_safe(tmp_path):
    x = R.standard_normal((3, 4))
    text = one("tessera.softmax_safe", [x], h.ttype(x.shape, F64), "axis = 0 : i64")
    multi.check(tmp_path, text, {"a0": x}, ["a0"], lambda x_: (jax.nn.softmax(x_, axis=0),), F64)


def test_normalization_stats(tmp_path):
    x = R.standard_normal((3, 5))
    st = h.ttype((3,), F64)
    text = one("tessera.normalization_stats", [x], [st, st], "eps = 0.01 : f64")

    def f(x_):
        m = x_.mean(-1)
        return m, 1 / jnp.sqrt(((x_ - m[:, None]) ** 2).mean(-1) + 0.01)
    multi.check(tmp_path, text, {"a0": x}, ["a0"], f, F64)


def test_masked_fill(tmp_path):
    x, m = R.standard_normal((3, 4)), R.uniform(size=(3, 4)) < 0.5
    text = one("tessera.masked_fill", [x, m], h.ttype(x.shape, F64), "value = -2.0 : f64")
    multi.check(tmp_path, text, {"a0": x, "a1": m}, ["a0"],
                lambda x_: (jnp.where(m, -2.0, x_),), F64)


def test_broadcast_in_dim(tmp_path):
    x = R.standard_normal((3,))
    text = one("tessera.broadcast_in_dim", [x], h.ttype((3, 4), F64), "broadcast_dimensions = [0]")
    multi.check(tmp_path, text, {"a0": x}, ["a0"],
                lambda x_: (jnp.broadcast_to(x_[:, None], (3, 4)),), F64)


@pytest.mark.parametrize("epilogue", ["relu", "gelu"])
def test_fused_epilogue(epilogue, tmp_path):
    a, b, c = R.standard_normal((3, 4)), R.standard_normal((4, 5)), R.standard_normal((5,))
    text = one("tessera.fused_epilogue", [a, b, c], h.ttype((3, 5), F64),
               f'epilogue = "{epilogue}"')
    act = jax.nn.relu if epilogue == "relu" else (lambda v: jax.nn.gelu(v, approximate=False))
    multi.check(tmp_path, text, {"a0": a, "a1": b, "a2": c}, ["a0", "a1", "a2"],
                lambda a_, b_, c_: (act(a_ @ b_ + c_),), F64, fd=epilogue == "gelu")


def test_dequant_matmul(tmp_path):
    x = R.standard_normal((2, 6))
    w = R.integers(-8, 8, (6, 3)).astype(np.int8)
    s = R.uniform(0.5, 2, (2, 3))
    text = one("tessera.dequant_matmul", [x, w, s], h.ttype((2, 3), F64),
               'weight_dtype = "int4", quant_group_size = 4 : i64')
    rows = jnp.asarray(np.repeat(np.arange(2), 4)[:6])
    multi.check(tmp_path, text, {"a0": x, "a1": w, "a2": s}, ["a0", "a2"],
                lambda x_, s_: (x_ @ (w.astype(F64) * s_[rows]),), F64)


@pytest.mark.parametrize("op,attrs,out,f", [
    ("tessera.squeeze", "axes = [1]", (2, 3), lambda v: v.reshape(2, 3)),
    ("tessera.unsqueeze", "axes = [0]", (1, 2, 1, 3), lambda v: v[None]),
    ("tessera.flatten", "", (6,), lambda v: v.reshape(6)),
    ("tessera.expand", "", (4, 2, 5, 3), lambda v: jnp.broadcast_to(v[None], (4, 2, 5, 3))),
])
def test_views(op, attrs, out, f, tmp_path):
    x = R.standard_normal((2, 1, 3))
    multi.check(tmp_path, one(op, [x], h.ttype(out, F64), attrs), {"a0": x}, ["a0"],
                lambda x_: (f(x_),), F64)
