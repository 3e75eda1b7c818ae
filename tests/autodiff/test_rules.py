"""Every op's vjp and jvp rule against jax.vjp / jax.jvp (float64 and float32) and float64
central finite differences of our own forward program; second derivatives (the transform applied
to its own output) for elementwise, reduction and matmul ops against JAX's jvp-of-vjp."""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

import harness as h

jax.config.update("jax_enable_x64", True)


def _sdpa(q, k, v, causal=False, scale=None):
    s = jnp.einsum("...id,...jd->...ij", q, k) * (scale if scale else 1 / math.sqrt(q.shape[-1]))
    if causal:
        i, j = np.indices(s.shape[-2:])
        s = jnp.where(j <= i, s, -jnp.inf)
    return jax.nn.softmax(s, axis=-1) @ v


def _ln(x, g, b, eps=1e-5):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / jnp.sqrt(v + eps) * g + b


def _ce(logits, labels):
    ls = jax.nn.log_softmax(logits, -1)
    return -jnp.mean(jnp.take_along_axis(ls, labels[..., None], -1))


# name, op, inputs [(shape, kind)], jax function, attrs, options.
# kinds: n normal, p positive (0.5..2), t small integers as floats (ties), iN int32 in [0, N),
# b bool.
CASES = [
    ("add_bcast", "tessera.add", [((3, 4), "n"), ((4,), "n")], lambda a, b: a + b, "", {}),
    ("sub_bcast", "tessera.sub", [((3, 1), "n"), ((3, 4), "n")], lambda a, b: a - b, "", {}),
    ("mul", "tessera.mul", [((3, 4), "n"), ((3, 4), "n")], lambda a, b: a * b, "", {}),
    ("div", "tessera.div", [((3, 4), "n"), ((4,), "p")], lambda a, b: a / b, "", {}),
    ("max", "tessera.max", [((3, 4), "n"), ((3, 4), "n")], jnp.maximum, "", {}),
    ("min", "tessera.min", [((3, 4), "n"), ((3, 4), "n")], jnp.minimum, "", {}),
    ("max_ties", "tessera.max", [((3, 4), "t"), ((3, 4), "t")], jnp.maximum, "", {"fd": False}),
    ("pow", "tessera.pow", [((3, 4), "p"), ((3, 4), "n")], jnp.power, "", {}),
    ("select", "tessera.select", [((3, 4), "b"), ((3, 4), "n"), ((4,), "n")], jnp.where, "", {}),
    ("neg", "tessera.neg", [((5,), "n")], lambda x: -x, "", {}),
    ("abs", "tessera.abs", [((5,), "n")], jnp.abs, "", {}),
    ("exp", "tessera.exp", [((5,), "n")], jnp.exp, "", {}),
    ("log", "tessera.log", [((5,), "p")], jnp.log, "", {}),
    ("sqrt", "tessera.sqrt", [((5,), "p")], jnp.sqrt, "", {}),
    ("rsqrt", "tessera.rsqrt", [((5,), "p")], jax.lax.rsqrt, "", {}),
    ("tanh", "tessera.tanh", [((5,), "n")], jnp.tanh, "", {}),
    ("sigmoid", "tessera.sigmoid", [((5,), "n")], jax.nn.sigmoid, "", {}),
    ("relu", "tessera.relu", [((6,), "n")], jax.nn.relu, "", {}),
    ("gelu_erf", "tessera.gelu", [((6,), "n")], lambda x: jax.nn.gelu(x, approximate=False), "",
     {}),
    ("gelu_tanh", "tessera.gelu", [((6,), "n")], lambda x: jax.nn.gelu(x, approximate=True),
     'approximate = "tanh"', {}),
    ("silu", "tessera.silu", [((6,), "n")], jax.nn.silu, "", {}),
    ("cast", "tessera.cast", [((4,), "n")], None, "", {"cast": True}),
    ("matmul", "tessera.matmul", [((3, 4), "n"), ((4, 5), "n")], jnp.matmul, "", {}),
    ("matmul_ta", "tessera.matmul", [((4, 3), "n"), ((4, 5), "n")], lambda a, b: a.T @ b,
     "transpose_a = true", {}),
    ("matmul_tb", "tessera.matmul", [((3, 4), "n"), ((5, 4), "n")], lambda a, b: a @ b.T,
     "transpose_b = true", {}),
    ("matmul_batch_bcast", "tessera.matmul", [((2, 3, 4), "n"), ((4, 5), "n")], jnp.matmul, "",
     {}),
    ("reduce_sum", "tessera.reduce", [((3, 4), "n")], lambda x: x.sum(1), 'kind = "sum", axes = [1]',
     {}),
    ("reduce_mean_keep", "tessera.reduce", [((2, 3, 4), "n")],
     lambda x: x.mean((0, 2), keepdims=True), 'kind = "mean", axes = [0, 2], keepdims = true', {}),
    ("reduce_max", "tessera.reduce", [((3, 4), "n")], lambda x: x.max(0), 'kind = "max", axes = [0]',
     {}),
    ("reduce_max_ties", "tessera.reduce", [((3, 4), "t")], lambda x: x.max(1),
     'kind = "max", axes = [1]', {"fd": False}),
    ("reduce_min_all", "tessera.reduce", [((3, 4), "n")], jnp.min, 'kind = "min"', {}),
    ("softmax", "tessera.softmax", [((3, 5), "n")], lambda x: jax.nn.softmax(x, -1), "", {}),
    ("log_softmax", "tessera.log_softmax", [((3, 5), "n")], lambda x: jax.nn.log_softmax(x, 0),
     "axis = 0", {}),
    ("transpose", "tessera.transpose", [((2, 3, 4), "n")], lambda x: x.transpose(1, 2, 0),
     "perm = [1, 2, 0]", {}),
    ("reshape", "tessera.reshape", [((2, 6), "n")], lambda x: x.reshape(3, 4), "", {}),
    ("broadcast", "tessera.broadcast", [((3,), "n")], lambda x: jnp.broadcast_to(x[:, None], (3, 4)),
     "broadcast_dimensions = [0]", {}),
    ("concat", "tessera.concat", [((2, 3), "n"), ((2, 2), "n")],
     lambda a, b: jnp.concatenate([a, b], 1), "axis = 1", {}),
    ("slice", "tessera.slice", [((5, 7), "n")], lambda x: x[1:5:2, 0:7:3],
     "start = [1, 0], limit = [5, 7], strides = [2, 3]", {}),
    ("gather", "tessera.gather", [((4, 5), "n"), ((6,), "i5")], lambda s, i: jnp.take(s, i, 1),
     "axis = 1", {}),
    ("embedding", "tessera.embedding", [((6, 3), "n"), ((2, 4), "i6")], lambda t, i: t[i], "", {}),
    ("scatter_add", "tessera.scatter", [((5, 3), "n"), ((4,), "i5"), ((4, 3), "n")],
     lambda d, i, u: d.at[i].add(u), 'reduction = "add"', {}),
    ("layer_norm", "tessera.layer_norm", [((3, 6), "n"), ((6,), "n"), ((6,), "n")], _ln, "", {}),
    ("rmsnorm", "tessera.rmsnorm", [((3, 6), "n"), ((6,), "n")],
     lambda x, g: x / jnp.sqrt((x * x).mean(-1, keepdims=True) + 1e-6) * g, "epsilon = 1.0e-06",
     {}),
    ("flash_attn", "tessera.flash_attn", [((1, 2, 4, 8), "n"), ((1, 2, 5, 8), "n"),
                                          ((1, 2, 5, 3), "n")], _sdpa, "", {}),
    ("flash_attn_causal", "tessera.flash_attn", [((1, 1, 5, 4), "n"), ((1, 1, 5, 4), "n"),
                                                 ((1, 1, 5, 4), "n")],
     lambda q, k, v: _sdpa(q, k, v, True, 0.3), "causal = true, scale = 3.0e-01", {}),
    # More keys than one block of the blockwise backward (64): blocks of 64, 64 and 2 keys.
    ("flash_attn_blocks", "tessera.flash_attn", [((1, 2, 7, 4), "n"), ((1, 2, 130, 4), "n"),
                                                 ((1, 2, 130, 3), "n")], _sdpa, "", {}),
    ("flash_attn_blocks_causal", "tessera.flash_attn", [((1, 1, 130, 4), "n"),
                                                        ((1, 1, 130, 4), "n"),
                                                        ((1, 1, 130, 2), "n")],
     lambda q, k, v: _sdpa(q, k, v, True), "causal = true", {}),
    ("cross_entropy", "tessera.cross_entropy", [((4, 6), "n"), ((4,), "i6")], _ce, "", {}),
    ("mse", "tessera.mse", [((3, 4), "n"), ((3, 4), "n")], lambda a, b: jnp.mean((a - b) ** 2),
     "", {}),
    ("binary_cross_entropy", "tessera.binary_cross_entropy", [((3, 4), "n"), ((3, 4), "n")],
     lambda z, t: jnp.mean(jnp.maximum(z, 0) - z * t + jnp.log1p(jnp.exp(-jnp.abs(z)))), "", {}),
]

# Ops whose second derivative (jvp of the vjp) is checked.
HESS = {"add_bcast", "mul", "div", "exp", "tanh", "log", "matmul", "matmul_tb", "reduce_sum",
        "reduce_mean_keep", "reduce_max", "softmax"}


def make_input(shape, kind, dtype, rng):
    if kind == "n":
        return rng.standard_normal(shape).astype(dtype)
    if kind == "p":
        return rng.uniform(0.5, 2.0, shape).astype(dtype)
    if kind == "t":
        return rng.integers(0, 3, shape).astype(dtype)
    if kind == "b":
        return rng.integers(0, 2, shape).astype(np.bool_)
    return rng.integers(0, int(kind[1:]), shape).astype(np.int32)


def setup_case(case, dtype, seed=0):
    name, op, specs, f, attrs, opt = case
    rng = np.random.default_rng(seed)
    xs = [make_input(s, k, dtype, rng) for s, k in specs]
    fidx = [i for i, (_, k) in enumerate(specs) if k in "nptx"]
    if opt.get("cast"):
        other = np.float32 if dtype == np.float64 else np.float64
        f = lambda x: x.astype(other)  # noqa: E731
    def fj(*fl):
        full = [jnp.asarray(x) for x in xs]
        for i, v in zip(fidx, fl):
            full[i] = v
        return f(*full)
    return name, op, xs, fidx, fj, attrs, opt


@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["f64", "f32"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_rule(case, dtype, tmp_path):
    name, op, xs, fidx, fj, attrs, opt = setup_case(case, dtype)
    rng = np.random.default_rng(1)
    primals = [jnp.asarray(xs[i]) for i in fidx]
    y_shape = jax.eval_shape(fj, *primals)
    ct = rng.standard_normal(y_shape.shape).astype(y_shape.dtype)
    tans = [rng.standard_normal(xs[i].shape).astype(dtype) for i in fidx]

    @jax.jit  # one compilation instead of one per primitive (eager mode is several times slower)
    def oracle(p, c, t):
        y, vjp_fn = jax.vjp(fj, *p)
        return y, vjp_fn(c), jax.jvp(fj, p, t)[1]

    y_ref, grads_ref, ty_ref = oracle(primals, jnp.asarray(ct), [jnp.asarray(t) for t in tans])
    y_ref = np.asarray(y_ref)
    text = h.program(op, xs, y_ref.shape, y_ref.dtype, attrs)
    wrt = [f"a{i}" for i in fidx]
    both = h.grad(tmp_path, h.grad(tmp_path, text, wrt, "rev"), wrt, "fwd", tag="f")
    ins = {f"a{i}": x for i, x in enumerate(xs)}
    out = h.run(tmp_path, both, "main_vjp", {**ins, "ct0": ct}, tag="vjp")
    h.close(out[0], y_ref, dtype, "primal")
    for k, g in enumerate(grads_ref):
        h.close(out[1 + k], g, dtype, f"vjp wrt a{fidx[k]}")
    tan_in = {f"a{i}_tan": t for i, t in zip(fidx, tans)}
    out = h.run(tmp_path, both, "main_jvp", {**ins, **tan_in}, tag="jvp")
    h.close(out[1], ty_ref, dtype, "jvp")
    if dtype != np.float64:
        return
    # vjp and jvp are transposes of each other: <ct, J t> = <J^T ct, t>.
    vjp_out = [np.asarray(g) for g in grads_ref]
    lhs = float(np.sum(ct * out[1]))
    rhs = float(sum(np.sum(g * t) for g, t in zip(vjp_out, tans)))
    tol = 1e-8 if y_ref.dtype == np.float64 else 1e-6  # a cast to f32 rounds the tangent
    assert abs(lhs - rhs) <= tol * (1 + abs(lhs)), (lhs, rhs)
    if opt.get("fd", True) and y_ref.dtype == np.float64:  # (a cast to f32 rounds f(x +- h t))
        # Central differences of our own forward program along the tangent direction.
        eps = 1e-6
        fd_text = text + h.twice_main(text, xs, fidx, y_ref)
        moved = dict(ins)
        for i, t in zip(fidx, tans):
            moved[f"a{i}"] = xs[i] + eps * t
            moved[f"m{i}"] = xs[i] - eps * t
        plus, minus = h.run(tmp_path, fd_text, "fd", moved, tag="fd")
        fd = (plus.astype(np.float64) - minus.astype(np.float64)) / (2 * eps)
        err = np.max(np.abs(fd - out[1]))
        assert err <= 1e-5 * (1 + np.max(np.abs(fd))), f"finite differences: {err}"


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in HESS], ids=sorted(HESS, key=[c[0] for c in CASES].index))
def test_second_derivative(case, tmp_path):
    """d/dt of the vjp along a tangent (the transform on its own output) against JAX."""
    name, op, xs, fidx, fj, attrs, opt = setup_case(case, np.float64)
    rng = np.random.default_rng(2)
    primals = [jnp.asarray(xs[i]) for i in fidx]
    y = np.asarray(fj(*primals))
    ct = rng.standard_normal(y.shape)
    tans = [rng.standard_normal(xs[i].shape) for i in fidx]
    g = lambda *p: jax.vjp(fj, *p)[1](jnp.asarray(ct))  # noqa: E731
    hv_ref = jax.jit(lambda p, t: jax.jvp(g, p, t)[1])(primals, [jnp.asarray(t) for t in tans])

    text = h.program(op, xs, y.shape, y.dtype, attrs)
    wrt = [f"a{i}" for i in fidx]
    vjp = h.grad(tmp_path, text, wrt, "rev")
    hvp = h.grad(tmp_path, vjp, wrt, "fwd", func="main_vjp", tag="h")
    ins = {f"a{i}": x for i, x in enumerate(xs)}
    out = h.run(tmp_path, hvp, "main_vjp_jvp",
                {**ins, "ct0": ct, **{f"a{i}_tan": t for i, t in zip(fidx, tans)}})
    # main_vjp_jvp -> (y, grads..., tangent of y, tangents of the grads...)
    n = len(fidx)
    for k in range(n):
        h.close(out[2 + n + k], hv_ref[k], np.float64, f"second derivative wrt a{fidx[k]}")


BF16 = ["add_bcast", "mul", "div", "exp", "tanh", "sigmoid", "relu", "matmul", "reduce_sum",
        "reduce_mean_keep", "softmax", "transpose", "slice", "gather"]


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in BF16],
                         ids=sorted(BF16, key=[c[0] for c in CASES].index))
def test_rule_bf16(case, tmp_path):
    """vjp at bfloat16 against jax.vjp in float32 on the same (bf16-exact) inputs."""
    bf16 = ml_dtypes.bfloat16
    name, op, xs, fidx, fj, attrs, opt = setup_case(case, np.float32)
    xs[:] = [x.astype(bf16).astype(np.float32) if x.dtype == np.float32 else x for x in xs]
    rng = np.random.default_rng(1)
    primals = [jnp.asarray(xs[i]) for i in fidx]
    y_ref = jax.eval_shape(fj, *primals)
    ct = rng.standard_normal(y_ref.shape).astype(bf16).astype(np.float32)
    grads_ref = jax.jit(lambda p, c: jax.vjp(fj, *p)[1](c))(primals, jnp.asarray(ct))
    bx = [x.astype(bf16) if x.dtype == np.float32 else x for x in xs]
    text = h.program(op, bx, y_ref.shape, bf16, attrs)
    out = h.run(tmp_path, h.grad(tmp_path, text, [f"a{i}" for i in fidx]), "main_vjp",
                {**{f"a{i}": x for i, x in enumerate(bx)}, "ct0": ct.astype(bf16)})
    for k, g in enumerate(grads_ref):
        # tessera-interp writes bf16 results as their uint16 bit patterns.
        ours = out[1 + k].view(bf16).astype(np.float32)
        h.close(ours, g, bf16, f"bf16 vjp wrt a{fidx[k]}")
