"""tile.fma (docs/ops/tile/compute.md): a * b + c rounded once, for f32 and f64 scalars, at Tile IR
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


def kernel(t, n):
    """@k: group 0's first tile computes o[i] = fma(a[i], b[i], c[i]) for every i; @main
    launches it."""
    m, tt = f"memref<{n}x{t}>", f"tensor<{n}x{t}>"
    return f"""module {{
  func.func @k(%a: {m}, %b: {m}, %c: {m}, %o: {m}) {{
    %c0 = arith.constant {{value = 0 : index}} : index
    %c1 = arith.constant {{value = 1 : index}} : index
    %cn = arith.constant {{value = {n} : index}} : index
    %l = tile.linear_id : index
    %z = arith.cmpi %l, %c0 {{predicate = 0}} : (index, index) -> i1
    "scf.if"(%z) ({{
      "scf.for"(%c0, %cn, %c1) ({{
      ^bb0(%i: index):
        %x = tile.load %a, %i : ({m}, index) -> {t}
        %y = tile.load %b, %i : ({m}, index) -> {t}
        %w = tile.load %c, %i : ({m}, index) -> {t}
        %r = tile.fma %x, %y, %w : ({t}, {t}, {t}) -> {t}
        tile.store %r, %o, %i : ({t}, {m}, index) -> ()
        "scf.yield"() : () -> ()
      }}) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }}, {{ "scf.yield"() : () -> () }}) : (i1) -> ()
    return
  }}
  func.func @main(%a: {tt}, %b: {tt}, %c: {tt}) -> {tt} {{
    %o = tile.launch %a, %b, %c {{callee = @k, grid = [1], tiles = 1, lanes = 32}}
        : ({tt}, {tt}, {tt}) -> {tt}
    return %o : {tt}
  }}
}}
"""


def run(src, ins, out):
    args = [TOOL, "run", str(src), "-o", str(out)]
    for name, arr in zip("abc", ins):
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
