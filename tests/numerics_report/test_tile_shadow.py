"""--shadow f64 inside a tile kernel (tile_shadow.mlir): the op that loses precision (a bf16
addition) is named by its own error, the exact cancellation after it gets all of its error as
inherited, and the figures are the same for 1 and 2 threads and any schedule.

Oracles: ml_dtypes bf16 and numpy f32 arithmetic for the kernel's values (the simulator's
arithmetic is correctly rounded like them), exact f64 sums and products for the shadows (two bf16
or f32 values add and multiply exactly in f64), ulps from the format's mantissa width and minimum
exponent (as in test_report.py)."""
import json
import math
import os

import ml_dtypes
import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PROG = os.path.join(HERE, "tile_shadow.mlir")
BF16 = ml_dtypes.bfloat16
SHAPE = (4, 2, 8)
FMT = {"f32": (23, -126), "bf16": (7, -126)}


def data():
    rng = np.random.default_rng(23)
    sign = np.where(rng.uniform(size=SHAPE) < 0.5, -1.0, 1.0)
    a = (sign * rng.uniform(1, 4, SHAPE)).astype(BF16)  # |a| >= 1: d - a is exact (Sterbenz)
    b = (rng.uniform(-1, 1, SHAPE) * 2.0 ** -6).astype(BF16)
    x = rng.uniform(-2, 2, SHAPE).astype(np.float32)
    s = rng.uniform(0.5, 2, SHAPE).astype(np.float32)
    return a, b, x, s


def errors(v, ref, fmt):
    """max/mean ulps at ref and max relative error of v against ref."""
    m, emin = FMT[fmt]
    ulps, rels = [], []
    for a, r in zip(np.ravel(v).astype(np.float64), np.ravel(ref).astype(np.float64)):
        e = emin if r == 0 else max(math.frexp(r)[1] - 1, emin)
        ulps.append(abs(a - r) / 2.0 ** (e - m))
        if r != 0:
            rels.append(abs(a - r) / abs(r))
    return max(ulps), sum(ulps) / len(ulps), max(rels)


def report(interp, tmp_path, threads, seed):
    a, b, x, s = data()
    arrays = dict(a=a.view(np.uint16), b=b.view(np.uint16), x=x, s=s,
                  oe=np.zeros(SHAPE, np.uint16), oq=np.zeros(SHAPE, np.float32))
    args = []
    for n, v in arrays.items():
        np.save(tmp_path / f"{n}.npy", v)
        args += ["-i", f"{n}={tmp_path}/{n}.npy"]
    out = tmp_path / f"r{threads}_{seed}.json"
    interp("run", PROG, "--entry", "k", *args, "--threads", threads, "--schedule-seed", seed,
           "--numerics-report", out, "--shadow", "f64", check=0)
    return {o["value"].lstrip("%"): o for o in json.loads(out.read_text())["ops"]}


def test_tile_shadow_names_the_lossy_op(interp, tmp_path):
    ops = report(interp, tmp_path, 2, 0)
    a, b, x, s = data()
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    d = (a.astype(np.float32) + b.astype(np.float32)).astype(BF16)
    e = (d.astype(np.float32) - a.astype(np.float32)).astype(BF16)
    p = x * s
    # Exactly one op adds a relative error above 1e-3 itself: the bf16 addition.
    lossy = [(v, o["op"]) for v, o in ops.items()
             if o["shadow"]["available"] and o["shadow"]["own"]["max_rel"] > 1e-3]
    assert lossy == [("d", "arith.addf")]
    assert ops["d"]["location"].endswith("tile_shadow.mlir:15:10")
    # %d: operands are loads (exact), so all of its error is its own.
    sd = ops["d"]["shadow"]
    mx, mean, rel = errors(d, a64 + b64, "bf16")
    assert sd["own"]["max_ulp"] == mx and sd["own"]["max_rel"] == rel > 1e-3
    assert sd["own"]["mean_ulp"] == pytest.approx(mean, rel=1e-12)
    assert sd["total"] == sd["own"] and sd["inherited"]["max_ulp"] == 0
    assert sd["own"]["compared"] == 64
    # %e = d - a is exact: no error of its own, and against the shadow (a + b) - a = b all of it
    # is inherited from %d.
    se = ops["e"]["shadow"]
    assert se["own"]["max_ulp"] == 0
    mx, mean, _ = errors(e, b64, "bf16")
    assert se["inherited"]["max_ulp"] == se["total"]["max_ulp"] == mx > 10
    assert se["total"]["mean_ulp"] == pytest.approx(mean, rel=1e-12)
    # %p in f32: correctly rounded, at most half an ulp, all its own.
    sp = ops["p"]["shadow"]
    mx, _, _ = errors(p, x.astype(np.float64) * s.astype(np.float64), "f32")
    assert sp["own"]["max_ulp"] == mx <= 0.5 and sp["inherited"]["max_ulp"] == 0
    # %q = exp(p): its operand's rounding propagates (inherited > 0), its own is about an ulp.
    sq = ops["q"]["shadow"]
    assert sq["available"] and 0 < sq["own"]["max_ulp"] <= 1.0
    assert sq["inherited"]["max_ulp"] > 0
    # Loads have no f64 evaluation: a note, and their values are exact for the ops after them.
    assert not ops["va"]["shadow"]["available"] and "without an f64 evaluation" in \
        ops["va"]["shadow"]["note"]


def test_tile_shadow_is_the_same_for_any_threads_and_schedule(interp, tmp_path):
    base = report(interp, tmp_path, 2, 0)
    for threads, seed in ((1, 0), (2, 7), (1, 12345)):
        other = report(interp, tmp_path, threads, seed)
        for v in ("d", "e", "p", "q"):
            assert other[v]["shadow"] == base[v]["shadow"], (v, threads, seed)
