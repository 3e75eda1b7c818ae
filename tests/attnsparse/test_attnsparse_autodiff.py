"""Decomposed derivatives of the windowed attention ops (attnsparse_d1 in
docs/ops/graph/attnsparse.md: masked dense attention) against jax.vjp / jax.jvp of the same
attention written in JAX with the window as a boolean mask, the transposition identity and f64
finite differences (tests/autodiff/multi.py); and the mask size guard."""
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


def program(op, shapes, out, attrs, dtype):
    params = ", ".join(f"%a{i}: {h.ttype(s, dtype)}" for i, s in enumerate(shapes))
    tys = ", ".join(h.ttype(s, dtype) for s in shapes)
    to = h.ttype(out, dtype)
    args = ", ".join(f"%a{i}" for i in range(len(shapes)))
    return (f"func.func @main({params}) -> {to} {{\n"
            f'  %r = "{op}"({args}) {attrs} : ({tys}) -> {to}\n  return %r : {to}\n}}\n')


def attend(q, k, v, mask, scale):
    """q [B, Hq, Sq, D] over k, v [B, Hkv, Sk, *] (GQA), mask [Sq, Sk] or None; empty rows 0."""
    g = q.shape[1] // k.shape[1]
    k, v = jnp.repeat(k, g, axis=1), jnp.repeat(v, g, axis=1)
    s = jnp.einsum("bhid,bhjd->bhij", q, k) * scale
    if mask is None:
        return jax.nn.softmax(s, axis=-1) @ v
    s = jnp.where(mask, s, -jnp.inf)
    p = jax.nn.softmax(s, axis=-1)
    return jnp.where(mask.any(-1)[:, None], p, 0.0) @ v


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_local_window_2d(dtype, tmp_path):
    shape = (1, 2, 3, 4, 3)
    rng = np.random.default_rng(3)
    xs = {f"a{i}": rng.standard_normal(shape).astype(dtype) for i in range(3)}
    y, x = np.divmod(np.arange(12), 4)
    mask = (np.abs(y[:, None] - y[None, :]) <= 1) & (np.abs(x[:, None] - x[None, :]) <= 2)

    def f(q, k, v):
        flat = lambda t: t.reshape(1, 2, 12, 3)
        return (attend(flat(q), flat(k), flat(v), mask, 0.5).reshape(shape),)
    text = program("tessera.attn_local_window_2d", [shape] * 3, shape,
                   "{window = [1, 2], scale = 0.5 : f64}", dtype)
    multi.check(tmp_path, text, xs, ["a0", "a1", "a2"], f, dtype)


@pytest.mark.parametrize("causal", [True, False])
def test_sliding_window_gqa(causal, tmp_path):
    # 4 query heads on 2 kv heads; Sq 7 > Sk 5 leaves rows without a key (they give 0).
    shapes = [(1, 4, 7, 3), (1, 2, 5, 3), (1, 2, 5, 2)]
    rng = np.random.default_rng(4)
    xs = {f"a{i}": rng.standard_normal(s) for i, s in enumerate(shapes)}
    i, j = np.arange(7)[:, None], np.arange(5)[None, :]
    mask = ((j <= i) & (j > i - 3)) if causal else (np.abs(j - i) <= 1)
    text = program("tessera.attn_sliding_window", shapes, (1, 4, 7, 2),
                   f"{{window_size = 3 : i64, causal = {str(causal).lower()}}}", np.float64)
    multi.check(tmp_path, text, xs, ["a0", "a1", "a2"],
                lambda q, k, v: (attend(q, k, v, mask, 1 / np.sqrt(3)),), np.float64)


def test_compressed_blocks(tmp_path):
    shapes = [(2, 2, 5, 4), (2, 1, 3, 4), (2, 1, 3, 3)]
    rng = np.random.default_rng(5)
    xs = {f"a{i}": rng.standard_normal(s) for i, s in enumerate(shapes)}
    text = program("tessera.attn_compressed_blocks", shapes, (2, 2, 5, 3), "", np.float64)
    multi.check(tmp_path, text, xs, ["a0", "a1", "a2"],
                lambda q, k, v: (attend(q, k, v, None, 0.5),), np.float64)


def test_mask_size_guard(tmp_path):
    """A mask above 2^24 entries is a diagnostic at the op, not a crash."""
    s = (1, 1, 4100, 4100, 2)
    text = program("tessera.attn_local_window_2d", [s] * 3, s, "{window = [1, 1]}", np.float32)
    (tmp_path / "big.mlir").write_text(text)
    p = h.tool(["grad", str(tmp_path / "big.mlir"), "--wrt", "a0"], check=False)
    assert p.returncode != 0 and "error:" in p.stderr and "2^24" in p.stderr, p.stderr
