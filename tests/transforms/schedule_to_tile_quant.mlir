// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.dequantize as a scalar kernel (docs/ops/schedule/lowering.md,
// "Quantization"): value(q) times its scale, each block's scale broadcast along the block.
module {
  // mx: the [4, 64] result viewed as [4, 2, 32], the e8m0 scales as [4, 2, 1].
  // CHECK-LABEL: func.func @mx(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @mx_g0_kernel, grid = [8]
  func.func @mx(%q: tensor<4x64xf8E4M3FN>, %s: tensor<4x2xf8E8M0FNU>) -> tensor<4x64xf32> {
    %y = "tessera.dequantize"(%q, %s) {scheme = "mx"} : (tensor<4x64xf8E4M3FN>, tensor<4x2xf8E8M0FNU>) -> tensor<4x64xf32>
    return %y : tensor<4x64xf32>
  }
  // nvfp4: (value(q) * value(s)) * g, left to right.
  // CHECK-LABEL: func.func @nvfp4(
  // CHECK: tile.launch %{{.*}} {callee = @nvfp4_g0_kernel
  func.func @nvfp4(%q: tensor<2x32xf4E2M1FN>, %s: tensor<2x2xf8E4M3FN>, %g: tensor<f32>) -> tensor<2x32xf32> {
    %y = "tessera.dequantize"(%q, %s, %g) {scheme = "nvfp4"} : (tensor<2x32xf4E2M1FN>, tensor<2x2xf8E4M3FN>, tensor<f32>) -> tensor<2x32xf32>
    return %y : tensor<2x32xf32>
  }
  // A partial last block stays, with the reason.
  // CHECK-LABEL: func.func @partial(
  // CHECK: schedule.not_lowered = "a row of 40 elements is not a whole number of 32-element blocks (a partial last block)"
  func.func @partial(%q: tensor<2x40xf8E4M3FN>, %s: tensor<2x2xf8E8M0FNU>) -> tensor<2x40xf32> {
    %y = "tessera.dequantize"(%q, %s) {scheme = "mx"} : (tensor<2x40xf8E4M3FN>, tensor<2x2xf8E8M0FNU>) -> tensor<2x40xf32>
    return %y : tensor<2x40xf32>
  }
  // CHECK-LABEL: func.func @mx_g0_kernel(
  // CHECK: %v2 = arith.extf %v0 : (f8E4M3FN) -> f32
  // CHECK: %v3 = arith.extf %v1 : (f8E8M0FNU) -> f32
  // CHECK: %v4 = arith.mulf %v2, %v3 : (f32, f32) -> f32
  // CHECK: tile.store %v4
  // CHECK-LABEL: func.func @nvfp4_g0_kernel(
  // CHECK: %v3 = arith.extf %v0 : (f4E2M1FN) -> f32
  // CHECK: %v4 = arith.extf %v1 : (f8E4M3FN) -> f32
  // CHECK: %v5 = arith.mulf %v3, %v4 : (f32, f32) -> f32
  // CHECK: %v6 = arith.mulf %v5, %v2 : (f32, f32) -> f32
  // CHECK: tile.store %v6
}
