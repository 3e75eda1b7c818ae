#!/usr/bin/env python3
"""Activations in f32 elementwise chains through every level (docs/ops/schedule/lowering.md,
"Activations"): sigmoid, silu, tanh-form gelu and silu_mul lower to one Tile IR kernel and to
Target IR, bit for bit equal at every level to a numpy float32 oracle of the Graph IR kernels'
formulas (one rounding per op) with the spec's expf modelled independently in Python
(conformance/gen/spec_expf.py, from docs/numerics.md); -Inf, NaN, +-0, huge and tiny inputs
included; the same ops on bf16 (scalar chains: widened to f32, one rounding to bf16 per op, vs
ml_dtypes). Erf-form gelu stays at Schedule IR with its reason. Also tessera.mse (a row reduction)
and layer_norm / rmsnorm along a non-last axis (a row of the trailing dims), against float32
oracles of the sequential sums of docs/ops/graph/losses.md and normalization.md.

Usage: levels_activation_test.py TESSERA_INTERP
"""
import pathlib
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

from levels_common import (check, check_one_launch, finish,  # noqa: E402
                           run, run_levels, t)

F = np.float32
BF = ml_dtypes.bfloat16


def ratio(x, a):
    """x / (1 + exp(a)) in f32, -0 at x = -Inf (silu and gelu's limit)."""
    q = x / (F(1) + spec_expf.expf_array(a))
    return np.where(x == -np.inf, F(-0.0), q).astype(F)


def gelu_tanh(x):
    x3 = (x * x) * x
    u = F(0.7978845608028654) * (x + F(0.044715) * x3)
    return ratio(x, F(-2) * u)


ORACLE = {
    "sigmoid": lambda x: F(1) / (F(1) + spec_expf.expf_array(-x)),
    "silu": lambda x: ratio(x, -x),
    "gelu_tanh": gelu_tanh,
}

S = (33, 70)  # edges in both tiled dims (32 x 64 blocks)
CASES = {
    # name: (Graph IR body on %a [and %b], oracle of a, b)
    "sigmoid": ('%r = "tessera.sigmoid"(%a) : ({T}) -> {T}', lambda a, b: ORACLE["sigmoid"](a)),
    "silu": ('%r = "tessera.silu"(%a) : ({T}) -> {T}', lambda a, b: ORACLE["silu"](a)),
    "gelu_tanh": ('%r = "tessera.gelu"(%a) {{approximate = "tanh"}} : ({T}) -> {T}',
                  lambda a, b: ORACLE["gelu_tanh"](a)),
    "silu_mul": ('%r = "tessera.silu_mul"(%a, %b) : ({T}, {T}) -> {T}',
                 lambda a, b: ORACLE["silu"](a) * b),
    # A fused chain: add, then sigmoid, then mul by b, then gelu (one kernel).
    "chain": ('%s = "tessera.add"(%a, %b) : ({T}, {T}) -> {T}\n'
              '    %g = "tessera.sigmoid"(%s) : ({T}) -> {T}\n'
              '    %m = "tessera.mul"(%g, %b) : ({T}, {T}) -> {T}\n'
              '    %r = "tessera.gelu"(%m) {{approximate = "tanh"}} : ({T}) -> {T}',
              lambda a, b: ORACLE["gelu_tanh"](ORACLE["sigmoid"](a + b) * b)),
}

SPECIALS = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45, -3.4e38, 3.4e38,
                     88.5, -88.5, -104.0, 20.0, -20.0, 1e-20, -9.0], F)


def seq_sum(v):
    """The sequential f32 chain from the first element (each addition rounded once)."""
    acc = v[0]
    for e in v[1:]:
        acc = F(acc + e)
    return F(acc)


def mse(a, b, mean):
    d = (a - b).ravel()
    s = seq_sum(d * d)
    return F(s / F(d.size)) if mean else s


def norm(x, g, axis, centre, eps=F(1e-5)):
    """layer_norm / rmsnorm over the trailing block x[i, axis:] (normalization.md), in f32."""
    rows = x.reshape(int(np.prod(x.shape[:axis])), -1)
    n = F(rows.shape[1])
    out = np.empty_like(rows)
    for i, r in enumerate(rows):
        m = F(seq_sum(r) / n) if centre else F(0)
        d = r - m
        var = F(seq_sum(d * d) / n)
        out[i] = (d * F(F(1) / np.sqrt(F(var + eps)))) * g.ravel()
    return out.reshape(x.shape)


# name: (program, inputs, oracle)
REDUCTIONS = {
    "mse_mean": ("mse", {"a": (5, 7, 9), "b": (5, 7, 9)}, "f32", "",
                 lambda v: mse(v["a"], v["b"], True)),
    "mse_sum": ("mse", {"a": (1000,), "b": (1000,)}, "f32", ' {reduction = "sum"}',
                lambda v: mse(v["a"], v["b"], False)),
    "mse_scalar": ("mse", {"a": (), "b": ()}, "f32", "", lambda v: mse(v["a"], v["b"], True)),
    "layer_norm_axis1": ("layer_norm", {"x": (3, 4, 5), "g": (4, 5)}, "3x4x5", " {axis = 1}",
                         lambda v: norm(v["x"], v["g"], 1, True)),
    "rmsnorm_axis0": ("rmsnorm", {"x": (6, 10), "g": (6, 10)}, "6x10", " {axis = 0}",
                      lambda v: norm(v["x"], v["g"], 0, False)),
}


def reduction_program(op, params, out, attrs):
    T = {n: t(s, "f32") for n, s in params.items()}
    R = "tensor<f32>" if out == "f32" else f"tensor<{out}xf32>"
    args = ", ".join(f"%{n}: {T[n]}" for n in params)
    ops = ", ".join(f"%{n}" for n in params)
    tys = ", ".join(T.values())
    return (f"module {{\n  func.func @main({args}) -> {R} {{\n"
            f'    %r = "tessera.{op}"({ops}){attrs} : ({tys}) -> {R}\n'
            f"    return %r : {R}\n  }}\n}}\n")


def program(body, et="f32", shape=S):
    T = t(shape, et)
    return (f"module {{\n  func.func @main(%a: {T}, %b: {T}) -> {T} {{\n    "
            + body.format(T=T) + f"\n    return %r : {T}\n  }}\n}}\n")


def main():
    rng = np.random.default_rng(13)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for name, (body, oracle) in CASES.items():
            src = d / f"{name}.mlir"
            src.write_text(program(body))
            a = (rng.standard_normal(S) * 4).astype(F)
            a.flat[np.arange(0, a.size, 37)[:len(SPECIALS)]] = SPECIALS
            b = (rng.standard_normal(S) * 2).astype(F)
            b.flat[5:8] = [np.inf, -0.0, np.nan]
            np.save(d / f"{name}.a.npy", a)
            np.save(d / f"{name}.b.npy", b)
            ins = ["--input", f"a={d / f'{name}.a.npy'}", "--input", f"b={d / f'{name}.b.npy'}"]
            with np.errstate(all="ignore"):
                want = oracle(a, b).astype(F)
            bits = want.view(np.uint32)
            for level, got in run_levels(d, name, src, ins):
                same = (got.view(np.uint32) == bits) | (np.isnan(got) & np.isnan(want))
                check(got.shape == want.shape and same.all(),
                      f"{name}: {level} differs from the oracle at "
                      f"{np.argwhere(~same)[:4].tolist()}")
            check_one_launch(name, src)
            v = run("validate", src, *ins)
            check("target: bit-exact" in v, f"{name}: validate: {v}")
        for name, (op, params, out, attrs, oracle) in REDUCTIONS.items():
            src = d / f"{name}.mlir"
            src.write_text(reduction_program(op, params, out, attrs))
            vals, ins = {}, []
            for n, shape in params.items():
                vals[n] = (rng.standard_normal(shape) * 3).astype(F)
                np.save(d / f"{name}.{n}.npy", vals[n])
                ins += ["--input", f"{n}={d / f'{name}.{n}.npy'}"]
            want = np.asarray(oracle(vals), F)
            for level, got in run_levels(d, name, src, ins):
                same = got.shape == want.shape and (
                    got.view(np.uint32) == want.view(np.uint32)).all()
                check(same,
                      f"{name}: {level} gives {got.ravel()[:3]}, the oracle {want.ravel()[:3]}")
            check_one_launch(name, src)
            v = run("validate", src, *ins)
            check("target: bit-exact" in v, f"{name}: validate: {v}")
        # bf16 operands: widened exactly to f32, the f32 formula, one rounding to bf16 at the
        # end (the Graph IR interpreter's low-precision rule), as a scalar chain.
        for name, (body, oracle) in CASES.items():
            src = d / f"{name}_bf16.mlir"
            src.write_text(program(body, "bf16", (5, 9)))
            a = (rng.standard_normal((5, 9)) * 4).astype(BF)
            a.flat[:6] = np.array([np.nan, -np.inf, -0.0, 1e-38, -90.0, 30.0]).astype(BF)
            b = (rng.standard_normal((5, 9)) * 2).astype(BF)
            np.save(d / f"{name}_bf16.a.npy", a)
            np.save(d / f"{name}_bf16.b.npy", b)
            ins = ["--input", f"a={d / f'{name}_bf16.a.npy'}",
                   "--input", f"b={d / f'{name}_bf16.b.npy'}"]
            with np.errstate(all="ignore"):
                want = oracle(a.astype(F), b.astype(F)).astype(F)
            if name == "chain":  # each op of the chain rounds to bf16
                with np.errstate(all="ignore"):
                    s_ = (a.astype(F) + b.astype(F)).astype(BF).astype(F)
                    g_ = ORACLE["sigmoid"](s_).astype(BF).astype(F)
                    m_ = (g_ * b.astype(F)).astype(BF).astype(F)
                    want = ORACLE["gelu_tanh"](m_)
            want = want.astype(BF)
            for level, got in run_levels(d, f"{name}_bf16", src, ins):
                got = got.view(BF)
                same = (got.view(np.uint16) == want.view(np.uint16)) | (
                    np.isnan(got.astype(F)) & np.isnan(want.astype(F)))
                check(got.shape == want.shape and same.all(),
                      f"{name}_bf16: {level} differs from the oracle at "
                      f"{np.argwhere(~same)[:4].tolist()}")
            check_one_launch(f"{name}_bf16", src)
        # Erf-form gelu is a scalar chain of the spec's erfcf (its values: levels_math_test.py).
        src = d / "gelu_erf.mlir"
        src.write_text(program('%r = "tessera.gelu"(%a) : ({T}) -> {T}'))
        check_one_launch("gelu_erf", src)
    finish()


if __name__ == "__main__":
    main()
