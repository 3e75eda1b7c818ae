#!/usr/bin/env python3
"""tessera.cast between the narrow floats, the unsigned integers and the rest at every level
(docs/ops/schedule/lowering.md, "Casts"; docs/ops/tile/scalar.md, "Conversions").

Every pair of f32, f64, bf16, f16, f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, f8E8M0FNU,
i1, i8, i16, i32, i64, ui8, ui16, ui32, ui64 (one program per source type, one cast per target)
must lower to Tile and Target IR and give, at every level, the bits of an independent oracle:
ml_dtypes 0.6 `astype` (the ocp profile: round to nearest even, no saturation) for float results,
numpy for f32/f64, and docs/numerics.md's integer rules written out in Python (float -> int
truncates toward zero and saturates, NaN -> 0, unsigned negatives -> 0; int -> int wraps; -> i1 is
!= 0, NaN included). NaNs compare equal whatever their payload (the `bitexact` rule).

Inputs: every bit pattern of the 8-bit and smaller formats, random bf16/f16 patterns with their
specials, f32 values with ties and overflow edges of every narrow format, and integers that f32
holds exactly plus the integer limits (whose nearest f32 is a power of two, so the oracle's
rounding through f32 is the single rounding the spec asks for). f64 -> narrow is single rounding,
which numpy's astype (through f32) is not: one hand-derived value checks it
(1 + 2^-8 + 2^-30 -> bf16 0x3F81; through f32 it would tie to even, 0x3F80). Numeric policies
(profile cuda with saturation, rtz) are checked on hand-derived values; stochastic rounding stays
with its reason.

Usage: levels_cast_narrow_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import ml_dtypes
import numpy as np

from levels_common import FAILS, LEVELS, check, run_proc as run  # noqa: E402

NARROW = {"bf16": ml_dtypes.bfloat16, "f16": np.float16, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
          "f8E5M2": ml_dtypes.float8_e5m2, "f6E2M3FN": ml_dtypes.float6_e2m3fn,
          "f6E3M2FN": ml_dtypes.float6_e3m2fn, "f4E2M1FN": ml_dtypes.float4_e2m1fn,
          "f8E8M0FNU": ml_dtypes.float8_e8m0fnu}
INTS = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "ui8": np.uint8,
        "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64}
TYPES = {"f32": np.float32, "f64": np.float64, "i1": np.bool_, **NARROW, **INTS}
N = 256


def raw(a):
    """The storage bits of an array (bool as bytes)."""
    return a.view(np.uint8) if a.dtype == np.bool_ else a.view(f"u{a.dtype.itemsize}")


def values(src, rng):
    """N values of type `src`."""
    t = TYPES[src]
    if src in NARROW:
        size = np.dtype(t).itemsize
        if size == 1:  # every pattern (fp6/fp4: the low 6/4 bits, one value per byte)
            bits = {"f6E2M3FN": 64, "f6E3M2FN": 64, "f4E2M1FN": 16}.get(src, 256)
            pats = np.arange(N) % bits
            return pats.astype(np.uint8).view(t)
        pats = rng.integers(0, 65536, N).astype(np.uint16)
        pats[:8] = [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x7F7F, 0x3F80] if \
            src == "bf16" else [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x7BFF, 0x3C00]
        return pats.view(t)
    if src == "i1":
        return rng.integers(0, 2, N) == 1
    if src in INTS:
        info = np.iinfo(t)
        r = rng.integers(max(info.min, -(2**24)), min(info.max, 2**24), N, dtype=np.int64,
                         endpoint=True)
        sp = [0, 1, info.max, info.min, 127, 128, 255, 256, 65535, 65536, 448, 449, 57344, 7, 6]
        if info.min < 0:
            sp += [-1, -128, -129, -448, -464, -465, -6, -7]
        sp = [v for v in sp if info.min <= v <= info.max]
        out = r.astype(t)
        out[:len(sp)] = np.array(sp, dtype=object).astype(t)
        return out
    # f32 / f64: specials, the overflow edges and ties of every narrow format, random magnitudes.
    sp = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, 0.25, 0.75, 1.5, 2.5, 5.0,
          6.0, 7.0, 7.5, 7.75, 8.0, 28.0, 30.0, 32.0, 448.0, 464.0, 465.0, 480.0, 57344.0,
          61439.0, 61440.0, 65504.0, 65520.0, 3.3895314e38, 3.4e38, 2.0**-126, 2.0**-127,
          2.0**-133, 2.0**-134, 2.0**-149, 1.5 * 2.0**-127, 2.0**127, 1.5 * 2.0**127, 1e-10,
          -3.5, -1e30, 1.99, 127.9, 128.0, 255.5, 256.0, -0.9, 4294967296.0, 2.0**63, 2.0**64,
          1 + 2.0**-8, 1 + 3 * 2.0**-8, 1 + 2.0**-11, 1 + 3 * 2.0**-11, 1 + 2.0**-4, 1.125]
    r = (rng.standard_normal(N) * 2.0 ** rng.integers(-20, 20, N)).astype(np.float32)
    r[:len(sp)] = np.array(sp, np.float64).astype(np.float32)
    return r.astype(t)  # f64 inputs hold f32 values: numpy's astype(narrow) is then exact


def int_rules(x, dst):
    """docs/numerics.md's integer rules from the exact value of each element."""
    info = np.iinfo(TYPES[dst])
    out = []
    with np.errstate(invalid="ignore"):
        vals = x.astype(np.float64) if x.dtype.kind == "f" else x.tolist()
    for v in vals:
        if isinstance(v, float) or isinstance(v, np.floating):
            v = float(v)
            if np.isnan(v):
                out.append(0)
                continue
            t = int(v) if np.isfinite(v) else (info.max if v > 0 else info.min)
            out.append(min(max(t, info.min), info.max))  # saturate
        else:
            out.append(int(v) % (1 << (8 * np.dtype(TYPES[dst]).itemsize)))  # wrap
    return np.array([o if o <= info.max else o - (info.max + 1 - info.min) for o in out],
                    dtype=object).astype(TYPES[dst])


def oracle(x, src, dst):
    if dst == "i1":
        w = x.astype(np.float32) if src in NARROW else x
        return (w != 0) | (np.isnan(w) if w.dtype.kind == "f" else False)
    if src in NARROW:  # exact in f32
        x = x.astype(np.float32)
    if dst in INTS:
        if x.dtype == np.bool_:
            return x.astype(TYPES[dst])
        return int_rules(x, dst)
    if x.dtype == np.bool_ or x.dtype.kind in "iu":  # one correctly rounded conversion, then
        x = x.astype(np.float64 if dst == "f64" else np.float32)  # exact, or a power of two
    with np.errstate(invalid="ignore", over="ignore"):
        return x.astype(TYPES[dst])


def program(src, dsts, n):
    t = lambda d: f"tensor<{n}x{d}>"  # noqa: E731
    res = ", ".join(t(d) for d in dsts)
    body = "\n".join(f'    %y{k} = "tessera.cast"(%x) : ({t(src)}) -> {t(d)}'
                     for k, d in enumerate(dsts))
    rets = ", ".join(f"%y{k}" for k in range(len(dsts)))
    return f"""module {{
  func.func @main(%x: {t(src)}) -> ({res}) {{
{body}
    return {rets} : {res}
  }}
}}"""


def save_input(path, x, src):
    # bf16 and the one-byte formats go in as their raw bits (tessera-interp binds u16/u8 .npy).
    np.save(path, raw(x) if src in NARROW and src != "f16" else x)


def main():
    rng = np.random.default_rng(13)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for src in TYPES:
            x = values(src, rng)
            dsts = [t for t in TYPES if t != src]
            save_input(d / f"{src}.npy", x, src)
            ins = ["--input", f"x={d / f'{src}.npy'}"]
            p = d / f"{src}.mlir"
            p.write_text(program(src, dsts, N))
            for level in LEVELS:
                od = d / f"{src}.{level}"
                run("run", p, "--level", level, *ins, "-o", od)
                for k, dst in enumerate(dsts):
                    want = oracle(x, src, dst)
                    got = np.load(od / f"y{k}.npy")
                    gw, ww = raw(got), raw(want)
                    same = gw == ww
                    if want.dtype.kind == "f" or dst in NARROW:
                        with np.errstate(invalid="ignore"):
                            wf = want.astype(np.float32)
                            gf = got.view(TYPES[dst]).astype(np.float32)
                        same |= np.isnan(wf) & np.isnan(gf)
                    check(got.itemsize == want.itemsize and same.all(),
                          f"{src} -> {dst}: {level} differs from the oracle at "
                          f"{np.argwhere(~same)[:4].ravel().tolist()}: {gw[~same][:4]} vs "
                          f"{ww[~same][:4]}")
            tile = run("lower", p, "--to", "tile").stdout
            target = run("lower", p, "--to", "target").stdout
            check(tile.count("tile.launch") == len(dsts) and "schedule.not_lowered" not in tile,
                  f"{src}: every cast lowers to Tile IR")
            check(target.count("tessera_nvidia.launch") == len(dsts),
                  f"{src}: every cast lowers to Target IR")
            v = run("validate", p, *ins)
            check("tile: bit-exact" in v.stdout and "target: bit-exact" in v.stdout,
                  f"{src}: validate: {v.stdout}")
        policies(d)
    if FAILS:
        raise SystemExit(f"{len(FAILS)} failures")
    print("ok")


def policies(d):
    """Hand-derived values: single rounding from f64, the cuda profile, rtz, and stochastic."""
    cases = [
        # f64 1 + 2^-8 + 2^-30 lies above the bf16 tie 1 + 2^-8: up to 0x3F81 (not 0x3F80).
        ("f64", "bf16", "", [1 + 2.0**-8 + 2.0**-30, -(1 + 2.0**-8 + 2.0**-30)], [0x3F81, 0xBF81]),
        # cuda, satfinite: Inf and 1000 -> +-448 (0x7E / 0xFE), NaN -> 0x7F (ocp would give NaN).
        ("f32", "f8E4M3FN", '{numeric_policy = {profile = "cuda", saturate = true}}',
         [np.inf, -1000.0, 1000.0, 1.0], [0x7E, 0xFE, 0x7E, 0x38]),
        # rtz: 1 + 255/256 truncates to 1 + 127/128 (0x3FFF); RNE would give 2.0.
        ("f32", "bf16", '{numeric_policy = {rounding = "rtz"}}', [1 + 255 / 256, -1.00390625],
         [0x3FFF, 0xBF80]),
    ]
    for k, (src, dst, attr, xs, want) in enumerate(cases):
        n = len(xs)
        t = lambda e: f"tensor<{n}x{e}>"  # noqa: E731
        p = d / f"pol{k}.mlir"
        p.write_text(f"""module {{
  func.func @main(%x: {t(src)}) -> {t(dst)} {{
    %y = "tessera.cast"(%x) {attr} : ({t(src)}) -> {t(dst)}
    return %y : {t(dst)}
  }}
}}""")
        np.save(d / f"pol{k}.npy", np.array(xs, TYPES[src]))
        ins = ["--input", f"x={d / f'pol{k}.npy'}"]
        for level in LEVELS:
            od = d / f"pol{k}.{level}"
            run("run", p, "--level", level, *ins, "-o", od)
            got = raw(np.load(od / "y.npy")).astype(np.int64).tolist()
            check(got == want, f"policy case {k} ({src} -> {dst} {attr}) at {level}: "
                               f"{[hex(g) for g in got]} vs {[hex(w) for w in want]}")
        check("tile.launch" in run("lower", p, "--to", "tile").stdout,
              f"policy case {k} lowers")
    p = d / "sr.mlir"
    p.write_text("""module {
  func.func @main(%x: tensor<4xf32>) -> tensor<4xbf16> {
    %y = "tessera.cast"(%x) {numeric_policy = {rounding = "stochastic", seed = 7}} : (tensor<4xf32>) -> tensor<4xbf16>
    return %y : tensor<4xbf16>
  }
}""")
    check("stochastic rounding" in run("lower", p, "--to", "tile").stdout,
          "stochastic rounding stays with its reason")


if __name__ == "__main__":
    main()
