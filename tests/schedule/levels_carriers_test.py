#!/usr/bin/env python3
"""compare_scalar and masked_fill (docs/ops/graph/carriers.md) as one-op elementwise chains
through every level (docs/ops/schedule/lowering.md, "Elementwise chains"), bit for bit against
numpy: x compared with rhs as reals (NaN: only ne is true; -0 == +0), and mask ? value : x with
value rounded once to f32. An rhs that is no f32 number stays at Schedule IR with its reason.

Usage: levels_carriers_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import numpy as np

from levels_common import check, check_one_launch, check_stays_at_schedule, finish, run_levels, t

SPECIALS = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -2.5, 0.5, 3.0],
                    dtype=np.float32)
CMP = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
       "gt": np.greater, "ge": np.greater_equal}


def lit(v):
    """An f64 attribute literal of v (hex bits for NaN and the infinities)."""
    if v != v:
        return "0x7FF8000000000000"
    if abs(v) == float("inf"):
        return "0x7FF0000000000000" if v > 0 else "0xFFF0000000000000"
    return f"{v:.17e}"


def program(d, name, body, args, out):
    src = d / f"{name}.mlir"
    params = ", ".join(f"%{n}: {ty}" for n, ty in args)
    tys = ", ".join(ty for _, ty in args)
    src.write_text(f"module {{\n  func.func @main({params}) -> {out} {{\n"
                   f"    %y = {body} : ({tys}) -> {out}\n    return %y : {out}\n  }}\n}}\n")
    return src


def check_levels(d, name, src, ins, want):
    flags = []
    for n, x in ins.items():
        np.save(d / f"{name}.{n}.npy", x)
        flags += ["--input", f"{n}={d / f'{name}.{n}.npy'}"]
    for level, got in run_levels(d, name, src, flags):
        check(got.shape == want.shape and got.tobytes() == want.tobytes(),
              f"{name}: {level} differs from numpy")
    check_one_launch(name, src)


def main():
    rng = np.random.default_rng(13)
    x = rng.standard_normal((5, 70)).astype(np.float32)
    x.reshape(-1)[:SPECIALS.size] = SPECIALS
    x[1, :3] = -2.5  # ties with rhs
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for pred, fn in CMP.items():
            for rhs in (-2.5, 0.0, float("inf"), float("nan")):
                name = f"cmp_{pred}_{str(rhs).replace('-', 'm').replace('.', 'p')}"
                src = program(d, name, f'"tessera.compare_scalar"(%x) {{predicate = "{pred}", '
                              f"rhs = {lit(rhs)} : f64}}",
                              [("x", t(x.shape, "f32"))], t(x.shape, "i1"))
                with np.errstate(invalid="ignore"):
                    want = fn(x.astype(np.float64), rhs)
                check_levels(d, name, src, {"x": x}, want)
        mask = rng.integers(0, 2, size=(5, 70)).astype(np.bool_)
        for value in (-2.5, 0.1, -0.0, 1e300):
            name = f"fill_{lit(value).replace('-', 'm').replace('.', 'p').replace('+', '')}"
            src = program(d, name, f'"tessera.masked_fill"(%x, %m) {{value = {lit(value)} : f64}}',
                          [("x", t(x.shape, "f32")), ("m", t(mask.shape, "i1"))],
                          t(x.shape, "f32"))
            with np.errstate(over="ignore"):
                want = np.where(mask, np.float32(value), x)
            check_levels(d, name, src, {"x": x, "m": mask}, want)
        src = program(d, "cmp_inexact", '"tessera.compare_scalar"(%x) {predicate = "lt", '
                      "rhs = 0.1 : f64}", [("x", t(x.shape, "f32"))], t(x.shape, "i1"))
        check_stays_at_schedule(src, "compare_scalar with an rhs that is no f32 number")
    finish()


if __name__ == "__main__":
    main()
