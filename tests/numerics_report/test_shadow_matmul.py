"""--shadow f64 of tessera.matmul: the fast path (2-D operands, interp/numerics/shadow_gemm) against
an exact oracle and against the generic path (the same products with a batch dimension of 1).
The four operand cases: both exact (%m1, transposed B), a weight shared by the shadow and the
actual product (%m2), both operands with their own shadow (%m3), only B with one (%m4).

Oracle: every shadow element is the sequential FMA chain in f64 over k (docs/numerics-report.md,
"The shadow's f64 reduction order"), computed here with exact rationals (fractions.Fraction,
one correctly rounded float() per FMA); ulps from the format's mantissa width and minimum exponent.
"""
import json
import math
from fractions import Fraction

import numpy as np
import pytest

M, K, N = 13, 24, 17  # edge tiles on every ISA (12x16 and 6x8 register tiles)


def program(batched):
    def t(*dims):
        return "tensor<" + "x".join(map(str, ((1,) if batched else ()) + dims)) + "xf32>"

    return f"""module {{
  func.func @main(%x: {t(M, K)}, %w1: {t(N, K)}, %w2: {t(N, N)}, %w3: {t(N, M)}) -> ({t(M, M)}, {t(N, N)}) {{
    %m1 = "tessera.matmul"(%x, %w1) {{transpose_b = true}} : ({t(M, K)}, {t(N, K)}) -> {t(M, N)}
    %m2 = tessera.matmul %m1, %w2 : ({t(M, N)}, {t(N, N)}) -> {t(M, N)}
    %m3 = "tessera.matmul"(%m2, %m2) {{transpose_b = true}} : ({t(M, N)}, {t(M, N)}) -> {t(M, M)}
    %m4 = tessera.matmul %w3, %m2 : ({t(N, M)}, {t(M, N)}) -> {t(N, N)}
    return %m3, %m4 : {t(M, M)}, {t(N, N)}
  }}
}}
"""


def fma_chain(a, b):
    """[m, k] x [k, n] (float64 arrays): each element the sequential FMA chain from +0."""
    fa = [[Fraction(float(v)) for v in row] for row in a]
    fb = [[Fraction(float(v)) for v in row] for row in b]
    out = np.zeros((a.shape[0], b.shape[1]))
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            acc = 0.0
            for p in range(a.shape[1]):
                acc = float(fa[i][p] * fb[p][j] + Fraction(acc))
            out[i, j] = acc
    return out


def ulps(v, ref):
    """max and mean |v - ref| in f32 ulps at ref."""
    errs = []
    for a, r in zip(np.ravel(v).astype(np.float64), np.ravel(ref)):
        e = -126 if r == 0 else max(math.frexp(r)[1] - 1, -126)
        errs.append(abs(a - r) / 2.0 ** (e - 23))
    return max(errs), sum(errs) / len(errs)


@pytest.fixture(scope="module")
def runs(interp, tmp_path_factory):
    d = tmp_path_factory.mktemp("shadow_matmul")
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((M, K)) * 4).astype(np.float32)
    w1 = rng.standard_normal((N, K)).astype(np.float32)
    w2 = (rng.standard_normal((N, N)) / 3).astype(np.float32)
    w3 = rng.standard_normal((N, M)).astype(np.float32)
    out = {}
    for batched in (False, True):
        tag = "b" if batched else "p"
        (d / f"{tag}.mlir").write_text(program(batched))
        args = []
        for name, a in (("x", x), ("w1", w1), ("w2", w2), ("w3", w3)):
            np.save(d / f"{tag}{name}.npy", a[None] if batched else a)
            args += ["-i", f"{name}={d}/{tag}{name}.npy"]
        for threads in ("1", "2"):
            rep = d / f"{tag}{threads}.json"
            interp("run", d / f"{tag}.mlir", *args, "--numerics-report", rep, "--shadow", "f64",
                   "--probe", "m1", "--probe", "m2", "--probe", "m3", "--probe", "m4",
                   "--probe-dir", d / tag,
                   "--threads", threads, check=0)
            ops = json.loads(rep.read_text())["ops"]
            out[tag, threads] = {o["value"][1:]: o for o in ops}
        out[tag, "probes"] = {v: np.load(d / tag / f"{v}.npy").reshape(-1, M if v == "m3" else N)
                              for v in ("m1", "m2", "m3", "m4")}
    return x, w1, w2, w3, out


def test_fast_path_equals_generic_path_and_threads(runs):
    *_, out = runs
    for v in ("m1", "m2", "m3", "m4"):
        fast = out["p", "1"][v]
        assert fast["shadow"]["available"], fast["shadow"]
        for other in (out["p", "2"][v], out["b", "1"][v], out["b", "2"][v]):
            assert other["shadow"] == fast["shadow"], v


def test_shadow_errors_match_the_exact_chain(runs):
    x, w1, w2, w3, out = runs
    act = out["p", "probes"]
    ops = out["p", "1"]
    x64, w1t, w2_64 = x.astype(np.float64), w1.astype(np.float64).T, w2.astype(np.float64)
    sh1 = fma_chain(x64, w1t)  # exact operands: all of m1's error is its own
    sh2 = fma_chain(sh1, w2_64)
    loc2 = fma_chain(act["m1"].astype(np.float64), w2_64)
    sh3 = fma_chain(sh2, sh2.T)
    a2 = act["m2"].astype(np.float64)
    loc3 = fma_chain(a2, a2.T)
    w3_64 = w3.astype(np.float64)
    sh4, loc4 = fma_chain(w3_64, sh2), fma_chain(w3_64, a2)
    cases = [("m1", "total", act["m1"], sh1), ("m1", "own", act["m1"], sh1),
             ("m2", "total", act["m2"], sh2), ("m2", "own", act["m2"], loc2),
             ("m2", "inherited", loc2, sh2), ("m3", "total", act["m3"], sh3),
             ("m3", "own", act["m3"], loc3), ("m3", "inherited", loc3, sh3),
             ("m4", "total", act["m4"], sh4), ("m4", "own", act["m4"], loc4),
             ("m4", "inherited", loc4, sh4)]
    for v, col, val, ref in cases:
        got = ops[v]["shadow"][col]
        mx, mean = ulps(val, ref)
        assert got["max_ulp"] == mx, (v, col, got, mx)
        assert got["mean_ulp"] == pytest.approx(mean, rel=1e-12, abs=1e-300), (v, col)
    assert ops["m2"]["shadow"]["inherited"]["max_ulp"] > 0  # the split is exercised
