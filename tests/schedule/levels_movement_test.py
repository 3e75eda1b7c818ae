#!/usr/bin/env python3
"""Data movement through every level (docs/ops/schedule/lowering.md, "Data movement"):
transpose, permute, broadcast, slice, reshape and concat lower to one strided-gather Tile IR kernel and to
Target IR, and every level gives numpy's result bit for bit (random bit patterns, NaN payloads
included: a copy keeps them), for the storage-only types too (bf16, f16, fp8, unsigned: scalar
registers move their bits). The views (squeeze, unsqueeze, flatten, expand, broadcast_in_dim) use
the same kernel. The transposes and broadcasts schedule-to-tile places around other kernels'
launches (softmax along axis 0, reduce over axis 0, an elementwise operand broadcast) become
gather-kernel launches too: the lowered host function holds only launches and reshapes.

Usage: levels_movement_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import (check, check_one_launch, check_stays_at_schedule, finish, run,
                           run_levels, t)

NP = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64, "i8": np.int8,
      "i1": np.bool_, "bf16": ml_dtypes.bfloat16, "f16": np.float16,
      "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2, "ui16": np.uint16}


def bits(rng, shape, et):
    if et == "i1":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if et == "ui16":
        return rng.integers(0, 1 << 16, size=shape, dtype=np.uint16)
    n = np.dtype(NP[et]).itemsize
    raw = rng.integers(0, 256, size=(*shape, n), dtype=np.uint8)
    x = raw.view(NP[et]).reshape(shape).copy()
    if n == 2:  # signalling and quiet NaNs with payloads (bf16 and f16 patterns), kept as they are
        nan = np.array([0x7F81, 0xFFC1, 0x7C01, 0xFE03], dtype=np.uint16)[:x.size]
        x.reshape(-1).view(np.uint16)[:nan.size] = nan
    return x


# name: (op, attrs, input shape, result shape, type, numpy oracle)
CASES = {
    "transpose_3d_f32": ("transpose", "{perm = [2, 0, 1]}", (5, 40, 70), (70, 5, 40), "f32",
                         lambda x: np.transpose(x, (2, 0, 1))),
    "transpose_default_f64": ("transpose", "", (3, 33), (33, 3), "f64", lambda x: x.T),
    "permute_i64": ("permute", "{perm = [1, 2, 0]}", (6, 7, 8), (7, 8, 6), "i64",
                    lambda x: np.transpose(x, (1, 2, 0))),
    "broadcast_numpy_f64": ("broadcast", "", (3, 1), (2, 3, 70), "f64",
                            lambda x: np.broadcast_to(x, (2, 3, 70))),
    "broadcast_dims_i8": ("broadcast", "{broadcast_dimensions = [0, 2]}", (3, 5), (3, 40, 5),
                          "i8", lambda x: np.broadcast_to(x[:, None, :], (3, 40, 5))),
    "slice_strided_f32": ("slice", "{start = [1, 2], limit = [40, 70], strides = [3, 2]}",
                          (40, 70), (13, 34), "f32", lambda x: x[1:40:3, 2:70:2]),
    "slice_sizes_i1": ("slice", "{start = [0, 1, 1], sizes = [2, 2, 3]}", (2, 3, 4), (2, 2, 3),
                       "i1", lambda x: x[0:2, 1:3, 1:4]),
    "reshape_i32": ("reshape", "", (6, 35), (7, 5, 6), "i32", lambda x: x.reshape(7, 5, 6)),
    # Storage-only element types: every bit pattern (NaN payloads, signalling ones) is copied.
    "transpose_bf16": ("transpose", "", (3, 37), (37, 3), "bf16", lambda x: x.T),
    "broadcast_f16": ("broadcast", "", (3, 1), (2, 3, 40), "f16",
                      lambda x: np.broadcast_to(x, (2, 3, 40))),
    "slice_e4m3": ("slice", "{start = [1, 0], limit = [9, 16], strides = [2, 3]}", (9, 16),
                   (4, 6), "f8E4M3FN", lambda x: x[1:9:2, 0:16:3]),
    "permute_e5m2": ("permute", "{perm = [1, 0, 2]}", (4, 5, 6), (5, 4, 6), "f8E5M2",
                     lambda x: np.transpose(x, (1, 0, 2))),
    "transpose_ui16": ("transpose", "", (7, 9), (9, 7), "ui16", lambda x: x.T),
    # Views (docs/ops/graph/misc_views.md, carriers.md): numpy's squeeze, expand_dims, reshape and
    # broadcast_to.
    "squeeze_f32": ("squeeze", "{axes = [0, 2]}", (1, 6, 1, 5), (6, 5), "f32",
                    lambda x: np.squeeze(x, (0, 2))),
    "unsqueeze_bf16": ("unsqueeze", "{axes = [0, -1]}", (4, 5), (1, 4, 5, 1), "bf16",
                       lambda x: np.expand_dims(x, (0, -1))),
    "flatten_i32": ("flatten", "{start = 1 : i64, end = 2 : i64}", (3, 4, 5, 2), (3, 20, 2),
                    "i32", lambda x: x.reshape(3, 20, 2)),
    "expand_f64": ("expand", "", (1, 3, 1), (4, 3, 5), "f64",
                   lambda x: np.broadcast_to(x, (4, 3, 5))),
    "broadcast_in_dim_i8": ("broadcast_in_dim", "{broadcast_dimensions = [0, 2]}", (5, 1),
                            (5, 6, 3), "i8", lambda x: np.broadcast_to(x[:, None, :], (5, 6, 3))),
}
# Programs whose lowering places a transpose or broadcast around another kernel's launch:
# (program body, operand shapes, result shape, numpy oracle). f32 throughout; each oracle is exact
# (a max, a single rounded addition, or a softmax compared across levels only).
AROUND = {
    "reduce_max_axis0": ('"tessera.reduce"(%x0) {kind = "max", axes = [0], keepdims = true}',
                         [(6, 10)], (1, 10), lambda x: np.max(x, axis=0, keepdims=True)),
    "add_broadcast": ('"tessera.add"(%x0, %x1)', [(3, 1), (3, 40)], (3, 40),
                      lambda a, b: (a + b).astype(np.float32)),
    "softmax_axis0": ('"tessera.softmax"(%x0) {axis = 0}', [(5, 7)], (5, 7), None),
}
# concat: (axis, operand shapes, type); the oracle is numpy.concatenate.
CONCATS = {
    "concat_last_f32": (-1, [(4, 3, 1), (4, 3, 70), (4, 3, 2)], "f32"),
    "concat_rows_i64": (1, [(2, 3, 5), (2, 1, 5), (2, 4, 5)], "i64"),
    "concat_first_f64": (0, [(2, 33), (5, 33)], "f64"),
}


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for name, (op, attrs, shape, out, et, oracle) in CASES.items():
            src = d / f"{name}.mlir"
            src.write_text(
                f"module {{\n  func.func @main(%x: {t(shape, et)}) -> {t(out, et)} {{\n"
                f'    %y = "tessera.{op}"(%x) {attrs} : ({t(shape, et)}) -> {t(out, et)}\n'
                f"    return %y : {t(out, et)}\n  }}\n}}\n")
            x = bits(rng, shape, et)
            np.save(d / f"{name}.x.npy", x)
            want = np.ascontiguousarray(oracle(x))
            for level, got in run_levels(d, name, src, ["--input", f"x={d / f'{name}.x.npy'}"]):
                check(got.shape == want.shape and got.tobytes() == want.tobytes(),
                      f"{name}: {level} differs from numpy")
            check_one_launch(name, src)
        for name, (axis, shapes, et) in CONCATS.items():
            xs = [bits(rng, sh, et) for sh in shapes]
            want = np.concatenate(xs, axis=axis)
            names = [f"x{k}" for k in range(len(xs))]
            args = ", ".join(f"%{n}: {t(x.shape, et)}" for n, x in zip(names, xs))
            tys = ", ".join(t(x.shape, et) for x in xs)
            src = d / f"{name}.mlir"
            src.write_text(
                f"module {{\n  func.func @main({args}) -> {t(want.shape, et)} {{\n"
                f'    %y = "tessera.concat"({", ".join("%" + n for n in names)}) '
                f"{{axis = {axis}}} : ({tys}) -> {t(want.shape, et)}\n"
                f"    return %y : {t(want.shape, et)}\n  }}\n}}\n")
            ins = []
            for n, x in zip(names, xs):
                np.save(d / f"{name}.{n}.npy", x)
                ins += ["--input", f"{n}={d / f'{name}.{n}.npy'}"]
            for level, got in run_levels(d, name, src, ins):
                check(got.shape == want.shape and got.tobytes() == want.tobytes(),
                      f"{name}: {level} differs from numpy")
            target = run("lower", src, "--to", "target")
            check("tessera_nvidia.launch" in target and "tile.launch" not in target
                  and "not_lowered" not in target, f"{name}: no Target IR launch")
        for name, (body, shapes, out, oracle) in AROUND.items():
            check_around(d, rng, name, body, shapes, out, oracle)
        check_constants(d, rng)
        src = d / "c64.mlir"
        src.write_text("module {\n  func.func @main(%x: tensor<3x5xcomplex<f32>>) -> "
                       "tensor<5x3xcomplex<f32>> {\n"
                       '    %y = "tessera.transpose"(%x) : (tensor<3x5xcomplex<f32>>) -> '
                       "tensor<5x3xcomplex<f32>>\n    return %y : tensor<5x3xcomplex<f32>>\n  }\n}\n")
        check_stays_at_schedule(src, "no scalar register of complex<f32>")
    finish()


def check_constants(d, rng):
    """tessera.constant: one group stores every element from an exact arith.constant; every level
    returns the dense value's bits (the oracle is the array the test wrote into the program)."""
    f32 = rng.standard_normal((3, 7)).astype(np.float32)
    f32.reshape(-1).view(np.uint32)[:4] = [0x7FC00001, 0xFF800000, 0x80000000, 0x00000001]
    f64 = rng.standard_normal((2, 5)).astype(np.float64)
    f64.reshape(-1).view(np.uint64)[:2] = [0x7FF8000000000123, 0x8000000000000000]
    values = {"f32": f32, "f64": f64,
              "i8": np.array([[-128, 127, 0, -1, 5]], dtype=np.int8),
              "i64": np.array([-(1 << 63), (1 << 63) - 1, 7], dtype=np.int64),
              "i1": np.array([[True, False, True]]),
              "bf16": rng.standard_normal((4, 3)).astype(ml_dtypes.bfloat16),
              "f8E4M3FN": rng.standard_normal((2, 6)).astype(ml_dtypes.float8_e4m3fn)}
    for et, x in values.items():
        name = f"constant_{et}"
        ty = t(x.shape, et)
        src = d / f"{name}.mlir"
        src.write_text(f"module {{\n  func.func @main() -> {ty} {{\n"
                       f'    %y = "tessera.constant"() {{value = dense<"0x{x.tobytes().hex().upper()}"> '
                       f": {ty}}} : () -> {ty}\n    return %y : {ty}\n  }}\n}}\n")
        for level, got in run_levels(d, name, src, []):
            check(got.shape == x.shape and got.tobytes() == x.tobytes(),
                  f"{name}: {level} differs from the constant's value")
        check_one_launch(name, src)
    src = d / "constant_nan_bf16.mlir"  # a bf16 NaN has no exact f32 constant then truncf
    src.write_text("module {\n  func.func @main() -> tensor<2xbf16> {\n"
                   '    %y = "tessera.constant"() {value = dense<"0xC17F803F"> : tensor<2xbf16>} : '
                   "() -> tensor<2xbf16>\n    return %y : tensor<2xbf16>\n  }\n}\n")
    check_stays_at_schedule(src, "an element of bf16 no arith.constant spells exactly")


def check_around(d, rng, name, body, shapes, out, oracle):
    """A program whose lowering moves an operand (or the result) around another kernel: every
    level matches `oracle` (or Graph IR when None), and at Target IR the host function holds
    launches, reshapes and its return only."""
    xs = [rng.standard_normal(sh).astype(np.float32) for sh in shapes]
    args = ", ".join(f"%x{k}: {t(x.shape, 'f32')}" for k, x in enumerate(xs))
    tys = ", ".join(t(x.shape, "f32") for x in xs)
    src = d / f"{name}.mlir"
    src.write_text(f"module {{\n  func.func @main({args}) -> {t(out, 'f32')} {{\n"
                   f"    %y = {body} : ({tys}) -> {t(out, 'f32')}\n"
                   f"    return %y : {t(out, 'f32')}\n  }}\n}}\n")
    ins = []
    for k, x in enumerate(xs):
        np.save(d / f"{name}.x{k}.npy", x)
        ins += ["--input", f"x{k}={d / f'{name}.x{k}.npy'}"]
    results = dict(run_levels(d, name, src, ins))
    want = oracle(*xs) if oracle else results["graph"]
    for level, got in results.items():
        check(got.shape == want.shape and got.tobytes() == want.tobytes(),
              f"{name}: {level} differs from {'numpy' if oracle else 'Graph IR'}")
    target = run("lower", src, "--to", "target")
    host = target[target.index("func.func @main("):]
    host = host[:host.index("\n  }")]
    ops = [line.split("=", 1)[1].split()[0] for line in host.splitlines() if " = " in line]
    check(ops and all(o in ("tessera.reshape", "tessera_nvidia.launch") for o in ops)
          and "tessera_nvidia.launch" in ops,
          f"{name}: the host function holds more than launches and reshapes:\n{host}")


if __name__ == "__main__":
    main()
