#!/usr/bin/env python3
"""Generator: uniform, randn, poisson and dropout case files (docs/ops/graph/random.md).

Oracle: conformance/gen/philox_model.py, Philox4x32-10 written from Salmon et al. (SC 2011) in
numpy and the distributions exactly as the spec states them, independent of the interpreter.
uniform and dropout are plain IEEE arithmetic (`bitexact`). poisson uses exp from the C library
in f64 (a different libm could move a count only when u lies within an ulp of a CDF step:
`bitexact`, see the note). randn uses f64 log/cos/sqrt from the C library, rounded once to the
result type: `ulp:1` for f32, a 1e-14 relative tolerance for f64.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import philox_model as pm  # noqa: E402
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module  # noqa: E402


def case_file(op, header):
    return CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", f"{op}.mlir"),
                    generator=__file__, header=header)


def dt(a):
    return mlir_type(a)[7:-1].split("x")[-1]


def source_file(op, header, cases, more=None):
    cf = case_file(op, header)
    for name, attrs, want, rule, note in cases:
        prog = op_module(f"tessera.{op}", [], want, attrs)
        cf.add_case(name, prog, [], [want], rule=rule, note=note,
                    requires=[f"op=tessera.{op}", f"dtype={dt(want)}", "level=graph"])
    if more:
        more(cf)
    cf.write()


def uniform_more(cf):
    """Narrow results (computed in f32, rounded once), the offset operand, upstream's spelling."""
    want = pm.uniform(5, 1, (4, 33), np.float32, -2.0, 2.0).astype(ml_dtypes.bfloat16)
    cf.add_case("range_bf16", op_module("tessera.uniform", [], want,
                                        "seed = 5, stream = 1, low = -2.0, high = 2.0"),
                [], [want], requires=["op=tessera.uniform", "dtype=bf16", "level=graph"],
                note="Computed in f32, rounded once to bf16.")
    off = np.array(3, np.int32)
    want = pm.uniform(6, 2**32 - 2 + 3, (40,), np.float32, 0.0, 10.0).astype(np.float16)
    cf.add_case("offset_operand_f16",
                op_module("tessera.uniform", [off], want,
                          f"seed = 6, stream = {2**32 - 2}, low = 0.0, high = 10.0",
                          names=["%step"]),
                [off], [want], requires=["op=tessera.uniform", "dtype=f16", "level=graph"],
                note="stream 2^32 - 2 plus the offset 3 carries into the stream's high word.")
    want = pm.uniform(8, 4, (2, 3, 5), np.float32)
    cf.add_case("rng_uniform_spelling",
                op_module("tessera.rng_uniform", [], want, "shape = [2, 3, 5], seed = 8, stream = 4"),
                [], [want], requires=["op=tessera.rng_uniform", "dtype=f32", "level=graph"],
                note="Upstream's tessera.rng_uniform: tessera.uniform's numbers (misc_random.md).")


def main():
    f32, f64 = np.float32, np.float64
    source_file("uniform", "tessera.uniform: Philox words to [low, high).", [
        ("unit_f32", "seed = 42", pm.uniform(42, 0, (8, 16), f32), "bitexact", ""),
        ("range_stream_f32", "seed = 42, stream = 7, low = -3.0, high = 5.0",
         pm.uniform(42, 7, (300,), f32, -3.0, 5.0), "bitexact", ""),
        ("negative_seed_f64", "seed = -1, low = 1.0, high = 2.0",
         pm.uniform(-1, 0, (5, 5), f64, 1.0, 2.0), "bitexact",
         "The seed's 64 bits are taken as two's complement; f64 uses 53-bit uniforms."),
    ], uniform_more)
    source_file("randn", "tessera.randn: Box-Muller in f64 on Philox words.", [
        ("std_f32", "seed = 42", pm.randn(42, 0, (16, 16), f32), "ulp:1",
         "f64 log/cos from libm, rounded once to f32."),
        ("scaled_f32", "seed = 3, stream = 2, mean = 1.0, stddev = 0.5",
         pm.randn(3, 2, (1000,), f32, 1.0, 0.5), "ulp:1", ""),
        ("std_f64", "seed = 9", pm.randn(9, 0, (7, 3), f64), "tol:rtol=1e-14,atol=1e-15", ""),
    ])
    note = "Counts from f64 exp(-lam) of libm: see the generator's docstring."
    source_file("poisson", "tessera.poisson: CDF inversion in f64 on 53-bit Philox uniforms.", [
        ("lam3_i32", "seed = 5, lam = 3.0", pm.poisson(5, 0, (200,), np.int32, 3.0), "bitexact",
         note),
        ("lam0p2_i64", "seed = 5, stream = 1, lam = 0.2",
         pm.poisson(5, 1, (10, 10), np.int64, 0.2), "bitexact", note),
        ("lam100_f32", "seed = 6, lam = 100.0", pm.poisson(6, 0, (64,), f32, 100.0), "bitexact",
         note),
        ("lam0_i32", "seed = 6, lam = 0.0", pm.poisson(6, 0, (4,), np.int32, 0.0), "bitexact",
         "lam = 0 gives zeros."),
    ])
    cf = case_file("dropout", "tessera.dropout: keep where u24 >= p, scale by 1 / (1 - p).")
    rng = np.random.default_rng(1830)
    for name, x, attrs, p, train in [
        ("p0p25_f32", rng.standard_normal((12, 20)).astype(f32), "p = 0.25, seed = 17", 0.25, True),
        ("p0p5_stream_f64", rng.standard_normal(100), "p = 0.5, seed = 17, stream = 4", 0.5, True),
        ("eval_f32", rng.standard_normal(10).astype(f32), "p = 0.5, seed = 1, training = false",
         0.5, False),
    ]:
        stream = 4 if "stream" in attrs else 0
        want = pm.dropout(x, 17 if train else 1, stream, p, train)
        prog = op_module("tessera.dropout", [x], want, attrs, names=["%x"])
        cf.add_case(name, prog, [x], [want],
                    requires=["op=tessera.dropout", f"dtype={dt(x)}", "level=graph"])
    x = rng.standard_normal((4, 32)).astype(f32)
    off = np.array(12, np.int64)
    want = pm.dropout(x, 17, 2 + 12, 0.5)
    prog = op_module("tessera.dropout", [x, off], want, "p = 0.5, seed = 17, stream = 2",
                     names=["%x", "%step"])
    cf.add_case("offset_operand_f32", prog, [x, off], [want],
                requires=["op=tessera.dropout", "dtype=f32", "level=graph"],
                note="The offset operand adds to `stream`: stream 2 + 12.")
    cf.write()


if __name__ == "__main__":
    main()
