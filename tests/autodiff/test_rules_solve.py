"""tri_solve and cholesky_solve derivative rules (core/transforms/autodiff_rules_linalg.cpp)
against jax.vjp / jax.jvp (float64, float32) and float64 central finite differences.

Each op reads one triangle of `a` (docs/ops/graph/linalg.md), so the JAX functions mask it first:
tri_solve is solve_triangular(T, b) with T = tril(a) or triu(a) (the diagonal replaced by ones with
unit_diag), cholesky_solve is cho_solve of A = tril(a) + tril(a, -1)ᵀ (or the upper analogue).
The operands carry garbage in the unread entries (zeros on the diagonal with unit_diag), so a rule
that reads or differentiates them fails. multi.check differentiates the vjp program forward again,
so the rules also run on their own solves."""
from __future__ import annotations

import itertools

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import pytest

import harness as h
import multi

jax.config.update("jax_enable_x64", True)


def tri_operand(shape, lower, unit, rng):
    """A full random matrix whose read triangle is well conditioned (diagonal 2 .. 3)."""
    n = shape[-1]
    a = 0.4 * rng.standard_normal(shape)
    d = 2.0 + rng.random(shape[:-1])
    idx = np.arange(n)
    a[..., idx, idx] = 0.0 if unit else d
    garbage = 50.0 * rng.standard_normal(shape)
    keep = np.tril(np.ones((n, n)), -1 if unit else 0) if lower else \
        np.triu(np.ones((n, n)), 1 if unit else 0)
    if unit:
        keep = keep + np.eye(n)  # keeps the zero diagonal: unit_diag must not read it
    return np.where(keep > 0, a, garbage)


def jax_tri(lower, trans, unit):
    def f(a, b):
        t = jnp.tril(a) if lower else jnp.triu(a)
        if unit:
            n = a.shape[-1]
            t = t * (1 - jnp.eye(n, dtype=a.dtype)) + jnp.eye(n, dtype=a.dtype)
        return (jsl.solve_triangular(t, b, trans=1 if trans else 0, lower=lower),)
    return f


def attrs(**kw):
    return ", ".join(f"{k} = {'true' if v else 'false'}" for k, v in kw.items())


FLAGS = list(itertools.product([True, False], repeat=3))


@pytest.mark.parametrize("lower,trans,unit", FLAGS,
                         ids=[f"lower{int(a)}-trans{int(b)}-unit{int(c)}" for a, b, c in FLAGS])
def test_tri_solve_f64(lower, trans, unit, tmp_path):
    rng = np.random.default_rng(0)
    a = tri_operand((4, 4), lower, unit, rng)
    b = rng.standard_normal((4, 3))
    text = h.program("tessera.tri_solve", [a, b], b.shape, b.dtype,
                     attrs(lower=lower, trans=trans, unit_diag=unit))
    multi.check(tmp_path, text, {"a0": a, "a1": b}, ["a0", "a1"], jax_tri(lower, trans, unit),
                np.float64)


@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["f64", "f32"])
def test_tri_solve_batched(dtype, tmp_path):
    """Batch dims, the default attributes (lower, no trans), one operand differentiated."""
    rng = np.random.default_rng(1)
    a = tri_operand((2, 5, 5), True, False, rng).astype(dtype)
    b = rng.standard_normal((2, 5, 2)).astype(dtype)
    text = h.program("tessera.tri_solve", [a, b], b.shape, b.dtype)
    multi.check(tmp_path, text, {"a0": a, "a1": b}, ["a0", "a1"], jax_tri(True, False, False),
                dtype)
    multi.check(tmp_path, text, {"a0": a, "a1": b}, ["a0"],
                lambda a_: jax_tri(True, False, False)(a_, b), dtype)


def spd_operand(shape, lower, rng):
    """A full matrix whose read triangle is that of an SPD matrix; the other one is garbage."""
    n = shape[-1]
    m = rng.standard_normal(shape)
    s = m @ np.swapaxes(m, -1, -2) + n * np.eye(n)
    garbage = 50.0 * rng.standard_normal(shape)
    keep = np.tril(np.ones((n, n))) if lower else np.triu(np.ones((n, n)))
    return np.where(keep > 0, s, garbage)


def jax_chol_solve(lower):
    def f(a, b):
        if lower:
            sym = jnp.tril(a) + jnp.swapaxes(jnp.tril(a, -1), -1, -2)
        else:
            sym = jnp.triu(a) + jnp.swapaxes(jnp.triu(a, 1), -1, -2)
        factor = jax.lax.linalg.cholesky(sym, symmetrize_input=False)
        return (jsl.cho_solve((factor, True), b),)
    return f


@pytest.mark.parametrize("dtype,batch,n,k,lower", [
    (np.float64, (), 4, 3, True), (np.float64, (), 4, 3, False),
    (np.float64, (2,), 3, 2, True), (np.float32, (), 5, 2, True)],
    ids=["f64-lower", "f64-upper", "f64-batch", "f32-lower"])
def test_cholesky_solve(dtype, batch, n, k, lower, tmp_path):
    rng = np.random.default_rng(2)
    a = spd_operand(batch + (n, n), lower, rng).astype(dtype)
    b = rng.standard_normal(batch + (n, k)).astype(dtype)
    text = h.program("tessera.cholesky_solve", [a, b], b.shape, b.dtype,
                     "" if lower else attrs(lower=False))
    multi.check(tmp_path, text, {"a0": a, "a1": b}, ["a0", "a1"], jax_chol_solve(lower), dtype)


EMPTY = [("tessera.tri_solve", (0, 0), (0, 3)), ("tessera.tri_solve", (3, 3), (3, 0)),
         ("tessera.cholesky_solve", (0, 0), (0, 2)), ("tessera.cholesky_solve", (2, 2), (2, 0))]


@pytest.mark.parametrize("mode", ["rev", "fwd"])
@pytest.mark.parametrize("op,sa,sb", EMPTY, ids=["tri_n0", "tri_k0", "chol_n0", "chol_k0"])
def test_empty(op, sa, sb, mode, tmp_path):
    """Empty operands give derivative programs that run (zero derivatives), not a signal."""
    a, b = np.zeros(sa), np.zeros(sb)
    text = h.program(op, [a, b], b.shape, b.dtype)
    g = h.grad(tmp_path, text, ["a0", "a1"], mode)
    assert "func.func @main_" in g
