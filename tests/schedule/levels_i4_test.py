"""tessera.cast from and to i4 at every level (docs/ops/schedule/lowering.md, "Casts"): the
kernel binds the i4 tensor as its packed bytes (launch_c3), one group per byte. Oracles:
docs/numerics.md's integer rules written out here (float -> int truncates toward zero and
saturates at [-8, 7], NaN -> 0; int -> int keeps the low bits), and ml_dtypes `astype` from
ml_dtypes.int4 values for i4 -> floats and integers. Odd and even element counts (the last
byte's unused high nibble), every i4 value, floats at the saturation edges, Inf, NaN,
subnormals. Casts the kernel does not run (to f4E2M1FN, which holds neither 5 nor 7, to i1, to
unsigned integers, from unsigned integers) stay at Schedule IR with their reason.

Usage: levels_i4_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import check, check_stays_at_schedule, check_validates, finish, run_levels
from levels_common import check_one_launch, same_bits, t

FLOATS = {"f32": np.float32, "f64": np.float64, "bf16": ml_dtypes.bfloat16, "f16": np.float16,
          "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
          "f6E2M3FN": ml_dtypes.float6_e2m3fn, "f6E3M2FN": ml_dtypes.float6_e3m2fn,
          "f4E2M1FN": ml_dtypes.float4_e2m1fn}
INTS = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}
EDGES = [0.0, -0.0, 0.5, -0.5, 0.99, -0.99, 1.0, -1.0, 6.9, 7.0, 7.99, 8.0, 8.5, -7.99, -8.0,
         -8.5, -8.99, -9.0, 15.0, -16.0, 1e30, -1e30, 2.0 ** -140, -(2.0 ** -140), np.inf,
         -np.inf, np.nan, -np.nan, 3.5, -3.5, 2.25, -6.0, 4.0]


def program(src, dst, n):
    a, r = t((n,), src), t((n,), dst)
    return (f"module {{\n  func.func @main(%a0: {a}) -> {r} {{\n"
            f'    %r = "tessera.cast"(%a0) : ({a}) -> {r}\n    return %r : {r}\n  }}\n}}\n')


def to_i4_oracle(x):
    """The spec's float/int -> i4 rule on the values of x (as stored)."""
    if x.dtype.kind in "iu":
        v = x.astype(np.int64) & 15
        return np.where(v > 7, v - 16, v).astype(np.int8)
    f = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        v = np.clip(np.trunc(np.nan_to_num(f, nan=0.0, posinf=8.0, neginf=-9.0)), -8, 7)
    return v.astype(np.int8)


def storage(x):
    """The .npy form of x: raw bits for the formats numpy lacks."""
    if x.dtype == ml_dtypes.bfloat16:
        return x.view(np.uint16)
    if x.dtype.itemsize == 1 and x.dtype not in (np.int8, np.uint8):
        return x.view(np.uint8)
    return x


def run_case(d, name, src, dst, x, want):
    path = d / f"{name}.mlir"
    path.write_text(program(src, dst, len(x)))
    np.save(d / f"{name}.in0.npy", storage(x))
    flags = ["--input", f"a0={d / f'{name}.in0.npy'}"]
    for level, got in run_levels(d, name, path, flags):
        check(same_bits(got, want), f"{name}: {level} gives {got[:8]}, the oracle {want[:8]}")
    check_one_launch(name, path)
    check_validates(name, path, flags)


def main():
    rng = np.random.default_rng(4)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        for name, ft in FLOATS.items():
            vals = np.array(EDGES + list(rng.standard_normal(40) * 6), np.float64)
            with np.errstate(over="ignore"):
                x = vals.astype(ft) if ft in (np.float32, np.float64, np.float16) else \
                    vals.astype(np.float32).astype(ft)
            if name == "f8E4M3FN":  # no Inf: the edges' Inf become NaN; keep the finite ones
                x = x[~np.isnan(x.astype(np.float32)) | np.isnan(vals)]
            if name.startswith("f6") or name == "f4E2M1FN":  # no Inf, no NaN
                x = x[np.isfinite(vals)]
            for n in (len(x), len(x) - 1):
                run_case(d, f"{name}_to_i4_{n}", name, "i4", x[:n], to_i4_oracle(x[:n]))
        for name, it in INTS.items():
            info = np.iinfo(it)
            x = np.array([0, 1, -1, 7, 8, -8, -9, 15, 16, -16, 23, -23, info.max, info.min,
                          info.max - 8, info.min + 9, 100, -100, 5], it)
            run_case(d, f"{name}_to_i4", name, "i4", x, to_i4_oracle(x))
        codes = np.array(list(range(-8, 8)) + list(rng.integers(-8, 8, 24)), np.int8)
        for name, dt in {**{k: v for k, v in FLOATS.items() if k != "f4E2M1FN"}, **INTS}.items():
            v = codes.astype(ml_dtypes.int4)  # exact in f32, so the f32 step rounds nothing
            want = v.astype(dt) if name in INTS else v.astype(np.float32).astype(dt)
            for n in (len(codes), len(codes) - 3):
                run_case(d, f"i4_to_{name}_{n}", "i4", name, codes[:n], want[:n])
        for dst, why in (("f4E2M1FN", "the result is neither a float that holds [-8, 7]"),
                         ("i1", "the result is neither"), ("ui8", "the result is neither")):
            path = d / f"i4_to_{dst}.mlir"
            path.write_text(program("i4", dst, 6))
            check_stays_at_schedule(
                path, f"no exact scalar lowering for a cast from i4 to {dst}: {why}")
        path = d / "ui16_to_i4.mlir"
        path.write_text(program("ui16", "i4", 6))
        check_stays_at_schedule(path, "no exact scalar lowering for a cast from ui16 to i4: the "
                                "source is neither")
    finish()


if __name__ == "__main__":
    main()
