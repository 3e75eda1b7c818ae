#!/usr/bin/env python3
"""Runs reductions, softmax, norms and a stochastic cast with --threads 1 and --threads 2 and
requires bit-identical outputs (DESIGN section 5). Usage: threads_test.py TESSERA_INTERP."""
import os
import subprocess
import sys
import tempfile

import numpy as np

PROGRAM = """module {
  func.func @main(%x: tensor<512x768xf32>, %g: tensor<768xf32>) -> (tensor<512xf32>,
      tensor<768xf32>, tensor<512x768xf32>, tensor<512x768xf32>, tensor<512x768xf32>,
      tensor<512x768xf32>, tensor<f32>, tensor<512x768xbf16>) {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<512x768xf32>) -> tensor<512xf32>
    %1 = "tessera.reduce"(%x) {kind = "mean", axes = [0]} : (tensor<512x768xf32>) -> tensor<768xf32>
    %2 = "tessera.softmax"(%x) : (tensor<512x768xf32>) -> tensor<512x768xf32>
    %3 = "tessera.log_softmax"(%x) {axis = 0} : (tensor<512x768xf32>) -> tensor<512x768xf32>
    %4 = "tessera.layer_norm"(%x, %g) : (tensor<512x768xf32>, tensor<768xf32>) -> tensor<512x768xf32>
    %5 = "tessera.rmsnorm"(%x, %g) : (tensor<512x768xf32>, tensor<768xf32>) -> tensor<512x768xf32>
    %6 = "tessera.mse"(%x, %2) : (tensor<512x768xf32>, tensor<512x768xf32>) -> tensor<f32>
    %7 = "tessera.cast"(%x) {numeric_policy = {rounding = "stochastic", seed = 11}} : (tensor<512x768xf32>) -> tensor<512x768xbf16>
    return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<512xf32>, tensor<768xf32>, tensor<512x768xf32>,
      tensor<512x768xf32>, tensor<512x768xf32>, tensor<512x768xf32>, tensor<f32>, tensor<512x768xbf16>
  }
}
"""


def run(interp, tmp, threads):
    out = os.path.join(tmp, f"t{threads}")
    os.makedirs(out)
    subprocess.run([interp, "run", os.path.join(tmp, "p.mlir"), "--input",
                    f"x={tmp}/x.npy", "--input", f"g={tmp}/g.npy", "--output-dir", out,
                    "--threads", str(threads)], check=True)
    return {f: open(os.path.join(out, f), "rb").read() for f in sorted(os.listdir(out))}


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(99)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "p.mlir"), "w") as f:
            f.write(PROGRAM)
        x = (rng.standard_normal((512, 768)) * 2.0 ** rng.integers(-12, 12, (512, 768)))
        np.save(os.path.join(tmp, "x.npy"), x.astype(np.float32))
        np.save(os.path.join(tmp, "g.npy"), rng.standard_normal(768).astype(np.float32))
        one, two = run(interp, tmp, 1), run(interp, tmp, 2)
        if len(one) != 8 or one.keys() != two.keys():
            sys.exit(f"expected 8 outputs, got {sorted(one)} and {sorted(two)}")
        bad = [k for k in one if one[k] != two[k]]
        if bad:
            sys.exit(f"outputs differ between --threads 1 and --threads 2: {bad}")
        # Guard against a vacuous pass: real data came out, and the stochastic cast did not
        # simply round to nearest.
        res = {k: np.load(os.path.join(tmp, "t1", k)) for k in one}
        sums = res[sorted(res)[0]]
        want = x.astype(np.float32).astype(np.float64).sum(axis=1)
        if not np.allclose(sums, want, rtol=1e-3, atol=1e-2):
            sys.exit("reduce sum is wrong")
        sr = res[sorted(res)[-1]].view(np.uint16)
        import ml_dtypes
        rne = x.astype(np.float32).astype(ml_dtypes.bfloat16).view(np.uint16)
        if sr.shape != rne.shape or np.array_equal(sr, rne):
            sys.exit("stochastic cast equals round-to-nearest: rounding mode ignored?")
        print(f"{len(one)} outputs bit-identical across thread counts")


if __name__ == "__main__":
    main()
