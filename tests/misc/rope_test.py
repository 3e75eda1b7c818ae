#!/usr/bin/env python3
"""tessera.rope, ntk_rope and target_verify (docs/ops/graph/rope.md) as upstream Tessera writes
them, run by tessera-interp against numpy: the rotation of the pairs (x[2p], x[2p+1]) by
theta[2p] replayed in the compute type (float32 / float64 arithmetic in numpy, cos and sin taken
in float64 and rounded, so within a few ulps of the C library's cosf/sinf), target_verify against
a float64 softmax. Also: theta repeating over leading dims, dynamic shapes, bf16 storage, empty
tensors, thread counts, and that ntk_rope(scale = 1) and target_verify give rope's / softmax's bits.
Usage: rope_test.py TESSERA_INTERP."""
import sys
import tempfile

import numpy as np

from misc_run import BF16, Runner, same_bits

PROG = """
func.func @rope2(%x: tensor<4x8xf32>, %th: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = "tessera.rope"(%x, %th) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
func.func @rope3(%x: tensor<2x4x8xf32>, %th: tensor<4x8xf32>) -> tensor<2x4x8xf32> {
  %y = "tessera.rope"(%x, %th) : (tensor<2x4x8xf32>, tensor<4x8xf32>) -> tensor<2x4x8xf32>
  return %y : tensor<2x4x8xf32>
}
func.func @rope_dyn(%x: tensor<?x?x?xf64>, %th: tensor<?xf64>) -> tensor<?x?x?xf64> {
  %y = "tessera.rope"(%x, %th) : (tensor<?x?x?xf64>, tensor<?xf64>) -> tensor<?x?x?xf64>
  return %y : tensor<?x?x?xf64>
}
func.func @rope_bf16(%x: tensor<3x6xbf16>, %th: tensor<3x6xbf16>) -> tensor<3x6xbf16> {
  %y = "tessera.rope"(%x, %th) : (tensor<3x6xbf16>, tensor<3x6xbf16>) -> tensor<3x6xbf16>
  return %y : tensor<3x6xbf16>
}
func.func @rope_empty(%x: tensor<0x8xf32>, %th: tensor<0x8xf32>) -> tensor<0x8xf32> {
  %y = "tessera.rope"(%x, %th) : (tensor<0x8xf32>, tensor<0x8xf32>) -> tensor<0x8xf32>
  return %y : tensor<0x8xf32>
}
func.func @ntk_scaled(%x: tensor<4x8xf32>, %th: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = tessera.ntk_rope %x, %th {scale = 2.0 : f64} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
func.func @ntk_third(%x: tensor<64x130xf32>, %th: tensor<130xf32>) -> tensor<64x130xf32> {
  %y = tessera.ntk_rope %x, %th {scale = 3.0 : f64} : (tensor<64x130xf32>, tensor<130xf32>) -> tensor<64x130xf32>
  return %y : tensor<64x130xf32>
}
func.func @ntk_unit(%x: tensor<?x8xf32>, %th: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %y = tessera.ntk_rope %x, %th : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}
func.func @tv(%t: tensor<3xi32>, %l: tensor<3x8xf32>) -> tensor<3x8xf32> {
  %p = tessera.target_verify %t, %l {tessera.provenance = "spec_decode"} : (tensor<3xi32>, tensor<3x8xf32>) -> tensor<3x8xf32>
  return %p : tensor<3x8xf32>
}
func.func @tv64(%t: tensor<?xi32>, %l: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %p = "tessera.target_verify"(%t, %l) : (tensor<?xi32>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %p : tensor<?x?xf64>
}
func.func @sm(%l: tensor<3x8xf32>) -> tensor<3x8xf32> {
  %p = "tessera.softmax"(%l) : (tensor<3x8xf32>) -> tensor<3x8xf32>
  return %p : tensor<3x8xf32>
}
"""


def oracle(x, th, scale=1.0):
    """The spec's rotation in the compute type T (f64 for f64, else f32); returns (y, bound)
    with bound a few ulps of T times |x[2p]| + |x[2p+1]| (cos/sin may differ by an ulp)."""
    t = np.float64 if x.dtype == np.float64 else np.float32
    xs = x.astype(t).reshape(-1)
    ts = th.astype(t).reshape(-1)
    n = ts.size
    e = np.arange(0, xs.size, 2)
    ang = ts[e % n]
    if scale != 1.0:
        ang = (ang / t(scale)).astype(t)
    c = np.cos(ang.astype(np.float64)).astype(t)
    s = np.sin(ang.astype(np.float64)).astype(t)
    xe, xo = xs[e], xs[e + 1]
    y = np.empty_like(xs)
    y[e] = xe * c - xo * s
    y[e + 1] = xe * s + xo * c
    ulp = 2.0 ** -52 if t == np.float64 else 2.0 ** -23
    bound = np.repeat(4 * ulp * (np.abs(xe) + np.abs(xo)).astype(np.float64), 2)
    return y.reshape(x.shape), bound.reshape(x.shape)


def check_close(name, got, want, bound):
    err = np.abs(got.astype(np.float64) - want.astype(np.float64))
    if got.shape != want.shape or not np.all(err <= bound):
        sys.exit(f"FAIL {name}: max error {err.max() if err.size else 0} over bound\n"
                 f" got {got!r}\nwant {want!r}")


def main():
    rng = np.random.default_rng(18)
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(sys.argv[1], tmp, PROG)
        f32 = lambda *s: rng.uniform(-2, 2, s).astype(np.float32)
        # rope, same shapes and theta repeating over a leading dim.
        for name, xs, ts in (("rope2", (4, 8), (4, 8)), ("rope3", (2, 4, 8), (4, 8))):
            x, th = f32(*xs), f32(*ts) * 3
            want, bound = oracle(x, th)
            a = r.run(name, {"x": x, "th": th}, ["y"], threads=1)[0]
            b = r.run(name, {"x": x, "th": th}, ["y"], threads=3)[0]
            check_close(name, a, want, bound)
            if not same_bits(a, b):
                sys.exit(f"FAIL {name}: thread counts differ")
        # The odd-position angle is not read: changing it changes nothing.
        x, th = f32(4, 8), f32(4, 8)
        th2 = th.copy()
        th2[:, 1::2] = 123.0
        a = r.run("rope2", {"x": x, "th": th}, ["y"])[0]
        b = r.run("rope2", {"x": x, "th": th2}, ["y"])[0]
        if not same_bits(a, b):
            sys.exit("FAIL rope2: theta at odd positions changed the result")
        # f64 with dynamic dims, theta a rank-1 suffix.
        x = rng.uniform(-3, 3, (2, 3, 10))
        th = rng.uniform(-7, 7, (10,))
        want, bound = oracle(x, th)
        check_close("rope_dyn", r.run("rope_dyn", {"x": x, "th": th}, ["y"])[0], want, bound)
        # bf16 storage: computed in f32, rounded once to bf16 (one bf16 ulp of slack).
        x, th = f32(3, 6).astype(BF16), f32(3, 6).astype(BF16)
        want, _ = oracle(x, th)
        got = r.run("rope_bf16", {"x": x, "th": th}, ["y"])[0]
        wb = want.astype(BF16).astype(np.float64)
        if got.dtype != BF16 or not np.all(np.abs(got.astype(np.float64) - wb) <=
                                            np.abs(wb) * 2.0 ** -7 + 1e-30):
            sys.exit(f"FAIL rope_bf16:\n got {got!r}\nwant {want!r}")
        got = r.run("rope_empty", {"x": np.zeros((0, 8), np.float32),
                                   "th": np.zeros((0, 8), np.float32)}, ["y"])[0]
        if got.shape != (0, 8):
            sys.exit(f"FAIL rope_empty: shape {got.shape}")
        # ntk_rope: theta / scale rounded to f32, then rope.
        x, th = f32(4, 8), f32(4, 8) * 3
        want, bound = oracle(x, th, 2.0)
        got = r.run("ntk_scaled", {"x": x, "th": th}, ["y"])[0]
        check_close("ntk_scaled", got, want, bound)
        half = (th / np.float32(2)).astype(np.float32)
        if not same_bits(got, r.run("rope2", {"x": x, "th": half}, ["y"])[0]):
            sys.exit("FAIL ntk_scaled: not rope(x, theta / 2)")
        x, th = f32(64, 130), f32(130) * 5
        want, bound = oracle(x, th, 3.0)
        a = r.run("ntk_third", {"x": x, "th": th}, ["y"], threads=1)[0]
        check_close("ntk_third", a, want, bound)
        if not same_bits(a, r.run("ntk_third", {"x": x, "th": th}, ["y"], threads=4)[0]):
            sys.exit("FAIL ntk_third: thread counts differ")
        x, th = f32(4, 8), f32(4, 8)
        if not same_bits(r.run("ntk_unit", {"x": x, "th": th}, ["y"])[0],
                         r.run("rope2", {"x": x, "th": th}, ["y"])[0]):
            sys.exit("FAIL ntk_unit: scale 1 is not rope")
        # Mismatched run-time shapes are refused, not crashed on.
        r.run("ntk_unit", {"x": f32(4, 8), "th": f32(3, 8)}, ["y"], expect_error="ntk_rope_c3")
        # target_verify: softmax over the vocabulary, tokens not read.
        t = np.array([5, 0, 7], np.int32)
        lg = rng.uniform(-6, 6, (3, 8)).astype(np.float32)
        lg[1, 2] = -np.inf
        got = r.run("tv", {"t": t, "l": lg}, ["p"])[0]
        z = lg.astype(np.float64)
        e = np.exp(z - z.max(axis=1, keepdims=True))
        want = e / e.sum(axis=1, keepdims=True)
        if not np.allclose(got, want, rtol=4e-6, atol=1e-12) or got[1, 2] != 0:
            sys.exit(f"FAIL tv:\n got {got!r}\nwant {want!r}")
        if not same_bits(got, r.run("sm", {"l": lg}, ["p"])[0]):
            sys.exit("FAIL tv: not tessera.softmax's bits")
        if not same_bits(got, r.run("tv", {"t": np.array([-9, 99, 3], np.int32), "l": lg},
                                    ["p"])[0]):
            sys.exit("FAIL tv: token values changed the result")
        lg = rng.uniform(-30, 30, (5, 33))
        got = r.run("tv64", {"t": np.arange(5, dtype=np.int32), "l": lg}, ["p"])[0]
        e = np.exp(lg - lg.max(axis=1, keepdims=True))
        if not np.allclose(got, e / e.sum(axis=1, keepdims=True), rtol=1e-13, atol=0):
            sys.exit(f"FAIL tv64: {got!r}")
        r.run("tv64", {"t": np.arange(4, dtype=np.int32), "l": lg}, ["p"],
              expect_error="target_verify_c2")
    print("misc.rope: rope, ntk_rope and target_verify agree with numpy")


if __name__ == "__main__":
    main()
