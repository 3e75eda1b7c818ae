#!/usr/bin/env python3
"""Generator: conformance/cases/graph/{transpose,reshape,broadcast,concat,slice,constant}.mlir.

Oracle: numpy's own transpose / reshape / broadcast_to / concatenate / basic slicing on the input
arrays; the ops move bits, so every case is bitexact and several use NaN payloads, -0 and
low-precision types to show that values pass untouched.
"""
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type  # noqa: E402

CASES = os.path.join(REPO_ROOT, "conformance", "cases", "graph")


def unary(op, x, result, attrs=""):
    tx, tr = mlir_type(x), mlir_type(result)
    attr = f" {{{attrs}}}" if attrs else ""
    return ("module {\n"
            f"  func.func @main(%x: {tx}) -> {tr} {{\n"
            f'    %0 = "{op}"(%x){attr} : ({tx}) -> {tr}\n'
            f"    return %0 : {tr}\n  }}\n}}\n")


def ints(xs):
    return "[" + ", ".join(str(int(v)) for v in xs) + "]"


def main():
    rng = np.random.default_rng(99)
    f32 = rng.standard_normal((2, 3, 4)).astype(np.float32)
    specials = np.array([0x7FC01234, 0x80000000, 0xFF800000], np.uint32)
    f32.reshape(-1)[:3] = specials.view(np.float32)
    bf = rng.standard_normal((3, 5)).astype(ml_dtypes.bfloat16)
    e4 = (rng.standard_normal((2, 4)) * 8).astype(ml_dtypes.float8_e4m3fn)
    i32 = rng.integers(-1000, 1000, (4, 1, 3)).astype(np.int32)
    b1 = rng.integers(0, 2, (3, 2)).astype(np.bool_)

    def req(op, arr):
        return [f"op={op}", "level=graph", f"dtype={mlir_type(arr)[:-1].split('x')[-1].split('<')[-1]}"]

    cf = CaseFile(os.path.join(CASES, "transpose.mlir"), __file__,
                  header="tessera.transpose / tessera.permute: numpy.transpose oracle.")
    for name, op, x, perm in (("transpose_3d_f32", "tessera.transpose", f32, (2, 0, 1)),
                              ("transpose_2d_bf16", "tessera.transpose", bf, (1, 0)),
                              ("permute_3d_i32", "tessera.permute", i32, (1, 2, 0)),
                              ("transpose_identity_i1", "tessera.transpose", b1, (0, 1))):
        want = np.ascontiguousarray(np.transpose(x, perm))
        cf.add_case(name, unary(op, x, want, f"perm = {ints(perm)}"), [x], [want],
                    requires=req(op, x))
    cf.write()

    cf = CaseFile(os.path.join(CASES, "reshape.mlir"), __file__,
                  header="tessera.reshape: numpy.reshape (C order) oracle.")
    for name, x, shape in (("reshape_f32", f32, (6, 4)), ("reshape_e4m3", e4, (8,)),
                           ("reshape_to_scalarish_i32", i32, (12, 1))):
        want = x.reshape(shape)
        cf.add_case(name, unary("tessera.reshape", x, want), [x], [want],
                    requires=req("tessera.reshape", x))
    cf.write()

    cf = CaseFile(os.path.join(CASES, "broadcast.mlir"), __file__,
                  header="tessera.broadcast: numpy.broadcast_to oracle.")
    x = rng.standard_normal((3, 1)).astype(np.float32)
    want = np.ascontiguousarray(np.broadcast_to(x, (2, 3, 4)))
    cf.add_case("broadcast_numpy_f32", unary("tessera.broadcast", x, want), [x], [want],
                requires=req("tessera.broadcast", x))
    x = rng.integers(-5, 5, (3,)).astype(np.int32)
    want = np.ascontiguousarray(np.broadcast_to(x[:, None], (3, 4)))
    cf.add_case("broadcast_dims_i32", unary("tessera.broadcast", x, want,
                                            "broadcast_dimensions = [0]"), [x], [want],
                requires=req("tessera.broadcast", x), note="Operand dim 0 -> result dim 0.")
    want = np.ascontiguousarray(np.broadcast_to(bf[:, None, :], (3, 2, 5)))
    cf.add_case("broadcast_dims_middle_bf16", unary("tessera.broadcast", bf, want,
                                                    "broadcast_dimensions = [0, 2]"),
                [bf], [want], requires=req("tessera.broadcast", bf))
    cf.write()

    cf = CaseFile(os.path.join(CASES, "concat.mlir"), __file__,
                  header="tessera.concat: numpy.concatenate oracle.")
    parts = [rng.standard_normal((2, n)).astype(np.float32) for n in (1, 3, 2)]
    want = np.concatenate(parts, axis=-1)
    ts = [mlir_type(p) for p in parts]
    prog = ("module {\n"
            f"  func.func @main(%a: {ts[0]}, %b: {ts[1]}, %c: {ts[2]}) -> {mlir_type(want)} {{\n"
            f'    %0 = "tessera.concat"(%a, %b, %c) {{axis = -1}} : ({", ".join(ts)}) -> '
            f"{mlir_type(want)}\n    return %0 : {mlir_type(want)}\n  }}\n}}\n")
    cf.add_case("concat_3_axis_last_f32", prog, parts, [want],
                requires=["op=tessera.concat", "level=graph", "dtype=f32"])
    e4b = (rng.standard_normal((1, 4)) * 8).astype(ml_dtypes.float8_e4m3fn)
    want = np.concatenate([e4, e4b], axis=0)
    t0, t1, tr = mlir_type(e4), mlir_type(e4b), mlir_type(want)
    prog = ("module {\n"
            f"  func.func @main(%a: {t0}, %b: {t1}) -> {tr} {{\n"
            f'    %0 = "tessera.concat"(%a, %b) {{axis = 0}} : ({t0}, {t1}) -> {tr}\n'
            f"    return %0 : {tr}\n  }}\n}}\n")
    cf.add_case("concat_axis0_e4m3", prog, [e4, e4b], [want],
                requires=["op=tessera.concat", "level=graph", "dtype=f8E4M3FN"])
    cf.write()

    cf = CaseFile(os.path.join(CASES, "slice.mlir"), __file__,
                  header="tessera.slice: numpy basic slicing oracle.")
    x = np.arange(8 * 9, dtype=np.float32).reshape(8, 9) - 30
    want = np.ascontiguousarray(x[1:8:3, 2:9:2])
    cf.add_case("slice_strided_f32", unary("tessera.slice", x, want,
                                           "start = [1, 2], limit = [8, 9], strides = [3, 2]"),
                [x], [want], requires=req("tessera.slice", x))
    want = np.ascontiguousarray(f32[:, 1:3, 1:4])
    cf.add_case("slice_sizes_f32", unary("tessera.slice", f32, want,
                                         "start = [0, 1, 1], sizes = [2, 2, 3]"),
                [f32], [want], requires=req("tessera.slice", f32))
    want = np.ascontiguousarray(bf[3:3, :])
    cf.add_case("slice_empty_rows_bf16",
                unary("tessera.slice", bf, want, "start = [3, 0], limit = [3, 5]"), [bf], [want],
                requires=req("tessera.slice", bf))
    cf.write()

    cf = CaseFile(os.path.join(CASES, "constant.mlir"), __file__,
                  header="tessera.constant: the dense attribute's bits.")
    for name, val in (("constant_f32", np.array([[1.5, -0.0], [3.25, -7.0]], np.float32)),
                      ("constant_bf16_hex", bf[:2]), ("constant_i32", i32[:2, 0])):
        t = mlir_type(val)
        hexdata = "0x" + np.ascontiguousarray(val).tobytes().hex().upper()
        prog = ("module {\n"
                f"  func.func @main() -> {t} {{\n"
                f'    %0 = "tessera.constant"() {{value = dense<"{hexdata}"> : {t}}} : () -> {t}\n'
                f"    return %0 : {t}\n  }}\n}}\n")
        cf.add_case(name, prog, [], [val], requires=req("tessera.constant", val))
    cf.write()


if __name__ == "__main__":
    main()
