"""cholesky and svd derivative rules (core/transforms/autodiff_rules_decomp.cpp) against jax.vjp /
jax.jvp on the same definitions (float64, float32) and float64 central finite differences.

cholesky reads the lower triangle of its operand, so the JAX function is
cholesky(tril(a) + tril(a, -1)ᵀ). Singular vectors are unique up to sign: the svd checks compare
gauge-invariant functions of (u, s, vt), and the raw u / vt derivatives after aligning JAX's signs
with ours (u_ours = u_jax D, so du_ours = du_jax D)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import harness as h
import multi

jax.config.update("jax_enable_x64", True)

DT = [pytest.param(np.float64, id="f64"), pytest.param(np.float32, id="f32")]


def spd(shape, rng):
    n = shape[-1]
    b = rng.standard_normal(shape)
    return b @ np.swapaxes(b, -1, -2) + n * np.eye(n)


def jax_chol(a):
    lo = jnp.tril(a)
    return (jax.lax.linalg.cholesky(lo + jnp.swapaxes(jnp.tril(a, -1), -1, -2),
                                    symmetrize_input=False),)


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("shape", [(4, 4), (2, 5, 5), (1, 1)], ids=["4x4", "batch2x5x5", "1x1"])
def test_cholesky(shape, dtype, tmp_path):
    a = spd(shape, np.random.default_rng(0)).astype(dtype)
    text = h.program("tessera.cholesky", [a], a.shape, a.dtype)
    multi.check(tmp_path, text, {"a0": a}, ["a0"], jax_chol, dtype)


def test_cholesky_order_limit(tmp_path):
    """The unrolled triangular solves stop at order 512 with a diagnostic, not a huge program."""
    t = "tensor<513x513xf32>"
    text = (f"func.func @main(%a: {t}) -> {t} {{\n  %l = \"tessera.cholesky\"(%a) : ({t}) -> {t}\n"
            f"  return %l : {t}\n}}\n")
    (tmp_path / "big.mlir").write_text(text)
    p = h.tool(["grad", str(tmp_path / "big.mlir"), "--wrt", "a"], check=False)
    assert p.returncode != 0 and "order 513 exceeds 512" in p.stderr, p.stderr


EMPTY_PROGRAMS = [
    ("c", """func.func @main(%a: tensor<0x0xf64>) -> tensor<0x0xf64> {
  %l = "tessera.cholesky"(%a) : (tensor<0x0xf64>) -> tensor<0x0xf64>
  return %l : tensor<0x0xf64>
}
"""),
    ("s", """func.func @main(%a: tensor<0x3xf64>) -> (tensor<0x0xf64>, tensor<0xf64>, tensor<0x3xf64>) {
  %u, %s, %vt = "tessera.svd"(%a) : (tensor<0x3xf64>) -> (tensor<0x0xf64>, tensor<0xf64>, tensor<0x3xf64>)
  return %u, %s, %vt : tensor<0x0xf64>, tensor<0xf64>, tensor<0x3xf64>
}
"""),
]


@pytest.mark.parametrize("mode", ["rev", "fwd"])
@pytest.mark.parametrize("name,text", EMPTY_PROGRAMS, ids=["cholesky_0x0", "svd_0x3"])
def test_empty_matrices(name, text, mode, tmp_path):
    """Empty operands give derivative programs, not a signal (a regression: the empty triangular
    solve dereferenced a null value)."""
    assert "func.func @main_" in h.grad(tmp_path, text, ["a"], mode, tag=name)


def separated(m, n, rng, batch=()):
    """A random [m, n] matrix with singular values 3, 2.2, 1.5, 0.9, ... (well separated)."""
    k = min(m, n)
    s = 3.0 - 0.7 * np.arange(k)
    s = np.where(s > 0.2, s, 0.3 / (1 + np.arange(k)))
    out = []
    for _ in range(int(np.prod(batch)) if batch else 1):
        q1, _ = np.linalg.qr(rng.standard_normal((m, k)))
        q2, _ = np.linalg.qr(rng.standard_normal((n, k)))
        out.append(q1 @ np.diag(s) @ q2.T)
    return np.stack(out).reshape(*batch, m, n)


def svd_types(shape, dtype):
    m, n = shape[-2:]
    k = min(m, n)
    b = shape[:-2]
    return (h.ttype(shape, dtype), h.ttype(b + (m, k), dtype), h.ttype(b + (k,), dtype),
            h.ttype(b + (k, n), dtype))


SHAPES = [(4, 4), (5, 3), (3, 5), (2, 4, 3)]  # square, tall, wide, batched


@pytest.mark.parametrize("dtype,shape", [(np.float64, s) for s in SHAPES] +
                         [pytest.param(np.float32, (5, 3), id="f32-5x3")])
def test_svd_gauge_invariant(shape, dtype, tmp_path):
    """s, U diag(c1) Vᵀ, U diag(c2) Uᵀ and V diag(c3) Vᵀ: invariant under the sign choice."""
    rng = np.random.default_rng(3)
    a = separated(shape[-2], shape[-1], rng, shape[:-2]).astype(dtype)
    k = min(shape[-2:])
    c = [rng.standard_normal((k,)).astype(dtype) for _ in range(3)]
    ta, tu, ts, tvt = svd_types(shape, dtype)
    m, n = shape[-2:]
    b = shape[:-2]
    tw, tpu, tpv = h.ttype(shape, dtype), h.ttype(b + (m, m), dtype), h.ttype(b + (n, n), dtype)
    tc, trow, tcol = h.ttype((k,), dtype), h.ttype((1, k), dtype), h.ttype((k, 1), dtype)
    text = f"""func.func @main(%a: {ta}, %c1: {tc}, %c2: {tc}, %c3: {tc}) -> ({ts}, {tw}, {tpu}, {tpv}) {{
  %u, %s, %vt = "tessera.svd"(%a) : ({ta}) -> ({tu}, {ts}, {tvt})
  %r1 = "tessera.reshape"(%c1) : ({tc}) -> {trow}
  %r2 = "tessera.reshape"(%c2) : ({tc}) -> {trow}
  %r3 = "tessera.reshape"(%c3) : ({tc}) -> {tcol}
  %uc1 = "tessera.mul"(%u, %r1) : ({tu}, {trow}) -> {tu}
  %w = "tessera.matmul"(%uc1, %vt) : ({tu}, {tvt}) -> {tw}
  %uc2 = "tessera.mul"(%u, %r2) : ({tu}, {trow}) -> {tu}
  %pu = "tessera.matmul"(%uc2, %u) {{transpose_b = true}} : ({tu}, {tu}) -> {tpu}
  %vc3 = "tessera.mul"(%vt, %r3) : ({tvt}, {tcol}) -> {tvt}
  %pv = "tessera.matmul"(%vc3, %vt) {{transpose_a = true}} : ({tvt}, {tvt}) -> {tpv}
  return %s, %w, %pu, %pv : {ts}, {tw}, {tpu}, {tpv}
}}
"""

    def f(a_):
        u, s, vt = jnp.linalg.svd(a_, full_matrices=False)
        v = jnp.swapaxes(vt, -1, -2)
        return (s, (u * c[0]) @ vt, (u * c[1]) @ jnp.swapaxes(u, -1, -2),
                (v * c[2]) @ jnp.swapaxes(v, -1, -2))

    multi.check(tmp_path, text, {"a": a, "c1": c[0], "c2": c[1], "c3": c[2]}, ["a"], f, dtype)


@pytest.mark.parametrize("dtype,shape", [(np.float64, s) for s in SHAPES] +
                         [pytest.param(np.float32, (3, 5), id="f32-3x5")])
def test_svd_raw(shape, dtype, tmp_path):
    """The u, s, vt derivatives themselves, JAX's signs aligned with ours."""
    a = separated(shape[-2], shape[-1], np.random.default_rng(5), shape[:-2]).astype(dtype)
    ta, tu, ts, tvt = svd_types(shape, dtype)
    text = f"""func.func @main(%a: {ta}) -> ({tu}, {ts}, {tvt}) {{
  %u, %s, %vt = "tessera.svd"(%a) : ({ta}) -> ({tu}, {ts}, {tvt})
  return %u, %s, %vt : {tu}, {ts}, {tvt}
}}
"""
    u_ours = h.run(tmp_path, text, "main", {"a": a}, tag="fw")[0].astype(np.float64)
    u_jax = np.linalg.svd(a.astype(np.float64), full_matrices=False)[0]
    d = np.sign(np.sum(u_ours * u_jax, axis=-2)).astype(dtype)  # [.., k]: u_ours = u_jax * d

    def f(a_):
        return tuple(jnp.linalg.svd(a_, full_matrices=False))

    def ct_map(cts):  # <ct, our result> = <ct D, jax's result>
        return [cts[0] * d[..., None, :], cts[1], cts[2] * d[..., :, None]]

    def tan_map(t, _ours):
        return [t[0] * d[..., None, :], t[1], t[2] * d[..., :, None]]

    def compare(o, r, what):
        if what.startswith("primal"):
            return  # signs differ; the forward op has its own tests
        h.close(o, r, dtype, what)

    multi.check(tmp_path, text, {"a": a}, ["a"], f, dtype, ct_map=ct_map, tan_map=tan_map,
                compare=compare)
