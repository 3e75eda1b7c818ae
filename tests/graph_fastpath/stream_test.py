#!/usr/bin/env python3
"""Elementwise ops on outputs large enough to be streamed (non-temporal stores from 8 MB on,
interp/graph/stream_store.h) under TESSERA_ISA=scalar (the readable reference path: plain stores,
no streaming), avx2 and avx512 (where the CPU has it), each with --threads 1 and 2: every output
must be bit-identical to the scalar run, and the scalar run equals numpy (exact ops bit for bit,
transcendental ones within a relative 1e-6). Covers the same-shape, repeated-block (bias row) and
general broadcast paths of binary ops, unary and exp-form ops, select, and the f32, f64 and i32
element types. Usage: stream_test.py TESSERA_INTERP."""
import os
import subprocess
import sys
import tempfile

import numpy as np

# 8.01 MB of f32 per output (just over the threshold); odd sizes: blocks straddle rows, and the
# last line of each output is partial (plain stores after the streamed lines).
R, C = 2049, 1025
RD = 1025  # rows of the f64 operand (8.01 MB)
T, I = (f"tensor<{R}x{C}x{t}>" for t in ("f32", "i32"))
D = f"tensor<{RD}x{C}xf64>"
V, K = f"tensor<{C}xf32>", f"tensor<{R}x1xf32>"
PROGRAM = f"""func.func @main(%x: {T}, %y: {T}, %b: {V}, %k: {K}, %xd: {D}, %xi: {I}, %yi: {I})
    -> ({T}, {T}, {T}, {T}, {T}, {T}, {T}, {D}, {D}, {I}) {{
  %mul = tessera.mul %x, %y : ({T}, {T}) -> {T}
  %bias = tessera.add %x, %b : ({T}, {V}) -> {T}
  %col = tessera.sub %k, %y : ({K}, {T}) -> {T}
  %e = "tessera.exp"(%x) : ({T}) -> {T}
  %sg = "tessera.sigmoid"(%y) : ({T}) -> {T}
  %c = "tessera.cmp_lt"(%x, %y) : ({T}, {T}) -> tensor<{R}x{C}xi1>
  %sel = "tessera.select"(%c, %x, %y) : (tensor<{R}x{C}xi1>, {T}, {T}) -> {T}
  %th = "tessera.tanh"(%x) : ({T}) -> {T}
  %ad = tessera.add %xd, %xd : ({D}, {D}) -> {D}
  %sq = "tessera.sqrt"(%xd) : ({D}) -> {D}
  %mi = tessera.mul %xi, %yi : ({I}, {I}) -> {I}
  return %mul, %bias, %col, %e, %sg, %sel, %th, %ad, %sq, %mi : {T}, {T}, {T}, {T}, {T}, {T},
    {T}, {D}, {D}, {I}
}}
"""
NAMES = ["mul", "bias", "col", "e", "sg", "sel", "th", "ad", "sq", "mi"]
INPUTS = ["x", "y", "b", "k", "xd", "xi", "yi"]


def inputs(rng):
    x = (rng.standard_normal((R, C)) * 4).astype(np.float32)
    y = rng.standard_normal((R, C)).astype(np.float32)
    x.reshape(-1)[rng.choice(R * C, 6, replace=False)] = [np.nan, np.inf, -np.inf, -0.0, 1e-41, 0]
    xd = np.abs(rng.standard_normal((RD, C))) * 3.0
    xi = rng.integers(-2**31, 2**31, (R, C), dtype=np.int64).astype(np.int32)
    yi = rng.integers(-2**31, 2**31, (R, C), dtype=np.int64).astype(np.int32)
    return {"x": x, "y": y, "b": rng.standard_normal(C).astype(np.float32),
            "k": rng.standard_normal((R, 1)).astype(np.float32), "xd": xd, "xi": xi, "yi": yi}


def run(interp, tmp, isa, threads):
    out = os.path.join(tmp, f"{isa}_{threads}")
    os.makedirs(out)
    env = dict(os.environ, TESSERA_ISA=isa)
    cmd = [interp, "run", os.path.join(tmp, "p.mlir"), "--output-dir", out, "--threads",
           str(threads)] + [a for n in INPUTS for a in ("--input", f"{n}={tmp}/{n}.npy")]
    subprocess.run(cmd, check=True, env=env)
    return {n: np.load(os.path.join(out, f"{n}.npy")) for n in NAMES}


def check_oracle(res, a):
    x, y = a["x"], a["y"]
    with np.errstate(all="ignore"):
        exact = {"mul": x * y, "bias": x + a["b"], "col": a["k"] - y,
                 "sel": np.where(x < y, x, y), "ad": a["xd"] + a["xd"], "sq": np.sqrt(a["xd"]),
                 "mi": (a["xi"].astype(np.int64) * a["yi"]).astype(np.int32)}
        close = {"e": np.exp(x.astype(np.float64)), "th": np.tanh(x.astype(np.float64)),
                 "sg": 1 / (1 + np.exp(-y.astype(np.float64)))}
    for n, want in exact.items():
        if res[n].tobytes() != want.astype(res[n].dtype).tobytes():
            sys.exit(f"{n}: the scalar reference differs from numpy")
    for n, want in close.items():
        if not np.allclose(res[n], want, rtol=1e-6, atol=0, equal_nan=True):
            sys.exit(f"{n}: the scalar reference is not within 1e-6 of numpy")


def main():
    interp = sys.argv[1]
    a = inputs(np.random.default_rng(7))
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "p.mlir"), "w") as f:
            f.write(PROGRAM)
        for n in INPUTS:
            np.save(os.path.join(tmp, f"{n}.npy"), a[n])
        ref = run(interp, tmp, "scalar", 2)
        check_oracle(ref, a)
        isas = ["avx2"]
        if "avx512f" in open("/proc/cpuinfo").read():
            isas.append("avx512")
        else:
            print("note: this CPU has no AVX-512F; the avx512 stores are not exercised")
        for isa in isas:
            for threads in (1, 2):
                got = run(interp, tmp, isa, threads)
                bad = [n for n in NAMES if got[n].tobytes() != ref[n].tobytes()]
                if bad:
                    sys.exit(f"TESSERA_ISA={isa} --threads {threads}: {bad} differ from scalar")
    print("streamed elementwise outputs: bit-identical on every ISA and thread count")


if __name__ == "__main__":
    main()
