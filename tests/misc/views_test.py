#!/usr/bin/env python3
"""tessera.squeeze, unsqueeze, expand, flatten (docs/ops/graph/misc_views.md) and the random
spellings tessera.rng_uniform, rng_normal, tessera_rng.bernoulli, tessera_rng.normal
(docs/ops/graph/misc_random.md) as upstream Tessera writes them, run by tessera-interp: the views
against numpy (squeeze, expand_dims, broadcast_to, reshape), bit for bit, upstream's
structural_views chain included; the random ops against the numpy Philox model of
conformance/gen/philox_model.py (bit for bit; randn within 1 ulp of f64 math) and for equality
with tessera.uniform / tessera.randn / tessera.dropout on the same key.
Usage: views_test.py TESSERA_INTERP."""
import pathlib
import sys
import tempfile

import numpy as np

from misc_run import BF16, Runner, same_bits

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
import philox_model as pm  # noqa: E402

PROG = """
func.func @structural_views(%x: tensor<1x3x1x4xf32>) -> tensor<20x3xf32> {
  %a = "tessera.squeeze"(%x) {axes = [0, 2]} : (tensor<1x3x1x4xf32>) -> tensor<3x4xf32>
  %b = "tessera.unsqueeze"(%a) {axes = [0]} : (tensor<3x4xf32>) -> tensor<1x3x4xf32>
  %c = "tessera.expand"(%b) : (tensor<1x3x4xf32>) -> tensor<5x3x4xf32>
  %d = "tessera.permute"(%c) {perm = [2, 0, 1]} : (tensor<5x3x4xf32>) -> tensor<4x5x3xf32>
  %e = "tessera.flatten"(%d) {start = 0 : i64, end = 1 : i64} : (tensor<4x5x3xf32>) -> tensor<20x3xf32>
  return %e : tensor<20x3xf32>
}
func.func @views_bf16(%x: tensor<2x1x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x1x1x3xbf16>, tensor<6xbf16>, tensor<4x2x5x3xbf16>) {
  %a = "tessera.squeeze"(%x) : (tensor<2x1x3xbf16>) -> tensor<2x3xbf16>
  %b = "tessera.unsqueeze"(%x) {axes = [-2]} : (tensor<2x1x3xbf16>) -> tensor<2x1x1x3xbf16>
  %c = "tessera.flatten"(%x) : (tensor<2x1x3xbf16>) -> tensor<6xbf16>
  %d = "tessera.expand"(%x) : (tensor<2x1x3xbf16>) -> tensor<4x2x5x3xbf16>
  return %a, %b, %c, %d : tensor<2x3xbf16>, tensor<2x1x1x3xbf16>, tensor<6xbf16>, tensor<4x2x5x3xbf16>
}
func.func @squeeze_dyn(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %a = "tessera.squeeze"(%x) {axes = [1]} : (tensor<?x?xi32>) -> tensor<?xi32>
  return %a : tensor<?xi32>
}
func.func @rng_u() -> tensor<8xf32> {
  %s = "tessera.rng_uniform"() {shape = [8], seed = 7 : i64, tessera.effect_kind = "random"} : () -> tensor<8xf32>
  return %s : tensor<8xf32>
}
func.func @uni() -> tensor<8xf32> {
  %s = "tessera.uniform"() {seed = 7 : i64} : () -> tensor<8xf32>
  return %s : tensor<8xf32>
}
func.func @rng_n() -> tensor<3x5xf64> {
  %s = "tessera.rng_normal"() {shape = [3, 5], seed = 11 : i64, stream = 2 : i64, mean = 1.0 : f64, std = 0.5 : f64} : () -> tensor<3x5xf64>
  return %s : tensor<3x5xf64>
}
func.func @sample_dropout(%x: tensor<128x256xbf16>) -> (tensor<128x256xi1>, tensor<128x256xbf16>) {
  %mask = "tessera_rng.bernoulli"(%x) {p = 0.1 : f32} : (tensor<128x256xbf16>) -> tensor<128x256xi1>
  %noise = "tessera_rng.normal"(%x) {mean = 0.0 : f32, std = 1.0 : f32} : (tensor<128x256xbf16>) -> tensor<128x256xbf16>
  return %mask, %noise : tensor<128x256xi1>, tensor<128x256xbf16>
}
func.func @bern_vs_dropout(%x: tensor<40x50xf32>) -> (tensor<40x50xi1>, tensor<40x50xf32>) {
  %m = "tessera_rng.bernoulli"(%x) {p = 0.375 : f64, seed = 9 : i64, stream = 4 : i64} : (tensor<40x50xf32>) -> tensor<40x50xi1>
  %d = "tessera.dropout"(%x) {p = 0.375 : f64, seed = 9 : i64, stream = 4 : i64} : (tensor<40x50xf32>) -> tensor<40x50xf32>
  return %m, %d : tensor<40x50xi1>, tensor<40x50xf32>
}
func.func @normal_like(%x: tensor<6x7xf32>) -> tensor<6x7xf32> {
  %n = "tessera_rng.normal"(%x) {mean = 2.0 : f64, std = 3.0 : f64, seed = 123 : i64} : (tensor<6x7xf32>) -> tensor<6x7xf32>
  return %n : tensor<6x7xf32>
}
"""


def main():
    rng = np.random.default_rng(4)
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(sys.argv[1], tmp, PROG)
        x = rng.uniform(-1, 1, (1, 3, 1, 4)).astype(np.float32)
        want = np.broadcast_to(x.reshape(3, 4)[None], (5, 3, 4)).transpose(2, 0, 1).reshape(20, 3)
        if not same_bits(r.run("structural_views", {"x": x}, ["e"])[0], want):
            sys.exit("FAIL structural_views")
        x = rng.uniform(-1, 1, (2, 1, 3)).astype(BF16)
        got = r.run("views_bf16", {"x": x}, ["a", "b", "c", "d"])
        wants = [np.squeeze(x), np.expand_dims(x, -2), x.reshape(6),
                 np.broadcast_to(x[None], (4, 2, 1, 3)).repeat(5, axis=2)]
        for g, w, n in zip(got, wants, "abcd"):
            if not same_bits(g, w):
                sys.exit(f"FAIL views_bf16 result {n}:\n got {g!r}\nwant {w!r}")
        xi = np.arange(4, dtype=np.int32).reshape(4, 1)
        if not same_bits(r.run("squeeze_dyn", {"x": xi}, ["a"])[0], xi.reshape(4)):
            sys.exit("FAIL squeeze_dyn")
        r.run("squeeze_dyn", {"x": np.zeros((2, 3), np.int32)}, ["a"], expect_error="squeeze_c2")
        # Random spellings: the Philox model, and the ops they spell on the same key.
        u = r.run("rng_u", {}, ["s"])[0]
        if not same_bits(u, pm.uniform(7, 0, (8,), np.float32)) or \
                not same_bits(u, r.run("uni", {}, ["s"])[0]):
            sys.exit(f"FAIL rng_u: {u!r}")
        n = r.run("rng_n", {}, ["s"])[0]
        if not np.allclose(n, pm.randn(11, 2, (3, 5), np.float64, 1.0, 0.5), rtol=1e-15, atol=0):
            sys.exit(f"FAIL rng_n: {n!r}")
        x = rng.uniform(-1, 1, (128, 256)).astype(BF16)
        m, z = r.run("sample_dropout", {"x": x}, ["mask", "noise"], threads=1)
        m3, z3 = r.run("sample_dropout", {"x": x}, ["mask", "noise"], threads=3)
        want_m = pm.u24(pm.words(0, 0, x.size)).reshape(x.shape) < np.float32(0.1)
        if not (np.array_equal(m, want_m) and same_bits(m, m3) and same_bits(z, z3)):
            sys.exit("FAIL sample_dropout: mask or thread counts")
        wz = pm.randn(0, 0, x.shape, np.float32, 0.0, 1.0).astype(BF16)
        if z.dtype != BF16 or np.count_nonzero(z.astype(np.float32) != wz.astype(np.float32)) > 8:
            sys.exit("FAIL sample_dropout: normal numbers")
        frac = m.mean()
        if not 0.095 < frac < 0.105:
            sys.exit(f"FAIL sample_dropout: P(true) = {frac}")
        x = rng.uniform(1, 2, (40, 50)).astype(np.float32)
        m, d = r.run("bern_vs_dropout", {"x": x}, ["m", "d"])
        if not np.array_equal(m, d == 0):
            sys.exit("FAIL bern_vs_dropout: bernoulli is not dropout's dropped set")
        x = np.zeros((6, 7), np.float32)
        n = r.run("normal_like", {"x": x}, ["n"])[0]
        if not np.allclose(n, pm.randn(123, 0, (6, 7), np.float32, 2.0, 3.0), rtol=1e-6, atol=0):
            sys.exit(f"FAIL normal_like: {n!r}")
    print("misc.views: views agree with numpy, random spellings with the Philox model")


if __name__ == "__main__":
    main()
