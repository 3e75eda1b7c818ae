#!/usr/bin/env python3
"""tessera.softmax_safe, normalization_stats, compare_scalar, masked_fill and broadcast_in_dim
(docs/ops/graph/carriers.md) as upstream Tessera writes them, run by tessera-interp against numpy:
float64 softmax / mean / variance, numpy comparisons (NaN and infinities included), np.where and
np.broadcast_to. Also upstream's threshold_fill and dynamic_stats_broadcast programs, bf16
storage, axis attributes, thread counts and run-time shape errors.
Usage: carriers_test.py TESSERA_INTERP."""
import sys
import tempfile

import numpy as np

from misc_run import BF16, Runner, same_bits

PROG = """
func.func @safe(%x: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %y = "tessera.softmax_safe"(%x) : (tensor<5x6xf32>) -> tensor<5x6xf32>
  return %y : tensor<5x6xf32>
}
func.func @safe0(%x: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %y = "tessera.softmax_safe"(%x) {axis = 0 : i64} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}
func.func @sm(%x: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %y = "tessera.softmax"(%x) : (tensor<5x6xf32>) -> tensor<5x6xf32>
  return %y : tensor<5x6xf32>
}
func.func @stats(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %center, %inv = "tessera.normalization_stats"(%x) : (tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  return %center, %inv : tensor<?xf32>, tensor<?xf32>
}
func.func @stats0(%x: tensor<3x4x5xf64>) -> (tensor<4x5xf64>, tensor<4x5xf64>) {
  %center, %inv = "tessera.normalization_stats"(%x) {axis = 0 : i64, eps = 0.25 : f64} : (tensor<3x4x5xf64>) -> (tensor<4x5xf64>, tensor<4x5xf64>)
  return %center, %inv : tensor<4x5xf64>, tensor<4x5xf64>
}
func.func @cmp_gt(%x: tensor<?xf32>) -> tensor<?xi1> {
  %m = "tessera.compare_scalar"(%x) {predicate = "gt", rhs = 0.0 : f64} : (tensor<?xf32>) -> tensor<?xi1>
  return %m : tensor<?xi1>
}
func.func @cmp_ge(%x: tensor<?xf32>) -> tensor<?xi1> {
  %m = "tessera.compare_scalar"(%x) {predicate = "ge", rhs = 0.1 : f64} : (tensor<?xf32>) -> tensor<?xi1>
  return %m : tensor<?xi1>
}
func.func @cmp_lt(%x: tensor<?xbf16>) -> tensor<?xi1> {
  %m = "tessera.compare_scalar"(%x) {predicate = "lt", rhs = -1 : i64} : (tensor<?xbf16>) -> tensor<?xi1>
  return %m : tensor<?xi1>
}
func.func @cmp_le(%x: tensor<?xf64>) -> tensor<?xi1> {
  %m = "tessera.compare_scalar"(%x) {predicate = "le", rhs = 0.1 : f64} : (tensor<?xf64>) -> tensor<?xi1>
  return %m : tensor<?xi1>
}
func.func @cmp_eq(%x: tensor<?xf32>) -> tensor<?xi1> {
  %m = "tessera.compare_scalar"(%x) {predicate = "eq", rhs = 0.5 : f64} : (tensor<?xf32>) -> tensor<?xi1>
  return %m : tensor<?xi1>
}
func.func @cmp_ne(%x: tensor<?xf32>) -> tensor<?xi1> {
  %m = "tessera.compare_scalar"(%x) {predicate = "ne", rhs = 0.5 : f64} : (tensor<?xf32>) -> tensor<?xi1>
  return %m : tensor<?xi1>
}
func.func @threshold_fill(%x: tensor<2x3xf32>, %dy: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %m = "tessera.compare_scalar"(%x) {predicate = "gt", rhs = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %r = "tessera.masked_fill"(%dy, %m) {value = 0.0 : f64} : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @fill_bf16(%x: tensor<4x4xbf16>, %m: tensor<4x4xi1>) -> tensor<4x4xbf16> {
  %r = "tessera.masked_fill"(%x, %m) {value = -3.5 : f64} : (tensor<4x4xbf16>, tensor<4x4xi1>) -> tensor<4x4xbf16>
  return %r : tensor<4x4xbf16>
}
func.func @bcast(%x: tensor<2xf32>) -> tensor<2x3xf32> {
  %y = "tessera.broadcast_in_dim"(%x) {broadcast_dimensions = [0]} : (tensor<2xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
func.func @dynamic_stats_broadcast(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %center, %inv = "tessera.normalization_stats"(%x) : (tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  %full = "tessera.broadcast_in_dim"(%inv, %x) {broadcast_dimensions = [0]} : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %full : tensor<?x?xf32>
}
func.func @bcast_like(%x: tensor<?x1xi32>, %like: tensor<?x?x?xf32>) -> tensor<?x?x?xi32> {
  %y = "tessera.broadcast_in_dim"(%x, %like) {broadcast_dimensions = [0, 2]} : (tensor<?x1xi32>, tensor<?x?x?xf32>) -> tensor<?x?x?xi32>
  return %y : tensor<?x?x?xi32>
}
"""


def softmax_safe(x, axis):
    x = x.astype(np.float64)
    dead = np.all(x == -np.inf, axis=axis, keepdims=True)
    z = np.where(dead, 0.0, x)
    e = np.exp(z - z.max(axis=axis, keepdims=True))
    return np.where(dead, 0.0, e / e.sum(axis=axis, keepdims=True))


def stats(x, axis, eps):
    x = x.astype(np.float64)
    m = x.mean(axis=axis)
    return m, 1 / np.sqrt(((x - np.expand_dims(m, axis)) ** 2).mean(axis=axis) + eps)


def main():
    rng = np.random.default_rng(81)
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(sys.argv[1], tmp, PROG)
        # softmax_safe: fully masked rows give 0, others tessera.softmax's bits.
        x = rng.uniform(-5, 5, (5, 6)).astype(np.float32)
        x[1] = -np.inf
        x[3, :4] = -np.inf
        x[4, 2] = np.nan
        a = r.run("safe", {"x": x}, ["y"], threads=1)[0]
        if not same_bits(a, r.run("safe", {"x": x}, ["y"], threads=3)[0]):
            sys.exit("FAIL safe: thread counts differ")
        want = softmax_safe(x, 1)
        ok = np.isnan(a[4]).all() and np.array_equal(a[1], np.zeros(6, np.float32)) and \
            np.allclose(a[[0, 2, 3]], want[[0, 2, 3]], rtol=4e-6, atol=1e-12)
        sm = r.run("sm", {"x": x}, ["y"])[0]
        if not ok or not same_bits(a[[0, 2, 3]], sm[[0, 2, 3]]):
            sys.exit(f"FAIL safe:\n got {a!r}\nwant {want!r}")
        x = rng.uniform(-5, 5, (4, 3))
        x[:, 1] = -np.inf
        got = r.run("safe0", {"x": x}, ["y"])[0]
        if not np.allclose(got, softmax_safe(x, 0), rtol=1e-14, atol=0):
            sys.exit(f"FAIL safe0: {got!r}")
        # normalization_stats over the last dim (f32) and over axis 0 with eps (f64).
        x = rng.uniform(-4, 4, (7, 33)).astype(np.float32)
        c, i = r.run("stats", {"x": x}, ["center", "inv"], threads=1)
        c3, i3 = r.run("stats", {"x": x}, ["center", "inv"], threads=3)
        wc, wi = stats(x, 1, 1e-5)
        if not (np.allclose(c, wc, rtol=1e-5, atol=1e-6) and np.allclose(i, wi, rtol=1e-5)
                and same_bits(c, c3) and same_bits(i, i3)):
            sys.exit(f"FAIL stats:\n got {c!r} {i!r}\nwant {wc!r} {wi!r}")
        x = rng.uniform(-4, 4, (3, 4, 5))
        c, i = r.run("stats0", {"x": x}, ["center", "inv"])
        wc, wi = stats(x, 0, 0.25)
        if not (np.allclose(c, wc, rtol=1e-14, atol=1e-15) and np.allclose(i, wi, rtol=1e-14)):
            sys.exit(f"FAIL stats0:\n got {c!r} {i!r}\nwant {wc!r} {wi!r}")
        # compare_scalar: every predicate, exact, NaN and infinities included.
        x = np.array([-2.0, -1.0, 0.0, -0.0, 0.1, 0.5, 1.0, np.inf, -np.inf, np.nan],
                     np.float32)
        r01 = np.float64(0.1)
        for name, fn, xs in (("cmp_gt", lambda v: v > 0.0, x),
                             ("cmp_ge", lambda v: v.astype(np.float64) >= r01, x),
                             ("cmp_le", lambda v: v <= r01, x.astype(np.float64)),
                             ("cmp_eq", lambda v: v == 0.5, x), ("cmp_ne", lambda v: v != 0.5, x),
                             ("cmp_lt", lambda v: v.astype(np.float64) < -1, x.astype(BF16))):
            got = r.run(name, {"x": xs}, ["m"])[0]
            if got.dtype != np.bool_ or not np.array_equal(got, fn(xs)):
                sys.exit(f"FAIL {name}:\n got {got!r}\nwant {fn(xs)!r}")
        # Upstream's threshold_fill: relu's backward mask.
        x = rng.uniform(-1, 1, (2, 3)).astype(np.float32)
        dy = rng.uniform(-1, 1, (2, 3)).astype(np.float32)
        got = r.run("threshold_fill", {"x": x, "dy": dy}, ["r"])[0]
        if not same_bits(got, np.where(x > 0, np.float32(0), dy)):
            sys.exit(f"FAIL threshold_fill: {got!r}")
        x = rng.uniform(-1, 1, (4, 4)).astype(BF16)
        m = rng.uniform(size=(4, 4)) < 0.5
        got = r.run("fill_bf16", {"x": x, "m": m}, ["r"])[0]
        if not same_bits(got, np.where(m, BF16(-3.5), x)):
            sys.exit(f"FAIL fill_bf16: {got!r}")
        # broadcast_in_dim: static, and upstream's dynamic form with a shape operand.
        x = np.array([1.5, -2.0], np.float32)
        if not same_bits(r.run("bcast", {"x": x}, ["y"])[0], np.repeat(x[:, None], 3, 1)):
            sys.exit("FAIL bcast")
        x = rng.uniform(-4, 4, (3, 9)).astype(np.float32)
        got = r.run("dynamic_stats_broadcast", {"x": x}, ["full"])[0]
        _, wi = stats(x, 1, 1e-5)
        if got.shape != (3, 9) or not np.allclose(got, np.repeat(wi[:, None], 9, 1), rtol=1e-5):
            sys.exit(f"FAIL dynamic_stats_broadcast: {got!r}")
        xi = np.array([[4], [-7]], np.int32)
        got = r.run("bcast_like", {"x": xi, "like": np.zeros((2, 3, 5), np.float32)}, ["y"])[0]
        if not same_bits(got, np.broadcast_to(xi[:, None, :], (2, 3, 5)).copy()):
            sys.exit(f"FAIL bcast_like: {got!r}")
        r.run("bcast_like", {"x": xi, "like": np.zeros((3, 3, 5), np.float32)}, ["y"],
              expect_error="broadcast_c3")
        r.run("stats", {"x": np.zeros((2, 3), np.int32)}, ["center", "inv"],
              expect_error="error")
    print("misc.carriers: softmax_safe, normalization_stats, compare_scalar, masked_fill and "
          "broadcast_in_dim agree with numpy")


if __name__ == "__main__":
    main()
