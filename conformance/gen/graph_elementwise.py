#!/usr/bin/env python3
"""Generator: one case file per elementwise op under conformance/cases/graph/
(docs/ops/graph/elementwise.md). `tessera.add` also has the lead's example file `add.mlir`
(conformance/gen/example_add.py); this script writes its further cases to `add_more.mlir`.

Oracles, independent of the interpreter:
- +, -, *, /, sqrt, max, min, neg, abs, relu, comparisons, select, and the documented steps of
  rsqrt: numpy float32/float64 arithmetic, one IEEE rounding per step (`bitexact`). max/min use
  an explicit IEEE maximum/minimum (NaN propagates, -0 < +0). Integers: numpy's wrapping
  arithmetic; i1 as xor / and.
- exp, log, tanh, pow: float64 numpy (float32 data) rounded once to float32, `ulp:1` (libm's
  float functions are within an ulp). float64 data: numpy float64, `ulp:2`.
- sigmoid, silu, gelu: the documented formula step by step in the element type, with each
  transcendental (exp, erfc) evaluated in float64 and rounded to the element type; `ulp:3`
  covers libm's last-ulp differences propagated through the remaining steps. Plus a check
  against the float64 formula with a tolerance.
"""
import math
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to, op_module, ieee_max, ieee_min  # noqa: E402

F32, F64 = np.float32, np.float64
OUT_DIR = os.path.join(REPO_ROOT, "conformance", "cases", "graph")


def f32_bits(*words):
    return np.array(words, np.uint32).view(F32)


# Specials: +-0, +-1, +-Inf, NaN, min subnormal, max subnormal, min normal, max finite, ties.
SPECIALS32 = f32_bits(0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000,
                      0x7FC00000, 0x00000001, 0x80000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF,
                      0xFF7FFFFF, 0x3F000000, 0x40490FDB, 0xC2B00000)
SPECIALS64 = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324,
                       2.2250738585072014e-308, 1.7976931348623157e308, 0.5, math.pi, -88.0])


def t_of(fn64, x):
    """A float64 function on x's values, rounded once to x's type."""
    with np.errstate(all="ignore"):
        return round_f64_to(fn64(x.astype(F64)), x.dtype)


erfc64 = np.vectorize(math.erfc, otypes=[F64])


def sigmoid_steps(x):
    t = x.dtype.type
    with np.errstate(all="ignore"):
        return t(1) / (t(1) + t_of(np.exp, -x))


def silu_steps(x):
    t = x.dtype.type
    with np.errstate(all="ignore"):
        r = x / (t(1) + t_of(np.exp, -x))
    return np.where(x == -np.inf, t(-0.0), r).astype(x.dtype)


def gelu_steps(x, tanh_form):
    t = x.dtype.type
    with np.errstate(all="ignore"):
        if tanh_form:
            x3 = (x * x) * x
            u = t(0.7978845608028654) * (x + t(0.044715) * x3)
            r = x / (t(1) + t_of(np.exp, t(-2) * u))
        else:
            s = x * t(0.7071067811865476)
            r = (t(0.5) * x) * t_of(erfc64, -s)
    return np.where(x == -np.inf, t(-0.0), r).astype(x.dtype)


def gelu_ref(x, tanh_form):
    """The textbook formulas in 50-digit mpmath (no cancellation issue), rounded to x's type;
    -Inf gives the spec's limit -0."""
    import mpmath
    mpmath.mp.dps = 50

    def one(v):
        if math.isnan(v):
            return math.nan
        if math.isinf(v):
            return v if v > 0 else -0.0
        m = mpmath.mpf(v)
        if tanh_form:
            u = mpmath.sqrt(2 / mpmath.pi) * (m + mpmath.mpf("0.044715") * m ** 3)
            r = m / 2 * (1 + mpmath.tanh(u))
        else:
            r = m / 2 * mpmath.erfc(-m / mpmath.sqrt(2))
        return float(r)

    return round_f64_to(np.array([one(float(v)) for v in x.reshape(-1)]).reshape(x.shape),
                        x.dtype)


def dt_name(dt):
    return mlir_type(np.zeros((), dt))[7:-1]


class Op:
    """Collects the cases of one op and writes `<file>.mlir`."""

    def __init__(self, op, file=None, header=""):
        self.op = op
        self.cf = CaseFile(os.path.join(OUT_DIR, (file or op.split(".")[1]) + ".mlir"),
                           generator=__file__, header=header or f"{op}: elementwise.")

    def add(self, name, args, want, rule="bitexact", attrs="", note=""):
        req = [f"op={self.op}", f"dtype={dt_name(args[-1].dtype)}", "level=graph"]
        self.cf.add_case(name, op_module(self.op, args, want, attrs), args, [want], rule=rule,
                         requires=req, note=note)

    def write(self):
        self.cf.write()


def pairs(specials):
    """Every (a, b) pair of the specials, as two flat arrays."""
    a, b = np.meshgrid(specials, specials, indexing="ij")
    return a.reshape(-1).copy(), b.reshape(-1).copy()


def binary_files(rng):
    arith = {
        "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
        "div": lambda a, b: a / b, "max": ieee_max, "min": ieee_min,
    }
    for name, fn in arith.items():
        o = Op(f"tessera.{name}", file="add_more" if name == "add" else None,
               header=f"tessera.{name}: elementwise, numpy broadcasting.")
        with np.errstate(all="ignore"):
            a, b = pairs(SPECIALS32)
            o.add("specials_f32", [a, b], fn(a, b),
                  note="Every pair of: +-0, +-1, +-Inf, NaN, subnormals, min normal, +-max,\n"
                       "0.5, pi, -88.")
            a, b = pairs(SPECIALS64)
            o.add("specials_f64", [a, b], fn(a, b))
            x = (rng.standard_normal((3, 1)) * 100).astype(F32)
            y = (rng.standard_normal((4,)) * 2.0 ** rng.integers(-30, 30, 4)).astype(F32)
            o.add("broadcast_3x1_4_f32", [x, y], fn(x, y), note="(3,1) with (4,) -> (3,4).")
            s = np.array(2.5, F32)
            o.add("broadcast_scalar_f32", [y.reshape(2, 2), s], fn(y.reshape(2, 2), s),
                  note="A rank-0 operand broadcasts against everything.")
            x = (rng.standard_normal((8, 40)) * 2.0 ** rng.integers(-60, 60, (8, 40))).astype(F32)
            y = (rng.standard_normal((8, 40)) * 2.0 ** rng.integers(-60, 60, (8, 40))).astype(F32)
            o.add("random_8x40_f32", [x, y], fn(x, y))
            # bf16: computed in f32 (exact widening), one rounding to bf16 at storage.
            xb = (rng.standard_normal(12) * 8).astype(ml_dtypes.bfloat16)
            yb = (rng.standard_normal(12) * 8).astype(ml_dtypes.bfloat16)
            wb = fn(xb.astype(F32), yb.astype(F32)).astype(ml_dtypes.bfloat16)
            o.add("bf16", [xb, yb], wb,
                  note="Widened to f32, computed in f32, rounded once to bf16 (RNE).")
            o.add("empty_f32", [np.zeros((0, 3), F32), np.zeros((1, 3), F32)],
                  np.zeros((0, 3), F32), note="A zero-size result.")
        if name in ("add", "sub", "mul", "max", "min"):
            ifn = {"max": np.maximum, "min": np.minimum}.get(name, fn)
            for dt in (np.int8, np.int32, np.int64, np.uint8, np.uint16, np.uint64):
                info = np.iinfo(dt)
                vals = np.array([0, 1, -1 if info.min < 0 else 2, info.max, info.min, 7,
                                 info.max // 3, info.max - 1], dtype=dt)
                a, b = pairs(vals)
                with np.errstate(all="ignore"):
                    o.add(f"wrap_{dt_name(dt)}", [a, b], ifn(a, b).astype(dt),
                          note="Integer arithmetic wraps modulo 2^bits.")
            a, b = pairs(np.array([False, True]))
            ib = {"add": np.logical_xor, "sub": np.logical_xor, "mul": np.logical_and,
                  "max": np.logical_or, "min": np.logical_and}[name]
            o.add("i1", [a, b], ib(a, b), note="i1 wraps modulo 2: add = sub = xor, mul = and.")
        o.write()


def pow_file(rng):
    o = Op("tessera.pow", header="tessera.pow: C99 pow semantics (libm), numpy broadcasting.")
    base = np.array([0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, np.inf, -np.inf, np.nan, 10.0], F32)
    ex = np.array([0.0, -0.0, 1.0, -1.0, 2.0, 3.0, 0.5, -0.5, np.inf, -np.inf, np.nan, 1.5], F32)
    a, b = np.meshgrid(base, ex, indexing="ij")
    a, b = a.reshape(-1).copy(), b.reshape(-1).copy()
    o.add("specials_f32", [a, b], t_of(lambda v: np.power(v, b.astype(F64)), a), rule="ulp:1",
          note="pow(x, 0) = 1 even for NaN, pow(1, y) = 1, negative base with a non-integer\n"
               "exponent is NaN, pow(-0, -1) = -Inf, ...")
    x = rng.uniform(0.01, 20, (6, 7)).astype(F32)
    y = rng.uniform(-6, 6, (6, 7)).astype(F32)
    o.add("random_f32", [x, y], t_of(lambda v: np.power(v, y.astype(F64)), x), rule="ulp:1")
    xb = rng.uniform(0.5, 3, (4, 1)).astype(F32)
    yb = np.array([-2.0, 0.5, 3.0], F32)
    with np.errstate(all="ignore"):
        o.add("broadcast_f32", [xb, yb], round_f64_to(np.power(xb.astype(F64), yb), F32),
              rule="ulp:1")
    x = rng.uniform(0.01, 20, 10)
    y = rng.uniform(-6, 6, 10)
    o.add("random_f64", [x, y], np.power(x, y), rule="ulp:2")
    o.write()


def compare_files(rng):
    fns = {"cmp_eq": np.equal, "cmp_ne": np.not_equal, "cmp_lt": np.less,
           "cmp_le": np.less_equal, "cmp_gt": np.greater, "cmp_ge": np.greater_equal}
    for name, fn in fns.items():
        o = Op(f"tessera.{name}", header=f"tessera.{name}: IEEE comparison, result i1.")
        with np.errstate(all="ignore"):
            a, b = pairs(SPECIALS32)
            o.add("specials_f32", [a, b], fn(a, b),
                  note="NaN compares unordered (only cmp_ne is true); -0 == +0.")
            a, b = pairs(SPECIALS64)
            o.add("specials_f64", [a, b], fn(a, b))
            x = rng.integers(-3, 3, (3, 1)).astype(np.int32)
            y = rng.integers(-3, 3, (5,)).astype(np.int32)
            o.add("broadcast_i32", [x, y], fn(x, y))
            u = np.array([0, 1, 255, 128], np.uint8)
            v = np.array([255, 1, 0, 127], np.uint8)
            o.add("ui8", [u, v], fn(u, v), note="Unsigned comparison.")
        o.write()


def select_file(rng):
    o = Op("tessera.select", header="tessera.select: cond ? a : b with numpy broadcasting.")
    c = rng.integers(0, 2, (3, 4)).astype(bool)
    a = rng.standard_normal((3, 4)).astype(F32)
    b = SPECIALS32[:12].reshape(3, 4)
    o.add("same_shape_f32", [c, a, b], np.where(c, a, b), note="NaN and -0 pass through as bits.")
    c1 = np.array([[True], [False]])
    a1 = np.arange(3, dtype=np.int64)
    b1 = np.array(-7, np.int64)
    o.add("broadcast_i64", [c1, a1, b1], np.where(c1, a1, b1),
          note="cond (2,1), a (3,), b rank 0 -> (2,3).")
    cb = np.array([True, False, True])
    ab = np.array([1.5, 2.5, -0.0], ml_dtypes.bfloat16)
    bb = np.array([np.nan, -3.0, 4.0], ml_dtypes.bfloat16)
    o.add("bf16", [cb, ab, bb], np.where(cb, ab, bb))
    o.add("f64", [cb, SPECIALS64[:3], SPECIALS64[3:6]], np.where(cb, SPECIALS64[:3],
                                                                   SPECIALS64[3:6]))
    o.write()


def unary_files(rng):
    x32 = np.concatenate([SPECIALS32, (rng.standard_normal(48) * 2.0 **
                                       rng.integers(-10, 8, 48)).astype(F32)])
    x64 = np.concatenate([SPECIALS64, rng.standard_normal(30) * 2.0 ** rng.integers(-10, 8, 30)])
    exact = {
        "neg": lambda x: -x, "abs": np.abs, "sqrt": np.sqrt,
        "relu": lambda x: np.where(np.isnan(x), x, np.where(x > 0, x, x.dtype.type(0))),
        "rsqrt": lambda x: x.dtype.type(1) / np.sqrt(x),
    }
    for name, fn in exact.items():
        o = Op(f"tessera.{name}", header=f"tessera.{name}: elementwise, exact IEEE steps.")
        with np.errstate(all="ignore"):
            o.add("values_f32", [x32.reshape(8, 8)], fn(x32).reshape(8, 8).astype(F32),
                  note="Specials (+-0, +-Inf, NaN, subnormals, max) and random values.")
            o.add("values_f64", [x64], fn(x64).astype(F64))
            xb = (rng.standard_normal(10) * 3).astype(ml_dtypes.bfloat16)
            o.add("bf16", [xb], fn(xb.astype(F32)).astype(ml_dtypes.bfloat16),
                  note="Widened to f32, computed in f32, rounded once to bf16.")
        o.write()
    libm = {"exp": np.exp, "log": np.log, "tanh": np.tanh}
    for name, fn in libm.items():
        o = Op(f"tessera.{name}", header=f"tessera.{name}: libm, within 1 ulp (f32).")
        extra = {"exp": np.array([88.72283, 88.72284, -87.33654, -103.97208, -104.0], F32),
                 "log": np.array([1.0000001, 0.99999994, 1e-45, 3e38], F32),
                 "tanh": np.array([1e-8, -9.0, 9.1, 20.0, 0.54930615], F32)}[name]
        xs = np.concatenate([x32, extra])
        o.add("values_f32", [xs], t_of(fn, xs), rule="ulp:1",
              note="float64 numpy rounded to f32; libm expf/logf/tanhf are within 1 ulp.")
        with np.errstate(all="ignore"):
            o.add("values_f64", [x64], fn(x64), rule="ulp:2")
        o.write()
    composite = {
        "sigmoid": (sigmoid_steps, lambda d: 1 / (1 + np.exp(-d)), ""),
        "silu": (silu_steps, lambda d: np.where(d == -np.inf, -0.0, d / (1 + np.exp(-d))), ""),
    }
    for name, (steps, ref, attrs) in composite.items():
        o = Op(f"tessera.{name}", header=f"tessera.{name}: documented steps; exp from libm.")
        o.add("values_f32", [x32], steps(x32), rule="ulp:3",
              note="Each step in f32, exp in float64 rounded to f32 (libm within 1 ulp).")
        with np.errstate(all="ignore"):
            o.add("values_f32_f64ref", [x32], round_f64_to(ref(x32.astype(F64)), F32),
                  rule="tol:rtol=1e-6,atol=1e-44",
                  note="Same program against the float64 formula.")
        o.add("values_f64", [x64], steps(x64), rule="ulp:3")
        o.write()
    o = Op("tessera.gelu", header="tessera.gelu: erfc form and tanh form, documented steps.")
    g32 = np.concatenate([x32, np.linspace(-9, 9, 37).astype(F32)])
    for form, attrs in (("erf", ""), ("erf_explicit", 'approximate = "none"'),
                        ("tanh", 'approximate = "tanh"')):
        tanh_form = form == "tanh"
        o.add(f"{form}_f32", [g32], gelu_steps(g32, tanh_form), rule="ulp:3", attrs=attrs,
              note="Steps in f32; exp/erfc in float64 rounded to f32 (libm within 1 ulp).")
        o.add(f"{form}_f32_f64ref", [g32], gelu_ref(g32, tanh_form), attrs=attrs,
              rule="tol:rtol=2e-5,atol=1e-38",
              note="Against the textbook formula in mpmath (rtol covers the rounding of x/sqrt2\n"
                   "amplified by erfc's slope for large negative x).")
        o.add(f"{form}_f64", [x64], gelu_steps(x64, tanh_form), rule="ulp:3", attrs=attrs)
    o.write()


def main():
    rng = np.random.default_rng(7401)
    binary_files(rng)
    pow_file(rng)
    compare_files(rng)
    select_file(rng)
    unary_files(rng)


if __name__ == "__main__":
    main()
