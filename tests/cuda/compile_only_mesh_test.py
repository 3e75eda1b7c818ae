"""The compile-only check on mesh programs (docs/cuda.md, "The compile-only check"): the mesh
device cases (compute ops between collectives) compile through the plugin's mesh plan with the
kernel counts derived by hand (each case's distinct compute kernels plus one fold kernel per
dtype and op it folds), and mesh programs the plan refuses are listed as SKIP with the plan's
reason at the op, never a failure or a crash.
Usage: compile_only_mesh_test.py TESSERA_CUDA_GEN DEVICE_CASES_MESH_MLIR HAVE_LIBS(0|1)"""
import os
import shutil
import subprocess
import sys
import tempfile

GEN, DEVICE_MESH, HAVE_LIBS = sys.argv[1], sys.argv[2], sys.argv[3] == "1"


def check(cond, what, out=""):
    if not cond:
        sys.stderr.write(f"FAIL: {what}\n--- output\n{out[-4000:]}\n")
        sys.exit(1)


def case(name, mesh, sig_in, sig_out, body, dtype):
    n = 1
    for d in mesh:
        n *= d
    zeros = ",".join(["0" * (16 if dtype == "f64" else 8)] * 4)
    return (f"// CASE: {name}\n// RULE: bitexact\n// REQUIRES: mesh={n}\n"
            f"// INPUT: 0 tensor<4x{dtype}> hex:{zeros}\n"
            f"// EXPECT: 0 tensor<4x{dtype}> hex:{zeros}\n"
            f"module attributes {{tessera.mesh = {{axes = [\"x\"], shape = [{n}]}}}} {{\n"
            f"{body}}}\n")


# A fold of a dtype the fold kernels lack; a compute op that does not lower alone; a tile kernel
# whose loaded value crosses a collective.
REFUSED = "\n// -----\n\n".join([
    case("f64_sum", [2], "", "", """  func.func @main(%a: tensor<4xf64>) -> tensor<4xf64> {
    %r = "tessera.all_reduce"(%a) {axes = ["x"], op = "sum"} : (tensor<4xf64>) -> tensor<4xf64>
    return %r : tensor<4xf64>
  }
""", "f64"),
    # diffusion_block_step: a marker op no kernel computes, so it never lowers.
    case("marker_alone", [2], "", "", """  func.func @main(%a: tensor<4x4xf32>, %k: tensor<1x4x4xf32>) -> tensor<4x4xf32> {
    %p = "tessera.diffusion_block_step"(%a, %k, %k) {num_denoise_layers = 1 : i64, num_attention_heads = 1 : i64, num_kv_heads = 1 : i64, head_dim = 4 : i64} : (tensor<4x4xf32>, tensor<1x4x4xf32>, tensor<1x4x4xf32>) -> tensor<4x4xf32>
    %r = "tessera.all_gather"(%p) {axes = ["x"], dim = 0} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    return %p : tensor<4x4xf32>
  }
""", "f32"),
    case("load_across", [2], "", "", """  func.func @k(%x: memref<4xf32>, %y: memref<4xf32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<4xf32>, index) -> f32
    tile.all_reduce %y {axes = ["x"], op = "sum"} : (memref<4xf32>) -> ()
    tile.store %v, %y, %i : (f32, memref<4xf32>, index) -> ()
    return
  }
  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = tile.launch %a {callee = @k, grid = [1], tiles = 4, lanes = 32} : (tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
""", "f32"),
])


def main():
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(DEVICE_MESH, os.path.join(d, "mesh.mlir"))
        with open(os.path.join(d, "refused.mlir"), "w") as f:
            f.write(REFUSED)
        report = os.path.join(d, "report.tsv")
        p = subprocess.run([GEN, "--compile-only", "--cases", d, "--report", report],
                           capture_output=True, text=True, timeout=600)
        out = p.stdout + p.stderr
        check(p.returncode == 0, f"exit status {p.returncode}", out)
        if HAVE_LIBS:
            # add + fold(sum, f32); add (i32) and an all_gather: copies only.
            check("OK   mesh/add_then_all_reduce_and_gather_f32 (2 kernel(s))" in out, "add case", out)
            check("OK   mesh/all_gather_then_add_2x2_i32 (1 kernel(s))" in out, "gather case", out)
            check("2 compiled for sm_80, sm_90, sm_100, 0 failed, 3 skipped" in out, "summary", out)
            check("no rank-order fold kernel for f64" in out, "f64 fold reason", out)
            with open(report) as f:
                rows = {r.split("\t")[0]: r.rstrip("\n").split("\t") for r in f}
            check(rows["mesh/add_then_all_reduce_and_gather_f32"][5].startswith(
                "mesh plan on 4 ranks, 3 steps: 1 compute (1 distinct kernels), 2 collective "
                "(16 copies, 4 folds by the fold kernels, 0 constants)"), "report detail", out)
        check("SKIP refused/f64_sum: mesh plan: " in out, "f64 fold skipped", out)
        check("SKIP refused/marker_alone: mesh plan: " in out and "refused.mlir:" in out
              and "compiled alone" in out, "diffusion_block_step skipped at its line", out)
        check("SKIP refused/load_across: mesh plan: " in out
              and "across the tile collective at" in out, "crossing value skipped", out)
    print("ok")


main()
