#!/usr/bin/env python3
"""tessera.dequantize at every level (docs/ops/schedule/lowering.md, "Quantization"): the
"tensor", "mx" and "nvfp4" schemes as scalar kernels (value(q) times its scale) must reach Tile
and Target IR and give the bits of a numpy oracle of docs/ops/graph/quantization.md, written
from the spec, not from the interpreter: tensor: f32(value(q)) * scale rounded once (numpy f32);
mx: value(q) * 2^(S - 127) in f64 (exact) rounded once to f32, NaN for S = 0xFF; nvfp4:
(value(q) * value(s)) * g left to right in f32. Element values come from ml_dtypes 0.6. Every
element pattern of the formats appears, with e8m0 scales from 0x00 to 0xFF, and rows that end
in a partial block.

Usage: levels_quant_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import LEVELS, check, check_lowers_to_target, check_validates, finish, run_proc as run  # noqa: E402

FMT = {"f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
       "f6E2M3FN": ml_dtypes.float6_e2m3fn, "f6E3M2FN": ml_dtypes.float6_e3m2fn,
       "f4E2M1FN": ml_dtypes.float4_e2m1fn, "bf16": ml_dtypes.bfloat16}
PATTERNS = {"f6E2M3FN": 64, "f6E3M2FN": 64, "f4E2M1FN": 16}


def elems(fmt, rng, shape):
    n = int(np.prod(shape))
    if fmt == "bf16":
        return rng.integers(0, 65536, n).astype(np.uint16).reshape(shape)
    return (np.arange(n) % PATTERNS.get(fmt, 256)).astype(np.uint8).reshape(shape)


def value(bits, fmt):
    return bits.view(FMT[fmt]).astype(np.float32)


def program(scheme, fmt, shape, sfmt, sshape):
    t = lambda s, e: "tensor<" + "".join(f"{k}x" for k in s) + e + ">"  # noqa: E731
    ops = [f"%q: {t(shape, fmt)}", f"%s: {t(sshape, sfmt)}"]
    types = [t(shape, fmt), t(sshape, sfmt)]
    args = "%q, %s"
    if scheme == "nvfp4":
        ops.append("%g: tensor<f32>")
        types.append("tensor<f32>")
        args += ", %g"
    return f"""module {{
  func.func @main({", ".join(ops)}) -> {t(shape, "f32")} {{
    %y = "tessera.dequantize"({args}) {{scheme = "{scheme}"}} : ({", ".join(types)}) -> {t(shape, "f32")}
    return %y : {t(shape, "f32")}
  }}
}}"""


def main():
    rng = np.random.default_rng(5)
    cases = []
    for fmt in ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f4E2M1FN", "bf16"):
        shape = (4, 64)
        q = elems(fmt, rng, shape)
        s = np.array(rng.standard_normal() * 3, np.float32) if fmt != "bf16" else \
            np.array(np.float32(1e-30), np.float32)
        with np.errstate(over="ignore", invalid="ignore"):
            want = value(q, fmt) * s
        cases.append(("tensor", fmt, q, "f32", s, None, want))
    for fmt in ("f8E4M3FN", "f8E5M2", "f6E3M2FN", "f4E2M1FN"):
        shape = (8, 64)  # 16 blocks of 32: every e8m0 scale pattern once per 16 blocks x 16 runs
        q = elems(fmt, rng, shape)
        sc = (np.arange(16) * 17 % 256).astype(np.uint8).reshape(8, 2)
        sc[0, 0], sc[0, 1], sc[1, 0] = 0x00, 0xFF, 0xFE
        x = np.repeat(sc.astype(np.float64), 32, axis=1)
        scale = np.where(x == 255, np.nan, np.exp2(x - 127))
        with np.errstate(over="ignore", invalid="ignore"):
            want = (value(q, fmt).astype(np.float64) * scale).astype(np.float32)
        cases.append(("mx", fmt, q, "f8E8M0FNU", sc, None, want))
    for fmt in ("f8E4M3FN", "f4E2M1FN"):  # rows of 50: the last block holds 18 elements
        q = elems(fmt, rng, (3, 50))
        sc = rng.integers(0x70, 0x90, (3, 2)).astype(np.uint8)
        x = np.repeat(sc.astype(np.float64), 32, axis=1)[:, :50]
        with np.errstate(over="ignore", invalid="ignore"):
            want = (value(q, fmt).astype(np.float64) * np.exp2(x - 127)).astype(np.float32)
        cases.append(("mx", fmt, q, "f8E8M0FNU", sc, None, want))
    for shape in ((4, 32), (3, 20)):  # whole blocks, and a partial last block of 4
        q = elems("f4E2M1FN", rng, shape)
        sc = rng.integers(0, 0x7F, (shape[0], (shape[1] + 15) // 16)).astype(np.uint8)
        sc[0, 0] = 0x7F  # an e4m3 NaN scale
        g = np.array(0.37, np.float32)
        f = np.repeat(sc.view(ml_dtypes.float8_e4m3fn).astype(np.float32), 16, axis=1)
        with np.errstate(invalid="ignore"):
            want = (value(q, "f4E2M1FN") * f[:, :shape[1]]) * g
        cases.append(("nvfp4", "f4E2M1FN", q, "f8E4M3FN", sc, g, want))
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for k, (scheme, fmt, q, sfmt, s, g, want) in enumerate(cases):
            name = f"{scheme}_{fmt}_{k}"
            p = d / f"{name}.mlir"
            p.write_text(program(scheme, fmt, q.shape, sfmt, s.shape))
            np.save(d / f"{name}.q.npy", q)
            np.save(d / f"{name}.s.npy", s)
            ins = ["--input", f"q={d / f'{name}.q.npy'}", "--input", f"s={d / f'{name}.s.npy'}"]
            if g is not None:
                np.save(d / f"{name}.g.npy", g)
                ins += ["--input", f"g={d / f'{name}.g.npy'}"]
            for level in LEVELS:
                od = d / f"{name}.{level}"
                run("run", p, "--level", level, *ins, "-o", od)
                got = np.load(od / "y.npy")
                same = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) &
                                                                          np.isnan(want))
                check(got.dtype == np.float32 and same.all(),
                      f"{name}: {level} differs at {np.argwhere(~same)[:3].tolist()}: "
                      f"{got[~same][:3]} vs {want[~same][:3]}")
            check_lowers_to_target(name, p)
            check_validates(name, p, ins)
    finish()


if __name__ == "__main__":
    main()
