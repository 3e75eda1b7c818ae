#!/usr/bin/env python3
"""bf16 GEMM lowering keeps a -0 chain (regression): every product -1e-30 * 1e-30 underflows to -0,
so each output's FMA chain (docs/ops/graph/contractions.md) is -0 from its first step on, and a
zero-filled padded K step at the end, fma(0, 0, -0) = +0, would flip it. Hand-derived oracle:
every element is -0 (0x80000000). K = 64 takes whole K blocks of 32; K = 48 and K = 2 pad the
first block (fma(0, 0, +0) = +0 steps before the chain). Before the fix the last block was padded
and K = 48 gave +0 at Tile and Target IR.

Usage: levels_gemm_low_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import FAILS, check, run_proc as run  # noqa: E402


def main():
    m, n = 64, 32
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for k, lowers in ((64, True), (48, True), (2, True)):
            a = np.full((m, k), -1e-30, ml_dtypes.bfloat16)
            b = np.full((k, n), 1e-30, ml_dtypes.bfloat16)
            np.save(d / f"a{k}.npy", a)
            np.save(d / f"b{k}.npy", b)
            ins = ["--input", f"a={d / f'a{k}.npy'}", "--input", f"b={d / f'b{k}.npy'}"]
            src = d / f"k{k}.mlir"
            ta, tb, tc = f"tensor<{m}x{k}xbf16>", f"tensor<{k}x{n}xbf16>", f"tensor<{m}x{n}xf32>"
            src.write_text(f"""module {{
  func.func @main(%a: {ta}, %b: {tb}) -> {tc} {{
    %c = tessera.matmul %a, %b : ({ta}, {tb}) -> {tc}
    return %c : {tc}
  }}
}}""")
            for level in ("graph", "schedule", "tile", "target"):
                od = d / f"k{k}.{level}"
                run("run", src, "--level", level, *ins, "-o", od)
                (f,) = list(od.glob("*.npy"))
                got = np.load(f).view(np.uint32)
                check((got == 0x80000000).all(), f"K {k}: {level} gives {hex(got.flat[0])}, not -0")
            tile = run("lower", src, "--to", "tile").stdout
            check(("tile.launch" in tile) == lowers, f"K {k}: tile.launch expected={lowers}")
            if not lowers:
                check("a bf16/f16 matmul needs K a multiple of 32" in tile, f"K {k}: the reason")
    if FAILS:
        raise SystemExit(f"{len(FAILS)} failures")
    print("ok")


if __name__ == "__main__":
    main()
