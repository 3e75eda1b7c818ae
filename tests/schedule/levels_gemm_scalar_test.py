"""Scalar-kernel GEMMs lowered to Tile and Target IR (batched tessera.matmul with broadcast batch
dims and transposes, tessera.grouped_gemm): every level bit-exact with an exact oracle, the
sequential chain acc = RN32(a * b + acc) from +0 over k computed on Python fractions with
round-half-even to f32 (subnormals, overflow to Inf). Rows built so that a + b * c lands
exactly halfway between two f32 values in f64 with a non-zero rounding error (1 + 2^-23 +
2^-24 - 2^-60, and 2^128 - 2^103 - 2^67 just below the overflow threshold) check the exact FMA
of schedule_to_tile_fma.cpp, where rounding the f64 sum to f32 would be wrong. A group size
outside grouped_gemm_c4 stops the run at every level with an error. Also tessera.latent_kv_*
(rows times a weight) and tessera.swiglu_fused (silu with the spec's expf, modelled in
conformance/gen/spec_expf.py).

Usage: levels_gemm_scalar_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile
from fractions import Fraction

import ml_dtypes
import numpy as np

from levels_common import check, finish
from levels_index_test import bad_index, case

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import spec_expf  # noqa: E402  (the spec's expf, modelled from docs/numerics.md)

BF = ml_dtypes.bfloat16


def rn32(q):
    """The f32 nearest to the rational q (ties to even), Inf beyond the range; -0 for a negative
    value that rounds to zero."""
    if q == 0:
        return np.float32(0.0)
    neg, q = q < 0, abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    quantum = Fraction(2) ** (max(e, -126) - 23)
    n = q / quantum
    fl = math.floor(n)
    rem = n - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    v = fl * quantum
    r = np.float32(np.inf) if v >= 2**128 else np.float32(float(v))
    return -r if neg else r


def chain(x, y):
    """acc = +0, then acc = RN32(x[p] * y[p] + acc) for p in order."""
    acc = np.float32(0.0)
    for a, b in zip(x, y):
        acc = rn32(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(acc)))
    return acc


def matmul_oracle(a, b, ta, tb):
    a = np.swapaxes(a, -1, -2) if ta else a
    b = np.swapaxes(b, -1, -2) if tb else b
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.zeros(batch + (a.shape[-2], b.shape[-1]), np.float32)
    for idx in np.ndindex(*out.shape):
        out[idx] = chain(a[idx[:-1]], b[idx[:-2] + (slice(None), idx[-1])])
    return out


def silu_times(g, u):
    """silu(g) * u in f32: g / (1 + expf(-g)) with the spec's expf, -0 at g = -Inf."""
    g = np.float32(g)
    q = np.float32(-0.0) if g == -np.inf else g / (np.float32(1) + spec_expf.expf_array(
        np.array([-g], np.float32))[0])
    return np.float32(np.float32(q) * np.float32(u))


def swiglu_oracle(x, wg, wu, wd):
    gate, up = matmul_oracle(x, wg, False, False), matmul_oracle(x, wu, False, False)
    act = np.vectorize(silu_times, otypes=[np.float32])(gate, up)
    return matmul_oracle(act, wd, False, False)


def spread(rng, shape):
    """f32 values over a wide range of exponents (products and sums that round)."""
    m = rng.standard_normal(shape)
    return (m * np.exp2(rng.integers(-30, 30, shape))).astype(np.float32)


def main():
    rng = np.random.default_rng(23)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        a, b = spread(rng, (2, 1, 3, 9)), spread(rng, (4, 5, 9))
        case(d, "batch_bcast_tb", "matmul", [a, b], matmul_oracle(a, b, False, True),
             " {transpose_b = true}")
        a, b = spread(rng, (3, 7, 4)), spread(rng, (3, 7, 6))
        case(d, "batch_ta", "matmul", [a, b], matmul_oracle(a, b, True, False),
             " {transpose_a = true}")
        # Halfway in f64 with an error below it: the FMA gives 1 + 2^-23 (rounding s gives
        # 1 + 2^-22), and FLT_MAX (rounding s gives Inf); mirrored for negative values.
        u, v = np.float32(2.0**-24 * (1 + 2.0**-18)), np.float32(1 - 2.0**-18)
        one_ulp = np.float32(1 + 2.0**-23)
        big, fmax = np.float32(2.0**103 * (1 + 2.0**-18)), np.finfo(np.float32).max
        a = np.array([[[one_ulp, u], [fmax, big], [-one_ulp, -u], [-fmax, -big]]], np.float32)
        b = np.array([[[1.0, 1.0], [v, v]]], np.float32)
        want = matmul_oracle(a, b, False, False)
        check(want[0, 0, 1] == one_ulp and want[0, 1, 1] == fmax and want[0, 3, 1] == -fmax,
              f"halfway oracle: {want}")
        case(d, "batch_halfway", "matmul", [a, b], want)
        a, b = spread(rng, (2, 3, 8)).astype(BF), spread(rng, (2, 8, 4)).astype(BF)
        want = matmul_oracle(a.astype(np.float32), b.astype(np.float32), False, False)
        case(d, "batch_bf16_f32", "matmul", [a, b], want)
        # grouped_gemm: sizes 3, 0, 4 of 7 rows; unsigned sizes; bad sizes fail.
        x, w = spread(rng, (7, 5)), spread(rng, (3, 5, 4))
        sizes = np.array([3, 0, 4], np.int32)
        grp = np.repeat(np.arange(3), sizes)
        want = np.stack([matmul_oracle(x[i:i + 1], w[grp[i]], False, False)[0]
                         for i in range(7)])
        s, f = case(d, "grouped", "grouped_gemm", [x, w, sizes], want)
        bad_index(d, "grouped_sum", s, f, 2, np.array([3, 0, 3], np.int32))
        bad_index(d, "grouped_neg", s, f, 2, np.array([4, -1, 4], np.int32))
        bad_index(d, "grouped_over", s, f, 2, np.array([8, 0, 0], np.int32))
        case(d, "grouped_u8", "grouped_gemm", [x, w, sizes.astype(np.uint8)], want)
        # latent_kv: each row of [..., K] times [K, N]; bf16 rounds the f32 chain once.
        a, w = spread(rng, (2, 3, 6)), spread(rng, (6, 5))
        case(d, "latent_compress", "latent_kv_compress", [a, w], matmul_oracle(a, w, False, False))
        a, w = spread(rng, (2, 3, 4)).astype(BF), spread(rng, (4, 7)).astype(BF)
        want = matmul_oracle(a.astype(np.float32), w.astype(np.float32), False, False).astype(BF)
        case(d, "latent_expand_v_bf16", "latent_kv_expand_v", [a, w], want)
        # swiglu_fused: silu(x w_gate) * (x w_up) kept in f32, then times w_down.
        x = (rng.standard_normal((3, 6)) * 2).astype(np.float32)
        wg, wu = spread(rng, (6, 5)), (rng.standard_normal((6, 5))).astype(np.float32)
        wd = spread(rng, (5, 6))
        with np.errstate(over="ignore"):
            want = swiglu_oracle(x, wg, wu, wd)
        case(d, "swiglu_fused", "swiglu_fused", [x, wg, wu, wd], want)
    finish()


if __name__ == "__main__":
    main()
