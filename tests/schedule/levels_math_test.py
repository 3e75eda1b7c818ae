#!/usr/bin/env python3
"""tanh through every level (docs/ops/schedule/lowering.md, "Scalar chains"; docs/numerics.md
"tanh"): f32 tanh alone and in a chain with other ops, and bf16 tanh (widened to f32, rounded
back once), lower to one scalar kernel and on to Target IR, bit for bit equal at every level to
numpy float32 arithmetic around the spec's tanhf modelled in Python from its documented steps
(conformance/gen/spec_tanhf.py); +-0, subnormals, the 2^-12 threshold, +-9.5, +-Inf and NaN
included. gelu with approximate = none likewise: numpy float32 (0.5 x) * erfcf(-(x * f32(1/sqrt
2))) around the spec's erfcf modelled from its documented steps (conformance/gen/spec_erfcf.py),
-0 at -Inf; f32, bf16 and in a chain. f64 tanh and gelu lower too (the spec's tanh64 and erfc64,
docs/numerics.md "tanh and erfc on f64"): the oracle is mpmath's tanh and erfc rounded once to
f64 (the spec's are correctly rounded on these inputs), numpy float64 around erfc for gelu.

Usage: levels_math_test.py TESSERA_INTERP
"""
import pathlib
import sys
import tempfile

import ml_dtypes
import mpmath
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_erfcf  # noqa: E402  (the spec's erfcf, modelled from docs/numerics.md)
import spec_tanhf  # noqa: E402  (the spec's tanhf, modelled from docs/numerics.md)

from levels_common import finish  # noqa: E402
from levels_f64math_test import rounded  # noqa: E402  (the f64 nearest to an mpf)
from levels_reduce_test import check_case  # noqa: E402

F, BF = np.float32, ml_dtypes.bfloat16
mpmath.mp.prec = 200


def f64_of(fn, x):
    """fn (an mpmath function) of each f64 of x, rounded once to f64."""
    out = np.array([rounded(fn(mpmath.mpf(float(v)))) if v == v else v for v in x.ravel()])
    return out.reshape(x.shape)


def erfc_clamped(v):
    """mpmath's erfc, with its limits beyond |v| = 40 (erfc(40) < 2^-2300; mpmath overflows on
    huge arguments)."""
    return mpmath.mpf(0) if v > 40 else mpmath.mpf(2) if v < -40 else mpmath.erfc(v)


def gelu_erf64(x):
    """kernel_Gelu's erf form in float64 numpy steps around mpmath's erfc."""
    t = x * 0.7071067811865476
    v = (0.5 * x) * f64_of(erfc_clamped, -t)
    return np.where(x == -np.inf, -0.0, v)


def t(shape, et):
    return "tensor<" + "".join(f"{n}x" for n in shape) + et + ">"


def chain(shape, et, body, n_in=1):
    args = ", ".join(f"%a{i}: {t(shape, et)}" for i in range(n_in))
    return (f"module {{\n  func.func @main({args}) -> {t(shape, et)} {{\n{body}"
            f"    return %r : {t(shape, et)}\n  }}\n}}\n")


def gelu_erf(x):
    """kernel_Gelu's erf form in float32 numpy steps around the modelled erfcf."""
    x = np.asarray(x, F)
    t = x * F(0.7071067811865476)
    v = (F(0.5) * x) * spec_erfcf.erfcf_array(-t)
    return np.where(x == -np.inf, F(-0.0), v).astype(F)


def check_gelu(d, rng, shape):
    x = (rng.standard_normal(shape) * 4).astype(F)
    x.flat[:18] = [0.0, -0.0, 1e-45, -1e-40, 2.828427, -2.828427, -2.83, -14.2, -14.3, -15.0,
                   30.0, np.inf, -np.inf, np.nan, 3.4e38, -3.4e38, -5.0, 0.5]
    ty = t(shape, "f32")
    g = f'    %r = "tessera.gelu"(%a0) : ({ty}) -> {ty}\n'
    check_case(d, "gelu_erf_f32", chain(shape, "f32", g), [x], [gelu_erf(x)])
    y = (rng.standard_normal(shape)).astype(F)
    body = (f'    %s = "tessera.mul"(%a0, %a1) : ({ty}, {ty}) -> {ty}\n'
            f'    %h = "tessera.gelu"(%s) {{approximate = "none"}} : ({ty}) -> {ty}\n'
            f'    %r = "tessera.add"(%h, %a1) : ({ty}, {ty}) -> {ty}\n')
    check_case(d, "gelu_erf_chain_f32", chain(shape, "f32", body, 2), [x, y],
               [(gelu_erf(x * y) + y).astype(F)])
    xb = x.astype(BF)
    tb = t(shape, "bf16")
    check_case(d, "gelu_erf_bf16",
               chain(shape, "bf16", f'    %r = "tessera.gelu"(%a0) : ({tb}) -> {tb}\n'), [xb],
               [gelu_erf(xb.astype(F)).astype(BF)])
    z = rng.standard_normal(shape) * 5
    z.flat[:16] = [0.0, -0.0, 5e-324, -1e-300, 2.0 ** -60, 2.8284271247461903, -2.8284271247461903,
                   -2.83, -8.48, -9.0, 39.0, 50.0, np.inf, -np.inf, np.nan, -1e300]
    z.flat[16:22] = [-37.5, -38.0, -38.4, -38.45, -38.7, -39.0]  # erfc(-t) subnormal, then +0
    td = t(shape, "f64")
    check_case(d, "gelu_erf_f64", chain(shape, "f64", f'    %r = "tessera.gelu"(%a0) : ({td}) -> {td}\n'),
               [z], [gelu_erf64(z)])


def main():
    rng = np.random.default_rng(1415)
    shape = (5, 37)
    with tempfile.TemporaryDirectory() as d, np.errstate(all="ignore"):
        d = pathlib.Path(d)
        x = (rng.standard_normal(shape) * 3).astype(F)
        x.flat[:16] = [0.0, -0.0, 1e-45, -1e-40, 2.0 ** -12, -(2.0 ** -12), 2.0 ** -13, 9.5,
                       -9.5, 9.49, 30.0, np.inf, -np.inf, np.nan, 0.17328679, -0.17328681]
        ty = t(shape, "f32")
        check_case(d, "tanh_f32", chain(shape, "f32", f'    %r = "tessera.tanh"(%a0) : ({ty}) -> {ty}\n'),
                   [x], [spec_tanhf.tanhf_array(x)])
        y = (rng.standard_normal(shape)).astype(F)
        body = (f'    %s = "tessera.mul"(%a0, %a1) : ({ty}, {ty}) -> {ty}\n'
                f'    %h = "tessera.tanh"(%s) : ({ty}) -> {ty}\n'
                f'    %r = "tessera.add"(%h, %a1) : ({ty}, {ty}) -> {ty}\n')
        check_case(d, "tanh_chain_f32", chain(shape, "f32", body, 2), [x, y],
                   [(spec_tanhf.tanhf_array(x * y) + y).astype(F)])
        xb = x.astype(BF)
        tb = t(shape, "bf16")
        want = spec_tanhf.tanhf_array(xb.astype(F)).astype(BF)
        check_case(d, "tanh_bf16", chain(shape, "bf16", f'    %r = "tessera.tanh"(%a0) : ({tb}) -> {tb}\n'),
                   [xb], [want])
        z = rng.standard_normal(shape) * 4
        z.flat[:16] = [0.0, -0.0, 5e-324, -1e-300, 2.0 ** -27, -(2.0 ** -28), 0.17328679513998632,
                       20.0, -20.0, 19.5, -21.0, np.inf, -np.inf, np.nan, 1e-9, -0.5]
        td = t(shape, "f64")
        check_case(d, "tanh_f64", chain(shape, "f64", f'    %r = "tessera.tanh"(%a0) : ({td}) -> {td}\n'),
                   [z], [np.where(z == 0, z, f64_of(mpmath.tanh, z))])  # tanh(+-0) = +-0
        check_gelu(d, rng, (3, 29))
    finish()


if __name__ == "__main__":
    main()
