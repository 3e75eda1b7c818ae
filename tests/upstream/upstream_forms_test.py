#!/usr/bin/env python3
"""Upstream Tessera's op names and forms that issue #18 admits, run by tessera-interp and checked
against numpy (docs/ir-overview.md "Attributes and upstream spellings"): the op-name aliases
(`tessera.lt`, `tessera.loss.mse`, ...) mean the registered ops and print as them, the printed
module reads back to the same results, `permutation = array<i64: ...>` is transpose's `perm`,
`tessera.loss.binary_cross_entropy` is the logits form (losses.md, bce), a reduce without
`keepdims` whose declared result keeps the reduced dims keeps them
(reductions.md), and control_while's `cond` may take the carried operand alone
(control_while_c4), grouped_gemm takes bf16 operands to an f32 result (grouped_gemm_c3), and
comparisons' `signedness` reads the integer bits as signed or unsigned (compare_c4), matmul's
`tile_k`/`layout` hints change no value (matmul_c7), flash_attn takes `dropout_p = 0` and a
`head_dim` equal to D (flash_attn_c5) rank-3 [B*H, S, D] and rank-2 [S, D] operands (flash_attn_c1),
upstream's `operandSegmentSizes` (flash_attn_c6) and an f32 result of bf16 operands (flash_attn_c4), adam without `lr`/`step` uses lr 1e-3, step 1 (adam_c2), and conv2d_nhwc without `padding`
pads SAME where its declared result has SAME's extents (conv_c7), and a control_if branch may take
the leading non-flag operands alone (control_if_c2).
Usage: upstream_forms_test.py TESSERA_INTERP."""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

PROGRAM = """
func.func @cmp(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>)
    -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>) {
  %0 = "tessera.eq"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %1 = "tessera.ne"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %2 = tessera.lt %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %3 = "tessera.le"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %4 = "tessera.gt"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %5 = "tessera.ge"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>
}
func.func @sgn(%a: tensor<2x4xi32>, %b: tensor<2x4xi32>, %c: tensor<2x4xui8>, %d: tensor<2x4xui8>)
    -> (tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>) {
  %0 = "tessera.lt"(%a, %b) {signedness = "signed"} : (tensor<2x4xi32>, tensor<2x4xi32>) -> tensor<2x4xi1>
  %1 = "tessera.lt"(%a, %b) {signedness = "unsigned"} : (tensor<2x4xi32>, tensor<2x4xi32>) -> tensor<2x4xi1>
  %2 = "tessera.ge"(%a, %b) {signedness = "unsigned"} : (tensor<2x4xi32>, tensor<2x4xi32>) -> tensor<2x4xi1>
  %3 = "tessera.gt"(%c, %d) {signedness = "signed"} : (tensor<2x4xui8>, tensor<2x4xui8>) -> tensor<2x4xi1>
  %4 = "tessera.gt"(%c, %d) : (tensor<2x4xui8>, tensor<2x4xui8>) -> tensor<2x4xi1>
  return %0, %1, %2, %3, %4 : tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>
}
func.func @hint(%a: tensor<3x5xf64>, %b: tensor<5x4xf64>) -> tensor<3x4xf64> {
  %y = tessera.matmul %a, %b {tile_k = 8 : i64, layout = "row_major"} : (tensor<3x5xf64>, tensor<5x4xf64>) -> tensor<3x4xf64>
  return %y : tensor<3x4xf64>
}
func.func @fa(%q: tensor<1x2x5x8xf64>, %k: tensor<1x2x6x8xf64>, %v: tensor<1x2x6x8xf64>) -> tensor<1x2x5x8xf64> {
  %o = "tessera.flash_attn"(%q, %k, %v) {head_dim = 8, dropout_p = 0.0, causal = true}
      : (tensor<1x2x5x8xf64>, tensor<1x2x6x8xf64>, tensor<1x2x6x8xf64>) -> tensor<1x2x5x8xf64>
  return %o : tensor<1x2x5x8xf64>
}
func.func @fa3(%q: tensor<?x?x?xf64>, %k: tensor<?x?x?xf64>, %v: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %o = "tessera.flash_attn"(%q, %k, %v) {head_dim = 8, dropout_p = 0.0, causal = true}
      : (tensor<?x?x?xf64>, tensor<?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  return %o : tensor<?x?x?xf64>
}
func.func @fa2(%q: tensor<5x8xbf16>, %k: tensor<6x8xbf16>, %v: tensor<6x8xbf16>) -> tensor<5x8xf32> {
  %o = "tessera.flash_attn"(%q, %k, %v) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> {causal = true, head_dim = 8 : i64}
      : (tensor<5x8xbf16>, tensor<6x8xbf16>, tensor<6x8xbf16>) -> tensor<5x8xf32>
  return %o : tensor<5x8xf32>
}
func.func @adam(%p: tensor<7xf64>, %g: tensor<7xf64>, %m: tensor<7xf64>, %v: tensor<7xf64>) -> (tensor<7xf64>, tensor<7xf64>, tensor<7xf64>) {
  %a:3 = "tessera.adam"(%p, %g, %m, %v) : (tensor<7xf64>, tensor<7xf64>, tensor<7xf64>, tensor<7xf64>) -> (tensor<7xf64>, tensor<7xf64>, tensor<7xf64>)
  return %a#0, %a#1, %a#2 : tensor<7xf64>, tensor<7xf64>, tensor<7xf64>
}
func.func @conv(%x: tensor<1x5x6x2xf64>, %w: tensor<3x2x2x3xf64>) -> (tensor<1x5x6x3xf64>, tensor<1x3x5x3xf64>) {
  %s = "tessera.conv2d_nhwc"(%x, %w) {strides = [1, 1], dilations = [1, 1]} : (tensor<1x5x6x2xf64>, tensor<3x2x2x3xf64>) -> tensor<1x5x6x3xf64>
  %v = "tessera.conv2d_nhwc"(%x, %w) : (tensor<1x5x6x2xf64>, tensor<3x2x2x3xf64>) -> tensor<1x3x5x3xf64>
  return %s, %v : tensor<1x5x6x3xf64>, tensor<1x3x5x3xf64>
}
func.func @tb(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = "tessera.relu"(%x) : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
func.func @eb(%x: tensor<4xf64>, %w: tensor<4xf64>) -> tensor<4xf64> {
  %0 = "tessera.mul"(%x, %w) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
func.func @iff(%f: tensor<1xf32>, %x: tensor<4xf64>, %w: tensor<4xf64>) -> tensor<4xf64> {
  %r = "tessera.control_if"(%f, %x, %w) {then_branch = @tb, else_branch = @eb, flag_arg_index = 0 : i64}
      : (tensor<1xf32>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}
func.func @mse(%p: tensor<4x5xf64>, %t: tensor<4x5xf64>) -> tensor<f64> {
  %l = "tessera.loss.mse"(%p, %t) {reduction = "sum"} : (tensor<4x5xf64>, tensor<4x5xf64>) -> tensor<f64>
  return %l : tensor<f64>
}
func.func @bce(%z: tensor<3x7xf64>, %t: tensor<3x7xf64>) -> (tensor<f64>, tensor<f64>) {
  %m = "tessera.loss.binary_cross_entropy"(%z, %t) : (tensor<3x7xf64>, tensor<3x7xf64>) -> tensor<f64>
  %s = "tessera.binary_cross_entropy"(%z, %t) {reduction = "sum"} : (tensor<3x7xf64>, tensor<3x7xf64>) -> tensor<f64>
  return %m, %s : tensor<f64>, tensor<f64>
}
func.func @bce32(%z: tensor<6xf32>, %t: tensor<6xf32>) -> tensor<f32> {
  %s = "tessera.binary_cross_entropy"(%z, %t) {reduction = "sum"} : (tensor<6xf32>, tensor<6xf32>) -> tensor<f32>
  return %s : tensor<f32>
}
func.func @gg(%x: tensor<6x4xbf16>, %w: tensor<2x4x3xbf16>, %s: tensor<2xi64>) -> tensor<6x3xf32> {
  %y = tessera.grouped_gemm %x, %w, %s : (tensor<6x4xbf16>, tensor<2x4x3xbf16>, tensor<2xi64>) -> tensor<6x3xf32>
  return %y : tensor<6x3xf32>
}
func.func @perm(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %y = tessera.transpose %x {permutation = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  return %y : tensor<3x4x2xf32>
}
func.func @rsum(%x: tensor<3x4xf64>) -> (tensor<3x1xf64>, tensor<3xf64>) {
  %k = "tessera.reduce"(%x) {kind = "sum", axis = 1 : i64} : (tensor<3x4xf64>) -> tensor<3x1xf64>
  %d = "tessera.reduce"(%x) {kind = "sum", axis = 1 : i64} : (tensor<3x4xf64>) -> tensor<3xf64>
  return %k, %d : tensor<3x1xf64>, tensor<3xf64>
}
func.func @grow(%h: tensor<1x4xf64>, %w: tensor<4x4xf64>) -> tensor<1x4xf64> {
  %m = "tessera.matmul"(%h, %w) : (tensor<1x4xf64>, tensor<4x4xf64>) -> tensor<1x4xf64>
  return %m : tensor<1x4xf64>
}
func.func @small(%h: tensor<1x4xf64>) -> tensor<1x1xf64> {
  %s = "tessera.reduce"(%h) {kind = "sum", axis = 1 : i64} : (tensor<1x4xf64>) -> tensor<1x1xf64>
  %c = "tessera.constant"() {value = dense<100.0> : tensor<1x1xf64>} : () -> tensor<1x1xf64>
  %r = "tessera.sub"(%c, %s) : (tensor<1x1xf64>, tensor<1x1xf64>) -> tensor<1x1xf64>
  return %r : tensor<1x1xf64>
}
func.func @power(%h: tensor<1x4xf64>, %w: tensor<4x4xf64>) -> tensor<1x4xf64> {
  %r = "tessera.control_while"(%h, %w) {body = @grow, cond = @small, carry_arg_index = 0 : i64,
                                         max_iters = 50 : i64}
      : (tensor<1x4xf64>, tensor<4x4xf64>) -> tensor<1x4xf64>
  return %r : tensor<1x4xf64>
}
"""


def run(interp, d, src, entry, inputs, names):
    """Runs `entry`; returns its results, written as DIR/<name>.npy (tessera-interp run --help)."""
    out = d / f"out_{entry}"
    args = [interp, "run", str(src), "--entry", entry, "--output-dir", str(out)]
    for k, v in inputs.items():
        np.save(d / f"{entry}_{k}.npy", v)
        args += ["--input", f"{k}={d / f'{entry}_{k}.npy'}"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        sys.exit(f"FAIL {entry}: {p.stderr}")
    return [np.load(out / f"{n}.npy") for n in names]


def check(name, got, want):
    if got.shape != want.shape or got.dtype != want.dtype or not np.array_equal(got, want):
        sys.exit(f"FAIL {name}:\n got {got!r}\nwant {want!r}")


def check_all(interp, d, src):
    rng = np.random.default_rng(5)
    a = rng.integers(-2, 3, (2, 3)).astype(np.float32)
    b = rng.integers(-2, 3, (2, 3)).astype(np.float32)
    a[0, 0], b[0, 0] = np.nan, np.nan  # NaN: only ne is true
    got = run(interp, d, src, "cmp", {"a": a, "b": b}, [str(k) for k in range(6)])
    with np.errstate(invalid="ignore"):
        for g, w, n in zip(got, [a == b, a != b, a < b, a <= b, a > b, a >= b],
                           ["eq", "ne", "lt", "le", "gt", "ge"]):
            check(f"tessera.{n}", g, w)
    # signedness (compare_c4): numpy compares the same bits viewed as int32 / uint32 / int8.
    a = np.array([[-1, 5, -7, 0], [2**31 - 1, -2**31, 3, -3]], np.int32)
    b = np.array([[1, -5, -7, -1], [-2**31, 2**31 - 1, 3, 4]], np.int32)
    c = np.array([[0, 200, 127, 128], [255, 1, 129, 7]], np.uint8)
    e = np.array([[1, 100, 128, 127], [0, 255, 3, 7]], np.uint8)
    got = run(interp, d, src, "sgn", {"a": a, "b": b, "c": c, "d": e}, [str(k) for k in range(5)])
    au, bu = a.view(np.uint32), b.view(np.uint32)
    for g, w, n in zip(got, [a < b, au < bu, au >= bu, c.view(np.int8) > e.view(np.int8), c > e],
                       ["signed lt", "unsigned lt", "unsigned ge", "signed gt ui8", "ui8 gt"]):
        check(n, g, w)
    # matmul hints: small integers in f64, so numpy's product is the exact one.
    ha = rng.integers(-4, 5, (3, 5)).astype(np.float64)
    hb = rng.integers(-4, 5, (5, 4)).astype(np.float64)
    check("matmul tile_k/layout", run(interp, d, src, "hint", {"a": ha, "b": hb}, ["y"])[0], ha @ hb)
    # flash_attn with head_dim and dropout_p = 0: textbook causal softmax attention in float64.
    q = rng.standard_normal((1, 2, 5, 8))
    k = rng.standard_normal((1, 2, 6, 8))
    v = rng.standard_normal((1, 2, 6, 8))
    sc = np.einsum("bhid,bhjd->bhij", q, k) / np.sqrt(8.0)
    sc = np.where(np.arange(6)[None, :] <= np.arange(5)[:, None], sc, -np.inf)
    w = np.exp(sc - sc.max(axis=-1, keepdims=True))
    want = np.einsum("bhij,bhjd->bhid", w / w.sum(axis=-1, keepdims=True), v)
    got = run(interp, d, src, "fa", {"q": q, "k": k, "v": v}, ["o"])[0]
    if got.shape != want.shape or not np.allclose(got, want, rtol=1e-12, atol=1e-12):
        sys.exit(f"FAIL flash_attn head_dim/dropout_p:\n got {got!r}\nwant {want!r}")
    # The same heads as rank-3 [B*H, S, D] operands of dynamic shape (upstream's form).
    got = run(interp, d, src, "fa3", {"q": q[0], "k": k[0], "v": v[0]}, ["o"])[0]
    if got.shape != want[0].shape or not np.allclose(got, want[0], rtol=1e-12, atol=1e-12):
        sys.exit(f"FAIL flash_attn rank 3:\n got {got!r}\nwant {want[0]!r}")
    # Rank-2 [S, D] bf16 operands with upstream's operandSegmentSizes (flash_attn_c6) and an f32
    # result (flash_attn_c4): the bf16 values' attention, computed and kept in f32.
    bf = ml_dtypes.bfloat16
    q2, k2, v2 = (x[0, 1].astype(bf) for x in (q, k, v))
    sc = (q2.astype(np.float64) @ k2.astype(np.float64).T) / np.sqrt(8.0)
    sc = np.where(np.arange(6)[None, :] <= np.arange(5)[:, None], sc, -np.inf)
    w = np.exp(sc - sc.max(axis=-1, keepdims=True))
    want = (w / w.sum(axis=-1, keepdims=True)) @ v2.astype(np.float64)
    got = run(interp, d, src, "fa2", {"q": q2, "k": k2, "v": v2}, ["o"])[0]
    if got.dtype != np.float32 or not np.allclose(got, want, rtol=1e-5, atol=1e-6):
        sys.exit(f"FAIL flash_attn rank 2 bf16 -> f32:\n got {got!r}\nwant {want!r}")
    # adam without lr and step: PyTorch's first Adam step with lr 1e-3 (adam_c2 defaults).
    pa, ga, ma = rng.standard_normal(7), rng.standard_normal(7), rng.standard_normal(7)
    va = rng.uniform(0, 1, 7)
    m1 = 0.9 * ma + 0.1 * ga
    v1 = 0.999 * va + (1 - 0.999) * ga * ga
    p1 = pa - 1e-3 * (m1 / (1 - 0.9)) / (np.sqrt(v1 / (1 - 0.999)) + 1e-8)
    got = run(interp, d, src, "adam", {"p": pa, "g": ga, "m": ma, "v": va}, ["0", "1", "2"])
    for g_, w_, n in zip(got, [p1, m1, v1], ["p", "m", "v"]):
        if not np.allclose(g_, w_, rtol=1e-13, atol=0):
            sys.exit(f"FAIL adam defaults ({n}):\n got {g_!r}\nwant {w_!r}")
    # conv2d_nhwc implied SAME (conv_c7) against a direct numpy convolution with TensorFlow's
    # SAME padding (3x2 filter: rows 1 before and 1 after, columns 0 before and 1 after); small
    # integers, so the sums are exact.
    cx = rng.integers(-3, 4, (1, 5, 6, 2)).astype(np.float64)
    cw = rng.integers(-3, 4, (3, 2, 2, 3)).astype(np.float64)

    def conv(xp, oh, ow):
        return np.array([[[np.einsum("ijc,ijco->o", xp[0, i:i + 3, j:j + 2], cw) for j in range(ow)]
                          for i in range(oh)]])
    same = conv(np.pad(cx, ((0, 0), (1, 1), (0, 1), (0, 0))), 5, 6)
    valid = conv(cx, 3, 5)
    got_s, got_v = run(interp, d, src, "conv", {"x": cx, "w": cw}, ["s", "v"])
    check("conv2d_nhwc implied SAME", got_s, same)
    check("conv2d_nhwc VALID", got_v, valid)
    # control_if whose then branch takes the leading operand alone (control_if_c2).
    ix, iw = rng.standard_normal(4), rng.standard_normal(4)
    for flag, want in ((1.0, np.maximum(ix, 0)), (0.0, ix * iw)):
        got = run(interp, d, src, "iff", {"f": np.array([flag], np.float32), "x": ix, "w": iw}, ["r"])
        check(f"control_if prefix branch, flag {flag}", got[0], want)
    p = rng.integers(-4, 5, (4, 5)).astype(np.float64)
    t = rng.integers(-4, 5, (4, 5)).astype(np.float64)
    check("tessera.loss.mse", run(interp, d, src, "mse", {"p": p, "t": t}, ["l"])[0],
          np.array(((p - t) ** 2).sum()))
    # Binary cross entropy on logits against the textbook formula in float64 (tolerance: the
    # kernel's exp/log1p are the C library's); large |z| against the closed form |z| or 0.
    z = rng.standard_normal((3, 7)) * 4
    t = rng.uniform(0, 1, (3, 7))
    sig = 1 / (1 + np.exp(-z))
    terms = -(t * np.log(sig) + (1 - t) * np.log(1 - sig))
    m, s = run(interp, d, src, "bce", {"z": z, "t": t}, ["m", "s"])
    if not (np.isclose(m, terms.mean(), rtol=1e-12) and np.isclose(s, terms.sum(), rtol=1e-12)):
        sys.exit(f"FAIL binary_cross_entropy: got {m}, {s}; want {terms.mean()}, {terms.sum()}")
    zb = np.array([80, -80, 30, -30, 0, 2], np.float32)
    tb = np.array([0, 1, 1, 0, 1, 1], np.float32)
    want = 80 + 80 + np.log1p(np.exp(-30.0)) * 2 + np.log(2.0) + np.log1p(np.exp(-2.0))
    got = run(interp, d, src, "bce32", {"z": zb, "t": tb}, ["s"])[0]
    if got.dtype != np.float32 or not np.isclose(got, want, rtol=1e-6):
        sys.exit(f"FAIL binary_cross_entropy large logits: got {got!r}, want {want}")
    # Upstream's grouped GEMM with bf16 operands and an f32 result (grouped_gemm_c3); small
    # integers, so every product and sum is exact and numpy's f32 result is the exact one.
    xg = rng.integers(-4, 5, (6, 4)).astype(ml_dtypes.bfloat16)
    wg = rng.integers(-4, 5, (2, 4, 3)).astype(ml_dtypes.bfloat16)
    sizes = np.array([2, 4], np.int64)
    want = np.concatenate([xg[:2].astype(np.float32) @ wg[0].astype(np.float32),
                           xg[2:].astype(np.float32) @ wg[1].astype(np.float32)])
    check("grouped_gemm bf16 -> f32", run(interp, d, src, "gg", {"x": xg, "w": wg, "s": sizes},
                                          ["y"])[0], want)
    x = rng.standard_normal((2, 3, 4)).astype(np.float32)
    check("permutation", run(interp, d, src, "perm", {"x": x}, ["y"])[0], np.transpose(x, (1, 2, 0)))
    x = rng.integers(-9, 10, (3, 4)).astype(np.float64)
    k, dropped = run(interp, d, src, "rsum", {"x": x}, ["k", "d"])
    check("reduce kept dims", k, x.sum(axis=1, keepdims=True))
    check("reduce dropped dims", dropped, x.sum(axis=1))
    h = np.array([[1.0, 0.5, 0.25, 2.0]])
    w = np.diag([1.5, 2.0, 1.25, 1.0])
    want = h.copy()
    for _ in range(50):
        if not 100.0 - want.sum() > 0:
            break
        want = want @ w
    check("control_while carried-only cond", run(interp, d, src, "power", {"h": h, "w": w}, ["r"])[0],
          want)


def main():
    interp = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        src = d / "p.mlir"
        src.write_text(PROGRAM)
        check_all(interp, d, src)
        # The printer writes the registered names; the printed module reads back and runs alike.
        p = subprocess.run([interp, "print", str(src)], capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            sys.exit(f"FAIL print: {p.stderr}")
        for upstream in ('"tessera.lt"', "tessera.lt ", "tessera.loss.", "permutation"):
            if upstream in p.stdout:
                sys.exit(f"FAIL: the printer wrote the upstream spelling {upstream}:\n{p.stdout}")
        for name in ("tessera.cmp_lt", "tessera.cmp_ge", "tessera.mse", "perm",
                     "tessera.binary_cross_entropy"):
            if name not in p.stdout:
                sys.exit(f"FAIL: the printer did not write {name}:\n{p.stdout}")
        printed = d / "printed.mlir"
        printed.write_text(p.stdout)
        rt = d / "rt"
        rt.mkdir()
        check_all(interp, rt, printed)
    print("ok")


if __name__ == "__main__":
    main()
