"""Decomposed derivatives of tessera.ebm.inner_step, langevin_step, refinement and
energy_quadratic (core/transforms/autodiff_rules_gaebm.cpp) against jax.vjp / jax.jvp of the
formulas of docs/ops/graph/ebm.md, with the harness of tests/autodiff."""
from __future__ import annotations

import math
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


def program(op, names, shape, dtype, attrs, out_shape):
    t = h.ttype(shape, dtype)
    r = h.ttype(out_shape, dtype)
    params = ", ".join(f"%{n}: {t}" for n in names)
    return (f"func.func @main({params}) -> {r} {{\n"
            f'  %r = "{op}"({", ".join("%" + n for n in names)}) {{{attrs}}} : ({", ".join([t] * len(names))}) -> {r}\n'
            f"  return %r : {r}\n}}\n")


STEPS = [
    ("tessera.ebm.inner_step", "eta = 0.125 : f64, noise_scale = 0.25 : f64", 0.125, 0.25, 1),
    ("tessera.ebm.langevin_step", "eta = 0.05 : f64, temperature = 0.5 : f64", 0.05, math.sqrt(0.05), 1),
    ("tessera.ebm.refinement", "eta = 0.05 : f64, steps = 3 : i64, noise_scale = 0.5 : f64", 0.05, 0.5, 3),
]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("op,attrs,eta,amp,k", STEPS)
def test_steps(op, attrs, eta, amp, k, dtype, tmp_path):
    rng = np.random.default_rng(3)
    ins = {n: rng.standard_normal((3, 4)).astype(dtype) for n in ("y", "g", "n")}
    text = program(op, ["y", "g", "n"], (3, 4), dtype, attrs, (3, 4))
    multi.check(tmp_path, text, ins, ["y", "g", "n"],
                lambda y, g, n: (y - (k * eta) * g + (k * amp) * n,), dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_energy_quadratic(dtype, tmp_path):
    rng = np.random.default_rng(4)
    ins = {n: rng.standard_normal((3, 5)).astype(dtype) for n in ("x", "y")}
    text = program("tessera.ebm.energy_quadratic", ["x", "y"], (3, 5), dtype, "", (3,))
    multi.check(tmp_path, text, ins, ["x", "y"],
                lambda x, y: (0.5 * jnp.sum((x - y) ** 2, axis=1),), dtype)
