#!/usr/bin/env python3
"""Generator: fft, ifft and fft2d case files (docs/ops/graph/fft.md).

Complex tensors are interleaved (re, im) pairs in a trailing dim of 2. Oracle: numpy.fft in
float64 (pocketfft), independent of the interpreter, rounded to the element type; the spec's
direct f64 sum differs from it by rounding only: tolerances relative to the output scale.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module  # noqa: E402


def pairs(z, dtype):
    return np.stack([z.real, z.imag], -1).astype(dtype)


def cplx(a):
    return a[..., 0].astype(np.float64) + 1j * a[..., 1]


def main():
    rng = np.random.default_rng(1910)
    path = os.path.join(REPO_ROOT, "conformance", "cases", "graph")
    for op, fn, shapes in [("fft", np.fft.fft, [(16,), (3, 10)]),
                           ("ifft", np.fft.ifft, [(16,), (3, 10)]),
                           ("fft2d", np.fft.fft2, [(8, 8), (2, 4, 6)])]:
        cf = CaseFile(os.path.join(path, f"{op}.mlir"), generator=__file__,
                      header=f"tessera.{op}: direct DFT in f64 on (re, im) pairs.")
        for shape in shapes:
            for dtype in (np.float32, np.float64):
                x = pairs(rng.standard_normal(shape) + 1j * rng.standard_normal(shape), dtype)
                want = pairs(fn(cplx(x)), dtype)
                prog = op_module(f"tessera.{op}", [x], want, names=["%x"])
                tol = "tol:rtol=1e-5,atol=1e-5" if dtype == np.float32 else \
                    "tol:rtol=1e-12,atol=1e-12"
                name = "x".join(map(str, shape)) + "_" + mlir_type(x)[-4:-1]
                cf.add_case("n" + name, prog, [x], [want], rule=tol,
                            requires=[f"op=tessera.{op}", f"dtype={mlir_type(x)[-4:-1]}",
                                      "level=graph"],
                            note="numpy.fft in float64; (re, im) pairs in the last dim.")
        cf.write()


if __name__ == "__main__":
    main()
