"""Derivative rules of tessera.neighbors.stencil.apply (core/transforms/autodiff_rules_stencil.cpp,
neighbors_d2) against jax.vjp / jax.jvp of the stencil written in jax.numpy (the halo filled dim
by dim with jnp.pad: wrap for periodic, reflect, constant for dirichlet, edge plus g * dist for
neumann, as docs/ops/graph/neighbors.md defines it), the vjp/jvp transposition identity and f64
central finite differences of our forward program."""
from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import harness as h
import multi

jax.config.update("jax_enable_x64", True)


def _rule(s):
    m = re.fullmatch(r"(\w+)(?:\(([-0-9.e+]+)\))?", s)
    return m.group(1), float(m.group(2) or 0.0)


def _pad_dim(x, d, w, rule):
    kind, v = _rule(rule)
    pw = [(0, 0)] * x.ndim
    pw[d] = (w, w)
    if kind == "periodic":
        return jnp.pad(x, pw, mode="wrap")
    if kind == "reflect":
        return jnp.pad(x, pw, mode="reflect")
    if kind == "dirichlet":
        return jnp.pad(x, pw, mode="constant", constant_values=v)
    n = x.shape[d]
    dist = np.concatenate([np.arange(w, 0, -1), np.zeros(n), np.arange(1, w + 1)])
    shape = [1] * x.ndim
    shape[d] = n + 2 * w
    return jnp.pad(x, pw, mode="edge") + v * jnp.asarray(dist.reshape(shape), x.dtype)


def reference(taps, coeffs, bc, x):
    """result[i] = sum_k c_k * v(i + t_k), v read from the field padded dim by dim."""
    rules = bc.split(",") if bc else ["dirichlet(0)"]
    rules = rules * x.ndim if len(rules) == 1 else rules
    w = [max(abs(t[d]) for t in taps) for d in range(x.ndim)]
    p = x
    for d in range(x.ndim):
        p = _pad_dim(p, d, w[d], rules[d])
    acc = None
    for t, c in zip(taps, coeffs):
        sl = tuple(slice(w[d] + t[d], w[d] + t[d] + x.shape[d]) for d in range(x.ndim))
        term = jnp.asarray(c, x.dtype) * p[sl]
        acc = term if acc is None else acc + term
    return acc


def program(taps, coeffs, bc, shape, dtype):
    r = len(shape)
    t = h.ttype(shape, dtype)
    taps_s = ", ".join("[" + ", ".join(str(o) for o in tap) + "]" for tap in taps)
    co = ", ".join(f"{c!r} : f64" for c in coeffs)
    bca = f', bc = "{bc}"' if bc else ""
    return (f"func.func @main(%a0: {t}) -> {t} {{\n"
            f'  %topo = "tessera.neighbors.topology.create"() {{kind = "{r}d_mesh"}}'
            f" : () -> !tessera.neighbors.topology\n"
            f'  %st = "tessera.neighbors.stencil.define"() {{taps = [{taps_s}], coeffs = [{co}]'
            f"{bca}}} : () -> index\n"
            f'  %r = "tessera.neighbors.stencil.apply"(%st, %a0, %topo)'
            f" : (index, {t}, !tessera.neighbors.topology) -> {t}\n"
            f"  return %r : {t}\n}}\n")


T1 = ([[0], [1], [-1], [2]], [-2.0, 1.25, 0.75, -0.5])
T2 = ([[0, 0], [1, 0], [-1, 0], [0, 2], [0, -1], [1, 1]], [-4.0, 1.0, 1.5, 0.5, -1.0, 0.25])
CASES = [
    pytest.param(T1, "periodic", (6,), id="1d-periodic"),
    pytest.param(T1, "reflect", (6,), id="1d-reflect"),
    pytest.param(T1, "dirichlet(2.5)", (6,), id="1d-dirichlet"),
    pytest.param(T1, "neumann(-0.75)", (6,), id="1d-neumann"),
    pytest.param(T1, None, (5,), id="1d-default"),
    pytest.param(([[0], [5], [-4]], [1.0, 2.0, -3.0]), "reflect", (3,), id="1d-reflect-far"),
    pytest.param(([[0], [7], [-5]], [1.0, 2.0, -3.0]), "periodic", (3,), id="1d-periodic-far"),
    pytest.param(T2, "periodic", (4, 5), id="2d-periodic"),
    pytest.param(T2, "reflect", (4, 5), id="2d-reflect"),
    pytest.param(T2, "dirichlet(1.0)", (4, 5), id="2d-dirichlet"),
    pytest.param(T2, "neumann(0.5)", (4, 5), id="2d-neumann"),
    pytest.param(T2, "periodic,dirichlet(0.5)", (4, 5), id="2d-periodic-dirichlet"),
    pytest.param(T2, "neumann(1.5),reflect", (4, 5), id="2d-neumann-reflect"),
    pytest.param(T2, "dirichlet(-1.0),neumann(0.25)", (4, 5), id="2d-dirichlet-neumann"),
]


@pytest.mark.parametrize("dtype", [pytest.param(np.float64, id="f64"),
                                   pytest.param(np.float32, id="f32")])
@pytest.mark.parametrize("stencil,bc,shape", CASES)
def test_stencil_apply(stencil, bc, shape, dtype, tmp_path):
    taps, coeffs = stencil
    x = np.random.default_rng(7).standard_normal(shape).astype(dtype)
    text = program(taps, coeffs, bc, shape, dtype)
    multi.check(tmp_path, text, {"a0": x}, ["a0"],
                lambda x_: (reference(taps, coeffs, bc, x_),), dtype)


def test_dense_taps_without_coeffs(tmp_path):
    """Upstream's spelling: dense<> taps, no coeffs (every tap weighs 1); the jvp's new define
    keeps that form."""
    x = np.random.default_rng(8).standard_normal((6,))
    t = h.ttype(x.shape, x.dtype)
    text = (f"func.func @main(%a0: {t}) -> {t} {{\n"
            f'  %topo = "tessera.neighbors.topology.create"() {{kind = "1d_mesh"}} : () -> '
            f"!tessera.neighbors.topology\n"
            f'  %st = "tessera.neighbors.stencil.define"() {{taps = [dense<[0]> : tensor<1xi64>, '
            f'dense<[1]> : tensor<1xi64>], bc = "neumann(2.0)"}} : () -> index\n'
            f'  %y = "tessera.neighbors.stencil.apply"(%st, %a0, %topo) : (index, {t}, '
            f"!tessera.neighbors.topology) -> {t}\n  return %y : {t}\n}}\n")
    multi.check(tmp_path, text, {"a0": x}, ["a0"],
                lambda x_: (reference([[0], [1]], [1.0, 1.0], "neumann(2.0)", x_),), np.float64)


def test_vjp_size_guard(tmp_path):
    """A vjp needing more than 2^24 index entries (elements times taps) is a diagnostic."""
    text = program([[0, 0], [1, 0]], [1.0, 1.0], "periodic", (4096, 2049), np.float32)
    (tmp_path / "big.mlir").write_text(text)
    p = h.tool(["grad", str(tmp_path / "big.mlir"), "--wrt", "a0"], check=False)
    assert p.returncode != 0 and "error:" in p.stderr and "2^24" in p.stderr, p.stderr
    ok = program([[0, 0], [1, 0]], [1.0, 1.0], "periodic", (4, 5), np.float32)
    (tmp_path / "ok.mlir").write_text(ok)
    assert h.tool(["grad", str(tmp_path / "ok.mlir"), "--wrt", "a0"], check=False).returncode == 0
