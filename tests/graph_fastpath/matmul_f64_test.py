#!/usr/bin/env python3
"""f64 tessera.matmul (the hot path of --shadow f64): each output element is the sequential FMA
chain over k from +0 (docs/ops/graph/contractions.md). Runs a plain and a transpose_b product of
odd sizes (edge register tiles on every ISA) under TESSERA_ISA=scalar (the readable loop), avx2 and
avx512 (where the CPU has it), 1 and 2 threads, requires every output bit-identical to the scalar
run, and checks the scalar run bit for bit against an exact oracle: each FMA evaluated in rational
arithmetic (fractions.Fraction) and rounded once to the nearest double (CPython's int division is
correctly rounded), on the rows and columns whose inputs are finite.
Usage: matmul_f64_test.py TESSERA_INTERP."""
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

import numpy as np

M, K, N = 13, 37, 45
PROGRAM = f"""func.func @main(%a: tensor<{M}x{K}xf64>, %b: tensor<{K}x{N}xf64>,
    %bt: tensor<{N}x{K}xf64>) -> (tensor<{M}x{N}xf64>, tensor<{M}x{N}xf64>) {{
  %c = tessera.matmul %a, %b : (tensor<{M}x{K}xf64>, tensor<{K}x{N}xf64>) -> tensor<{M}x{N}xf64>
  %d = "tessera.matmul"(%a, %bt) {{transpose_b = true}} : (tensor<{M}x{K}xf64>, tensor<{N}x{K}xf64>) -> tensor<{M}x{N}xf64>
  return %c, %d : tensor<{M}x{N}xf64>, tensor<{M}x{N}xf64>
}}
"""


def fma_chain(a_row, b_col):
    acc = 0.0
    for x, y in zip(a_row, b_col):
        acc = float(Fraction(float(x)) * Fraction(float(y)) + Fraction(acc))
    return acc


def run(interp, tmp, isa, threads):
    out = os.path.join(tmp, f"{isa}_{threads}")
    os.makedirs(out)
    cmd = [interp, "run", os.path.join(tmp, "p.mlir"), "--output-dir", out, "--threads",
           str(threads)] + [a for n in ("a", "b", "bt") for a in ("--input", f"{n}={tmp}/{n}.npy")]
    subprocess.run(cmd, check=True, env=dict(os.environ, TESSERA_ISA=isa))
    return {n: np.load(os.path.join(out, f"{n}.npy")) for n in ("c", "d")}


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(17)
    # Mixed magnitudes so that the chains round; a few specials in row 3 / column 5 of B.
    a = rng.standard_normal((M, K)) * np.exp2(rng.integers(-20, 20, (M, K)))
    b = rng.standard_normal((K, N)) * np.exp2(rng.integers(-20, 20, (K, N)))
    a[3, 4] = np.nan
    a[7, 0] = -0.0
    a[8, 2] = 5e-324
    b[9, 5] = np.inf
    b[1, 1] = -0.0
    bt = np.ascontiguousarray(b.T)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "p.mlir"), "w") as f:
            f.write(PROGRAM)
        for n, arr in (("a", a), ("b", b), ("bt", bt)):
            np.save(os.path.join(tmp, f"{n}.npy"), arr)
        ref = run(interp, tmp, "scalar", 1)
        checked = 0
        for i in range(M):
            for j in range(N):
                if not (np.isfinite(a[i]).all() and np.isfinite(b[:, j]).all()):
                    continue
                want = np.float64(fma_chain(a[i], b[:, j])).tobytes()
                for name in ("c", "d"):
                    if ref[name][i, j].tobytes() != want:
                        sys.exit(f"{name}[{i}, {j}] = {ref[name][i, j]!r}, exact FMA chain gives "
                                 f"{np.frombuffer(want)[0]!r}")
                checked += 1
        if not (np.isnan(ref["c"][3]).any() and np.isnan(ref["c"][:, 5]).any()):
            sys.exit("NaN / Inf inputs did not reach the outputs")
        isas = ["avx2"] + (["avx512"] if "avx512f" in open("/proc/cpuinfo").read() else [])
        for isa in ["scalar"] + isas:
            for threads in (1, 2):
                if (isa, threads) == ("scalar", 1):
                    continue
                got = run(interp, tmp, isa, threads)
                for name in ("c", "d"):
                    if got[name].tobytes() != ref[name].tobytes():
                        sys.exit(f"TESSERA_ISA={isa} --threads {threads}: {name} differs from the "
                                 f"scalar reference")
    print(f"f64 matmul: {checked} elements equal the exact FMA chain; scalar, {', '.join(isas)} x "
          f"1, 2 threads bit-identical")


if __name__ == "__main__":
    main()
