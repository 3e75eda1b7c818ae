#!/usr/bin/env python3
"""Upstream Tessera's op names and forms that issue #18 admits, run by tessera-interp and checked
against numpy (docs/ir-overview.md "Attributes and upstream spellings"): the op-name aliases
(`tessera.lt`, `tessera.loss.mse`, ...) mean the registered ops and print as them, the printed
module reads back to the same results, `permutation = array<i64: ...>` is transpose's `perm`,
`tessera.loss.binary_cross_entropy` is the logits form (losses.md, bce), a reduce without
`keepdims` whose declared result keeps the reduced dims keeps them
(reductions.md), and control_while's `cond` may take the carried operand alone
(control_while_c4), and grouped_gemm takes bf16 operands to an f32 result (grouped_gemm_c3).
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
