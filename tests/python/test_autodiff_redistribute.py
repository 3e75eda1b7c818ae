"""The adjoint of tessera.redistribute (docs/autodiff.md, "redistribute"): a layout change is
the identity on the global value, so its vjp moves the cotangent back with the inverse
redistribute, replica axes read as partial and partial axes as replicated. Each case runs on a
2x4 (dp, tp) mesh in float64 against the gradient of the global function derived by hand (the
loss sums over every rank, so a value replicated R times counts R times), and checks forward
mode against the reverse gradient (<g, t>)."""

import numpy as np
import pytest

import tessera as ts

pytestmark = pytest.mark.skipif(not hasattr(ts._core, "differentiate"),
                                reason="no autodiff engine")

MESH = 'module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {'


def shard(spec):
    return f" {{tessera.shard = {spec}}}" if spec else ""


def module(x_type, x_spec, y_type, steps, w_spec):
    """@f(x, w) = all_reduce(sum(y * y * w)) over the mesh, y = the redistributes of x."""
    body, v = [], "%x"
    for i, (src, dst, t_in, t_out) in enumerate(steps):
        body.append(f'%r{i} = "tessera.redistribute"({v}) {{src = {src}, dst = {dst}}} : '
                    f'(tensor<{t_in}xf64>) -> tensor<{t_out}xf64>')
        v = f"%r{i}"
    t = f"tensor<{y_type}xf64>"
    body += [f'%q = "tessera.mul"({v}, {v}) : ({t}, {t}) -> {t}',
             f'%p = "tessera.mul"(%q, %w) : ({t}, {t}) -> {t}',
             f'%l = "tessera.reduce"(%p) {{kind = "sum"}} : ({t}) -> tensor<f64>',
             '%s = "tessera.all_reduce"(%l) {axes = ["dp", "tp"], op = "sum"} : (tensor<f64>) -> tensor<f64>',
             "return %s : tensor<f64>"]
    head = (f"  func.func @f(%x: tensor<{x_type}xf64>{shard(x_spec)}, "
            f"%w: {t}{shard(w_spec)}) -> tensor<f64> {{")
    return "\n".join([MESH, head] + ["    " + b for b in body] + ["  }", "}", ""])


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


ROWS_TP = "{partition = [0], mesh_axes = [\"tp\"]}"
COLS_DP = "{partition = [1], mesh_axes = [\"dp\"]}"
BLOCKS = "{partition = [0, 1], mesh_axes = [\"dp\", \"tp\"]}"
PARTIAL_TP = "{partial = [\"tp\"]}"

# name: (x local type, x layout, y local type, [(src, dst, in type, out type)], w layout,
#        global x shape, replicas of y (how often the loss counts each global element)).
CASES = {
    "shard_to_shard": ("8x6", ROWS_TP, "32x3", [(ROWS_TP, COLS_DP, "8x6", "32x3")], COLS_DP,
                       (32, 6), 4),
    "shard_to_replicated": ("8x6", ROWS_TP, "32x6", [(ROWS_TP, "{}", "8x6", "32x6")], "",
                            (32, 6), 8),
    "replicated_to_shard": ("8x8", "", "4x2", [("{}", BLOCKS, "8x8", "4x2")], BLOCKS, (8, 8), 1),
    "replicated_to_partial_and_back": ("4x6", "", "4x6", [("{}", PARTIAL_TP, "4x6", "4x6"),
                                                          (PARTIAL_TP, "{}", "4x6", "4x6")],
                                       "", (4, 6), 8),
}


def grads(text, inputs, wrt):
    dtext, name = ts._core.differentiate(text, "f", wrt, "rev")
    out = ts.run_module(dtext, name, inputs + [np.array(1.0)])
    return out, dtext[dtext.index("@" + name):]


@pytest.mark.parametrize("case", sorted(CASES))
def test_redistribute_adjoint_by_hand(case):
    x_type, x_spec, y_type, steps, w_spec, gshape, reps = CASES[case]
    text = module(x_type, x_spec, y_type, steps, w_spec)
    x, w = rand(*gshape, seed=1), rand(*gshape, seed=2)
    (loss, g), vjp = grads(text, [x, w], [0])
    # L(x) = reps * sum(x^2 w) on the global value: dL/dx = 2 reps x w.
    np.testing.assert_allclose(loss, reps * np.sum(x * x * w), rtol=1e-12)
    np.testing.assert_allclose(g, 2 * reps * x * w, rtol=1e-12, atol=1e-12)
    assert vjp.count("tessera.redistribute") == 2 * len(steps), vjp
    # Forward mode: the redistribute of the tangent; <dL/dx, t> by the reverse gradient.
    t = rand(*gshape, seed=3)
    dtext, name = ts._core.differentiate(text, "f", [0], "fwd")
    _, tan = ts.run_module(dtext, name, [x, w, t])
    np.testing.assert_allclose(tan, np.sum(g * t), rtol=1e-12)


def test_partial_to_replicated_row_parallel_matmul():
    """p = x_blk @ W_blk is a partial sum over tp (Megatron's row-parallel matmul); the
    redistribute P(tp) -> R finishes it (a psum), whose transpose is a psum again."""
    t4x5 = "tensor<4x5xf64>"
    text = "\n".join([
        MESH,
        '  func.func @f(%x: tensor<4x4xf64> {tessera.shard = {partition = [1], mesh_axes = ["tp"]}}, '
        '%W: tensor<4x5xf64> {tessera.shard = {partition = [0], mesh_axes = ["tp"]}}, '
        f"%w: {t4x5}) -> tensor<f64> {{",
        f'    %p = "tessera.matmul"(%x, %W) : (tensor<4x4xf64>, {t4x5}) -> {t4x5}',
        f'    %y = "tessera.redistribute"(%p) {{src = {PARTIAL_TP}, dst = {{}}}} : ({t4x5}) -> {t4x5}',
        f'    %q = "tessera.mul"(%y, %y) : ({t4x5}, {t4x5}) -> {t4x5}',
        f'    %r = "tessera.mul"(%q, %w) : ({t4x5}, {t4x5}) -> {t4x5}',
        f'    %l = "tessera.reduce"(%r) {{kind = "sum"}} : ({t4x5}) -> tensor<f64>',
        '    %s = "tessera.all_reduce"(%l) {axes = ["dp", "tp"], op = "sum"} : (tensor<f64>) -> tensor<f64>',
        "    return %s : tensor<f64>", "  }", "}", ""])
    x, W, w = rand(4, 16, seed=4), rand(16, 5, seed=5), rand(4, 5, seed=6)
    (loss, gx, gW), vjp = grads(text, [x, W, w], [0, 1])
    y = x @ W  # 8 replicas of y: L = 8 sum(y^2 w), dL/dy = 16 y w
    dy = 16 * y * w
    np.testing.assert_allclose(loss, 8 * np.sum(y * y * w), rtol=1e-12)
    np.testing.assert_allclose(gx, dy @ W.T, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(gW, x.T @ dy, rtol=1e-12, atol=1e-12)
    assert vjp.count("tessera.redistribute") == 2, vjp
