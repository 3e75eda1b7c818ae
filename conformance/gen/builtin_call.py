#!/usr/bin/env python3
"""Generator: conformance/cases/graph/call.mlir, `func.call` of functions in the same module.

Oracle: numpy float32 arithmetic of the callee's ops (each op rounds once in f32, exactly as the
spec of tessera.mul / tessera.add says), composed in the call order.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile  # noqa: E402

PROGRAM = """module {
  func.func @square(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %y = tessera.mul %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %y : tensor<2x3xf32>
  }
  func.func @fma_like(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %s = func.call %x {callee = @square} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %t = tessera.add %s, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    return %t, %s : tensor<2x3xf32>, tensor<2x3xf32>
  }
  func.func @main(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %q:2 = func.call %x, %b {callee = @fma_like} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    %r = func.call %q#0 {callee = @square} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r, %q#1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
}
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO_ROOT, "conformance", "cases", "graph", "call.mlir")
    cf = CaseFile(out, generator=__file__, header="func.call: nested calls and multiple results.")
    x = np.array([[1.5, -2.0, 3.0e-20], [1.0e20, 0.1, -0.0]], np.float32)
    b = np.array([0.25, -4.0, 1.0], np.float32)
    with np.errstate(over="ignore"):
        s = x * x
        t = s + b
        r = t * t
    cf.add_case("nested_calls_f32", PROGRAM, [x, b], [r, s], requires=["op=func.call", "op=tessera.mul", "op=tessera.add", "dtype=f32", "level=graph"],
                note="main calls fma_like (which calls square) and square again; 1e20^2 overflows to Inf.")
    cf.write()


if __name__ == "__main__":
    main()
