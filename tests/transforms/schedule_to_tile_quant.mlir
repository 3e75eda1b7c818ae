// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.dequantize as a scalar kernel (docs/ops/schedule/lowering.md,
// "Quantization"): value(q) times its scale; a block's scale sits at column c / B of its row.
module {
  // mx: one group per row of [4, 64]; the e8m0 scales [4, 2] read at (row, c / 32).
  // CHECK-LABEL: func.func @mx(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @mx_g0_kernel, grid = [4]
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
  // A partial last block: columns 32..39 read the row's second scale.
  // CHECK-LABEL: func.func @partial(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @partial_g0_kernel, grid = [2]
  func.func @partial(%q: tensor<2x40xf8E4M3FN>, %s: tensor<2x2xf8E8M0FNU>) -> tensor<2x40xf32> {
    %y = "tessera.dequantize"(%q, %s) {scheme = "mx"} : (tensor<2x40xf8E4M3FN>, tensor<2x2xf8E8M0FNU>) -> tensor<2x40xf32>
    return %y : tensor<2x40xf32>
  }
  // CHECK-LABEL: func.func @mx_g0_kernel(
  // CHECK: %x1_dv = arith.constant {value = 32 : index} : () -> index
  // CHECK: %x1_cd = arith.divsi %c, %x1_dv : (index, index) -> index
  // CHECK: %x1_q = arith.muli %x1_cd, %x1_sl : (index, index) -> index
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
