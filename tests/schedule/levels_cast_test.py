#!/usr/bin/env python3
"""tessera.cast at every level (docs/ops/schedule/lowering.md, "Casts"): every pair of i1, i8, i16,
i32, i64, f32 and f64 against a numpy oracle of docs/numerics.md's integer rules (float -> int
truncates toward zero, saturates, NaN -> 0; int -> int wraps; int -> float rounds to nearest
even; -> i1 is != 0, NaN included), over specials (NaN, +-Inf, +-0, the integer limits and the
floats next to them). f32 <-> f64 (arith.extf / arith.truncf) are compared bit for bit, NaN
payloads included, against numpy's astype (IEEE, x86's quieting NaN rules: docs/numerics.md's ocp
profile), over ties, the f32 overflow edge, subnormals and payload NaNs. Every pair must reach
Tile and Target IR (i16 included: Tile IR memory holds it for scalar access). A cast fused with the ops of its chain is one kernel.

Usage: levels_cast_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import numpy as np

from levels_common import check, check_validates, finish, run_proc as run  # noqa: E402
TYPES = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
         "f32": np.float32, "f64": np.float64}
INTS = ("i8", "i16", "i32", "i64")


def values(src, rng, n):
    """n values of type src: specials first, then random ones."""
    if src == "i1":
        return (rng.integers(0, 2, n) == 1)
    if src in INTS:
        info = np.iinfo(TYPES[src])
        sp = [0, 1, -1, info.max, info.min, info.max - 1, info.min + 1, 127, 128, -129, 32767,
              32768, -32769, 2**31 - 1, 2**31, -(2**31) - 1]
        sp = [v for v in sp if info.min <= v <= info.max]
        r = rng.integers(info.min, info.max, n, dtype=np.int64, endpoint=True)
        r[:len(sp)] = sp
        return r.astype(TYPES[src])
    t = TYPES[src]
    sp = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 0.5, -0.5, 1.99, -1.99, 127.9, 128.0,
          -128.9, -129.0, 32767.5, 32768.0, -32769.0, 2.0**31, -(2.0**31), 2.0**31 - 128,
          2.0**63, -(2.0**63), 2.0**62 * 1.5, 1e30, -1e30, 16777217.0, 9007199254740993.0]
    r = (rng.standard_normal(n) * 10.0 ** rng.integers(0, 12, n)).astype(t)
    r[:len(sp)] = np.array(sp, np.float64).astype(t)
    # f64 -> f32 edges: ties to even, the overflow threshold, subnormals; NaNs with payloads.
    edge = [1 + 2.0**-24, 1 + 3 * 2.0**-24, 3.4028235677973366e38, 3.4028235677973362e38,
            3.4028234663852886e38, 1.4e-45, 7.006e-46, 7.0e-46, -2.0**-149 * 1.5, 1e-40]
    with np.errstate(over="ignore"):
        r[len(sp):len(sp) + len(edge)] = np.array(edge, np.float64).astype(t)
    u = f"u{r.dtype.itemsize}"
    w = r.view(u)
    nan = [0x7FF0000000000001, 0xFFF4000000000000, 0x7FF80000DEADBEEF] if t == np.float64 else \
        [0x7F800001, 0xFFA00000, 0x7FC0BEEF]
    w[len(sp) + len(edge):len(sp) + len(edge) + 3] = np.array(nan, dtype=u)
    return r


def oracle(x, dst):
    if dst == "i1":
        return (x != 0) | (np.isnan(x) if x.dtype.kind == "f" else False)
    if x.dtype == np.bool_:
        return x.astype(TYPES[dst])
    if dst in INTS and x.dtype.kind == "f":
        info = np.iinfo(TYPES[dst])
        xs = np.where(np.isnan(x), 0, x).astype(np.float64)
        out = np.empty(x.shape, np.int64)
        for i, v in enumerate(xs):  # exact: Python ints, no float rounding at the limits
            t = int(v) if np.isfinite(v) else (info.max if v > 0 else info.min)
            out[i] = min(max(t, info.min), info.max)
        return out.astype(TYPES[dst])
    return x.astype(TYPES[dst])  # int -> int wraps; int -> float and float -> float round (RNE)


def program(src, dst, n, chain):
    t = lambda d: f"tensor<{n}x{d}>"  # noqa: E731
    if chain == "f2f":  # f32 -> f64, an f64 mul, f64 -> f32: one kernel
        return f"""module {{
  func.func @main(%x: {t("f32")}, %s: {t("f64")}) -> {t("f32")} {{
    %y = "tessera.cast"(%x) : ({t("f32")}) -> {t("f64")}
    %z = tessera.mul %y, %s : ({t("f64")}, {t("f64")}) -> {t("f64")}
    %q = "tessera.cast"(%z) : ({t("f64")}) -> {t("f32")}
    return %q : {t("f32")}
  }}
}}"""
    if not chain:
        return f"""module {{
  func.func @main(%x: {t(src)}) -> {t(dst)} {{
    %y = "tessera.cast"(%x) : ({t(src)}) -> {t(dst)}
    return %y : {t(dst)}
  }}
}}"""
    return f"""module {{
  func.func @main(%x: {t(src)}, %s: {t("f32")}) -> {t("i8")} {{
    %y = "tessera.cast"(%x) : ({t(src)}) -> {t("f32")}
    %z = tessera.mul %y, %s : ({t("f32")}, {t("f32")}) -> {t("f32")}
    %q = "tessera.cast"(%z) : ({t("f32")}) -> {t("i8")}
    return %q : {t("i8")}
  }}
}}"""


def bits(a):
    return a.view(np.uint8) if a.dtype == np.bool_ else a.view(f"u{a.dtype.itemsize}")


def main():
    rng = np.random.default_rng(21)
    n = 100
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        cases = [(s, t, False) for s in TYPES for t in TYPES] + [("i32", "i8", True),
                                                                 ("f32", "f32", "f2f")]
        for src, dst, chain in cases:
            name = f"{src}_to_{dst}" + ("_chain" if chain else "")
            x = values(src, rng, n)
            np.save(d / f"{name}.x.npy", x)
            ins = ["--input", f"x={d / f'{name}.x.npy'}"]
            if chain == "f2f":
                s = rng.standard_normal(n) * 1e30
                # NaN * NaN is left out: which payload a product of two NaNs keeps is unspecified.
                s[:7] = [1.5, -2.0, np.nan, 0.0, -0.0, np.inf, 1e-300]
                np.save(d / f"{name}.s.npy", s)
                ins += ["--input", f"s={d / f'{name}.s.npy'}"]
                with np.errstate(invalid="ignore", over="ignore"):
                    want = (x.astype(np.float64) * s).astype(np.float32)
            elif chain:
                s = rng.standard_normal(n).astype(np.float32) * 100
                s[:4] = [np.inf, np.nan, -0.0, 1e38]
                np.save(d / f"{name}.s.npy", s)
                ins += ["--input", f"s={d / f'{name}.s.npy'}"]
                with np.errstate(invalid="ignore", over="ignore"):
                    want = oracle(x.astype(np.float32) * s, "i8")
            else:
                with np.errstate(invalid="ignore", over="ignore"):
                    want = oracle(x, dst)
            p = d / f"{name}.mlir"
            p.write_text(program(src, dst, n, chain))
            for level in ("graph", "schedule", "tile", "target"):
                od = d / f"{name}.{level}"
                run("run", p, "--level", level, *ins, "-o", od)
                (f,) = list(od.glob("*.npy"))
                got = np.load(f)
                same = bits(got) == bits(want)
                f2f = src != dst and {src, dst} == {"f32", "f64"}
                if got.dtype.kind == "f" and not f2f and chain != "f2f":
                    same |= np.isnan(got) & np.isnan(want)
                check(got.dtype == want.dtype and same.all(),
                      f"{name}: {level} differs from numpy at {np.argwhere(~same)[:4].tolist()}: "
                      f"{got[~same][:4]} vs {want[~same][:4]}")
            lowers = True  # i16 too: Tile IR memory holds it (scalar access)
            tile = run("lower", p, "--to", "tile").stdout
            target = run("lower", p, "--to", "target").stdout
            check(("tile.launch" in tile) == lowers, f"{name}: tile.launch expected={lowers}")
            check(("tessera_nvidia.launch" in target) == lowers and "tile.launch" not in target,
                  f"{name}: tessera_nvidia.launch expected={lowers}")
            if chain:
                check(tile.count("tile.launch") == 1, f"{name}: the chain is one kernel")
            check_validates(name, p, ins)
    finish()


if __name__ == "__main__":
    main()
