// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: f64 ops of the scalar GEMM and convolution kernels (docs/ops/schedule/
// lowering.md, "Scalar GEMMs", "Convolution"): tile.fma chains in the Graph IR kernels' order.
module {
  // swiglu_fused of f64: gate and up as tile.fma chains from +0 over d, the spec's f64 silu
  // (x / (1 + exp64(-x)), -0 at -Inf) times up, then the w_down chain; no rounding to f32.
  // CHECK-LABEL: func.func @swiglu64(
  // CHECK: tile.launch %{{.*}} {callee = @swiglu64_g0_kernel, grid = [2]
  func.func @swiglu64(%x: tensor<2x3xf64>, %wg: tensor<3x4xf64>, %wu: tensor<3x4xf64>, %wd: tensor<4x3xf64>) -> tensor<2x3xf64> {
    %r = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<2x3xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<4x3xf64>) -> tensor<2x3xf64>
    return %r : tensor<2x3xf64>
  }
  // CHECK-LABEL: func.func @swiglu64_g0_kernel(
  // CHECK-NOT: f32
  // CHECK: %[[ACC:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %{{.*}}) ({
  // CHECK: %[[GATE:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %{{.*}}) ({
  // CHECK: tile.fma %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: %[[UP:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %{{.*}}) ({
  // CHECK: tile.fma %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: arith.negf %[[GATE]] : (f64) -> f64
  // CHECK: %[[Q:.*]] = arith.divf %[[GATE]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[NINF:.*]] = arith.cmpf %[[GATE]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[S:.*]] = arith.select %[[NINF]], %{{.*}}, %[[Q]]
  // CHECK-NEXT: %[[A:.*]] = arith.mulf %[[S]], %[[UP]] : (f64, f64) -> f64
  // CHECK-NEXT: tile.fma %[[A]], %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: tile.store %[[ACC]], %out
}
