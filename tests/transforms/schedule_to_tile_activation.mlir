// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: activations as f32 tile steps in the Graph IR kernels' order
// (docs/ops/schedule/lowering.md, "Activations"), mse as a row reduction ("Losses"), a norm
// along axis 1 as rows of the trailing dims; erf-form gelu is a scalar chain
// (schedule_to_tile_erfc.mlir has its steps).
module {
  // CHECK-LABEL: func.func @sig(
  // CHECK: tile.launch %x {callee = @sig_g0_kernel, grid = [2, 2]
  // CHECK-LABEL: func.func @erf(
  // CHECK: tile.launch %{{.*}} {callee = @erf_g0_kernel, grid = [8]
  // CHECK-LABEL: func.func @loss(
  // CHECK: %[[A:.*]] = tessera.reshape %a : (tensor<4x8xf32>) -> tensor<1x32xf32>
  // CHECK: %[[B:.*]] = tessera.reshape %b : (tensor<4x8xf32>) -> tensor<1x32xf32>
  // CHECK: %[[L:.*]] = tile.launch %[[A]], %[[B]] {callee = @loss_g0_kernel, grid = [1]
  // CHECK: tessera.reshape %[[L]] {schedule.group = @loss_g0} : (tensor<1x1xf32>) -> tensor<f32>
  // CHECK-LABEL: func.func @ln(
  // CHECK: %[[G:.*]] = tessera.reshape %g : (tensor<4x5xf32>) -> tensor<20xf32>
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<3x4x5xf32>) -> tensor<3x20xf32>
  // CHECK: %[[S:.*]] = tile.launch %[[G]] {callee = @ln_move0_kernel, grid = [3], lanes = 32, tiles = 1} : (tensor<20xf32>) -> tensor<3x20xf32>
  // CHECK: tile.launch %[[X]], %[[S]] {callee = @ln_g0_kernel, grid = [1]
  // The row's dims multiply past 2^63: it stays (checked products, no wrap to a small width).
  // CHECK-LABEL: func.func @huge(
  // CHECK: schedule.not_lowered = "too many elements"
  // The sigmoid, silu, gelu chain: 1 is 0x3F800000, -FLT_MAX 0xFF7FFFFF, -0 0x80000000.
  // CHECK-LABEL: func.func @sig_g0_kernel(
  // CHECK: %cst0 = tile.full {value = 1.0e+00 : f32}
  // CHECK: %v1 = arith.negf %v0
  // CHECK: %v2 = tile.exp %v1
  // CHECK: %v3 = arith.addf %cst0, %v2
  // CHECK: %v4 = arith.divf %cst0, %v3
  // CHECK: %v5 = arith.negf %v4
  // CHECK: %v6 = tile.exp %v5
  // CHECK: %v7 = arith.addf %cst0, %v6
  // CHECK: %v8 = arith.divf %v4, %v7
  // CHECK: %v9 = arith.cmpf %v4, %cst1 {predicate = "olt"}
  // CHECK: %v10 = arith.select %v9, %cst2, %v8
  // CHECK: %v11 = arith.mulf %v10, %v10
  // CHECK: %v12 = arith.mulf %v11, %v10
  // CHECK: %v13 = arith.mulf %cst3, %v12
  // CHECK: %v14 = arith.addf %v10, %v13
  // CHECK: %v15 = arith.mulf %cst4, %v14
  // CHECK: %v16 = arith.mulf %cst5, %v15
  // CHECK: %v17 = tile.exp %v16
  // CHECK: %v18 = arith.addf %cst0, %v17
  // CHECK: %v19 = arith.divf %v10, %v18
  // CHECK: %v20 = arith.cmpf %v10, %cst1 {predicate = "olt"}
  // CHECK: %v21 = arith.select %v20, %cst2, %v19
  // CHECK: tile.store_tile %v21, %out
  // CHECK-LABEL: func.func @loss_g0_kernel(
  // CHECK: %d = arith.subf %x, %y
  // CHECK: %p = arith.mulf %d, %d
  // CHECK: %s = tile.row_sum %p : (tensor<32x32xf32>) -> tensor<32xf32>
  // CHECK: %n = tile.full {value = 3.2e+01 : f32}
  // CHECK: %r = arith.divf %s, %n
  func.func @sig(%x: tensor<40x70xf32>) -> tensor<40x70xf32> {
    %s = "tessera.sigmoid"(%x) : (tensor<40x70xf32>) -> tensor<40x70xf32>
    %t = "tessera.silu"(%s) : (tensor<40x70xf32>) -> tensor<40x70xf32>
    %g = "tessera.gelu"(%t) {approximate = "tanh"} : (tensor<40x70xf32>) -> tensor<40x70xf32>
    return %g : tensor<40x70xf32>
  }
  func.func @erf(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %g = "tessera.gelu"(%x) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %g : tensor<8x8xf32>
  }
  func.func @loss(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
    %l = "tessera.mse"(%a, %b) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<f32>
    return %l : tensor<f32>
  }
  func.func @ln(%x: tensor<3x4x5xf32>, %g: tensor<4x5xf32>) -> tensor<3x4x5xf32> {
    %y = "tessera.layer_norm"(%x, %g) {axis = 1} : (tensor<3x4x5xf32>, tensor<4x5xf32>) -> tensor<3x4x5xf32>
    return %y : tensor<3x4x5xf32>
  }
  func.func @huge(%x: tensor<2x4294967296x4294967296xf32>) -> tensor<2x4294967296x4294967296xf32> {
    %y = "tessera.layer_norm"(%x) {axis = 1} : (tensor<2x4294967296x4294967296xf32>) -> tensor<2x4294967296x4294967296xf32>
    return %y : tensor<2x4294967296x4294967296xf32>
  }
}
