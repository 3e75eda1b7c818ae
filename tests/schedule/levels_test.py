#!/usr/bin/env python3
"""Graph IR -> Schedule IR -> Tile IR -> Target IR: every level gives the same bits, the results match a numpy
float64 oracle, lowered modules re-parse, and `validate` names exactly a mutated op or tile.

Usage: levels_test.py TESSERA_INTERP EXAMPLES_DIR
"""
import pathlib
import re
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

EXAMPLES = pathlib.Path(sys.argv[2])
from levels_common import FAILS, check, run_proc as run  # noqa: E402


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def attention(q, k, v, causal):
    s = np.einsum("bhid,bhjd->bhij", q, k) / np.sqrt(q.shape[-1])
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    return np.einsum("bhij,bhjd->bhid", softmax(s), v)


def layer_norm(x, g, b, eps=1e-5):
    m = x.mean(-1, keepdims=True)
    var = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(var + eps) * g + b


def t(shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def reduce_prog(kind, shape, axes, out, keep=False):
    kd = ", keepdims = true" if keep else ""
    return f"""module {{
  func.func @main(%x: {t(shape)}) -> {t(out)} {{
    %r = "tessera.reduce"(%x) {{kind = "{kind}", axes = {axes}{kd}}} : ({t(shape)}) -> {t(out)}
    return %r : {t(out)}
  }}
}}"""


CASES = {
    # name: (program, inputs, oracle, levels at which a tile.launch must appear)
    "gemm": (
        f"""module {{
  func.func @main(%a: {t((128, 96))}, %b: {t((96, 192))}) -> {t((128, 192))} {{
    %c = tessera.matmul %a, %b : ({t((128, 96))}, {t((96, 192))}) -> {t((128, 192))}
    return %c : {t((128, 192))}
  }}
}}""",
        {"a": (128, 96), "b": (96, 192)},
        lambda a, b: a @ b, True),
    "gemm_bias_relu_edges": (
        f"""module {{
  func.func @main(%a: {t((100, 40))}, %b: {t((40, 70))}, %c: {t((70,))}) -> {t((100, 70))} {{
    %m = tessera.matmul %a, %b : ({t((100, 40))}, {t((40, 70))}) -> {t((100, 70))}
    %y = tessera.add %m, %c : ({t((100, 70))}, {t((70,))}) -> {t((100, 70))}
    %r = tessera.relu %y : ({t((100, 70))}) -> {t((100, 70))}
    return %r : {t((100, 70))}
  }}
}}""",
        {"a": (100, 40), "b": (40, 70), "c": (70,)},
        lambda a, b, c: np.maximum(a @ b + c, 0), True),  # masked M, N edges; K in blocks of 8
    "gemm_bias_epilogue": (
        f"""module {{
  func.func @main(%a: {t((128, 96))}, %b: {t((96, 192))}, %c: {t((192,))}, %r: {t((128, 192))}) -> {t((128, 192))} {{
    %m = tessera.matmul %a, %b : ({t((128, 96))}, {t((96, 192))}) -> {t((128, 192))}
    %y = tessera.add %m, %c : ({t((128, 192))}, {t((192,))}) -> {t((128, 192))}
    %z0 = tessera.max %y, %r : ({t((128, 192))}, {t((128, 192))}) -> {t((128, 192))}
    %z = tessera.relu %z0 : ({t((128, 192))}) -> {t((128, 192))}
    %w = tessera.sub %c, %z : ({t((192,))}, {t((128, 192))}) -> {t((128, 192))}
    return %w : {t((128, 192))}
  }}
}}""",
        {"a": (128, 96), "b": (96, 192), "c": (192,), "r": (128, 192)},
        lambda a, b, c, r: c - np.maximum(np.maximum(a @ b + c, r), 0), True),
    "attention_causal": (
        f"""module {{
  func.func @main(%q: {t((2, 2, 128, 64))}, %k: {t((2, 2, 128, 64))}, %v: {t((2, 2, 128, 64))}) -> {t((2, 2, 128, 64))} {{
    %o = tessera.flash_attn %q, %k, %v {{causal = true}} : ({t((2, 2, 128, 64))}, {t((2, 2, 128, 64))}, {t((2, 2, 128, 64))}) -> {t((2, 2, 128, 64))}
    return %o : {t((2, 2, 128, 64))}
  }}
}}""",
        {"q": (2, 2, 128, 64), "k": (2, 2, 128, 64), "v": (2, 2, 128, 64)},
        lambda q, k, v: attention(q, k, v, True), True),
    "attention": (
        f"""module {{
  func.func @main(%q: {t((1, 1, 128, 64))}, %k: {t((1, 1, 128, 64))}, %v: {t((1, 1, 128, 64))}) -> {t((1, 1, 128, 64))} {{
    %o = tessera.flash_attn %q, %k, %v : ({t((1, 1, 128, 64))}, {t((1, 1, 128, 64))}, {t((1, 1, 128, 64))}) -> {t((1, 1, 128, 64))}
    return %o : {t((1, 1, 128, 64))}
  }}
}}""",
        {"q": (1, 1, 128, 64), "k": (1, 1, 128, 64), "v": (1, 1, 128, 64)},
        lambda q, k, v: attention(q, k, v, False), True),
    "row_kernels": (
        f"""module {{
  func.func @main(%x: {t((70, 48))}, %g: {t((48,))}, %b: {t((48,))}) -> {t((70, 48))} {{
    %n = tessera.layer_norm %x, %g, %b : ({t((70, 48))}, {t((48,))}, {t((48,))}) -> {t((70, 48))}
    %s = tessera.softmax %n : ({t((70, 48))}) -> {t((70, 48))}
    %e = tessera.exp %s : ({t((70, 48))}) -> {t((70, 48))}
    %m = tessera.mul %e, %x : ({t((70, 48))}, {t((70, 48))}) -> {t((70, 48))}
    return %m : {t((70, 48))}
  }}
}}""",
        {"x": (70, 48), "g": (48,), "b": (48,)},
        lambda x, g, b: np.exp(softmax(layer_norm(x, g, b))) * x, True),  # layer_norm lowers
    "softmax": (
        f"""module {{
  func.func @main(%x: {t((96, 40))}) -> {t((96, 40))} {{
    %s = tessera.softmax %x : ({t((96, 40))}) -> {t((96, 40))}
    return %s : {t((96, 40))}
  }}
}}""",
        {"x": (96, 40)},
        softmax, True),  # one row kernel (tile.exp is tessera.softmax's expf)
    # A fused chain on 64x48 with NaN, Inf and signed zeros among the inputs: lowered to one Tile
    # IR kernel; the oracle is numpy in float32 (each op one IEEE rounding), compared bit for bit.
    "elementwise_chain": (
        f"""module {{
  func.func @main(%x: {t((64, 48))}, %y: {t((64, 48))}) -> {t((64, 48))} {{
    %s = tessera.add %x, %y : ({t((64, 48))}, {t((64, 48))}) -> {t((64, 48))}
    %m = tessera.mul %s, %y : ({t((64, 48))}, {t((64, 48))}) -> {t((64, 48))}
    %a0 = tessera.max %m, %x : ({t((64, 48))}, {t((64, 48))}) -> {t((64, 48))}
    %a = tessera.relu %a0 : ({t((64, 48))}) -> {t((64, 48))}
    %n = tessera.neg %a : ({t((64, 48))}) -> {t((64, 48))}
    %d = tessera.div %n, %y : ({t((64, 48))}, {t((64, 48))}) -> {t((64, 48))}
    %r = tessera.sub %d, %x : ({t((64, 48))}, {t((64, 48))}) -> {t((64, 48))}
    %o = tessera.min %r, %y : ({t((64, 48))}, {t((64, 48))}) -> {t((64, 48))}
    return %o : {t((64, 48))}
  }}
}}""",
        {"x": (64, 48), "y": (64, 48)},
        "f32", True),
    # The same chain on a 3-D shape with edges in both lowered dims (reshaped to [R, W]).
    "elementwise_chain_3d": (
        f"""module {{
  func.func @main(%x: {t((3, 25, 70))}, %y: {t((3, 25, 70))}) -> {t((3, 25, 70))} {{
    %s = tessera.add %x, %y : ({t((3, 25, 70))}, {t((3, 25, 70))}) -> {t((3, 25, 70))}
    %m = tessera.mul %s, %y : ({t((3, 25, 70))}, {t((3, 25, 70))}) -> {t((3, 25, 70))}
    %a0 = tessera.max %m, %x : ({t((3, 25, 70))}, {t((3, 25, 70))}) -> {t((3, 25, 70))}
    %a = tessera.relu %a0 : ({t((3, 25, 70))}) -> {t((3, 25, 70))}
    %n = tessera.neg %a : ({t((3, 25, 70))}) -> {t((3, 25, 70))}
    %d = tessera.div %n, %y : ({t((3, 25, 70))}, {t((3, 25, 70))}) -> {t((3, 25, 70))}
    %r = tessera.sub %d, %x : ({t((3, 25, 70))}, {t((3, 25, 70))}) -> {t((3, 25, 70))}
    %o = tessera.min %r, %y : ({t((3, 25, 70))}, {t((3, 25, 70))}) -> {t((3, 25, 70))}
    return %o : {t((3, 25, 70))}
  }}
}}""",
        {"x": (3, 25, 70), "y": (3, 25, 70)},
        "f32", True),
    # Reductions over trailing axes lower to one row kernel; the oracle is numpy float32 in the
    # documented order (a sequential chain from the first element), with specials among the inputs.
    # layer_norm and rmsnorm along the last axis: one row kernel; gamma and beta broadcast to the
    # rows before the launch; the oracle is numpy float32 in the Graph IR spec's order.
    "layer_norm_3d": (
        f"""module {{
  func.func @main(%x: {t((3, 25, 40))}, %g: {t((40,))}, %b: {t((40,))}) -> {t((3, 25, 40))} {{
    %n = tessera.layer_norm %x, %g, %b {{epsilon = 0.001}} : ({t((3, 25, 40))}, {t((40,))}, {t((40,))}) -> {t((3, 25, 40))}
    return %n : {t((3, 25, 40))}
  }}
}}""",
        {"x": (3, 25, 40), "g": (40,), "b": (40,)}, "f32", True),
    "rmsnorm": (
        f"""module {{
  func.func @main(%x: {t((70, 48))}, %g: {t((48,))}) -> {t((70, 48))} {{
    %n = tessera.rmsnorm %x, %g : ({t((70, 48))}, {t((48,))}) -> {t((70, 48))}
    return %n : {t((70, 48))}
  }}
}}""",
        {"x": (70, 48), "g": (48,)}, "f32", True),
    "layer_norm_plain": (
        f"""module {{
  func.func @main(%x: {t((33, 7))}) -> {t((33, 7))} {{
    %n = tessera.layer_norm %x : ({t((33, 7))}) -> {t((33, 7))}
    return %n : {t((33, 7))}
  }}
}}""",
        {"x": (33, 7)}, "f32", True),
    # sqrt in a chain and in a GEMM epilogue: tile.sqrt, the correctly rounded square root.
    "sqrt_chain": (
        f"""module {{
  func.func @main(%x: {t((40, 70))}, %y: {t((40, 70))}) -> {t((40, 70))} {{
    %m = tessera.mul %x, %x : ({t((40, 70))}, {t((40, 70))}) -> {t((40, 70))}
    %a = tessera.add %m, %y : ({t((40, 70))}, {t((40, 70))}) -> {t((40, 70))}
    %s = tessera.sqrt %a : ({t((40, 70))}) -> {t((40, 70))}
    return %s : {t((40, 70))}
  }}
}}""",
        {"x": (40, 70), "y": (40, 70)}, "f32", True),
    "gemm_sqrt_epilogue": (
        f"""module {{
  func.func @main(%a: {t((64, 32))}, %b: {t((32, 64))}) -> {t((64, 64))} {{
    %m = tessera.matmul %a, %b : ({t((64, 32))}, {t((32, 64))}) -> {t((64, 64))}
    %r = tessera.relu %m : ({t((64, 64))}) -> {t((64, 64))}
    %s = tessera.sqrt %r : ({t((64, 64))}) -> {t((64, 64))}
    return %s : {t((64, 64))}
  }}
}}""",
        {"a": (64, 32), "b": (32, 64)},
        lambda a, b: np.sqrt(np.maximum(a @ b, 0)), True),
    "reduce_sum": (reduce_prog("sum", (70, 48), [1], (70,)), {"x": (70, 48)}, "f32", True),
    "reduce_mean_keepdims": (reduce_prog("mean", (3, 25, 40), [-1], (3, 25, 1), True),
                             {"x": (3, 25, 40)}, "f32", True),
    "reduce_max_suffix": (reduce_prog("max", (5, 6, 7), [1, 2], (5,)), {"x": (5, 6, 7)}, "f32",
                          True),
    "reduce_min": (reduce_prog("min", (40, 33), 1, (40,)), {"x": (40, 33)}, "f32", True),
    # log_softmax along the last axis: the row kernel with tile.log (the spec's logf).
    "log_softmax": (
        f"""module {{
  func.func @main(%x: {t((50, 40))}) -> {t((50, 40))} {{
    %s = tessera.log_softmax %x : ({t((50, 40))}) -> {t((50, 40))}
    return %s : {t((50, 40))}
  }}
}}""",
        {"x": (50, 40)},
        lambda x: np.log(softmax(x)), True),
    # exp in a chain: tile.exp at every level; the oracle is the spec's expf model times y in f32.
    "exp_chain": (
        f"""module {{
  func.func @main(%x: {t((40, 70))}, %y: {t((40, 70))}) -> {t((40, 70))} {{
    %e = tessera.exp %x : ({t((40, 70))}) -> {t((40, 70))}
    %m = tessera.mul %e, %y : ({t((40, 70))}, {t((40, 70))}) -> {t((40, 70))}
    return %m : {t((40, 70))}
  }}
}}""",
        {"x": (40, 70), "y": (40, 70)}, "f32", True),
    # Leading and middle axes: the reduced axes move last (tessera.transpose) before the row kernel.
    # softmax along a middle axis: transposed to the last, the row kernel, transposed back.
    "softmax_axis1": (
        f"""module {{
  func.func @main(%x: {t((4, 40, 6))}) -> {t((4, 40, 6))} {{
    %s = tessera.softmax %x {{axis = 1}} : ({t((4, 40, 6))}) -> {t((4, 40, 6))}
    return %s : {t((4, 40, 6))}
  }}
}}""",
        {"x": (4, 40, 6)},
        lambda x: np.moveaxis(softmax(np.moveaxis(x, 1, -1)), -1, 1), True),
    "reduce_sum_leading": (reduce_prog("sum", (70, 48), [0], (48,)), {"x": (70, 48)}, "f32", True),
    "reduce_max_outer": (reduce_prog("max", (5, 6, 7), [0, 2], (6,)), {"x": (5, 6, 7)}, "f32",
                         True),
    "reduce_mean_leading_keepdims": (reduce_prog("mean", (3, 25, 40), [0], (1, 25, 40), True),
                                     {"x": (3, 25, 40)}, "f32", True),
}

SPECIALS = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-45, 3.4e38, -3.4e38], np.float32)


def ieee_max(a, b):
    """IEEE 754-2019 maximum: NaN propagates, -0 < +0 (numpy.maximum does not order zeros)."""
    tie = np.where(np.signbit(a), b, a)
    return np.where(np.isnan(a) | np.isnan(b), np.float32(np.nan),
                    np.where(a == b, tie, np.maximum(a, b)))


def ieee_min(a, b):
    tie = np.where(np.signbit(a), a, b)
    return np.where(np.isnan(a) | np.isnan(b), np.float32(np.nan),
                    np.where(a == b, tie, np.minimum(a, b)))


def reduce_f32(kind, axes, keep):
    """tessera.reduce in float32: per output one sequential chain from the first element, over the
    reduced indices in row-major order (numpy.moveaxis puts the reduced axes last, in order)."""
    def f(x):
        nax = len(axes)
        shape = list(x.shape)
        for a in axes:
            shape[a] = 1
        x = np.moveaxis(x, axes, list(range(x.ndim - nax, x.ndim)))
        rows = x.reshape(x.shape[:x.ndim - nax] + (-1,))
        acc = rows[..., 0].copy()
        with np.errstate(all="ignore"):
            for j in range(1, rows.shape[-1]):
                v = rows[..., j]
                acc = (acc + v if kind in ("sum", "mean") else
                       ieee_max(acc, v) if kind == "max" else ieee_min(acc, v)).astype(np.float32)
            if kind == "mean":
                acc = (acc / np.float32(rows.shape[-1])).astype(np.float32)
        return acc.reshape(shape) if keep else acc
    return f


def seq_sum(v):
    """The sequential float32 chain over the last axis from the first element."""
    acc = v[..., 0].copy()
    for j in range(1, v.shape[-1]):
        acc = (acc + v[..., j]).astype(np.float32)
    return acc


def norm_f32(centre, eps=np.float32(1e-5)):
    """layer_norm (centre) / rmsnorm in float32, in the order of docs/ops/graph/normalization.md."""
    def f(x, g=None, b=None):
        with np.errstate(all="ignore"):
            n = np.float32(x.shape[-1])
            mean = (seq_sum(x) / n).astype(np.float32) if centre else np.float32(0)
            d = (x - np.expand_dims(mean, -1)).astype(np.float32)
            var = (seq_sum((d * d).astype(np.float32)) / n).astype(np.float32)
            scale = (np.float32(1) / np.sqrt((var + eps).astype(np.float32))).astype(np.float32)
            y = (d * np.expand_dims(scale, -1)).astype(np.float32)
            if g is not None:
                y = (y * g).astype(np.float32)
            if b is not None:
                y = (y + b).astype(np.float32)
        return y
    return f


def sqrt_chain_f32(x, y):
    with np.errstate(all="ignore"):
        return np.sqrt((x * x + y).astype(np.float32))


EXACT = {
    "sqrt_chain": sqrt_chain_f32,
    "layer_norm_3d": norm_f32(True, np.float32(0.001)),
    "rmsnorm": norm_f32(False),
    "layer_norm_plain": norm_f32(True),
    "reduce_sum": reduce_f32("sum", [1], False),
    "reduce_mean_keepdims": reduce_f32("mean", [2], True),
    "reduce_max_suffix": reduce_f32("max", [1, 2], False),
    "reduce_min": reduce_f32("min", [1], False),
    "reduce_sum_leading": reduce_f32("sum", [0], False),
    "exp_chain": lambda x, y: (spec_expf.expf_array(x) * y).astype(np.float32),
    "reduce_max_outer": reduce_f32("max", [0, 2], False),
    "reduce_mean_leading_keepdims": reduce_f32("mean", [0], True),
}


def chain_f32(x, y):
    with np.errstate(all="ignore"):
        relu = lambda v: np.where(np.isnan(v), v, np.where(v > 0, v, np.float32(0)))
        return np.minimum(np.negative(relu(np.maximum((x + y) * y, x))) / y - x, y)


def main():
    rng = np.random.default_rng(13)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for name, (prog, shapes, oracle, tiled) in CASES.items():
            src = d / f"{name}.mlir"
            src.write_text(prog)
            ins, args = [], []
            for k, (n, s) in enumerate(shapes.items()):
                x = rng.standard_normal(s).astype(np.float32)
                if oracle == "f32":
                    x.flat[k:k + 8 * 9:9] = SPECIALS  # specials meet normals and each other
                np.save(d / f"{name}.{n}.npy", x)
                ins += ["--input", f"{n}={d / f'{name}.{n}.npy'}"]
                args.append(x if oracle == "f32" else x.astype(np.float64))
            want = EXACT.get(name, chain_f32)(*args) if oracle == "f32" else oracle(*args)
            outs = {}
            for level in ("graph", "schedule", "tile", "target"):
                od = d / f"{name}.{level}"
                run("run", src, "--level", level, *ins, "-o", od)
                (f,) = list(od.glob("*.npy"))
                outs[level] = np.load(f)
            for level in ("schedule", "tile", "target"):
                # bit for bit; two NaNs match (the conformance rule `bitexact`)
                g, o = outs["graph"], outs[level]
                same = (g.view(np.uint32) == o.view(np.uint32)) | (np.isnan(g) & np.isnan(o))
                check(same.all(), f"{name}: {level} differs from graph")
            if oracle == "f32":
                g = outs["graph"]
                same = (g.view(np.uint32) == want.view(np.uint32)) | (np.isnan(g) & np.isnan(want))
                check(same.all(), f"{name}: graph differs from numpy float32 at "
                                  f"{np.argwhere(~same)[:4].tolist()}")
            else:
                err = np.abs(outs["graph"] - want).max() / max(1.0, np.abs(want).max())
                check(err < 1e-4, f"{name}: graph vs numpy relative error {err}")
            for level in ("schedule", "tile", "target"):
                low = d / f"{name}.{level}.mlir"
                low.write_text(run("lower", src, "--to", level).stdout)
                run("verify", low)  # re-parsable and verifies
                if level == "tile":
                    check(("tile.launch" in low.read_text()) == tiled,
                          f"{name}: tile.launch expected={tiled}")
                if level == "target":  # every Tile IR kernel lowered to Target IR
                    check(("tessera_nvidia.launch" in low.read_text()) == tiled
                          and "tile.launch" not in low.read_text(),
                          f"{name}: tessera_nvidia.launch expected={tiled}")
            v = run("validate", src, *ins)
            check("schedule: bit-exact" in v.stdout and "tile: bit-exact" in v.stdout
                  and "target: bit-exact" in v.stdout, f"{name}: validate: {v.stdout}")
        mutate_schedule(d)
        mutate_tile(d)
        unknown_level(d)
        bad_inputs(d)
    if FAILS:
        raise SystemExit(f"{len(FAILS)} failures")
    print("ok")


def mlp_inputs(d):
    rng = np.random.default_rng(5)
    shapes = {"x": (32, 64), "w0": (64, 128), "b0": (128,), "w1": (128, 128), "b1": (128,),
              "w2": (128, 10), "b2": (10,)}
    ins = []
    for n, s in shapes.items():
        np.save(d / f"mlp.{n}.npy", rng.standard_normal(s).astype(np.float32))
        ins += ["--input", f"{n}={d / f'mlp.{n}.npy'}"]
    return ins


def mutate_schedule(d):
    """gelu -> relu inside the second fusion group: validate names that op and its Graph IR op."""
    src = EXAMPLES / "mlp.mlir"
    ins = mlp_inputs(d)
    text = run("lower", src, "--to", "schedule").stdout
    lines = text.splitlines()
    hit = [i for i, l in enumerate(lines) if "%h1 = tessera.gelu" in l]
    check(len(hit) == 1, "mlp schedule: one gelu producing %h1")
    lines[hit[0]] = lines[hit[0]].replace("tessera.gelu", "tessera.relu")
    mut = d / "mlp_mut.mlir"
    mut.write_text("\n".join(lines) + "\n")
    v = run("validate", src, *ins, "--schedule", mut, ok=False)
    check(v.returncode == 1, f"mutated schedule: exit {v.returncode}")
    gelu_line = next(i + 1 for i, l in enumerate(src.read_text().splitlines())
                     if "%h1 = tessera.gelu" in l)
    m = re.search(r"schedule: differs from graph: fusion group @main_g1: op 'tessera.relu' at "
                  rf"{re.escape(str(mut))}:{hit[0] + 1}:\d+ \(from Graph IR op 'tessera.gelu' at "
                  rf"{re.escape(str(src))}:{gelu_line}:\d+\) element \[", v.stdout)
    check(m is not None, f"mutated schedule: validate said {v.stdout!r}")
    # The Tile IR is lowered from the given Schedule IR, so it carries the same mutation.
    # (the mutated group now lowers to a Tile IR kernel: the launch, its group and the op)
    check("tile: differs from graph: tile.launch of @main_g1_kernel (group @main_g1): op "
          "'tessera.relu'" in v.stdout, f"tile level of the mutated schedule: {v.stdout!r}")


def mutate_tile(d):
    """A GEMM kernel whose accumulator starts at 1: validate names the launch, group and tile."""
    src = d / "gemm.mlir"
    ins = ["--input", f"a={d / 'gemm.a.npy'}", "--input", f"b={d / 'gemm.b.npy'}"]
    text = run("lower", src, "--to", "tile").stdout
    mut_text = text.replace("%zero = tile.zeros : () -> tensor<32x32xf32>",
                            "%zero = tile.full {value = 1.0 : f32} : () -> tensor<32x32xf32>")
    check(mut_text != text, "gemm kernel has the zero accumulator")
    mut = d / "gemm_mut.mlir"
    mut.write_text(mut_text)
    v = run("validate", src, *ins, "--tile", mut, ok=False)
    check(v.returncode == 1, f"mutated tile: exit {v.returncode}")
    check(re.search(r"tile: differs from graph: tile.launch of @main_g0_kernel \(group @main_g0\): "
                    r"element \[0, 0\]: graph .* \(group \[0, 0\], tile 0\)", v.stdout) is not None,
          f"mutated tile: validate said {v.stdout!r}")


def unknown_level(d):
    p = run("lower", d / "gemm.mlir", "--to", "warp", ok=False)
    check(p.returncode == 2, f"--to warp exits 2, got {p.returncode}")


def bad_inputs(d):
    """Malformed lowered modules and programs get a diagnostic and exit 1, never a crash."""
    src = d / "gemm.mlir"
    ins = ["--input", f"a={d / 'gemm.a.npy'}", "--input", f"b={d / 'gemm.b.npy'}"]
    bad = d / "bad.mlir"
    bad.write_text("module { func.func @main( }\n")
    for args in (["validate", src, *ins, "--schedule", bad], ["validate", src, *ins, "--tile", bad],
                 ["lower", bad, "--to", "tile"], ["run", bad, "--level", "schedule"]):
        p = run(*args, ok=False)
        check(p.returncode == 1 and "error:" in p.stderr, f"{args[0]} on a bad module: "
                                                           f"{p.returncode} {p.stderr[:200]}")
    # A Schedule IR module whose entry takes other inputs than the program's.
    other = d / "other.mlir"
    other.write_text(run("lower", d / "softmax.mlir", "--to", "schedule").stdout)
    p = run("validate", src, *ins, "--schedule", other, ok=False)
    check(p.returncode == 1 and "error:" in p.stderr, f"mismatched schedule: {p.returncode}")


if __name__ == "__main__":
    main()
