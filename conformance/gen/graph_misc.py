#!/usr/bin/env python3
"""Generator: conformance/cases/graph/misc_rope.mlir (tessera.rope, ntk_rope, target_verify;
docs/ops/graph/rope.md), conformance/cases/graph/misc_carriers.mlir (softmax_safe,
normalization_stats, compare_scalar, masked_fill, broadcast_in_dim; docs/ops/graph/carriers.md)
conformance/cases/graph/misc_gemm.mlir (fused_epilogue, dequant_matmul;
docs/ops/graph/misc_gemm.md) and conformance/cases/graph/misc_views.mlir (squeeze, unsqueeze,
expand, flatten, tessera_rng.bernoulli; docs/ops/graph/misc_{views,random}.md).

Oracles, independent of the interpreter: numpy float64 (rotation with np.cos / np.sin, softmax,
mean and population variance), compared within a tolerance (the interpreter's cosf / sinf and
f32 arithmetic differ in the last bits), except rope_f32_spec_sincos: f32 steps around the Python
model of the spec's sincosf (spec_sincosf.py), bit-exact; numpy comparisons, np.where and np.broadcast_to,
bit-exact; the random op from the numpy Philox model of philox_model.py, bit-exact.
"""
import os
import sys

import math

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type  # noqa: E402
import philox_model as pm  # noqa: E402
import spec_sincosf  # noqa: E402

TOL = "tol:rtol=1e-5,atol=1e-6"


def rope64(x, th, scale=1.0):
    x = x.astype(np.float64).reshape(-1)
    t = th.astype(np.float64).reshape(-1) / scale
    e = np.arange(0, x.size, 2)
    a = t[e % t.size]
    y = np.empty_like(x)
    y[e] = x[e] * np.cos(a) - x[e + 1] * np.sin(a)
    y[e + 1] = x[e] * np.sin(a) + x[e + 1] * np.cos(a)
    return y


def rope_spec_f32(x, th):
    """rope in f32 with the spec's sincosf (conformance/gen/spec_sincosf.py)."""
    xs, ts = x.astype(np.float32).reshape(-1), th.astype(np.float32).reshape(-1)
    e = np.arange(0, xs.size, 2)
    sn, cs = spec_sincosf.sincosf_array(ts[e % ts.size])
    y = np.empty_like(xs)
    y[e] = xs[e] * cs - xs[e + 1] * sn
    y[e + 1] = xs[e] * sn + xs[e + 1] * cs
    return y.reshape(x.shape)


def softmax64(x, axis=-1, safe=False):
    x = x.astype(np.float64)
    dead = np.all(x == -np.inf, axis=axis, keepdims=True) if safe else False
    z = np.where(dead, 0.0, x)
    e = np.exp(z - z.max(axis=axis, keepdims=True))
    return np.where(dead, 0.0, e / e.sum(axis=axis, keepdims=True))


def one_op(op, ins, outs, attrs="", pretty=False):
    """A module whose @main applies `op` to its arguments; `outs` are result types."""
    params = ", ".join(f"%a{i}: {mlir_type(x)}" for i, x in enumerate(ins))
    args = ", ".join(f"%a{i}" for i in range(len(ins)))
    in_t = ", ".join(mlir_type(x) for x in ins)
    res = ", ".join(f"%r{i}" for i in range(len(outs)))
    out_t = ", ".join(outs)
    wrapped = f"({out_t})" if len(outs) > 1 else out_t
    attr = f" {{{attrs}}}" if attrs else ""
    call = f"{op} {args}{attr}" if pretty else f'"{op}"({args}){attr}'
    return (f"module {{\n  func.func @main({params}) -> {wrapped} {{\n"
            f"    {res} = {call} : ({in_t}) -> {wrapped}\n"
            f"    return {res} : {out_t}\n  }}\n}}\n")


def rope_cases(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "misc_rope.mlir"),
                  generator=__file__,
                  header="tessera.rope, tessera.ntk_rope and tessera.target_verify "
                         "(docs/ops/graph/rope.md).")
    x = rng.uniform(-2, 2, (2, 4, 8)).astype(np.float32)
    th = rng.uniform(-4, 4, (4, 8)).astype(np.float32)
    cf.add_case("rope_f32_suffix_theta", one_op("tessera.rope", [x, th], [mlir_type(x)]), [x, th],
                [rope64(x, th).reshape(x.shape).astype(np.float32)], rule=TOL,
                requires=["op=tessera.rope", "dtype=f32", "level=graph"],
                note="theta [4, 8] repeats over x's leading dim; angle theta[2p].")
    x = rng.uniform(-2, 2, (3, 6))
    th = rng.uniform(-9, 9, (3, 6))
    cf.add_case("rope_f64", one_op("tessera.rope", [x, th], [mlir_type(x)]), [x, th],
                [rope64(x, th).reshape(x.shape)], rule="tol:rtol=1e-13,atol=1e-14",
                requires=["op=tessera.rope", "dtype=f64", "level=graph"])
    x = rng.uniform(-2, 2, (4, 8)).astype(np.float32)
    th = rng.uniform(-4, 4, (4, 8)).astype(np.float32)
    cf.add_case("ntk_rope_scale2", one_op("tessera.ntk_rope", [x, th], [mlir_type(x)],
                                          "scale = 2.0 : f64", pretty=True), [x, th],
                [rope64(x, th, 2.0).reshape(x.shape).astype(np.float32)], rule=TOL,
                requires=["op=tessera.ntk_rope", "dtype=f32", "level=graph"],
                note="rope(x, theta / 2), upstream's pretty form.")
    t = np.array([2, 0, 5], np.int32)
    lg = rng.uniform(-6, 6, (3, 8)).astype(np.float32)
    cf.add_case("target_verify_f32", one_op("tessera.target_verify", [t, lg], [mlir_type(lg)],
                                            pretty=True), [t, lg],
                [softmax64(lg).astype(np.float32)], rule=TOL,
                requires=["op=tessera.target_verify", "dtype=f32", "level=graph"],
                note="softmax of the logits over V; the tokens are not read.")
    # f32 rope against the spec's sincosf (docs/numerics.md "sin and cos"), bit-exact: the four
    # products and the difference / sum each rounded to f32 (own stream: the cases above keep
    # their inputs).
    r2 = np.random.default_rng(1414)
    x = r2.uniform(-2, 2, (3, 4, 16)).astype(np.float32)
    pos = np.arange(4, dtype=np.float64)[:, None] * 300.0
    th = np.repeat(pos * 10000.0 ** (-np.arange(0, 16, 2) / 16.0), 2, axis=1).astype(np.float32)
    cf.add_case("rope_f32_spec_sincos", one_op("tessera.rope", [x, th], [mlir_type(x)]),
                [x, th], [rope_spec_f32(x, th)],
                requires=["op=tessera.rope", "dtype=f32", "level=graph"],
                note="angles position x 10000^(-2i/16) up to 900 rad; cos and sin by the spec's "
                     "sincosf (spec_sincosf.py).")
    cf.write()


def carrier_cases(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "misc_carriers.mlir"),
                  generator=__file__,
                  header="tessera.softmax_safe, normalization_stats, compare_scalar, masked_fill "
                         "and broadcast_in_dim (docs/ops/graph/carriers.md).")
    x = rng.uniform(-5, 5, (4, 6)).astype(np.float32)
    x[2] = -np.inf
    cf.add_case("softmax_safe_masked_row", one_op("tessera.softmax_safe", [x], [mlir_type(x)]),
                [x], [softmax64(x, safe=True).astype(np.float32)], rule=TOL,
                requires=["op=tessera.softmax_safe", "dtype=f32", "level=graph"],
                note="Row 2 is all -Inf: zeros instead of NaN.")
    x = rng.uniform(-4, 4, (5, 9)).astype(np.float32)
    m = x.astype(np.float64).mean(-1)
    inv = 1 / np.sqrt(((x - m[:, None]) ** 2).mean(-1) + 1e-5)
    st = mlir_type(m.astype(np.float32))
    cf.add_case("normalization_stats_f32", one_op("tessera.normalization_stats", [x], [st, st]),
                [x], [m.astype(np.float32), inv.astype(np.float32)], rule=TOL,
                requires=["op=tessera.normalization_stats", "dtype=f32", "level=graph"],
                note="Mean and 1/sqrt(population variance + 1e-5) over the last dim.")
    x = np.array([[-1.0, 0.0, -0.0, 0.25], [np.inf, -np.inf, np.nan, 3.0]], np.float32)
    cf.add_case("compare_scalar_ge", one_op("tessera.compare_scalar", [x],
                                            [mlir_type(x >= 0)],
                                            'predicate = "ge", rhs = 0.0 : f64'),
                [x], [x >= 0.0], requires=["op=tessera.compare_scalar", "dtype=f32",
                                           "level=graph"],
                note="-0 >= 0; NaN compares false.")
    x = rng.uniform(-1, 1, (3, 4)).astype(np.float32)
    mask = rng.uniform(size=(3, 4)) < 0.5
    cf.add_case("masked_fill_f32", one_op("tessera.masked_fill", [x, mask], [mlir_type(x)],
                                          "value = -2.5 : f64"),
                [x, mask], [np.where(mask, np.float32(-2.5), x)],
                requires=["op=tessera.masked_fill", "dtype=f32", "level=graph"])
    v = rng.uniform(-1, 1, (3,)).astype(np.float32)
    want = np.broadcast_to(v[None, :, None], (2, 3, 4)).copy()
    cf.add_case("broadcast_in_dim_middle", one_op("tessera.broadcast_in_dim", [v],
                                                  [mlir_type(want)], "broadcast_dimensions = [1]"),
                [v], [want], requires=["op=tessera.broadcast_in_dim", "dtype=f32",
                                       "level=graph"],
                note="Operand dim 0 goes to result dim 1.")
    cf.write()


def gemm_cases(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "misc_gemm.mlir"),
                  generator=__file__,
                  header="tessera.fused_epilogue and tessera.dequant_matmul "
                         "(docs/ops/graph/misc_gemm.md).")
    a = rng.uniform(-1, 1, (8, 16)).astype(ml_dtypes.bfloat16)
    b = rng.uniform(-1, 1, (16, 8)).astype(ml_dtypes.bfloat16)
    bias = rng.uniform(-1, 1, (8,)).astype(np.float32)
    v = a.astype(np.float64) @ b.astype(np.float64) + bias
    gelu = np.vectorize(lambda t: 0.5 * t * (1 + math.erf(t / math.sqrt(2))))(v)
    cf.add_case("fused_epilogue_gelu_bf16", one_op("tessera.fused_epilogue", [a, b, bias],
                                                   ["tensor<8x8xf32>"],
                                                   "epilogue = 2 : i32, has_bias = true"),
                [a, b, bias], [gelu.astype(np.float32)], rule=TOL,
                requires=["op=tessera.fused_epilogue", "dtype=bf16", "level=graph"],
                note="gelu(a @ b + bias), bf16 operands, an f32 result (upstream's x86 form).")
    x = rng.uniform(-1, 1, (4, 16)).astype(np.float32)
    w = rng.integers(-8, 8, (16, 6)).astype(np.int8)
    s = rng.uniform(0.5, 2, (2, 6)).astype(np.float32)
    want = x.astype(np.float64) @ (w * np.repeat(s.astype(np.float64), 8, axis=0))
    cf.add_case("dequant_matmul_int4_groups",
                one_op("tessera.dequant_matmul", [x, w, s], ["tensor<4x6xf32>"],
                       'weight_dtype = "int4", quant_group_size = 8 : i64'),
                [x, w, s], [want.astype(np.float32)], rule=TOL,
                requires=["op=tessera.dequant_matmul", "dtype=f32", "level=graph"],
                note="int4 codes in i8 storage, two groups of 8 rows with their scales.")
    x = rng.uniform(-1, 1, (3, 8)).astype(np.float32)
    w = (rng.uniform(-1, 1, (8, 4)) * 5).astype(np.float32)
    want = x.astype(np.float64) @ w.astype(ml_dtypes.float8_e4m3fn).astype(np.float64)
    cf.add_case("dequant_matmul_fp8_bare",
                one_op("tessera.dequant_matmul", [x, w], ["tensor<3x4xf32>"],
                       'weight_dtype = "fp8_e4m3"'),
                [x, w], [want.astype(np.float32)], rule=TOL,
                requires=["op=tessera.dequant_matmul", "dtype=f32", "level=graph"],
                note="f32 codes rounded to fp8 E4M3FN (ml_dtypes), no scale.")
    x = rng.uniform(-6, 6, (4, 8)).astype(np.float32)
    s = np.float32(np.abs(x).max() / np.float32(448))
    q = np.clip(x / s, -448, 448).astype(ml_dtypes.float8_e4m3fn)
    prog = ("module {\n  func.func @main(%x: tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, tensor<f32>) {\n"
            '    %q, %s = "tessera.quantize_fp8"(%x) {format = "e4m3"} : (tensor<4x8xf32>) -> '
            "(tensor<4x8xf8E4M3FN>, tensor<f32>)\n"
            "    return %q, %s : tensor<4x8xf8E4M3FN>, tensor<f32>\n  }\n}\n")
    cf.add_case("quantize_fp8_e4m3", prog, [x], [q, np.array(s, np.float32)],
                requires=["op=tessera.quantize_fp8", "dtype=f32", "level=graph"],
                note="amax / 448 in f32, codes x / s rounded to E4M3FN (ml_dtypes), saturated.")
    cf.write()


def view_cases(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "misc_views.mlir"),
                  generator=__file__,
                  header="tessera.squeeze, unsqueeze, expand, flatten (docs/ops/graph/misc_views.md) "
                         "and tessera_rng.bernoulli (docs/ops/graph/misc_random.md).")
    x = rng.uniform(-1, 1, (1, 3, 1, 4)).astype(np.float32)
    prog = ("module {\n  func.func @main(%x: tensor<1x3x1x4xf32>) -> tensor<5x12xf32> {\n"
            '    %a = "tessera.squeeze"(%x) {axes = [0, 2]} : (tensor<1x3x1x4xf32>) -> tensor<3x4xf32>\n'
            '    %b = "tessera.unsqueeze"(%a) {axes = [0]} : (tensor<3x4xf32>) -> tensor<1x3x4xf32>\n'
            '    %c = "tessera.expand"(%b) : (tensor<1x3x4xf32>) -> tensor<5x3x4xf32>\n'
            '    %d = "tessera.flatten"(%c) {start = 1 : i64, end = 2 : i64} : (tensor<5x3x4xf32>) -> tensor<5x12xf32>\n'
            "    return %d : tensor<5x12xf32>\n  }\n}\n")
    want = np.broadcast_to(x.reshape(1, 3, 4), (5, 3, 4)).reshape(5, 12)
    cf.add_case("views_chain", prog, [x], [want],
                requires=["op=tessera.squeeze", "op=tessera.unsqueeze", "op=tessera.expand",
                          "op=tessera.flatten", "dtype=f32", "level=graph"],
                note="Upstream's structural views: copies in C order.")
    x = np.zeros((6, 5), np.float32)
    mask = pm.u24(pm.words(21, 3, x.size)).reshape(x.shape) < 0.3
    cf.add_case("rng_bernoulli_key", one_op("tessera_rng.bernoulli", [x], [mlir_type(mask)],
                                            "p = 0.3 : f64, seed = 21 : i64, stream = 3 : i64"),
                [x], [mask], requires=["op=tessera_rng.bernoulli", "level=graph"],
                note="True where u24(word i) < p on the Philox stream (seed 21, stream 3).")
    cf.write()


def main():
    rng = np.random.default_rng(1818)
    rope_cases(rng)
    carrier_cases(rng)
    gemm_cases(rng)
    view_cases(rng)


if __name__ == "__main__":
    main()
