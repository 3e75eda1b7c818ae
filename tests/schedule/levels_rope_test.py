"""tessera.rope and tessera.ntk_rope lowered to scalar kernels (one group per row of x's last
axis): every level bit-exact with a numpy model of docs/ops/graph/rope.md whose cos and sin are
the Python model of the spec's sincosf (conformance/gen/spec_sincosf.py), on f32, bf16 and f16,
theta repeating over x's leading dims, angles up to 1e4 and NaN / Inf entries; on f64 against
the same model in f64 whose cos and sin are mpmath's rounded once (the spec's sincos64 is
correctly rounded on them), with angles up to 1e300 and next to multiples of pi/2.

Usage: levels_rope_test.py TESSERA_INTERP
"""
import pathlib
import sys
import tempfile

import ml_dtypes
import mpmath
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_sincosf  # noqa: E402
from levels_common import check_case, finish, t  # noqa: E402

BF16 = ml_dtypes.bfloat16
NAMES = {np.float32: "f32", np.float64: "f64", BF16: "bf16", np.float16: "f16"}


def rope(x, th, scale=1.0):
    """The spec in f32 (x and theta widened exactly), each product, difference and sum rounded
    to f32, the result rounded once to x's type."""
    f = np.float32
    xs, ts = x.astype(f).ravel(), th.astype(f).ravel()
    e = np.arange(0, xs.size, 2)
    ang = ts[e % ts.size]
    if scale != 1.0:
        ang = ang / f(scale)
    sn, cs = spec_sincosf.sincosf_array(ang)
    xe, xo = xs[e], xs[e + 1]
    y = np.empty_like(xs)
    y[e] = xe * cs - xo * sn
    y[e + 1] = xe * sn + xo * cs
    return y.reshape(x.shape).astype(x.dtype)


def sincos_exact(a):
    """sin and cos of each f64 of `a`, mpmath at 2300 bits rounded once; NaN for NaN and +-Inf."""
    sn, cs = np.empty_like(a), np.empty_like(a)
    with mpmath.workprec(2300):
        for i, v in enumerate(a):
            if not np.isfinite(v):
                sn[i] = cs[i] = np.nan
                continue
            m = mpmath.mpf(float(v))
            sn[i], cs[i] = float(mpmath.sin(m)), float(mpmath.cos(m))
    return sn, cs


def rope64(x, th, scale=1.0):
    """The spec in f64: each product, difference and sum rounded to f64."""
    xs, ts = x.ravel(), th.ravel()
    e = np.arange(0, xs.size, 2)
    ang = ts[e % ts.size]
    if scale != 1.0:
        ang = ang / scale
    sn, cs = sincos_exact(ang)
    xe, xo = xs[e], xs[e + 1]
    y = np.empty_like(xs)
    y[e] = xe * cs - xo * sn
    y[e + 1] = xe * sn + xo * cs
    return y.reshape(x.shape)


def program(op, x, th, attrs=""):
    et = NAMES[x.dtype.type]
    tx, tt = t(x.shape, et), t(th.shape, et)
    attr = f" {{{attrs}}}" if attrs else ""
    return (f"module {{\n  func.func @main(%a0: {tx}, %a1: {tt}) -> {tx} {{\n"
            f'    %r = "{op}"(%a0, %a1){attr} : ({tx}, {tt}) -> {tx}\n'
            f"    return %r : {tx}\n  }}\n}}\n")


def main():
    np.seterr(all="ignore")
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        x = rng.standard_normal((2, 4, 8)).astype(np.float32)
        th = rng.uniform(-20, 20, (4, 8)).astype(np.float32)
        th[1, 2], th[2, 4], th[3, 0], x[0, 3, 6] = np.nan, np.inf, -0.0, np.inf
        check_case(d, "rope_suffix", program("tessera.rope", x, th), [x, th], [rope(x, th)])
        x = rng.standard_normal((3, 2, 12)).astype(np.float32)
        th = (np.arange(12) * 1e3 + rng.uniform(0, 1, 12)).astype(np.float32)  # up to 1.1e4 rad
        check_case(d, "rope_rank1_theta", program("tessera.rope", x, th), [x, th], [rope(x, th)])
        xb = rng.standard_normal((3, 6)).astype(BF16)
        tb = rng.uniform(-4, 4, (3, 6)).astype(BF16)
        check_case(d, "rope_bf16", program("tessera.rope", xb, tb), [xb, tb], [rope(xb, tb)])
        xh = rng.standard_normal((2, 4)).astype(np.float16)
        thh = rng.uniform(-4, 4, (4,)).astype(np.float16)
        check_case(d, "rope_f16", program("tessera.rope", xh, thh), [xh, thh], [rope(xh, thh)])
        x = rng.standard_normal((5, 130)).astype(np.float32)
        th = rng.uniform(-9, 9, (130,)).astype(np.float32)
        check_case(d, "ntk_rope_3", program("tessera.ntk_rope", x, th, "scale = 3.0 : f64"),
                   [x, th], [rope(x, th, 3.0)])
        check_case(d, "ntk_rope_1", program("tessera.ntk_rope", x, th), [x, th], [rope(x, th)])
        x64 = rng.standard_normal((4, 3, 8))
        t64 = np.concatenate([rng.uniform(-8, 8, 8), rng.uniform(-1e6, 1e6, 2),
                              np.ldexp(rng.uniform(1, 2, 4), rng.integers(-60, 1000, 4)),
                              np.arange(1, 4) * (np.pi / 2), [1e300, np.nan, np.inf,
                              -np.inf, -0.0, 0.0, 2.0**-1070]]).reshape(3, 8)
        check_case(d, "rope_f64", program("tessera.rope", x64, t64), [x64, t64],
                   [rope64(x64, t64)])
        check_case(d, "ntk_rope_f64", program("tessera.ntk_rope", x64, t64, "scale = 3.0 : f64"),
                   [x64, t64], [rope64(x64, t64, 3.0)])
    finish()


if __name__ == "__main__":
    main()
