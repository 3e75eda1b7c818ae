#!/usr/bin/env python3
"""Example generator: conformance/cases/graph/add.mlir, three f32 cases for `tessera.add`.

Oracle: the float64 sum of two float32 values, rounded once to float32 (round_f64_to). Run from
anywhere: `python3 conformance/gen/example_add.py [output path]`.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, binary_op_module, round_f64_to  # noqa: E402

REQUIRES = ["op=tessera.add", "dtype=f32", "level=graph"]


def f32_bits(*words):
    return np.array(words, dtype=np.uint32).view(np.float32)


def add_oracle(a, b):
    return round_f64_to(a.astype(np.float64) + b.astype(np.float64), np.float32)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        REPO_ROOT, "conformance", "cases", "graph", "add.mlir")
    cf = CaseFile(out, generator=__file__, header="tessera.add on f32: elementwise a + b.")

    # Ordinary values, and sums that round: 1 + 2^-24 is a tie (rounds to even 1.0),
    # 1 + 3*2^-24 is a tie that rounds up, 2^24 + 1 is a tie at integer scale.
    a = np.array([[1.0, -2.5, 3.25], [1.0, 1.0, 2.0**24]], np.float32)
    b = np.array([[2.0, 0.5, -3.25], [2.0**-24, 3 * 2.0**-24, 1.0]], np.float32)
    cf.add_case("add_ties_f32", binary_op_module("tessera.add", a, b, a), [a, b],
                [add_oracle(a, b)], requires=REQUIRES,
                note="Round-to-nearest-even ties at 1 + 2^-24, 1 + 3*2^-24 and 2^24 + 1.")

    # Signed zeros, infinities, NaN, subnormals, overflow.
    a = f32_bits(0x80000000, 0x00000000, 0x7F800000, 0x7FC00000, 0x00000001, 0x7F7FFFFF)
    b = f32_bits(0x80000000, 0x80000000, 0xFF800000, 0x3F800000, 0x807FFFFF, 0x7F7FFFFF)
    a, b = a.reshape(2, 3), b.reshape(2, 3)
    with np.errstate(invalid="ignore", over="ignore"):
        want = add_oracle(a, b)
    cf.add_case("add_specials_f32", binary_op_module("tessera.add", a, b, a), [a, b], [want],
                requires=REQUIRES,
                note="-0 + -0 = -0, +0 + -0 = +0, Inf + -Inf = NaN, NaN + 1 = NaN,\n"
                     "subnormal sums, max + max = Inf.")

    # A larger tensor (stored as .npy beside the case file), exponents spread over 2^-20..2^20.
    rng = np.random.default_rng(20240601)
    shape = (16, 32)
    a = (rng.standard_normal(shape) * 2.0 ** rng.integers(-20, 21, shape)).astype(np.float32)
    b = (rng.standard_normal(shape) * 2.0 ** rng.integers(-20, 21, shape)).astype(np.float32)
    cf.add_case("add_random_16x32_f32", binary_op_module("tessera.add", a, b, a), [a, b],
                [add_oracle(a, b)], requires=REQUIRES)
    cf.write()


if __name__ == "__main__":
    main()
