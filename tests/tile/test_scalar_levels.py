"""Scalar ops that must give the same bits at Tile IR and after `tile-to-target` (Target IR).

tile.fma (docs/ops/tile/compute.md): a * b + c rounded once, for f32 and f64 scalars, at Tile IR
and after `tile-to-target` (tessera_nvidia.fma). The oracle is exact rational arithmetic
(fractions.Fraction) rounded to nearest even by hand, with IEEE's rules for infinities and NaN;
the inputs include cases where a rounded product then a rounded sum (mulf, addf) differs.

TESSERA_INTERP and TESSERA_OPT name the tools.
"""
import math
import os
import subprocess
from fractions import Fraction

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
OPT = os.environ.get("TESSERA_OPT", "tessera-opt")
FORMATS = {np.float32: (24, -149, 128), np.float64: (53, -1074, 1024)}  # digits, min exp, max


def round_even(x, dt):
    """The value of type dt nearest to the rational x, ties to even (IEEE 754 roundTiesToEven)."""
    digits, emin, emax = FORMATS[dt]
    if x == 0:
        return dt(0.0)
    sign, x = (-1, -x) if x < 0 else (1, x)
    e = x.numerator.bit_length() - x.denominator.bit_length()
    while Fraction(2) ** e > x:
        e -= 1
    while Fraction(2) ** (e + 1) <= x:
        e += 1
    q = max(e - digits + 1, emin)  # the quantum: 2^q
    m = x / Fraction(2) ** q
    n = math.floor(m)
    r = m - n
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and n % 2 == 1):
        n += 1
    if n * Fraction(2) ** q >= Fraction(2) ** emax:
        return dt(sign * math.inf)
    return dt(sign * float(n * Fraction(2) ** q))  # exact: n has at most `digits` bits


def fma_oracle(a, b, c, dt):
    a, b, c = float(a), float(b), float(c)
    if any(math.isnan(v) for v in (a, b, c)):
        return dt(math.nan)
    if math.isinf(a) or math.isinf(b):
        if a == 0 or b == 0:
            return dt(math.nan)
        p = math.copysign(math.inf, a) * math.copysign(1.0, b)
        return dt(math.nan) if math.isinf(c) and c != p else dt(p)
    if math.isinf(c):
        return dt(c)
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:  # an exact zero sum: +0, unless both parts are -0 (roundTiesToEven)
        prod_neg = (math.copysign(1.0, a) * math.copysign(1.0, b)) < 0
        both_neg = prod_neg and math.copysign(1.0, c) < 0 and a * b == 0 and c == 0
        return dt(-0.0 if both_neg else 0.0)
    return round_even(exact, dt)


def inputs(dt, seed):
    rng = np.random.default_rng(seed)
    t = 2.0 ** (-12 if dt == np.float32 else -27)
    special = [  # (1 + t)(1 - t) - 1 = -t^2: mulf rounds the product to 1 and gives 0
        (1 + t, 1 - t, -1.0), (1 + t, 1 + t, -1.0), (3.0, 1 / 3, -1.0),
        (math.inf, 2.0, 1.0), (math.inf, 0.0, 1.0), (math.nan, 1.0, 1.0), (1.0, 1.0, -math.inf),
        (0.0, -1.0, -0.0), (-0.0, 1.0, 0.0), (1e30 if dt == np.float32 else 1e300, 1e10, -math.inf),
        (2.0 ** -75 if dt == np.float32 else 2.0 ** -540, 2.0 ** -75 if dt == np.float32
         else 2.0 ** -540, 0.0),  # an underflowing product
    ]
    a = [s[0] for s in special] + list(rng.standard_normal(21))
    b = [s[1] for s in special] + list(rng.standard_normal(21))
    c = [s[2] for s in special] + list(rng.standard_normal(21) * 4)
    return (np.array(a, dt), np.array(b, dt), np.array(c, dt))


def kernel(t, n, body=None, out="", params=("a", "b", "c")):
    """@k: group 0's first tile computes o[i] = fma(a[i], b[i], c[i]) (or `body`, a list of lines
    storing into %o) for every i; @main launches it. `out` is the result's element type."""
    out = out or t
    m, tt = f"memref<{n}x{t}>", f"tensor<{n}x{t}>"
    mo, to = f"memref<{n}x{out}>", f"tensor<{n}x{out}>"
    body = body or [
        f"%x = tile.load %a, %i : ({m}, index) -> {t}",
        f"%y = tile.load %b, %i : ({m}, index) -> {t}",
        f"%w = tile.load %c, %i : ({m}, index) -> {t}",
        f"%r = tile.fma %x, %y, %w : ({t}, {t}, {t}) -> {t}",
        f"tile.store %r, %o, %i : ({t}, {mo}, index) -> ()",
    ]
    ps = ", ".join(f"%{p}: {m}" for p in params)
    ts = ", ".join(tt for _ in params)
    args = ", ".join(f"%{p}" for p in params)
    lines = "\n".join("        " + line for line in body)
    return f"""module {{
  func.func @k({ps}, %o: {mo}) {{
    %c0 = arith.constant {{value = 0 : index}} : index
    %c1 = arith.constant {{value = 1 : index}} : index
    %cn = arith.constant {{value = {n} : index}} : index
    %l = tile.linear_id : index
    %z = arith.cmpi %l, %c0 {{predicate = 0}} : (index, index) -> i1
    "scf.if"(%z) ({{
      "scf.for"(%c0, %cn, %c1) ({{
      ^bb0(%i: index):
{lines}
        "scf.yield"() : () -> ()
      }}) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }}, {{ "scf.yield"() : () -> () }}) : (i1) -> ()
    return
  }}
  func.func @main({", ".join(f"%{p}: {tt}" for p in params)}) -> {to} {{
    %o = tile.launch {args} {{callee = @k, grid = [1], tiles = 1, lanes = 32}}
        : ({ts}) -> {to}
    return %o : {to}
  }}
}}
"""


def run(src, ins, out):
    args = [TOOL, "run", str(src), "-o", str(out)]
    for name, arr in zip("abcdefgh", ins):
        f = out.parent / f"{out.name}_{name}.npy"
        np.save(f, arr)
        args += ["-i", f"{name}={f}"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    (f,) = list(out.glob("*.npy"))
    return np.load(f)


@pytest.mark.parametrize("dt", [np.float32, np.float64], ids=["f32", "f64"])
def test_fma_rounds_once_at_tile_and_target(tmp_path, dt):
    a, b, c = inputs(dt, 3)
    n = len(a)
    want = np.array([fma_oracle(x, y, z, dt) for x, y, z in zip(a, b, c)], dt)
    # mulf then addf differs on the first cases: the test tells fma from two roundings
    with np.errstate(over="ignore", invalid="ignore"):
        twice = (a[:3] * b[:3]) + c[:3]
    assert not np.array_equal(twice, want[:3])
    t = "f32" if dt == np.float32 else "f64"
    src = tmp_path / "k.mlir"
    src.write_text(kernel(t, n))
    p = subprocess.run([OPT, str(src), "--pass", "tile-to-target"], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "tessera_nvidia.fma" in p.stdout and "tile.fma" not in p.stdout
    lowered = tmp_path / "k_target.mlir"
    lowered.write_text(p.stdout)
    uint = np.uint32 if dt == np.float32 else np.uint64
    for name, path in (("tile", src), ("target", lowered)):
        got = run(path, [a, b, c], tmp_path / name)
        same = (got.view(uint) == want.view(uint)) | (np.isnan(got) & np.isnan(want))
        assert same.all(), (name, np.nonzero(~same), got[~same], want[~same])


def lower_and_run(tmp_path, text, ins):
    """The program at Tile IR and after tile-to-target: the two results."""
    src = tmp_path / "k.mlir"
    src.write_text(text)
    p = subprocess.run([OPT, str(src), "--pass", "tile-to-target"], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    lowered = tmp_path / "k_target.mlir"
    lowered.write_text(p.stdout)
    return [run(path, ins, tmp_path / name) for name, path in (("tile", src), ("target", lowered))]


@pytest.mark.parametrize("t,dt", [("f32", np.float32), ("f64", np.float64)])
def test_fptosi_specials_agree_across_levels(tmp_path, t, dt):
    """arith.fptosi (docs/ops/tile/scalar.md): toward zero, NaN gives 0, the i64 range saturates,
    then the value wraps to i32. Target IR used to stop the run instead (a level mismatch)."""
    x = np.array([2.75, -2.75, np.nan, 1e30, -1e30, np.inf, -np.inf, 2.0 ** 40 + 5,
                  -(2.0 ** 31) - 1, 2.0 ** 31], dt)
    i64max, i64min = 2 ** 63 - 1, -(2 ** 63)
    # the values as stored in dt (f32: 2^40 + 5 is 2^40, -2^31 - 1 is -2^31), toward zero
    wrap = [0 if math.isnan(v) else i64max if v >= 2.0 ** 63 else i64min if v <= -(2.0 ** 63)
            else int(v) for v in x.tolist()]
    want = np.array([((v + 2 ** 31) % 2 ** 32) - 2 ** 31 for v in wrap], np.int32)
    body = [f"%x = tile.load %a, %i : (memref<{len(x)}x{t}>, index) -> {t}",
            f"%r = arith.fptosi %x : ({t}) -> i32",
            f"tile.store %r, %o, %i : (i32, memref<{len(x)}xi32>, index) -> ()"]
    for got in lower_and_run(tmp_path, kernel(t, len(x), body, "i32", ("a",)), [x]):
        assert (got == want).all(), (got, want)
