#!/usr/bin/env python3
"""tessera.spec_accept, spec_accept_sample and spec_accept_tree_sample
(docs/ops/graph/spec_accept.md) run by tessera-interp against the numpy references of
scripts/upstream_refs/decodemoe.py (float64 loops written from the spec): random cases, the
documented tie rule (first path wins), full acceptance with the bonus row, rejection at the
first position, the all-zero residual (argmax fallback), NaN inputs, f64 operands, dynamic
shapes, the run-time checks (spec_accept_c1, spec_accept_sample_c7), and equal bits for 1 and
4 threads. Usage: spec_accept_test.py TESSERA_INTERP."""
import sys

import numpy as np

from _common import check, finish, run
from upstream_refs import decodemoe as ref

GREEDY = """func.func @f(%d: tensor<{P}x{D}xi32>, %t: tensor<{P}x{D1}xi32>) -> tensor<3xi32> {{
  %r = "tessera.spec_accept"(%d, %t) : (tensor<{P}x{D}xi32>, tensor<{P}x{D1}xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}}
"""
SAMPLE = """func.func @f(%d: tensor<{D}xi32>, %tp: tensor<{D1}x{V}x{F}>, %dp: tensor<{D}x{V}x{F}>,
    %au: tensor<{D}x{F}>, %ru: tensor<1x{F}>) -> tensor<{D2}xi32> {{
  %r = "tessera.spec_accept_sample"(%d, %tp, %dp, %au, %ru)
       : (tensor<{D}xi32>, tensor<{D1}x{V}x{F}>, tensor<{D}x{V}x{F}>, tensor<{D}x{F}>,
          tensor<1x{F}>) -> tensor<{D2}xi32>
  return %r : tensor<{D2}xi32>
}}
"""
TREE = """func.func @f(%t: tensor<{P}x{D}x{F}>, %d: tensor<{P}x{D}x{F}>, %u: tensor<{P}x{D}x{F}>) -> tensor<2xi32> {{
  %r = "tessera.spec_accept_tree_sample"(%t, %d, %u) : (tensor<{P}x{D}x{F}>, tensor<{P}x{D}x{F}>, tensor<{P}x{D}x{F}>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}}
"""


def softmax(rng, *shape):
    p = np.exp(1.5 * rng.standard_normal(shape))
    return p / p.sum(axis=-1, keepdims=True)


def greedy(interp, d, t, dyn=False, threads=1):
    P, D = d.shape
    src = GREEDY.format(P="?" if dyn else P, D=D, D1=D + 1)
    got = run(interp, src, "f", {"d": d, "t": t}, threads)
    if got is not None:
        check(np.array_equal(got[0], ref.spec_accept(d, t)) and got[0].dtype == np.int32,
              f"spec_accept {d.tolist()} {t.tolist()}: got {got[0]}, want {ref.spec_accept(d, t)}")


def sample(interp, d, tp, dp, au, ru, threads=1):
    D, V = dp.shape
    f = "f64" if tp.dtype == np.float64 else "f32"
    src = SAMPLE.format(D=D, D1=D + 1, D2=D + 2, V=V, F=f)
    got = run(interp, src, "f", {"d": d, "tp": tp, "dp": dp, "au": au, "ru": ru}, threads)
    want = ref.spec_accept_sample(d, tp, dp, au, ru)
    if got is not None:
        check(np.array_equal(got[0], want), f"spec_accept_sample D={D} V={V}: got {got[0]}, want {want}")
    return want


def tree(interp, t, dl, u):
    P, D = t.shape
    f = "f64" if t.dtype == np.float64 else "f32"
    got = run(interp, TREE.format(P=P, D=D, F=f), "f", {"t": t, "d": dl, "u": u})
    want = ref.spec_accept_tree_sample(t, dl, u)
    if got is not None:
        check(np.array_equal(got[0], want), f"spec_accept_tree_sample: got {got[0]}, want {want}")
    return want


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(18)
    n = 0
    # Greedy: the upstream example (path 2 accepts 3, bonus target[2, 3] = 0), ties, all match.
    greedy(interp, np.array([[7, 3, 9, 1], [7, 8, 2, 4], [7, 3, 5, 6]], np.int32),
           np.array([[7, 3, 0, 0, 0], [7, 0, 0, 0, 0], [7, 3, 5, 0, 9]], np.int32))
    tie = np.array([[1, 2, 3], [1, 2, 4], [1, 2, 3]], np.int32)
    greedy(interp, tie, np.array([[1, 2, 9, 5], [1, 2, 9, 6], [1, 2, 3, 7]], np.int32))
    greedy(interp, tie, np.array([[1, 2, 3, 5], [1, 2, 4, 6], [1, 2, 3, 7]], np.int32))  # 0 and 1 tie
    greedy(interp, np.zeros((2, 0), np.int32), np.array([[4], [5]], np.int32))  # D = 0
    for _ in range(6):
        P, D = rng.integers(1, 6), rng.integers(1, 6)
        greedy(interp, rng.integers(0, 2, (P, D)).astype(np.int32),
               rng.integers(0, 2, (P, D + 1)).astype(np.int32), dyn=bool(rng.integers(0, 2)))
        n += 1
    run(interp, GREEDY.format(P="?", D=3, D1=4), "f",
        {"d": np.zeros((0, 3), np.int32), "t": np.zeros((0, 4), np.int32)},
        expect_error="(spec_accept_c1)")
    # Sampling along a chain: random, full accept (accept_u = 0), first-position rejection.
    outcomes = set()
    for seed in range(10):
        r = np.random.default_rng(seed)
        D, V = int(r.integers(1, 6)), int(r.integers(2, 9))
        d = r.integers(0, V, D).astype(np.int32)
        tp, dp = softmax(r, D + 1, V).astype(np.float32), softmax(r, D, V).astype(np.float32)
        au, ru = r.random(D).astype(np.float32), r.random(1).astype(np.float32)
        outcomes.add(int(sample(interp, d, tp, dp, au, ru)[0]) < D)
        n += 1
    check(outcomes == {True, False}, "the random cases should both reject and fully accept")
    D, V = 4, 6
    d = rng.integers(0, V, D).astype(np.int32)
    tp, dp = softmax(rng, D + 1, V).astype(np.float32), softmax(rng, D, V).astype(np.float32)
    w = sample(interp, d, tp, dp, np.zeros(D, np.float32), np.array([0.3], np.float32))
    check(w[0] == D, "accept_u = 0 accepts every draft token")
    dp0 = dp.copy()
    dp0[0, d[0]] = 0.0  # pd = 0 always rejects
    w = sample(interp, d, tp, dp0, np.zeros(D, np.float32), np.array([0.3], np.float32))
    check(w[0] == 0, "pd = 0 rejects")
    # Residual all zero (target == draft at the rejected row): the first largest weight (0).
    same = dp.copy()
    same[0] = tp[0]
    same[0, d[0]] = 1.0
    sample(interp, d, tp, same, np.ones(D, np.float32), np.array([0.9], np.float32))
    # Negative and NaN "probabilities" still give the documented, deterministic answer.
    bad = tp.copy()
    bad[1, :] = np.nan
    bad[D, :] = -1.0
    sample(interp, d, bad, dp, rng.random(D).astype(np.float32), np.array([0.5], np.float32))
    # f64 operands; 1 and 4 threads agree.
    tp64, dp64 = softmax(rng, D + 1, V), softmax(rng, D, V)
    au64 = rng.random(D)
    sample(interp, d, tp64, dp64, au64, np.array([0.61]), threads=4)
    bad_tok = np.array([0, V, 1, 2], np.int32)
    run(interp, SAMPLE.format(D=D, D1=D + 1, D2=D + 2, V=V, F="f32"), "f",
        {"d": bad_tok, "tp": tp, "dp": dp, "au": np.zeros(D, np.float32),
         "ru": np.zeros(1, np.float32)}, expect_error="(spec_accept_sample_c7)")
    # Tree sampling over log-probabilities: random, equal lengths (first wins), NaN, f64.
    for seed in range(6):
        r = np.random.default_rng(100 + seed)
        P, D = int(r.integers(1, 5)), int(r.integers(1, 6))
        tree(interp, np.log(softmax(r, P, D)).astype(np.float32),
             np.log(softmax(r, P, D)).astype(np.float32), r.random((P, D)).astype(np.float32))
        n += 1
    z = np.zeros((3, 4), np.float32)
    want = tree(interp, z, z, np.full((3, 4), 0.5, np.float32))
    check(list(want) == [0, 4], "equal lengths: the first path")
    nan = z.copy()
    nan[0, 1] = np.nan
    tree(interp, nan, z, np.full((3, 4), 0.5, np.float32))
    tree(interp, rng.standard_normal((2, 3)), rng.standard_normal((2, 3)), rng.random((2, 3)))
    finish("spec_accept_test", n + 16)


if __name__ == "__main__":
    main()
