#!/usr/bin/env python3
"""Generator: conformance/cases/graph/cast.mlir (tessera.cast, docs/ops/graph/cast.md).

Oracles, independent of the interpreter:
- float targets from float32 sources: ml_dtypes / numpy `astype` (the `ocp` profile; one rounding
  from float32, so no double-rounding trap);
- every bit pattern of each 8-bit-or-narrower float format, and of f16 / bf16, to float32:
  ml_dtypes `astype` (exact);
- float -> integer: the rule of docs/numerics.md written in numpy (truncate, saturate, NaN -> 0;
  bool: != 0 with NaN -> 1); integer -> integer: numpy's wrapping `astype`;
- saturate = true on e4m3: finite values clipped to +-448 first (docs/numerics.md, `ocp`).
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module  # noqa: E402

F32 = np.float32
FLOAT_TARGETS = [np.float64, np.float16, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn,
                 ml_dtypes.float8_e5m2, ml_dtypes.float6_e2m3fn, ml_dtypes.float6_e3m2fn,
                 ml_dtypes.float4_e2m1fn, ml_dtypes.float8_e8m0fnu]
SMALL_FORMATS = {ml_dtypes.float8_e4m3fn: 256, ml_dtypes.float8_e5m2: 256,
                 ml_dtypes.float6_e2m3fn: 64, ml_dtypes.float6_e3m2fn: 64,
                 ml_dtypes.float4_e2m1fn: 16, ml_dtypes.float8_e8m0fnu: 256}


def name_of(dt):
    return mlir_type(np.zeros((), dt))[7:-1]


def float_to_int(x, dt):
    """docs/numerics.md: truncate toward zero, saturate, NaN -> 0; bool: != 0 (NaN -> 1)."""
    d = x.astype(np.float64)
    if np.dtype(dt) == np.bool_:
        return (d != 0) | np.isnan(d)
    if np.dtype(dt) == np.dtype(ml_dtypes.int4):
        lo, hi = -8, 7
    else:
        info = np.iinfo(dt)
        lo, hi = int(info.min), int(info.max)
    out = []
    for v in d.reshape(-1):
        if np.isnan(v):
            out.append(0)
        elif v >= hi:
            out.append(hi)
        elif v <= lo:
            out.append(lo)
        else:
            out.append(int(np.trunc(v)))
    return np.array(out, dtype=np.int64 if lo < 0 else np.uint64).astype(dt).reshape(x.shape)


def f32_sources(rng):
    bits = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001,
            0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000]
    special = np.array(bits, np.uint32).view(F32)
    edges = np.array([448, 464, 465, 480, -464, 57344, 61439, 61440, 65520, 7.5, 7.75, 28, 30,
                      6, 5, 0.25, 0.75, 2.5, 3.5, -2.5, 1.5, 0.3, 2.0 ** -127, 2.0 ** -126,
                      2.0 ** -9, 2.0 ** -10, 1.5 * 2.0 ** -10, 2.0 ** -16, 2.0 ** -17,
                      1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, 1 + 2.0 ** -11, 65504, 65520, 1e-8,
                      3.3895314e38], F32)
    rand = (rng.standard_normal(80) * 2.0 ** rng.integers(-20, 20, 80)).astype(F32)
    return np.concatenate([special, edges, -edges, rand])


def main():
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "cast.mlir"),
                  generator=__file__,
                  header="tessera.cast: every dtype pair via num::convert_array.")
    rng = np.random.default_rng(7501)
    x = f32_sources(rng)

    def add(name, src, want, attrs="", note=""):
        req = ["op=tessera.cast", f"dtype={name_of(src.dtype)}", f"dtype={name_of(want.dtype)}",
               "level=graph"]
        cf.add_case(name, op_module("tessera.cast", [src], want, attrs, names=["%x"]), [src], [want], requires=req, note=note)

    with np.errstate(all="ignore"):
        for dt in FLOAT_TARGETS:
            add(f"f32_to_{name_of(dt)}", x, x.astype(dt),
                note="ml_dtypes astype from float32 (ocp profile): ties, overflow, NaN, Inf,\n"
                     "subnormals.")
        for dt, n in SMALL_FORMATS.items():
            pats = np.arange(n, dtype=np.uint8).view(dt)
            add(f"{name_of(dt)}_all_to_f32", pats, pats.astype(F32),
                note="Every bit pattern, decoded exactly.")
        for dt in (np.float16, ml_dtypes.bfloat16):
            pats = np.arange(65536, dtype=np.uint16).view(dt)
            add(f"{name_of(dt)}_all_to_f32", pats, pats.astype(F32),
                note="Every bit pattern, decoded exactly.")
        xd = rng.standard_normal(40) * 2.0 ** rng.integers(-200, 200, 40)
        xd = np.concatenate([xd, [1 + 2.0 ** -24 + 2.0 ** -60, 2.0 ** -149 * 0.5, 2.0 ** -150,
                                  3.5e38, -np.inf, np.nan, -0.0]])
        add("f64_to_f32", xd, xd.astype(F32),
            note="numpy float64 -> float32 is one correct rounding (ties, subnormals, overflow).")
        for dt in (np.bool_, ml_dtypes.int4, np.int8, np.int32, np.int64, np.uint8, np.uint32):
            add(f"f32_to_{name_of(dt)}", x, float_to_int(x, dt),
                note="Truncate toward zero, saturate at the range, NaN -> 0 (bool: != 0).")
        ints = np.array([0, 1, -1, 2 ** 24 + 1, 2 ** 24 + 3, -(2 ** 31), 2 ** 31 - 1, 123456789],
                        np.int32)
        add("i32_to_f32", ints, ints.astype(F32), note="Rounding to nearest even above 2^24.")
        big = np.array([2 ** 63 - 1, -(2 ** 63), 2 ** 53 + 1, 12345], np.int64)
        add("i64_to_f64", big, big.astype(np.float64))
        add("i32_to_i8", ints, ints.astype(np.int8), note="Integer narrowing wraps.")
        u = np.array([0, 1, 127, 128, 255], np.uint8)
        add("ui8_to_i8", u, u.astype(np.int8))
        add("ui8_to_i1", u, u != 0)
        i4 = np.arange(-8, 8, dtype=np.int8).astype(ml_dtypes.int4)
        add("i4_to_f32", i4, i4.astype(F32), note="Packed int4, both nibbles.")
        # saturate = true on e4m3 (ocp): finite overflow -> +-448, Inf and NaN -> NaN.
        clipped = np.where(np.isfinite(x), np.clip(x, -448, 448), x).astype(F32)
        add("f32_to_f8E4M3FN_saturate", x, clipped.astype(ml_dtypes.float8_e4m3fn),
            attrs="numeric_policy = {saturate = true}",
            note="Saturation: |x| > 448 finite -> 448; Inf still becomes NaN in the ocp profile.")
        # Round toward zero to bf16: truncate the low 16 bits of finite values.
        fin = x[np.isfinite(x)]
        trunc = (fin.view(np.uint32) & np.uint32(0xFFFF0000)).view(F32)
        add("f32_to_bf16_rtz", fin, trunc.astype(ml_dtypes.bfloat16),
            attrs='numeric_policy = {rounding = "rtz"}',
            note="rtz on finite values keeps the top 16 bits.")
    cf.write()


if __name__ == "__main__":
    main()
