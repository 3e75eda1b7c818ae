#!/usr/bin/env python3
"""Elementwise chains through every level (docs/ops/schedule/lowering.md, "Elementwise chains",
"Scalar chains"): f64, i8 and i64 scalar chains too;
f32 chains with numpy-broadcast operands and rsqrt, i32 chains that wrap, each lowered to one
Tile IR kernel and to Target IR, bit for bit equal to a numpy oracle (float32 / int32 arithmetic:
one IEEE rounding per op; two's complement wrap) at every level; bf16, f16 and fp8 chains as
scalar chains against ml_dtypes/numpy arithmetic in the format (each op computed in f32 and
rounded once to the format, which is what ml_dtypes and numpy's float16 ufuncs do).

Usage: levels_elementwise_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import check, check_one_launch, finish, run, run_levels, t

NARROW = {"bf16": ml_dtypes.bfloat16, "f16": np.float16, "f8E4M3FN": ml_dtypes.float8_e4m3fn}


def typed(v):
    return len(v) == 2 and isinstance(v[1], str)


def prog(et, params, steps, out):
    """params: name -> shape or (shape, type); steps: (op, operands...) on the result shape
    `out`; a comparison gives i1, every other op the type of its last operand."""
    ty = {n: (v[1] if typed(v) else et) for n, v in params.items()}
    shape = {n: (v[0] if typed(v) else v) for n, v in params.items()}
    args = ", ".join(f"%{n}: {t(shape[n], ty[n])}" for n in params)
    body, last = [], None
    for k, (op, *ins) in enumerate(steps):
        ins = [v for v in ins if v]
        tys = ", ".join(t(shape[v], ty[v]) for v in ins)
        last = f"s{k}"
        ty[last] = "i1" if op.startswith("cmp_") else ty[ins[-1]]
        shape[last] = out
        body.append(f'    %{last} = "tessera.{op}"({", ".join("%" + v for v in ins)}) : '
                    f"({tys}) -> {t(out, ty[last])}")
    return (f"module {{\n  func.func @main({args}) -> {t(out, ty[last])} {{\n" +
            "\n".join(body) + f"\n    return %{last} : {t(out, ty[last])}\n  }}\n}}\n")


def ieee(f):
    def g(a, b):
        r = f(a, b)
        return np.where(np.isnan(a) | np.isnan(b), a + b, r)
    return g


F32 = {  # float32 and float64: numpy computes in the operands' type, one rounding per op
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
    "max": ieee(lambda a, b: np.where(a == b, np.where(np.signbit(a), b, a), np.maximum(a, b))),
    "min": ieee(lambda a, b: np.where(a == b, np.where(np.signbit(a), a, b), np.minimum(a, b))),
    "rsqrt": lambda a: np.float32(1) / np.sqrt(a),
    "neg": np.negative,
    "relu": lambda a: np.where(np.isnan(a), a, np.where(a > 0, a, np.zeros_like(a))),
}
# Narrow floats: the op in f32 on the widened values, rounded once to the format (sqrt, rsqrt
# as tessera.rsqrt: the f32 root, 1 divided by it, then the rounding).
NARROW_OPS = {"sqrt": lambda a: np.sqrt(a.astype(np.float32)).astype(a.dtype),
              "rsqrt": lambda a: (np.float32(1) / np.sqrt(a.astype(np.float32))).astype(a.dtype)}
CMP = {"cmp_eq": np.equal, "cmp_ne": np.not_equal, "cmp_lt": np.less, "cmp_le": np.less_equal,
       "cmp_gt": np.greater, "cmp_ge": np.greater_equal}
F32.update(CMP)
F32["select"] = np.where
I32 = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "max": np.maximum,
       "min": np.minimum, "select": np.where, **CMP}
# i1 wraps modulo 2 (docs/ops/graph/elementwise.md): add, sub xor; mul, min and; max or.
I1 = {"add": np.logical_xor, "sub": np.logical_xor, "mul": np.logical_and, "max": np.logical_or,
      "min": np.logical_and}


def oracle(table, steps, vals, out):
    env = {k: np.broadcast_to(v, out) for k, v in vals.items()}
    with np.errstate(all="ignore"):
        for k, (op, *ins) in enumerate(steps):
            env[f"s{k}"] = table[op](*(env[v] for v in ins if v))
    return env[f"s{len(steps) - 1}"]


CASES = {
    # A [4, 1, 70] and B [6, 70] broadcast to [4, 6, 70] (rank 3: reshaped to [24, 70], edges in
    # both tiled dims), then a full C, a one-element D and rsqrt in the chain.
    "f32_broadcast_chain": ("f32", {"a": (4, 1, 70), "b": (6, 70), "c": (4, 6, 70), "d": (1,)},
                            [("add", "a", "b"), ("mul", "s0", "c"), ("max", "s1", "d"),
                             ("div", "s2", "b"), ("rsqrt", "s3", None), ("sub", "s4", "a"),
                             ("min", "s5", "c"), ("relu", "s6", None)], (4, 6, 70)),
    # Rank 2 with a row [1, 50] and a column [33, 1]: one launch without reshapes.
    "f32_row_col": ("f32", {"a": (33, 1), "b": (1, 50)}, [("sub", "a", "b"), ("mul", "s0", "b")],
                    (33, 50)),
    # i32 near the limits: add, mul and sub wrap; max and min signed.
    "i32_wrap_chain": ("i32", {"a": (33, 50), "b": (1, 50), "c": (50,)},
                       [("add", "a", "b"), ("mul", "s0", "c"), ("sub", "s1", "a"),
                        ("max", "s2", "b"), ("min", "s3", "c")], (33, 50)),
    # Comparisons (NaN unordered, -0 == +0; cmp_ne true for NaN) and select in f32 chains.
    "f32_cmp_select": ("f32", {"a": (40, 70), "b": (70,), "c": (40, 70)},
                       [("cmp_lt", "a", "b"), ("select", "s0", "c", "a"), ("add", "s1", "b")],
                       (40, 70)),
    "f32_cmp_ne": ("f32", {"a": (40, 70), "b": (40, 1)}, [("cmp_ne", "a", "b")], (40, 70)),
    "i1_chain": ("i1", {"a": (33, 50), "b": (50,), "c": (33, 1)},
                 [("add", "a", "b"), ("mul", "s0", "c"), ("max", "s1", "b"), ("sub", "s2", "c"),
                  ("min", "s3", "a")], (33, 50)),
    # Scalar chains (no register tile of f64, i8, i64): broadcast operands, specials, wrap.
    "f64_chain": ("f64", {"a": (4, 1, 70), "b": (6, 70), "c": (1,)},
                  [("add", "a", "b"), ("mul", "s0", "c"), ("max", "s1", "a"), ("div", "s2", "b"),
                   ("neg", "s3", None), ("min", "s4", "b"), ("relu", "s5", None)], (4, 6, 70)),
    "f64_cmp_select": ("f64", {"a": (40, 70), "b": (70,)},
                       [("cmp_ne", "a", "b"), ("select", "s0", "a", "b"), ("sub", "s1", "b")],
                       (40, 70)),
    "i8_wrap_chain": ("i8", {"a": (33, 50), "b": (50,)},
                      [("add", "a", "b"), ("mul", "s0", "b"), ("sub", "s1", "a"),
                       ("max", "s2", "b"), ("min", "s3", "a")], (33, 50)),
    "i64_select_cmp": ("i64", {"m": ((33, 1), "i1"), "a": (33, 50), "b": (50,)},
                       [("select", "m", "a", "b"), ("mul", "s0", "a"), ("cmp_lt", "s1", "b")],
                       (33, 50)),
    # i32: an i1 input condition broadcast along rows; a signed comparison last.
    "i32_select_cmp": ("i32", {"m": ((33, 1), "i1"), "a": (33, 50), "b": (50,)},
                       [("select", "m", "a", "b"), ("cmp_ge", "s0", "b")], (33, 50)),
    # Unsigned integers through zero-extended indices: wrap, unsigned max/min and compares
    # (ui64 values above 2^63 included).
    "ui8_chain": ("ui8", {"a": (33, 50), "b": (50,)},
                  [("add", "a", "b"), ("mul", "s0", "b"), ("sub", "s1", "a"), ("max", "s2", "b"),
                   ("min", "s3", "a")], (33, 50)),
    "ui64_cmp": ("ui64", {"a": (20, 30), "b": (30,)},
                 [("max", "a", "b"), ("cmp_lt", "s0", "a")], (20, 30)),
    "bf16_roots": ("bf16", {"a": (20, 30)}, [("sqrt", "a", None), ("rsqrt", "s0", None)],
                   (20, 30)),
    # Narrow floats as scalar chains: every op widens to f32 and rounds back once.
    "bf16_chain": ("bf16", {"a": (33, 50), "b": (50,), "c": (33, 1)},
                   [("add", "a", "b"), ("mul", "s0", "c"), ("max", "s1", "a"), ("div", "s2", "b"),
                    ("neg", "s3", None), ("min", "s4", "b"), ("relu", "s5", None)], (33, 50)),
    "f16_cmp_select": ("f16", {"a": (40, 70), "b": (70,)},
                       [("cmp_lt", "a", "b"), ("select", "s0", "a", "b"), ("sub", "s1", "b")],
                       (40, 70)),
    "f8_chain": ("f8E4M3FN", {"a": (20, 30), "b": (30,)},
                 [("mul", "a", "b"), ("add", "s0", "a"), ("sub", "s1", "b")], (20, 30)),
}

SPECIALS = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -3.4e38, 2.0], np.float32)


def inputs(rng, et, shape, k):
    if et == "i1":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if et in ("i8", "i32", "i64", "ui8", "ui64"):
        it = {"i8": np.int8, "i32": np.int32, "i64": np.int64, "ui8": np.uint8,
              "ui64": np.uint64}[et]
        lo, hi = np.iinfo(it).min, np.iinfo(it).max
        x = rng.integers(lo, hi, size=shape, dtype=it, endpoint=True)
        x.flat[:4] = np.array([hi, lo, 0, hi - 1 if lo == 0 else -1], it)[:x.size]
        return x
    ft = np.float64 if et == "f64" else np.float32
    x = rng.standard_normal(shape).astype(ft) * 3
    at = np.arange(k % 3, x.size, 7)[:len(SPECIALS)]  # specials meet normals and each other
    x.flat[at] = SPECIALS[:len(at)].astype(ft)
    with np.errstate(over="ignore"):  # fp8: beyond 448 becomes NaN, a special like the others
        return x.astype(NARROW[et]) if et in NARROW else x


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for name, (et, params, steps, out) in CASES.items():
            src = d / f"{name}.mlir"
            src.write_text(prog(et, params, steps, out))
            vals, ins = {}, []
            for k, (n, s) in enumerate(params.items()):
                vals[n] = inputs(rng, s[1], s[0], k) if typed(s) else inputs(rng, et, s, k)
                v = vals[n]  # bf16 and fp8 go in as their raw bits (tessera-interp binds u16/u8)
                np.save(d / f"{name}.{n}.npy",
                        v.view(f"u{v.itemsize}") if v.dtype.kind == "V" else v)
                ins += ["--input", f"{n}={d / f'{name}.{n}.npy'}"]
            table = {"i1": I1, "i8": I32, "i32": I32, "i64": I32, "ui8": I32,
                     "ui64": I32}.get(et, {**F32, **NARROW_OPS} if et in NARROW else F32)
            want = oracle(table, steps, vals, out)
            flt = want.dtype.kind in "fV"
            bits = want.view(f"u{want.dtype.itemsize}") if flt else want
            for level, got in run_levels(d, name, src, ins):
                same = got.view(bits.dtype) == bits
                if flt:
                    with np.errstate(invalid="ignore"):
                        same |= (np.isnan(got.view(want.dtype).astype(np.float32)) &
                                 np.isnan(want.astype(np.float32)))
                check(got.shape == want.shape and same.all(),
                      f"{name}: {level} differs from numpy at {np.argwhere(~same)[:4].tolist()}")
            check_one_launch(name, src)
            v = run("validate", src, *ins)
            check("target: bit-exact" in v, f"{name}: validate: {v}")
    finish()


if __name__ == "__main__":
    main()
