"""Whole programs through `tessera-interp grad`: an MLP with a cross-entropy loss, layer norm and
attention, checkpoint, stop_gradient, custom_vjp / custom_jvp, calls, every IR level, the
diagnostics, and a mutated derivative program that the checks must reject."""
from __future__ import annotations

import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import harness as h

jax.config.update("jax_enable_x64", True)

CK = " {autodiff.checkpoint}"


def mlp_text(t, ckpt=False):
    c = CK if ckpt else ""
    return f"""func.func @main(%x: tensor<8x6x{t}>, %w1: tensor<6x16x{t}>, %b1: tensor<16x{t}>,
                 %w2: tensor<16x4x{t}>, %b2: tensor<4x{t}>, %lab: tensor<8xi32>) -> tensor<{t}> {{
  %h = "tessera.matmul"(%x, %w1){c} : (tensor<8x6x{t}>, tensor<6x16x{t}>) -> tensor<8x16x{t}>
  %hb = "tessera.add"(%h, %b1){c} : (tensor<8x16x{t}>, tensor<16x{t}>) -> tensor<8x16x{t}>
  %a = "tessera.gelu"(%hb){c} : (tensor<8x16x{t}>) -> tensor<8x16x{t}>
  %o = "tessera.matmul"(%a, %w2) : (tensor<8x16x{t}>, tensor<16x4x{t}>) -> tensor<8x4x{t}>
  %ob = "tessera.add"(%o, %b2) : (tensor<8x4x{t}>, tensor<4x{t}>) -> tensor<8x4x{t}>
  %l = "tessera.cross_entropy"(%ob, %lab) : (tensor<8x4x{t}>, tensor<8xi32>) -> tensor<{t}>
  return %l : tensor<{t}>
}}
"""


def mlp_inputs(dtype):
    r = np.random.default_rng(5)
    return {"x": r.standard_normal((8, 6)).astype(dtype),
            "w1": (r.standard_normal((6, 16)) * 0.5).astype(dtype),
            "b1": r.standard_normal(16).astype(dtype),
            "w2": (r.standard_normal((16, 4)) * 0.5).astype(dtype),
            "b2": r.standard_normal(4).astype(dtype),
            "lab": r.integers(0, 4, 8).astype(np.int32)}


def mlp_jax(x, w1, b1, w2, b2, lab):
    o = jax.nn.gelu(x @ w1 + b1, approximate=False) @ w2 + b2
    ls = jax.nn.log_softmax(o, -1)
    return -jnp.mean(jnp.take_along_axis(ls, lab[:, None], -1))


WRT = ["x", "w1", "b1", "w2", "b2"]


@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["f64", "f32"])
def test_mlp_cross_entropy(dtype, tmp_path):
    t = h.MLIR[np.dtype(dtype)]
    ins = mlp_inputs(dtype)
    vjp = h.grad(tmp_path, mlp_text(t), WRT)
    out = h.run(tmp_path, vjp, "main_vjp", {**ins, "ct0": np.array(1, dtype)})
    args = [jnp.asarray(ins[k]) for k in [*WRT, "lab"]]
    loss, ref = jax.jit(jax.value_and_grad(mlp_jax, argnums=(0, 1, 2, 3, 4)))(*args)
    h.close(out[0], loss, dtype, "loss")
    for k, g in enumerate(ref):
        h.close(out[1 + k], g, dtype, f"grad {WRT[k]}")


@pytest.mark.parametrize("level", ["schedule", "tile", "target"])
def test_mlp_every_level(level, tmp_path):
    """The derivative program is ordinary Graph IR: each level gives the graph level's bits."""
    ins = mlp_inputs(np.float32)
    vjp = h.grad(tmp_path, mlp_text("f32"), WRT)
    args = {**ins, "ct0": np.array(1, np.float32)}
    want = h.run(tmp_path, vjp, "main_vjp", args, tag="graph")
    got = h.run(tmp_path, vjp, "main_vjp", args, tag=level, level=level)
    for a, b in zip(got, want):
        assert np.array_equal(a.view(np.uint32), b.view(np.uint32))


def vjp_body(text):
    return text[text.index("@main_vjp"):]


def test_checkpoint_recomputes(tmp_path):
    """checkpoint: the backward recomputes the region's values that its rules read (gelu's
    input: one more matmul and add in the program) and gets the same bits as keeping the
    residuals. The region's output %a is not recomputed: the backward of the matmul after the
    region reads the forward's %a anyway (its weight gradient), so keeping it costs nothing."""
    ins = {**mlp_inputs(np.float64), "ct0": np.array(1.0)}
    plain = h.grad(tmp_path, mlp_text("f64"), WRT)
    ck = h.grad(tmp_path, mlp_text("f64", ckpt=True), WRT, tag="ck")
    fn = vjp_body
    assert fn(ck).count("tessera.matmul") == fn(plain).count("tessera.matmul") + 1
    assert fn(ck).count("tessera.add") == fn(plain).count("tessera.add") + 1
    assert fn(ck).count("tessera.gelu") == fn(plain).count("tessera.gelu")
    a = h.run(tmp_path, plain, "main_vjp", ins, tag="p")
    b = h.run(tmp_path, ck, "main_vjp", ins, tag="c")
    for x, y in zip(a, b):
        assert np.array_equal(x, y)


def test_checkpoint_recomputes_output_not_kept(tmp_path):
    """A region's output that no backward op reads (only an add, whose rule reads no operand,
    uses it) is recomputed: exp's rule reads exp's result, so the program has a second exp."""
    text = f"""func.func @main(%x: tensor<4x3xf64>, %c: tensor<4x3xf64>) -> tensor<f64> {{
  %e = "tessera.exp"(%x){CK} : (tensor<4x3xf64>) -> tensor<4x3xf64>
  %s = "tessera.add"(%e, %c) : (tensor<4x3xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
  %q = "tessera.mul"(%s, %s) : (tensor<4x3xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
  %l = "tessera.reduce"(%q) {{kind = "sum"}} : (tensor<4x3xf64>) -> tensor<f64>
  return %l : tensor<f64>
}}
"""
    ck = vjp_body(h.grad(tmp_path, text, ["x", "c"]))
    assert ck.count("tessera.exp") == 2
    r = np.random.default_rng(3)
    x, c = r.standard_normal((4, 3)), r.standard_normal((4, 3))
    out = h.run(tmp_path, h.grad(tmp_path, text, ["x", "c"], tag="g2"), "main_vjp",
                {"x": x, "c": c, "ct0": np.array(1.0)})
    gx, gc = jax.grad(lambda x, c: jnp.sum((jnp.exp(x) + c) ** 2), argnums=(0, 1))(x, c)
    h.close(out[1], gx, np.float64, "grad x")
    h.close(out[2], gc, np.float64, "grad c")


def chain_text(ckpt):
    c = CK if ckpt else ""
    layers = []
    for k in range(3):
        layers.append(f"""  %z{k} = "tessera.matmul"(%h{k}, %w{k}){c[:-1] + f" = {k + 1}}}" if c else ""} : (tensor<4x5xf64>, tensor<5x5xf64>) -> tensor<4x5xf64>
  %h{k + 1} = "tessera.tanh"(%z{k}){c[:-1] + f" = {k + 1}}}" if c else ""} : (tensor<4x5xf64>) -> tensor<4x5xf64>""")
    body = "\n".join(layers)
    return f"""func.func @main(%h0: tensor<4x5xf64>, %w0: tensor<5x5xf64>, %w1: tensor<5x5xf64>,
                 %w2: tensor<5x5xf64>) -> tensor<f64> {{
{body}
  %q = "tessera.mul"(%h3, %h3) : (tensor<4x5xf64>, tensor<4x5xf64>) -> tensor<4x5xf64>
  %l = "tessera.reduce"(%q) {{kind = "mean"}} : (tensor<4x5xf64>) -> tensor<f64>
  return %l : tensor<f64>
}}
"""


def test_checkpoint_chain_keeps_region_outputs(tmp_path):
    """Layers tanh(h @ w), each its own region (as ts.checkpoint numbers them): each layer's
    output is the next region's input (or the loss's operand), so the backward keeps it
    anyway; tanh's rule reads only its result, so nothing is recomputed (no unused matmul is
    left behind) and the program is the plain one. The gradients match JAX."""
    plain = vjp_body(h.grad(tmp_path, chain_text(False), ["w0", "w1", "w2"]))
    ck_text = h.grad(tmp_path, chain_text(True), ["w0", "w1", "w2"], tag="ck")
    assert vjp_body(ck_text).count("tessera.matmul") == plain.count("tessera.matmul") == 3 + 5
    assert vjp_body(ck_text).count("tessera.tanh") == plain.count("tessera.tanh") == 3
    r = np.random.default_rng(11)
    ins = {"h0": r.standard_normal((4, 5))}
    for k in range(3):
        ins[f"w{k}"] = r.standard_normal((5, 5)) / 2
    out = h.run(tmp_path, ck_text, "main_vjp", {**ins, "ct0": np.array(1.0)})

    def f(w0, w1, w2):
        a = ins["h0"]
        for w in (w0, w1, w2):
            a = jnp.tanh(a @ w)
        return jnp.mean(a * a)

    ref = jax.grad(f, argnums=(0, 1, 2))(ins["w0"], ins["w1"], ins["w2"])
    for k in range(3):
        h.close(out[1 + k], ref[k], np.float64, f"grad w{k}")


ATTN = """func.func @main(%x: tensor<1x2x5x8xf64>, %g: tensor<8xf64>, %b: tensor<8xf64>,
                 %wq: tensor<8x8xf64>, %wk: tensor<8x8xf64>, %wv: tensor<8x8xf64>,
                 %t: tensor<1x2x5x8xf64>) -> tensor<f64> {
  %n = "tessera.layer_norm"(%x, %g, %b) : (tensor<1x2x5x8xf64>, tensor<8xf64>, tensor<8xf64>) -> tensor<1x2x5x8xf64>
  %q = "tessera.matmul"(%n, %wq) : (tensor<1x2x5x8xf64>, tensor<8x8xf64>) -> tensor<1x2x5x8xf64>
  %k = "tessera.matmul"(%n, %wk) : (tensor<1x2x5x8xf64>, tensor<8x8xf64>) -> tensor<1x2x5x8xf64>
  %v = "tessera.matmul"(%n, %wv) : (tensor<1x2x5x8xf64>, tensor<8x8xf64>) -> tensor<1x2x5x8xf64>
  %o = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<1x2x5x8xf64>, tensor<1x2x5x8xf64>, tensor<1x2x5x8xf64>) -> tensor<1x2x5x8xf64>
  %l = "tessera.mse"(%o, %t) : (tensor<1x2x5x8xf64>, tensor<1x2x5x8xf64>) -> tensor<f64>
  return %l : tensor<f64>
}
"""


def test_layer_norm_attention(tmp_path):
    r = np.random.default_rng(9)
    names = ["x", "g", "b", "wq", "wk", "wv", "t"]
    shapes = [(1, 2, 5, 8), (8,), (8,), (8, 8), (8, 8), (8, 8), (1, 2, 5, 8)]
    ins = {n: r.standard_normal(s) for n, s in zip(names, shapes)}

    def f(x, g, b, wq, wk, wv, t):
        m = x.mean(-1, keepdims=True)
        n = (x - m) / jnp.sqrt(((x - m) ** 2).mean(-1, keepdims=True) + 1e-5) * g + b
        q, k, v = n @ wq, n @ wk, n @ wv
        s = q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(8.0)
        i, j = np.indices((5, 5))
        o = jax.nn.softmax(jnp.where(j <= i, s, -jnp.inf), -1) @ v
        return jnp.mean((o - t) ** 2)

    wrt = names[:6]
    ref = jax.jit(jax.grad(f, argnums=tuple(range(6))))(*[jnp.asarray(ins[n]) for n in names])
    out = h.run(tmp_path, h.grad(tmp_path, ATTN, wrt), "main_vjp", {**ins, "ct0": np.array(1.0)})
    for k, g in enumerate(ref):
        h.close(out[1 + k], g, np.float64, f"grad {wrt[k]}")


CALLS = """func.func @f(%x: tensor<4xf64>) -> tensor<4xf64> attributes {autodiff.custom_vjp = @f_bwd, autodiff.custom_jvp = @f_fwd} {
  %y = "tessera.tanh"(%x) : (tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}
func.func @f_bwd(%x: tensor<4xf64>, %g: tensor<4xf64>) -> tensor<4xf64> {
  %d = "tessera.mul"(%g, %x) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %d : tensor<4xf64>
}
func.func @f_fwd(%x: tensor<4xf64>, %t: tensor<4xf64>) -> tensor<4xf64> {
  %d = "tessera.add"(%t, %x) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %d : tensor<4xf64>
}
func.func @sq(%x: tensor<4xf64>) -> tensor<4xf64> {
  %y = "tessera.mul"(%x, %x) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}
func.func @main(%a: tensor<4xf64>) -> tensor<4xf64> {
  %e = "tessera.exp"(%a) : (tensor<4xf64>) -> tensor<4xf64>
  %y = func.call @f(%e) : (tensor<4xf64>) -> tensor<4xf64>
  %s = "tessera.reshape"(%y) {autodiff.stop_gradient} : (tensor<4xf64>) -> tensor<4xf64>
  %z = "tessera.mul"(%y, %s) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %w = func.call @sq(%z) : (tensor<4xf64>) -> tensor<4xf64>
  return %w : tensor<4xf64>
}
"""


def test_custom_rules_stop_gradient_calls(tmp_path):
    """Hand derivation: e = exp(a), y = f(e) (rules: vjp g*e, jvp t+e), s = stop_gradient(y),
    z = y*s, w = z^2 (a call without custom rules: its own derivative)."""
    r = np.random.default_rng(3)
    a, ct, ta = r.standard_normal(4), r.standard_normal(4), r.standard_normal(4)
    e = np.exp(a)
    y = np.tanh(e)
    z = y * y
    gz = ct * 2 * z
    grad = (gz * y) * e * e                  # dz/dy = s = y; f_bwd: * e; exp: * e
    te = ta * e
    tz = (te + e) * y                        # f_fwd(e, te) = te + e; times s
    tw = 2 * z * tz
    vjp = h.grad(tmp_path, CALLS, ["a"])
    assert "@sq_vjp" in vjp and "@f_bwd" in vjp
    out = h.run(tmp_path, vjp, "main_vjp", {"a": a, "ct0": ct})
    h.close(out[0], z * z, np.float64, "primal")
    h.close(out[1], grad, np.float64, "vjp")
    jvp = h.grad(tmp_path, CALLS, ["a"], "fwd", tag="f")
    out = h.run(tmp_path, jvp, "main_jvp", {"a": a, "a_tan": ta}, tag="j")
    h.close(out[1], tw, np.float64, "jvp")


def test_unused_and_integer_outputs(tmp_path):
    """An unused parameter gets a zero gradient; an integer result gets no cotangent."""
    text = """func.func @main(%a: tensor<3xf64>, %u: tensor<2xf64>, %i: tensor<3xi32>)
    -> (tensor<3xf64>, tensor<3xi32>) {
  %y = "tessera.exp"(%a) : (tensor<3xf64>) -> tensor<3xf64>
  return %y, %i : tensor<3xf64>, tensor<3xi32>
}
"""
    vjp = h.grad(tmp_path, text, ["a", "u"])
    assert "%ct1" not in vjp
    a, ct = np.array([0.1, 0.2, -1.0]), np.array([1.0, 2.0, 3.0])
    out = h.run(tmp_path, vjp, "main_vjp", {"a": a, "u": np.ones(2), "i": np.arange(3,
                dtype=np.int32), "ct0": ct})
    h.close(out[2], ct * np.exp(a), np.float64, "grad a")
    assert np.array_equal(out[3], np.zeros(2))


def test_wrong_rule_is_caught(tmp_path):
    """The checks can fail: the vjp of a - b with the sign of d b flipped is rejected."""
    text = h.program("tessera.sub", [np.zeros((3,)), np.zeros((3,))], (3,), np.float64)
    vjp = h.grad(tmp_path, text, ["a0", "a1"])
    body = vjp[vjp.index("@main_vjp"):]
    assert body.count("tessera.neg") == 1
    bad = vjp.replace(body, body.replace("tessera.neg", "tessera.abs"))
    r = np.random.default_rng(0)
    a, b, ct = r.standard_normal(3), r.standard_normal(3), np.abs(r.standard_normal(3)) + 0.5
    out = h.run(tmp_path, bad, "main_vjp", {"a0": a, "a1": b, "ct0": ct})
    _, f = jax.vjp(lambda x, y: x - y, a, b)
    h.close(out[1], f(ct)[0], np.float64, "d a")   # untouched
    with pytest.raises(AssertionError):
        h.close(out[2], f(ct)[1], np.float64, "d b")


@pytest.mark.parametrize("axis", [1, 0])
def test_topk_values(axis, tmp_path):
    """topk's values: the cotangent goes to the selected elements (tangent: their tangents)."""
    r = np.random.default_rng(4)
    x, t = r.standard_normal((4, 6)), r.standard_normal((4, 6))
    vshape = (4, 2) if axis == 1 else (2, 6)
    ct = r.standard_normal(vshape)
    vt, it = h.ttype(vshape, np.float64), h.ttype(vshape, np.int64)
    text = f"""func.func @main(%x: tensor<4x6xf64>) -> {vt} {{
  %v, %i = "tessera.topk"(%x) {{k = 2, axis = {axis}}} : (tensor<4x6xf64>) -> ({vt}, {it})
  return %v : {vt}
}}
"""
    def f(x):
        v = jax.lax.top_k(jnp.moveaxis(x, axis, -1), 2)[0]
        return jnp.moveaxis(v, -1, axis)
    y, vjp_fn = jax.vjp(f, jnp.asarray(x))
    both = h.grad(tmp_path, h.grad(tmp_path, text, ["x"]), ["x"], "fwd", tag="f")
    out = h.run(tmp_path, both, "main_vjp", {"x": x, "ct0": ct})
    h.close(out[1], vjp_fn(jnp.asarray(ct))[0], np.float64, "topk vjp")
    out = h.run(tmp_path, both, "main_jvp", {"x": x, "x_tan": t}, tag="j")
    h.close(out[1], jax.jvp(f, (jnp.asarray(x),), (jnp.asarray(t),))[1], np.float64, "topk jvp")


@pytest.mark.parametrize("args,msg,rc", [
    (["--wrt", "x"], "cholesky's derivative unrolls its triangular solves; order 513", 1),
    (["--wrt", "i"], "only float tensors have derivatives", 1),
    (["--wrt", "nope"], "has no parameter 'nope'", 1),
    (["--wrt", "#7"], "has no parameter '#7'", 1),
    (["--wrt", "#0,x"], "parameter 'x' is named twice", 1),
    (["--wrt", "x,,"], "--wrt has an empty name", 2),
    (["--wrt", "x", "--func", "other"], "no function @other", 1),
    (["--wrt", "x", "--mode", "sideways"], "--mode must be rev or fwd", 2),
    ([], "grad needs --wrt", 2),
])
def test_diagnostics(args, msg, rc, tmp_path):
    src = tmp_path / "p.mlir"
    # Every Graph op with float results has a rule now, so the located error is a rule's own.
    src.write_text("""func.func @main(%x: tensor<513x513xf32>, %i: tensor<2xi32>) -> tensor<513x513xf32> {
  %v = "tessera.cholesky"(%x) : (tensor<513x513xf32>) -> tensor<513x513xf32>
  return %v : tensor<513x513xf32>
}
""")
    p = h.tool(["grad", str(src), *args], check=False)
    assert p.returncode == rc, p.stderr
    assert msg in p.stderr
    if rc == 1 and "cholesky" in msg:
        assert "p.mlir:2:" in p.stderr  # the location of the op


CONV = [  # input, filter, attrs, jax strides, jax padding, jax dilation
    ((2, 6, 7, 3), (3, 2, 3, 4), "", (1, 1), "VALID", (1, 1)),
    ((1, 9, 8, 2), (3, 3, 2, 3), 'strides = [2, 2], padding = "SAME"', (2, 2), "SAME", (1, 1)),
    ((1, 10, 9, 2), (2, 3, 2, 2), "strides = [3, 2], dilations = [2, 1], padding = [1, 0, 2, 1]",
     (3, 2), ((1, 0), (2, 1)), (2, 1)),
]


@pytest.mark.parametrize("case", range(len(CONV)))
@pytest.mark.parametrize("bias", [False, True], ids=["nobias", "bias"])
def test_conv2d_nhwc(case, bias, tmp_path):
    """conv2d_nhwc's vjp and jvp (strides, dilations, padding, bias) against JAX's convolution."""
    xs, ws, attrs, s, pad, d = CONV[case]
    r = np.random.default_rng(case)
    x, w, b = r.standard_normal(xs), r.standard_normal(ws), r.standard_normal(ws[3])

    def f(x, w, b):
        y = jax.lax.conv_general_dilated(x, w, s, pad, rhs_dilation=d,
                                         dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return y + b if bias else y
    y, vjp_fn = jax.vjp(f, x, w, b)
    ins = [x, w, b] if bias else [x, w]
    text = h.program("tessera.conv2d_nhwc", ins, y.shape, np.float64, attrs)
    wrt = [f"a{i}" for i in range(len(ins))]
    both = h.grad(tmp_path, h.grad(tmp_path, text, wrt), wrt, "fwd", tag="f")
    ct = r.standard_normal(y.shape)
    named = {f"a{i}": v for i, v in enumerate(ins)}
    out = h.run(tmp_path, both, "main_vjp", {**named, "ct0": ct})
    h.close(out[0], y, np.float64, "primal")
    for k, g in enumerate(vjp_fn(ct)[:len(ins)]):
        h.close(out[1 + k], g, np.float64, f"vjp wrt a{k}")
    tans = [r.standard_normal(v.shape) for v in ins]
    out = h.run(tmp_path, both, "main_jvp", {**named, **{f"a{i}_tan": t for i, t in
                                                         enumerate(tans)}}, tag="j")
    full = tans + ([] if bias else [np.zeros_like(b)])
    h.close(out[1], jax.jvp(f, (x, w, b), tuple(full))[1], np.float64, "jvp")


def test_kv_cache_and_grouped_gemm(tmp_path):
    """kv_cache.append / read and grouped_gemm (groups from run-time sizes, one empty) against
    JAX (dynamic_update_slice, dynamic_slice, per-group matmuls)."""
    r = np.random.default_rng(6)
    cache, new = r.standard_normal((1, 2, 6, 3)), r.standard_normal((1, 2, 2, 3))
    x, w = r.standard_normal((7, 4)), r.standard_normal((3, 4, 5))
    sizes = np.array([3, 0, 4], np.int32)
    text = """func.func @main(%c: tensor<1x2x6x3xf64>, %n: tensor<1x2x2x3xf64>, %p: tensor<i32>,
                 %x: tensor<7x4xf64>, %w: tensor<3x4x5xf64>, %s: tensor<3xi32>)
    -> (tensor<1x2x4x3xf64>, tensor<7x5xf64>) {
  %c1 = "tessera.kv_cache.append"(%c, %n, %p) : (tensor<1x2x6x3xf64>, tensor<1x2x2x3xf64>, tensor<i32>) -> tensor<1x2x6x3xf64>
  %rd = "tessera.kv_cache.read"(%c1, %p) {length = 4} : (tensor<1x2x6x3xf64>, tensor<i32>) -> tensor<1x2x4x3xf64>
  %y = "tessera.grouped_gemm"(%x, %w, %s) : (tensor<7x4xf64>, tensor<3x4x5xf64>, tensor<3xi32>) -> tensor<7x5xf64>
  return %rd, %y : tensor<1x2x4x3xf64>, tensor<7x5xf64>
}
"""
    pos = 1

    def f(c, n, x, w):
        c1 = jax.lax.dynamic_update_slice(c, n, (0, 0, pos, 0))
        rd = jax.lax.dynamic_slice(c1, (0, 0, pos, 0), (1, 2, 4, 3))
        y = jnp.concatenate([x[0:3] @ w[0], x[3:3] @ w[1], x[3:7] @ w[2]])
        return rd, y
    prim = (cache, new, x, w)
    ct = (r.standard_normal((1, 2, 4, 3)), r.standard_normal((7, 5)))
    tans = tuple(r.standard_normal(v.shape) for v in prim)

    @jax.jit
    def oracle(p, c, t):
        return jax.vjp(f, *p)[1](c), jax.jvp(f, p, t)[1]
    grads, (trd, ty) = oracle(prim, ct, tans)
    wrt = ["c", "n", "x", "w"]
    both = h.grad(tmp_path, h.grad(tmp_path, text, wrt), wrt, "fwd", tag="f")
    ins = {"c": cache, "n": new, "p": np.array(pos, np.int32), "x": x, "w": w, "s": sizes}
    out = h.run(tmp_path, both, "main_vjp", {**ins, "ct0": ct[0], "ct1": ct[1]})
    for k, g in enumerate(grads):
        h.close(out[2 + k], g, np.float64, f"vjp wrt {wrt[k]}")
    out = h.run(tmp_path, both, "main_jvp", {**ins, **{f"{n}_tan": t for n, t in zip(wrt, tans)}},
                tag="j")
    h.close(out[2], trd, np.float64, "jvp read")
    h.close(out[3], ty, np.float64, "jvp grouped_gemm")


@pytest.mark.parametrize("op", ["fft", "ifft", "fft2d"])
def test_fft(op, tmp_path):
    """The FFTs on (real, imaginary) pairs against JAX's FFTs on the same real-pair function."""
    r = np.random.default_rng(7)
    x, t = r.standard_normal((2, 3, 5, 2)), r.standard_normal((2, 3, 5, 2))
    jf = {"fft": jnp.fft.fft, "ifft": jnp.fft.ifft, "fft2d": jnp.fft.fft2}[op]

    def f(v):
        y = jf(v[..., 0] + 1j * v[..., 1])
        return jnp.stack([y.real, y.imag], -1)
    text = h.program(f"tessera.{op}", [x], x.shape, np.float64)
    both = h.grad(tmp_path, h.grad(tmp_path, text, ["a0"]), ["a0"], "fwd", tag="f")
    ct = r.standard_normal(x.shape)
    grad, tangent = jax.jit(lambda c, t: (jax.vjp(f, x)[1](c)[0], jax.jvp(f, (x,), (t,))[1]))(ct, t)
    out = h.run(tmp_path, both, "main_vjp", {"a0": x, "ct0": ct})
    h.close(out[1], grad, np.float64, "vjp")
    out = h.run(tmp_path, both, "main_jvp", {"a0": x, "a0_tan": t}, tag="j")
    h.close(out[1], tangent, np.float64, "jvp")


def test_spmm(tmp_path):
    """spmm (CSR with an empty row and a duplicate column) against JAX on the dense matrix."""
    r = np.random.default_rng(8)
    vals, dense = r.standard_normal(6), r.standard_normal((5, 3))
    cols = np.array([0, 4, 4, 1, 2, 0], np.int32)
    rows = np.array([0, 2, 2, 5, 6], np.int32)  # row 1 empty
    text = h.program("tessera.spmm", [vals, cols, rows, dense], (4, 3), np.float64)

    def f(v, d):
        a = jnp.zeros((4, 5)).at[np.repeat(np.arange(4), np.diff(rows)), cols].add(v)
        return a @ d
    y, vjp_fn = jax.vjp(f, vals, dense)
    ct = r.standard_normal(y.shape)
    both = h.grad(tmp_path, h.grad(tmp_path, text, ["a0", "a3"]), ["a0", "a3"], "fwd", tag="f")
    ins = {"a0": vals, "a1": cols, "a2": rows, "a3": dense}
    out = h.run(tmp_path, both, "main_vjp", {**ins, "ct0": ct})
    for k, g in enumerate(vjp_fn(ct)):
        h.close(out[1 + k], g, np.float64, f"vjp {k}")
    tv, td = r.standard_normal(6), r.standard_normal((5, 3))
    out = h.run(tmp_path, both, "main_jvp", {**ins, "a0_tan": tv, "a3_tan": td}, tag="j")
    h.close(out[1], jax.jvp(f, (vals, dense), (tv, td))[1], np.float64, "jvp")


@pytest.mark.parametrize("op", ["sgd", "adam", "adamw", "adam_step_operand"])
def test_optimizer_steps(op, tmp_path):
    """Differentiating through an optimiser step (meta-gradients) against JAX on the documented
    update formulas."""
    r = np.random.default_rng(11)
    p, g, m = r.standard_normal((3, 4)), r.standard_normal((3, 4)), r.standard_normal((3, 4))
    v = r.uniform(0.1, 1.0, (3, 4))
    T = h.ttype((3, 4), np.float64)
    step = 3
    if op == "sgd":
        prim, names = (p, g), ["p", "g"]
        text = f"""func.func @main(%p: {T}, %g: {T}) -> {T} {{
  %r = "tessera.sgd"(%p, %g) {{lr = 0.1, weight_decay = 0.01}} : ({T}, {T}) -> {T}
  return %r : {T}
}}
"""
        def f(p, g):
            return (p - 0.1 * (g + 0.01 * p),)
    else:
        prim, names = (p, g, m, v), ["p", "g", "m", "v"]
        name = "adam" if op != "adamw" else "adamw"
        extra_t, extra_v, attrs = "", "", f"lr = 0.01, step = {step}"
        if op == "adam_step_operand":
            extra_t, extra_v, attrs = ", tensor<i32>", ", %t", "lr = 0.01"
        wd = ", weight_decay = 0.1" if op == "adamw" else ""
        text = f"""func.func @main(%p: {T}, %g: {T}, %m: {T}, %v: {T}{(", %t: tensor<i32>" if extra_v else "")})
    -> ({T}, {T}, {T}) {{
  %r:3 = "tessera.{name}"(%p, %g, %m, %v{extra_v}) {{{attrs}{wd}}} : ({T}, {T}, {T}, {T}{extra_t}) -> ({T}, {T}, {T})
  return %r#0, %r#1, %r#2 : {T}, {T}, {T}
}}
"""
        def f(p, g, m, v):
            m1 = 0.9 * m + 0.1 * g
            v1 = 0.999 * v + 0.001 * g * g
            u = (m1 / (1 - 0.9 ** step)) / (jnp.sqrt(v1 / (1 - 0.999 ** step)) + 1e-8)
            if op == "adamw":
                u = u + 0.1 * p
            return p - 0.01 * u, m1, v1
    ys = f(*prim)
    cts = tuple(r.standard_normal(y.shape) for y in ys)
    tans = tuple(r.standard_normal(x.shape) for x in prim)
    grads, tys = jax.jit(lambda c, t: (jax.vjp(f, *prim)[1](c), jax.jvp(f, prim, t)[1]))(cts, tans)
    both = h.grad(tmp_path, h.grad(tmp_path, text, names), names, "fwd", tag="f")
    ins = dict(zip(names, prim))
    if op == "adam_step_operand":
        ins["t"] = np.array(step, np.int32)
    out = h.run(tmp_path, both, "main_vjp", {**ins, **{f"ct{k}": c for k, c in enumerate(cts)}})
    for k, gr in enumerate(grads):
        h.close(out[len(ys) + k], gr, np.float64, f"vjp wrt {names[k]}")
    out = h.run(tmp_path, both, "main_jvp", {**ins, **{f"{n}_tan": t for n, t in zip(names, tans)}},
                tag="j")
    for k, ty in enumerate(tys):
        h.close(out[len(ys) + k], ty, np.float64, f"jvp {k}")


IF = """func.func @t(%x: tensor<4xf64>, %w: tensor<4xf64>) -> tensor<4xf64> {
  %y = "tessera.mul"(%x, %w) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %z = "tessera.exp"(%y) : (tensor<4xf64>) -> tensor<4xf64>
  return %z : tensor<4xf64>
}
func.func @e(%x: tensor<4xf64>, %w: tensor<4xf64>) -> tensor<4xf64> {
  %y = "tessera.sub"(%x, %w) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %z = "tessera.tanh"(%y) : (tensor<4xf64>) -> tensor<4xf64>
  return %z : tensor<4xf64>
}
func.func @main(%c: tensor<1xi1>, %x: tensor<4xf64>, %w: tensor<4xf64>) -> tensor<4xf64> {
  %r = "tessera.control_if"(%c, %x, %w) {then_branch = @t, else_branch = @e} : (tensor<1xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}
"""


@pytest.mark.parametrize("flag", [True, False])
def test_control_if(flag, tmp_path):
    """control_if: the derivative runs the selected branch's derivative function."""
    r = np.random.default_rng(12)
    x, w, ct, tx, tw = (r.standard_normal(4) * 0.5 for _ in range(5))
    f = (lambda x, w: jnp.exp(x * w)) if flag else (lambda x, w: jnp.tanh(x - w))
    grads, ty = jax.jit(lambda: (jax.vjp(f, x, w)[1](ct), jax.jvp(f, (x, w), (tx, tw))[1]))()
    both = h.grad(tmp_path, h.grad(tmp_path, IF, ["x", "w"]), ["x", "w"], "fwd", tag="f")
    assert "@t_vjp" in both and "@e_jvp" in both
    ins = {"c": np.array([flag]), "x": x, "w": w}
    out = h.run(tmp_path, both, "main_vjp", {**ins, "ct0": ct})
    h.close(out[1], grads[0], np.float64, "vjp x")
    h.close(out[2], grads[1], np.float64, "vjp w")
    out = h.run(tmp_path, both, "main_jvp", {**ins, "x_tan": tx, "w_tan": tw}, tag="j")
    h.close(out[1], ty, np.float64, "jvp")


FOR = """func.func @body(%x: tensor<3xf64>, %w: tensor<3xf64>) -> tensor<3xf64> {
  %y = "tessera.mul"(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %z = "tessera.tanh"(%y) : (tensor<3xf64>) -> tensor<3xf64>
  return %z : tensor<3xf64>
}
func.func @both(%x: tensor<3xf64>, %w: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %y = "tessera.mul"(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %v = "tessera.add"(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  return %y, %v : tensor<3xf64>, tensor<3xf64>
}
func.func @main(%x: tensor<3xf64>, %w: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %r = "tessera.control_for"(%x, %w) {body = @body, start = 0, stop = 5, step = 2, carry_arg_index = 0} : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %s:2 = "tessera.control_for"(%x, %w) {body = @both, start = 1, stop = 3, step = 1} : (tensor<3xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  return %r, %s#0 : tensor<3xf64>, tensor<3xf64>
}
"""


def test_control_for_unrolled(tmp_path):
    """control_for with static bounds: the derivative of the unrolled loop (3 and 2 iterations)."""
    r = np.random.default_rng(13)
    x, w, c0, c1, tx, tw = (r.standard_normal(3) * 0.7 for _ in range(6))

    def f(x, w):
        a = x
        for _ in range(3):
            a = jnp.tanh(a * w)
        p, q = x, w
        for _ in range(2):
            p, q = p * q, p + q
        return a, p
    grads, ty = jax.jit(lambda: (jax.vjp(f, x, w)[1]((c0, c1)), jax.jvp(f, (x, w), (tx, tw))[1]))()
    both = h.grad(tmp_path, h.grad(tmp_path, FOR, ["x", "w"]), ["x", "w"], "fwd", tag="f")
    ins = {"x": x, "w": w}
    out = h.run(tmp_path, both, "main_vjp", {**ins, "ct0": c0, "ct1": c1})
    h.close(out[2], grads[0], np.float64, "vjp x")
    h.close(out[3], grads[1], np.float64, "vjp w")
    out = h.run(tmp_path, both, "main_jvp", {**ins, "x_tan": tx, "w_tan": tw}, tag="j")
    h.close(out[2], ty[0], np.float64, "jvp 0")
    h.close(out[3], ty[1], np.float64, "jvp 1")


SCAN = """func.func @cell(%c: tensor<3xf64>, %x: tensor<3xf64>, %w: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %m = "tessera.mul"(%c, %x) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %a = "tessera.add"(%m, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %n = "tessera.tanh"(%a) : (tensor<3xf64>) -> tensor<3xf64>
  %y = "tessera.mul"(%n, %x) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  return %n, %y : tensor<3xf64>, tensor<3xf64>
}
func.func @main(%c: tensor<3xf64>, %xs: tensor<4x3xf64>, %w: tensor<3xf64>) -> (tensor<3xf64>, tensor<4x3xf64>) {
  %r:2 = "tessera.control_scan"(%c, %xs, %w) {body = @cell, trip = 4} : (tensor<3xf64>, tensor<4x3xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<4x3xf64>)
  return %r#0, %r#1 : tensor<3xf64>, tensor<4x3xf64>
}
"""


def test_control_scan_unrolled(tmp_path):
    """control_scan: the derivative of the unrolled scan against jax.lax.scan."""
    r = np.random.default_rng(14)
    c, xs, w = r.standard_normal(3), r.standard_normal((4, 3)), r.standard_normal(3)
    ct = (r.standard_normal(3), r.standard_normal((4, 3)))
    tans = (r.standard_normal(3), r.standard_normal((4, 3)), r.standard_normal(3))

    def f(c, xs, w):
        def cell(c, x):
            n = jnp.tanh(c * x + w)
            return n, n * x
        return jax.lax.scan(cell, c, xs)
    grads, ty = jax.jit(lambda: (jax.vjp(f, c, xs, w)[1](ct), jax.jvp(f, (c, xs, w), tans)[1]))()
    names = ["c", "xs", "w"]
    both = h.grad(tmp_path, h.grad(tmp_path, SCAN, names), names, "fwd", tag="f")
    ins = dict(zip(names, (c, xs, w)))
    out = h.run(tmp_path, both, "main_vjp", {**ins, "ct0": ct[0], "ct1": ct[1]})
    for k, g in enumerate(grads):
        h.close(out[2 + k], g, np.float64, f"vjp {names[k]}")
    out = h.run(tmp_path, both, "main_jvp", {**ins, **{f"{n}_tan": t for n, t in zip(names, tans)}},
                tag="j")
    h.close(out[2], ty[0], np.float64, "jvp carry")
    h.close(out[3], ty[1], np.float64, "jvp ys")


def test_conformance_programs_never_crash(tmp_path):
    """`grad` on the first program of every Graph IR conformance case file: a derivative module
    that verifies, or a diagnosed error (exit 1), never a signal."""
    root = pathlib.Path(__file__).resolve().parents[2] / "conformance" / "cases" / "graph"
    done = 0
    for case in sorted(root.glob("*.mlir")):
        chunk = case.read_text().split("// -----")[0]
        src = tmp_path / f"{case.stem}.mlir"
        src.write_text(chunk)
        p = h.tool(["grad", str(src), "--wrt", "#0"], check=False)
        assert p.returncode in (0, 1), (case.name, p.returncode, p.stderr[-500:])
        if p.returncode == 0:
            out = tmp_path / f"{case.stem}_vjp.mlir"
            out.write_text(p.stdout)
            v = h.tool(["verify", str(out)], check=False)
            assert v.returncode == 0, (case.name, v.stderr[-500:])
            done += 1
        else:
            assert "error:" in p.stderr, case.name
    assert done >= 30, done
