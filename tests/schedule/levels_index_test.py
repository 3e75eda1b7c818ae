"""tessera.gather, tessera.embedding and tessera.scatter lowered to Tile and Target IR: every level
bit-exact with numpy (np.take; scatter by a Python loop over the updates in C order, the spec's
order for duplicate indices, with numpy's wrapping integer add), for f32, f64, bf16, i32 and i1
values, signed and unsigned indices, negative axes and duplicates. An index out of range stops
the run at every level with an error (gather_c4, embedding_c4, scatter_c6), not a signal.

Usage: levels_index_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import (check, check_one_launch, check_validates, finish, run_levels,
                           run_proc, t)

BF = ml_dtypes.bfloat16
NAMES = {np.float32: "f32", np.float64: "f64", BF: "bf16", np.int32: "i32", np.int64: "i64",
         np.uint8: "ui8", np.int16: "i16", np.bool_: "i1"}


def tt(a):
    return t(a.shape, NAMES[a.dtype.type])


def program(op, ins, out, attrs):
    args = ", ".join(f"%a{i}: {tt(a)}" for i, a in enumerate(ins))
    names = ", ".join(f"%a{i}" for i in range(len(ins)))
    return (f"module {{\n  func.func @main({args}) -> {tt(out)} {{\n"
            f'    %r = "tessera.{op}"({names}){attrs} : ({", ".join(tt(a) for a in ins)})'
            f" -> {tt(out)}\n    return %r : {tt(out)}\n  }}\n}}\n")


def scatter_oracle(dst, idx, upd, axis, add):
    n = dst.shape[axis]
    outer, inner = int(np.prod(dst.shape[:axis])), int(np.prod(dst.shape[axis + 1:]))
    out = dst.copy().reshape(outer, n, inner)
    u = upd.reshape(outer, idx.size, inner)
    for j, i in enumerate(idx.ravel()):  # C order of the updates: the last write wins
        out[:, i] = out[:, i] + u[:, j] if add else u[:, j]
    return out.reshape(dst.shape)


def case(d, name, op, ins, want, attrs=""):
    src = d / f"{name}.mlir"
    src.write_text(program(op, ins, want, attrs))
    flags = []
    for i, a in enumerate(ins):
        np.save(d / f"{name}.in{i}.npy", a)
        flags += ["--input", f"a{i}={d / f'{name}.in{i}.npy'}"]
    for level, got in run_levels(d, name, src, flags):
        got = np.ascontiguousarray(got).view(want.dtype).reshape(want.shape)
        check(got.tobytes() == np.ascontiguousarray(want).tobytes(),
              f"{name}: {level} gives {got.ravel()[:4]}, numpy {want.ravel()[:4]}")
    check_one_launch(name, src)
    check_validates(name, src, flags)
    return src, flags


def bad_index(d, name, src, flags, k, bad):
    """Input k replaced by `bad`: every level exits non-zero with an error."""
    np.save(d / f"{name}.bad.npy", bad)
    flags = list(flags)
    flags[2 * k + 1] = f"a{k}={d / f'{name}.bad.npy'}"
    for level in ("graph", "schedule", "tile", "target"):
        p = run_proc("run", src, "--level", level, *flags, ok=False)
        check(p.returncode > 0 and "error:" in p.stderr,
              f"{name} bad index at {level}: rc {p.returncode}: {p.stderr}")


def main():
    rng = np.random.default_rng(13)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        src = rng.standard_normal((7, 5)).astype(np.float32)
        idx = np.array([3, 0, 6, 3], np.int32)
        s, f = case(d, "gather_f32", "gather", [src, idx], np.take(src, idx, axis=0))
        bad_index(d, "gather_f32", s, f, 1, np.array([3, 7, 0, 1], np.int32))
        bad_index(d, "gather_neg", s, f, 1, np.array([3, 0, -1, 1], np.int32))
        x = rng.standard_normal((2, 3, 6)).astype(BF)
        iu = np.array([[5, 0], [2, 5]], np.uint8)
        case(d, "gather_bf16_ax", "gather", [x, iu], np.take(x, iu, axis=-1), " {axis = -1}")
        x64 = rng.standard_normal((4, 9, 2))
        i16 = np.array([8, 1, 1], np.int16)
        s, f = case(d, "gather_f64_ax1", "gather", [x64, i16], np.take(x64, i16, axis=1),
                    " {axis = 1}")
        # Index n along axis 1 would address the next outer row, inside the operand: the
        # checked select must still stop the run.
        bad_index(d, "gather_f64_ax1", s, f, 1, np.array([8, 9, 1], np.int16))
        table = rng.standard_normal((11, 4)).astype(np.float32)
        ids = np.array([[10, 0, 4], [4, 4, 1]], np.int64)
        s, f = case(d, "embedding", "embedding", [table, ids], np.take(table, ids, axis=0))
        bad_index(d, "embedding", s, f, 1, np.array([[10, 0, 4], [4, 11, 1]], np.int64))
        # scatter: duplicates, replace and add, along axis 0 and 1.
        dst = rng.standard_normal((5, 3)).astype(np.float32)
        si = np.array([1, 4, 1, 0], np.int32)
        upd = rng.standard_normal((4, 3)).astype(np.float32)
        for red, add in (("none", False), ("add", True)):
            s, f = case(d, f"scatter_{red}", "scatter", [dst, si, upd],
                        scatter_oracle(dst, si, upd, 0, add), f' {{reduction = "{red}"}}')
        bad_index(d, "scatter_add", s, f, 1, np.array([1, 4, 5, 0], np.int32))
        di = rng.integers(-2**31, 2**31 - 1, size=(2, 6), dtype=np.int64).astype(np.int32)
        ui = np.array([[5, 5], [0, 2]], np.int64)
        uu = rng.integers(-2**31, 2**31 - 1, size=(2, 2, 2), dtype=np.int64).astype(np.int32)
        with np.errstate(over="ignore"):
            s, f = case(d, "scatter_i32_ax1", "scatter", [di, ui, uu],
                        scatter_oracle(di, ui, uu, 1, True), ' {axis = 1, reduction = "add"}')
        bad_index(d, "scatter_i32_ax1", s, f, 1, np.array([[5, 6], [0, 2]], np.int64))
        db = np.array([True, False, True, False])
        case(d, "scatter_i1", "scatter", [db, np.array([1, 3, 1], np.uint8),
                                          np.array([True, True, False])],
             scatter_oracle(db, np.array([1, 3, 1]), np.array([True, True, False]), 0, False))
    finish()


if __name__ == "__main__":
    main()
