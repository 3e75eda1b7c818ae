#!/usr/bin/env python3
"""Upstream's Schedule-dialect forms in Graph IR programs (docs/ops/schedule/upstream-forms.md)
and the attribute forms of its end-to-end tests, run by tessera-interp against numpy:
a schedule.mesh.region runs its body once over whole tensors and yields its values,
schedule.matmul / softmax / prefetch return the Graph value they schedule, mesh.define and
artifact change nothing; tessera.transpose takes its permutation from upstream's dim names
(transpose_c1); flash_attn takes upstream's "off" window, softcap and dropout_seed
(flash_attn_c7); a bf16 reduce may keep an f32 result (reduce_c6) and carry upstream's
`schedule` (reduce_c7); control_while's body may take the carried operand alone (control_while_c4).
Lowering leaves the forms in place: the program gives the same bits at every level.
Usage: schedule_forms_test.py TESSERA_INTERP."""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from upstream_forms_test import check, run  # noqa: E402

PROGRAM = """
func.func @region(%x: tensor<3x5xf32>, %w: tensor<5x4xf32>) -> tensor<3x4xf32> {
  "schedule.mesh.define"() {axis_names = ["dp", "tp"], dims = [2, 2]} : () -> ()
  %r = "schedule.mesh.region"() ({
    %m = tessera.matmul %x, %w : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
    %y = tessera.relu %m : (tensor<3x4xf32>) -> tensor<3x4xf32>
    "schedule.yield"(%y) : (tensor<3x4xf32>) -> ()
  }) {mesh = @dp, axis = "dp"} : () -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
func.func @no_results(%x: tensor<4x4xf32>) {
  "schedule.mesh.define"() {axis_names = ["dp"], dims = [2]} : () -> ()
  "schedule.mesh.region"() ({
    %y = tessera.exp %x : (tensor<4x4xf32>) -> tensor<4x4xf32>
    "schedule.yield"() : () -> ()
  }) {mesh = @dp, axis = "dp"} : () -> ()
  return
}
func.func @scheduled(%a: tensor<6x5xf64>, %b: tensor<5x8xf64>, %s: tensor<3x7xf64>)
    -> (tensor<6x8xf64>, tensor<3x7xf64>, tensor<3x7xf64>) {
  %g = tessera.matmul %a, %b : (tensor<6x5xf64>, tensor<5x8xf64>) -> tensor<6x8xf64>
  %m = schedule.matmul %g {a_layout = "row_major", b_layout = "col_major", macro_tile_m = 32 : i64,
      macro_tile_n = 32 : i64, tile_m = 16 : i64, tile_n = 16 : i64, tile_k = 16 : i64, warps = 1 : i64,
      pipeline_depth = 1 : i64, accum = "f32", artifact_hash = "00"} : tensor<6x8xf64> -> tensor<6x8xf64>
  %p = tessera.softmax %s {axis = -1 : i64} : (tensor<3x7xf64>) -> tensor<3x7xf64>
  %q = schedule.softmax %p {axis = -1 : i64, workgroup_size = 2 : i64, exp_mode = "accurate"} : tensor<3x7xf64> -> tensor<3x7xf64>
  %f = "schedule.prefetch"(%s) {into = "shared", stage = 0 : i32, vector = 16 : i32} : (tensor<3x7xf64>) -> tensor<3x7xf64>
  schedule.artifact {arch = "zen5-avx512", hash = "00", shape_key = "M=6;N=8;K=5;dtype=f64"}
  return %m, %q, %f : tensor<6x8xf64>, tensor<3x7xf64>, tensor<3x7xf64>
}
func.func @named(%x: tensor<2x4x6xf32>) -> tensor<4x2x6xf32> {
  %y = "tessera.transpose"(%x) {tessera.dim_names_in = ["B", "T", "D"],
                                tessera.dim_names_out = ["T", "B", "D"]} : (tensor<2x4x6xf32>) -> tensor<4x2x6xf32>
  return %y : tensor<4x2x6xf32>
}
func.func @fa(%q: tensor<1x2x5x8xf64>, %k: tensor<1x2x6x8xf64>, %v: tensor<1x2x6x8xf64>) -> tensor<1x2x5x8xf64> {
  %o = tessera.flash_attn %q, %k, %v {scale = 0.25, causal = false, window_left = -1, window_right = -1,
      softcap = 0.0, dropout_p = 0.0, dropout_seed = 0, head_dim = 8, operandSegmentSizes = array<i32: 1, 1, 1, 0>}
      : (tensor<1x2x5x8xf64>, tensor<1x2x6x8xf64>, tensor<1x2x6x8xf64>) -> tensor<1x2x5x8xf64>
  return %o : tensor<1x2x5x8xf64>
}
func.func @rmin(%x: tensor<2x3x5xbf16>) -> tensor<2x1x5xf32> {
  %0 = "tessera.reduce"(%x) {axis = 1 : i64, kind = "sum", keepdims = true, schedule = "cooperative_128"} : (tensor<2x3x5xbf16>) -> tensor<2x1x5xf32>
  return %0 : tensor<2x1x5xf32>
}
func.func private @wbody(%c: tensor<4xf64>) -> tensor<4xf64> {
  %h = arith.constant dense<0.5> : tensor<4xf64>
  %y = tessera.mul %c, %h : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}
func.func private @wcond(%c: tensor<4xf64>) -> tensor<1xf64> {
  %s = "tessera.reduce"(%c) {kind = "sum", axes = [0], keepdims = true} : (tensor<4xf64>) -> tensor<1xf64>
  return %s : tensor<1xf64>
}
func.func @carried_while(%init: tensor<4xf64>, %unused: tensor<3xf64>) -> tensor<4xf64> {
  %r = "tessera.control_while"(%init, %unused) {body = @wbody, cond = @wcond, carry_arg_index = 0 : i64,
       max_iters = 3 : i64} : (tensor<4xf64>, tensor<3xf64>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}
func.func @bounded(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %d = tessera.matmul %a, %b {shape_bounds = [8, 8, 8], rhs_storage_order = "row_major"}
      : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %d : tensor<?x?xf64>
}
"""


def close(name, got, want, tol):
    if got.shape != want.shape or not np.allclose(got, want, rtol=tol, atol=tol):
        sys.exit(f"FAIL {name}:\n got {got!r}\nwant {want!r}")


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(11)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        src = d / "forms.mlir"
        src.write_text(PROGRAM)
        x = rng.standard_normal((3, 5)).astype(np.float32)
        w = rng.standard_normal((5, 4)).astype(np.float32)
        (r,) = run(interp, d, src, "region", {"x": x, "w": w}, ["r"])
        close("region", r, np.maximum(x.astype(np.float64) @ w, 0), 1e-5)
        run(interp, d, src, "no_results", {"x": rng.standard_normal((4, 4)).astype(np.float32)}, [])
        a, b = rng.standard_normal((6, 5)), rng.standard_normal((5, 8))
        s = rng.standard_normal((3, 7))
        m, q, f = run(interp, d, src, "scheduled", {"a": a, "b": b, "s": s},
                      ["m", "q", "f"])
        close("schedule.matmul", m, a @ b, 1e-12)
        e = np.exp(s - s.max(axis=-1, keepdims=True))
        close("schedule.softmax", q, e / e.sum(axis=-1, keepdims=True), 1e-12)
        check("schedule.prefetch", f, s)
        t = rng.standard_normal((2, 4, 6)).astype(np.float32)
        (y,) = run(interp, d, src, "named", {"x": t}, ["y"])
        check("transpose by dim names", y, np.transpose(t, (1, 0, 2)))
        qq, kk, vv = (rng.standard_normal((1, 2, n, 8)) for n in (5, 6, 6))
        (o,) = run(interp, d, src, "fa", {"q": qq, "k": kk, "v": vv}, ["o"])
        sc = np.einsum("bhid,bhjd->bhij", qq, kk) * 0.25
        p = np.exp(sc - sc.max(axis=-1, keepdims=True))
        close("flash_attn off attributes", o, (p / p.sum(axis=-1, keepdims=True)) @ vv, 1e-12)
        xb = rng.standard_normal((2, 3, 5)).astype(ml_dtypes.bfloat16)
        (rm,) = run(interp, d, src, "rmin", {"x": xb}, ["0"])
        # reduce_c6: folded in f32 from the first element in index order, kept in f32.
        want = xb[:, 0:1, :].astype(np.float32)
        for k in (1, 2):
            want[:, 0, :] += xb[:, k, :].astype(np.float32)
        check("reduce bf16 -> f32", rm, want)
        init = np.array([1.0, 2.0, 3.0, 4.0])
        (cw,) = run(interp, d, src, "carried_while", {"init": init, "unused": np.zeros(3)}, ["r"])
        check("control_while with carried-only body", cw, init / 8)
        a2, b2 = rng.standard_normal((5, 8)), rng.standard_normal((8, 3))
        (bd,) = run(interp, d, src, "bounded", {"a": a2, "b": b2}, ["d"])
        close("matmul within shape_bounds", bd, a2 @ b2, 1e-12)
        np.save(d / "big_a.npy", np.zeros((9, 8)))  # M = 9 > its bound 8
        np.save(d / "big_b.npy", np.zeros((8, 3)))
        p = subprocess.run([interp, "run", str(src), "--entry", "bounded", "--input",
                            f"a={d / 'big_a.npy'}", "--input", f"b={d / 'big_b.npy'}"],
                           capture_output=True, text=True, timeout=60)
        if p.returncode != 1 or "exceeds its bound 8 in shape_bounds (matmul_c8)" not in p.stderr:
            sys.exit(f"FAIL run-time shape_bounds: rc {p.returncode}\n{p.stderr}")
        # Lowering leaves the forms in place: every level gives the Graph IR run's bits.
        for level in ("schedule", "tile", "target"):
            out = d / f"level_{level}"
            p = subprocess.run([interp, "run", str(src), "--entry", "scheduled", "--level", level,
                                "--output-dir", str(out)] +
                               [f"--input={k}={d / f'scheduled_{k}.npy'}" for k in "abs"],
                               capture_output=True, text=True, timeout=60)
            if p.returncode != 0:
                sys.exit(f"FAIL run --level {level}: {p.stderr}")
            for n, want in zip("mqf", (m, q, f)):
                check(f"{n} at {level}", np.load(out / f"{n}.npy"), want)
    print("schedule forms: all agree with numpy")


if __name__ == "__main__":
    main()
