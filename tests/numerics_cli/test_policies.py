"""Elementwise ops with low-precision results compute in f32 and round once at storage, with the
op's numeric_policy. Oracles: numpy f32 arithmetic, ml_dtypes astype, and an independent numpy
model of stochastic rounding keyed by Philox4x32-10 (docs/numerics.md, "Stochastic rounding")."""
import math

import ml_dtypes
import numpy as np
import pytest

from conftest import bits

M0, M1, W0, W1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
U32 = np.uint64(0xFFFFFFFF)


def philox4x32_10(c0, c1, c2, c3, k0, k1):
    """Vectorised Philox4x32-10 (Salmon et al. 2011) on uint64 arrays holding 32-bit words."""
    c = [np.asarray(v, np.uint64) for v in (c0, c1, c2, c3)]
    k0, k1 = np.uint64(k0), np.uint64(k1)
    for rnd in range(10):
        if rnd:
            k0, k1 = (k0 + np.uint64(W0)) & U32, (k1 + np.uint64(W1)) & U32
        p0 = np.uint64(M0) * c[0]
        p1 = np.uint64(M1) * c[2]
        c = [((p1 >> np.uint64(32)) ^ c[1] ^ k0) & U32, p1 & U32,
             ((p0 >> np.uint64(32)) ^ c[3] ^ k1) & U32, p0 & U32]
    return c


def test_philox_known_answers():
    z = np.zeros(1, np.uint64)
    assert [int(w[0]) for w in philox4x32_10(z, z, z, z, 0, 0)] == [
        0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]
    o = np.full(1, 0xFFFFFFFF, np.uint64)
    assert [int(w[0]) for w in philox4x32_10(o, o, o, o, 0xFFFFFFFF, 0xFFFFFFFF)] == [
        0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]


def random_words(seed, stream, n):
    """Word i % 4 of Philox(counter = (i/4, stream), key = seed) for i in [0, n)."""
    i = np.arange(n, dtype=np.uint64)
    q = i >> np.uint64(2)
    s = np.uint64(stream)
    w = philox4x32_10(q & U32, q >> np.uint64(32), np.full(n, s & U32),
                      np.full(n, s >> np.uint64(32)), seed & 0xFFFFFFFF, seed >> 32)
    return np.choose((i & np.uint64(3)).astype(np.int64), w)


# format: (mantissa bits, min normal exponent, random bits r)
SR = {ml_dtypes.bfloat16: (7, -126, 16), ml_dtypes.float8_e4m3fn: (3, -6, 20)}


def stochastic_round(v, fmt, words):
    """Round f32 values v (finite, below max finite) to fmt: keep the top r discarded bits of |v|
    in units of the result's ulp, add the low r bits of the word, round up on carry out."""
    mbits, emin, r = SR[fmt]
    a = np.abs(v.astype(np.float64))
    e = np.floor(np.log2(np.where(a > 0, a, 1.0)))
    # log2 may be off by one near powers of two: fix with an exact comparison.
    e = np.where(np.exp2(e) > a, e - 1, e)
    e = np.where(np.exp2(e + 1) <= a, e + 1, e)
    ulp = np.exp2(np.maximum(e, emin) - mbits)
    k = np.floor(a / ulp)
    d = np.floor((a / ulp - k) * 2.0 ** r)  # top r discarded bits
    rb = (words & np.uint64((1 << r) - 1)).astype(np.float64)
    up = (d + rb) >= 2.0 ** r
    mag = (k + up) * ulp
    return np.copysign(mag, v.astype(np.float64)).astype(np.float32).astype(fmt)


def mlir_elem(fmt):
    return {ml_dtypes.bfloat16: "bf16", ml_dtypes.float8_e4m3fn: "f8E4M3FN"}[fmt]


def write_program(path, fmt, n, policy):
    t = f"tensor<{n}x{mlir_elem(fmt)}>"
    path.write_text(
        "module {\n"
        f"  func.func @main(%a: {t}, %b: {t}, %c: {t}) -> ({t}, {t}) {{\n"
        f'    %0 = "tessera.mul"(%a, %b) : ({t}, {t}) -> {t}\n'
        f'    %1 = "tessera.add"(%0, %c) {{numeric_policy = {{{policy}}}}} : ({t}, {t}) -> {t}\n'
        f"    return %0, %1 : {t}, {t}\n"
        "  }\n"
        "}\n")


def run_program(interp, tmp_path, fmt, arrays, policy, threads):
    n = arrays[0].size
    prog = tmp_path / "prog.mlir"
    write_program(prog, fmt, n, policy)
    args = ["run", prog, "--threads", threads, "--output-dir", tmp_path / f"out{threads}"]
    for name, arr in zip("abc", arrays):
        np.save(tmp_path / f"{name}.npy", bits(arr))
        args += ["--input", f"{name}={tmp_path / f'{name}.npy'}"]
    interp(*args, check=0)
    return [np.load(tmp_path / f"out{threads}" / f"{k}.npy") for k in ("0", "1")]


def inputs(fmt, n, seed):
    rng = np.random.default_rng(seed)
    vals = [rng.uniform(-4, 4, n), rng.uniform(-4, 4, n), rng.uniform(-8, 8, n)]
    vals[0][:50] *= 0.003  # products in the subnormal range of e4m3
    return [v.astype(np.float32).astype(fmt) for v in vals]


@pytest.mark.parametrize("fmt", [ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn])
def test_stochastic_storage_rounding_matches_philox_model(interp, tmp_path, fmt):
    n = 60_000  # several 16k-element chunks, so threads really split the work
    a, b, c = inputs(fmt, n, 11)
    policy = 'rounding = "stochastic", seed = 77'
    outs = {t: run_program(interp, tmp_path, fmt, [a, b, c], policy, t) for t in (1, 2)}
    assert all(np.array_equal(x, y) for x, y in zip(outs[1], outs[2]))
    # Step 0: f32 product, rounded once to the storage type (RNE).
    prod = a.astype(np.float32) * b.astype(np.float32)
    assert np.array_equal(outs[1][0], bits(prod.astype(fmt)))
    # Step 1: f32 sum of the stored product and c, stochastic with stream = step index 1.
    s = outs[1][0].view(fmt).astype(np.float32) + c.astype(np.float32)
    want = stochastic_round(s, fmt, random_words(77, 1, n))
    got = outs[1][1]
    assert np.array_equal(got, bits(want)), np.flatnonzero(got != bits(want))[:10]
    # Stochastic rounding really moved some results off round-to-nearest.
    assert np.count_nonzero(got != bits(s.astype(fmt))) > n // 20


def test_stochastic_seed_changes_results(interp, tmp_path):
    fmt = ml_dtypes.bfloat16
    arrays = inputs(fmt, 5000, 12)
    r1 = run_program(interp, tmp_path, fmt, arrays, 'rounding = "stochastic", seed = 1', 1)[1]
    r2 = run_program(interp, tmp_path, fmt, arrays, 'rounding = "stochastic", seed = 2', 1)[1]
    assert not np.array_equal(r1, r2)


@pytest.mark.parametrize("policy,clip", [('rounding = "rne"', False), ("saturate = true", True)])
def test_e4m3_storage_rounds_once_from_f32(interp, tmp_path, policy, clip):
    fmt = ml_dtypes.float8_e4m3fn
    rng = np.random.default_rng(5)
    n = 4096
    a = rng.uniform(-20, 20, n).astype(np.float32).astype(fmt)   # |a * b| <= 400: no overflow
    b = rng.uniform(-20, 20, n).astype(np.float32).astype(fmt)
    c = rng.uniform(-120, 120, n).astype(np.float32).astype(fmt)  # the sum may overflow
    out = run_program(interp, tmp_path, fmt, [a, b, c], policy, 2)
    s = out[0].view(fmt).astype(np.float32) + c.astype(np.float32)
    if clip:  # ocp saturation: finite overflow -> +-448 (NaN stays NaN)
        s = np.where(np.isfinite(s), np.clip(s, -448, 448), s)
    want = bits(s.astype(fmt))
    assert np.array_equal(out[1], want)
    # The data reaches the overflow region, so the two policies differ.
    assert np.count_nonzero(np.abs(s) > 464) > 0 or clip


def test_bf16_chain_rounds_each_stored_intermediate(interp, tmp_path):
    fmt = ml_dtypes.bfloat16
    rng = np.random.default_rng(8)
    a, b, c = [rng.standard_normal(1000).astype(np.float32).astype(fmt) for _ in range(3)]
    out = run_program(interp, tmp_path, fmt, [a, b, c], 'rounding = "rne"', 1)
    stored = (a.astype(np.float32) * b.astype(np.float32)).astype(fmt)
    want = (stored.astype(np.float32) + c.astype(np.float32)).astype(fmt)
    fused = (a.astype(np.float32) * b.astype(np.float32) + c.astype(np.float32)).astype(fmt)
    assert np.array_equal(out[1], bits(want))
    assert not np.array_equal(bits(want), bits(fused))  # the oracle can tell the difference
    assert math.isfinite(float(want.astype(np.float32).sum()))
