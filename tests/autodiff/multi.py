"""Checks a derivative program of a multi-result @main against JAX and finite differences.

`check` differentiates @main with `tessera-interp grad` (reverse, then forward on the output),
runs main_vjp and main_jvp, and compares with jax.vjp / jax.jvp of `f` (the same function
written in JAX, returning a tuple), the transposition identity and f64 central differences of our
own forward program. Used by test_rules_decomp.py and test_rules_while.py.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import harness as h


def check(tmp, text, inputs, wrt, f, dtype, fd=True, seed=1, ct_map=None, tan_map=None,
          compare=None):
    """inputs: name -> array (in @main's parameter order); wrt: differentiated names; f(*wrt
    arrays) -> tuple of float results (the float results of @main, in order).
    ct_map(cts) / tan_map(tans): optional maps of the cotangents / JAX tangents (sign alignment);
    compare(ours, ref, what): optional comparison of results and tangents (default h.close)."""
    rng = np.random.default_rng(seed)
    primals = [jnp.asarray(inputs[w]) for w in wrt]
    shapes = jax.eval_shape(f, *primals)
    cts = [rng.standard_normal(s.shape).astype(s.dtype) for s in shapes]
    tans = [rng.standard_normal(inputs[w].shape).astype(dtype) for w in wrt]
    jcts = ct_map(cts) if ct_map else cts

    @jax.jit
    def oracle(p, c, t):
        y, vjp_fn = jax.vjp(f, *p)
        return y, vjp_fn(tuple(c)), jax.jvp(f, tuple(p), tuple(t))[1]

    y_ref, g_ref, t_ref = oracle(primals, [jnp.asarray(c) for c in jcts],
                                 [jnp.asarray(t) for t in tans])
    cmp = compare or (lambda o, r, what: h.close(o, r, dtype, what))
    both = h.grad(tmp, h.grad(tmp, text, wrt, "rev"), wrt, "fwd", tag="f")
    nres = len(cts)
    out = h.run(tmp, both, "main_vjp", {**inputs, **{f"ct{k}": c for k, c in enumerate(cts)}},
                tag="vjp")
    for k in range(nres):
        cmp(out[k], np.asarray(y_ref[k]), f"primal {k}")
    for k, w in enumerate(wrt):
        h.close(out[nres + k], g_ref[k], dtype, f"vjp wrt {w}")
    out_j = h.run(tmp, both, "main_jvp", {**inputs, **{f"{w}_tan": t for w, t in zip(wrt, tans)}},
                  tag="jvp")
    tan_ours = out_j[nres:]
    t_cmp = tan_map(list(t_ref), out_j[:nres]) if tan_map else list(t_ref)
    for k in range(nres):
        cmp(tan_ours[k], np.asarray(t_cmp[k]), f"jvp {k}")
    if dtype != np.float64:
        return
    lhs = sum(float(np.sum(c * t)) for c, t in zip(cts, tan_ours))
    rhs = sum(float(np.sum(np.asarray(g) * t)) for g, t in zip(out[nres:], tans))
    assert abs(lhs - rhs) <= 1e-8 * (1 + abs(lhs)), ("transposition", lhs, rhs)
    if not fd:
        return
    eps = 1e-6
    plus = h.run(tmp, text, "main", {**inputs, **{w: inputs[w] + eps * t
                                                  for w, t in zip(wrt, tans)}}, tag="fdp")
    minus = h.run(tmp, text, "main", {**inputs, **{w: inputs[w] - eps * t
                                                   for w, t in zip(wrt, tans)}}, tag="fdm")
    for k in range(nres):
        fdk = (plus[k] - minus[k]) / (2 * eps)
        err = float(np.max(np.abs(fdk - tan_ours[k])))
        assert err <= 1e-5 * (1 + float(np.max(np.abs(fdk)))), f"finite differences {k}: {err}"
