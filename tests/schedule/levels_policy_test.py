"""tessera.matmul with a numeric policy's accumulation model lowered to Tile and Target IR as a
scalar kernel (schedule_to_tile_policy.cpp): every level bit-exact with oracles written here
from the models' rules (docs/numerics.md, "Accumulation models"), not from our kernels:
- pairwise: products rounded to f32 (numpy float32), each block of 256 summed by the tree that
  splits [lo, hi) at lo + (hi - lo) // 2, the block sums added in order, then +0 + sum;
- tensor core (tc_ampere, tc_hopper, tc_hopper_fp8): per step of k_step products plus c, on
  Python fractions: every term truncated toward zero to a multiple of 2^(emax - frac_bits)
  (emax: the exponent of the largest magnitude), the exact sum rounded toward zero to f32
  (overflow: the largest finite; subnormals at 2^-149) and cut to out_mant_bits; a NaN term,
  Inf * 0 or both infinities give NaN, otherwise an infinity gives itself.
Rows with widely spread exponents (truncation), infinities, NaN, tiny (subnormal) and huge
(overflowing) products. Policies the kernel does not run stay at Schedule IR with their reason.

Usage: levels_policy_test.py TESSERA_INTERP
"""
import math
import pathlib
import tempfile
from fractions import Fraction

import ml_dtypes
import numpy as np

from levels_common import check, check_case, check_stays_at_schedule, finish, t

BF = ml_dtypes.bfloat16
E4M3 = ml_dtypes.float8_e4m3fn
ET = {np.dtype(np.float32): "f32", np.dtype(BF): "bf16", np.dtype(E4M3): "f8E4M3FN"}
FLT_MAX = Fraction(float(np.finfo(np.float32).max))


def program(a, b, model, out="f32", extra="", tb=False):
    rt = t((a.shape[0], b.shape[0] if tb else b.shape[1]), out)
    ta, tbt = t(a.shape, ET[a.dtype]), t(b.shape, ET[b.dtype])
    flag = ", transpose_b = true" if tb else ""
    return (f"module {{\n  func.func @main(%a0: {ta}, %a1: {tbt}) -> {rt} {{\n"
            f'    %r = "tessera.matmul"(%a0, %a1) {{numeric_policy = {{accum_model = "{model}"'
            f"{extra}}}{flag}}} : ({ta}, {tbt}) -> {rt}\n    return %r : {rt}\n  }}\n}}\n")


ACC = {"f32": np.float32, "f16": np.float16, "bf16": BF}


def tree(x, lo, hi, r):
    if hi - lo == 1:
        return x[lo]
    mid = lo + (hi - lo) // 2
    return r(tree(x, lo, mid, r) + tree(x, mid, hi, r))


def pairwise(a, b, acc=np.float32):
    """Products (f32) and every f32 sum rounded to the accumulator `acc` (from f32: one RNE)."""
    def r(v):
        return np.float32(np.float32(v).astype(acc).astype(np.float32))

    with np.errstate(all="ignore"):
        prods = [r(p) for p in a.astype(np.float32) * b.astype(np.float32)]
        sums = [tree(prods[k0:k0 + 256], 0, len(prods[k0:k0 + 256]), r)
                for k0 in range(0, len(prods), 256)]
        partial = sums[0]
        for s in sums[1:]:
            partial = r(partial + s)
        return r(np.float32(0.0) + partial)


def round_frac(q, mant, emin, emax):
    """The nearest value (ties to even) of a binary format with `mant` fraction bits, normal
    exponents [emin, emax], subnormals, overflow to Inf; q a Fraction (finite)."""
    if q == 0:
        return 0.0
    neg, q = q < 0, abs(q)
    quantum = Fraction(2) ** (max(floor_log2(q), emin) - mant)
    n = q / quantum
    fl = math.floor(n)
    if n - fl > Fraction(1, 2) or (n - fl == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    v = fl * quantum
    v = math.inf if v >= Fraction(2) ** (emax + 1) else float(v)
    return -v if neg else v


FMT = {"f16": (10, -14, 15), "bf16": (7, -126, 127)}


def sequential(x, y, acc):
    """c = +0, then c = fma_accum(x, y, c): f32 accumulators one fma rounding; f16/bf16 the
    exact sum rounded to f64 (the f64 fma), then that f64 rounded to the accumulator."""
    c = 0.0
    for a, b in zip(x, y):
        q = Fraction(float(a)) * Fraction(float(b)) + Fraction(c)
        if acc == "f32":
            c = float(np.float32(round_frac(q, 23, -126, 127)))
        else:
            c = round_frac(Fraction(float(q)), *FMT[acc])
    return np.float32(c)


def floor_log2(q):
    e = q.numerator.bit_length() - q.denominator.bit_length()
    return e - 1 if Fraction(2) ** e > q else e


def rtz32(q, out_mant):
    """q rounded toward zero to f32 (the largest finite on overflow), then to out_mant bits."""
    if q == 0:
        return np.float32(0.0)
    neg, q = q < 0, min(abs(q), FLT_MAX)
    quantum = Fraction(2) ** (max(floor_log2(q), -126) - 23) * 2 ** (23 - out_mant)
    r = np.float32(float(math.floor(q / quantum) * quantum))
    return -r if neg else r


def tc_step(frac, out_mant, xs, ys, c):
    vals = [np.float64(c)] + [np.float64(x) * np.float64(y) for x, y in zip(xs, ys)]
    if any(np.isnan(v) for v in vals) or (np.inf in vals and -np.inf in vals):
        return np.float32(np.nan)
    if np.inf in vals or -np.inf in vals:
        return np.float32(np.inf if np.inf in vals else -np.inf)
    terms = [Fraction(float(v)) for v in vals if v != 0]
    if not terms:
        return np.float32(0.0)
    quantum = Fraction(2) ** (floor_log2(max(abs(v) for v in terms)) - frac)
    total = sum((1 if v > 0 else -1) * math.floor(abs(v) / quantum) * quantum for v in terms)
    return rtz32(total, out_mant)


TC = {"tc_ampere": (24, 8, 23), "tc_hopper": (25, 16, 23), "tc_hopper_fp8": (13, 32, 13)}


def tc_dot(model, x, y):
    frac, step, out_mant = TC[model]
    c = np.float32(0.0)
    with np.errstate(all="ignore"):
        for k0 in range(0, len(x), step):
            c = tc_step(frac, out_mant, x[k0:k0 + step], y[k0:k0 + step], c)
    return c


def oracle(a, b, dot, tb=False):
    b = b.T if tb else b
    out = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            out[i, j] = dot(a[i].astype(np.float32), b[:, j].astype(np.float32))
    return out


def spread(rng, shape, lo=-20, hi=20):
    return rng.standard_normal(shape) * np.exp2(rng.integers(lo, hi, shape))


def tc_inputs(rng, k, dt):
    """Rows: plain, spread exponents, +Inf, Inf - Inf, NaN, Inf * 0, tiny, huge."""
    a = rng.standard_normal((8, k))
    a[1] = spread(rng, k)
    a[2, 5] = np.inf
    a[3, 1], a[3, k - 2] = np.inf, -np.inf
    a[4, k // 2] = np.nan
    a[6] *= 2.0 ** -72 if dt == BF else 2.0 ** -4
    a[7] = np.abs(a[7]) * (2.0 ** 100 if dt == BF else 2.0 ** 7)
    b = rng.standard_normal((k, 3))
    b[:, 1] = np.abs(b[:, 1])
    b[3, :] = 0.0
    b[1, :], b[k - 2, :] = 1.0, 2.0
    a[5, 3] = np.inf  # times b[3, :] = 0
    if dt == BF:
        b[:, 2] *= 2.0 ** -70
        b[:, 0] = np.abs(b[:, 0]) * 2.0 ** 100
    return a.astype(dt), b.astype(dt)


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        for k, model in ((40, "tc_ampere"), (37, "tc_ampere"), (40, "tc_hopper"),
                         (53, "tc_hopper")):
            a, b = tc_inputs(rng, k, BF)
            want = oracle(a, b, lambda x, y, m=model: tc_dot(m, x, y))
            check_case(d, f"{model}_{k}", program(a, b, model), [a, b], [want])
        a, b = tc_inputs(rng, 45, E4M3)
        want = oracle(a, b, lambda x, y: tc_dot("tc_hopper_fp8", x, y))
        check_case(d, "tc_hopper_fp8_45", program(a, b, "tc_hopper_fp8"), [a, b], [want])
        for k in (7, 13, 300, 600):  # similar magnitudes: the tree's shape shows in the bits
            a = rng.standard_normal((3, k)).astype(np.float32)
            b = rng.standard_normal((4, k)).astype(np.float32)
            a[1] = spread(rng, k)
            if k == 7:
                a[1, 2] = np.inf
                a[2, 4] = np.nan
            want = oracle(a, b, pairwise, tb=True)
            check_case(d, f"pairwise_{k}", program(a, b, "pairwise", tb=True), [a, b], [want])
        a, b = rng.standard_normal((2, 5)).astype(BF), rng.standard_normal((5, 3)).astype(BF)
        want = oracle(a, b, pairwise)
        check_case(d, "pairwise_bf16", program(a, b, "pairwise"), [a, b], [want])
        # f16 / bf16 accumulators: sequential (an f64 fma rounded once to the accumulator) and
        # pairwise (every product and sum rounded to it); sequential f32 with a policy.
        for acc in ("f16", "bf16", "f32"):
            a = rng.standard_normal((3, 29)).astype(np.float32)
            b = rng.standard_normal((29, 4)).astype(np.float32)
            a[2] = spread(rng, 29, -12, 12)
            extra = f', accum = "{acc}"'
            want = oracle(a, b, lambda x, y, c=acc: sequential(x, y, c))
            check_case(d, f"sequential_{acc}", program(a, b, "sequential", extra=extra), [a, b],
                       [want])
            if acc != "f32":
                want = oracle(a, b, lambda x, y, c=acc: pairwise(x, y, ACC[c]))
                check_case(d, f"pairwise_{acc}", program(a, b, "pairwise", extra=extra), [a, b],
                           [want])
        # Not run by the scalar kernel: a tensor-core f16 accumulator, a bf16 result.
        for name, src, why in (
                ("acc_f16", program(a, b, "tc_ampere", extra=', accum = "f16"'),
                 "a numeric policy of a tensor-core model with an f16 accumulator"),
                ("out_bf16", program(a, b, "tc_ampere", out="bf16"),
                 "a numeric policy with a result other than f32")):
            src_file = d / f"{name}.mlir"
            src_file.write_text(src)
            check_stays_at_schedule(src_file, why)
    finish()


if __name__ == "__main__":
    main()
