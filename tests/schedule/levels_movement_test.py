#!/usr/bin/env python3
"""Data movement through every level (docs/ops/schedule/lowering.md, "Data movement"):
transpose, permute, broadcast, slice, reshape and concat lower to one strided-gather Tile IR kernel and to
Target IR, and every level gives numpy's result bit for bit (random bit patterns, NaN payloads
included: a copy keeps them). bf16 stays at Schedule IR with its reason.

Usage: levels_movement_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import numpy as np

from levels_common import (check, check_one_launch, check_stays_at_schedule, finish, run,
                           run_levels, t)

NP = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64, "i8": np.int8,
      "i1": np.bool_}


def bits(rng, shape, et):
    if et == "i1":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    n = np.dtype(NP[et]).itemsize
    raw = rng.integers(0, 256, size=(*shape, n), dtype=np.uint8)
    return raw.view(NP[et]).reshape(shape)


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
        src = d / "bf16.mlir"
        src.write_text("module {\n  func.func @main(%x: tensor<3x5xbf16>) -> tensor<5x3xbf16> {\n"
                       '    %y = "tessera.transpose"(%x) : (tensor<3x5xbf16>) -> '
                       "tensor<5x3xbf16>\n    return %y : tensor<5x3xbf16>\n  }\n}\n")
        check_stays_at_schedule(src, "no scalar register of bf16")
    finish()


if __name__ == "__main__":
    main()
