// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: conv2d_nhwc as an implicit GEMM (docs/ops/schedule/lowering.md, "Convolution").
module {
  // SAME padding, OW 40 (two x tiles), a bias spread over the 32 rows of a tile: the bias goes in
  // broadcast to [32, O]; the grid is [ceil(OW/32), ceil(O/32), N*OH].
  // CHECK-LABEL: func.func @same(
  // CHECK: %[[B:[0-9]+]] = tile.launch %b {callee = @same_move0_kernel, grid = [32], lanes = 32, tiles = 1} : (tensor<8xf32>) -> tensor<32x8xf32>
  // CHECK: %y = tile.launch %x, %w, %[[B]] {callee = @same_g0_kernel, grid = [2, 1, 12], lanes = 32, schedule.group = @same_g0, tiles = 1}
  func.func @same(%x: tensor<2x6x40x4xf32>, %w: tensor<3x3x4x8xf32>, %b: tensor<8xf32>) -> tensor<2x6x40x8xf32> {
    %y = "tessera.conv2d_nhwc"(%x, %w, %b) {padding = "SAME"} : (tensor<2x6x40x4xf32>, tensor<3x3x4x8xf32>, tensor<8xf32>) -> tensor<2x6x40x8xf32>
    return %y : tensor<2x6x40x8xf32>
  }
  // A W stride of 2: the input goes in viewed as [N, H, W/2, 2*C]; bf16 goes through f32 casts.
  // CHECK-LABEL: func.func @stride_bf16(
  // The casts around the launch are scalar-kernel launches ("Data movement around launches").
  // CHECK: %[[XC:[0-9]+]] = tile.launch %{{[0-9]+}} {callee = @stride_bf16_move0_kernel, grid = [64], lanes = 32, tiles = 1} : (tensor<192xbf16>) -> tensor<64x3xf32>
  // CHECK: %[[X:[0-9]+]] = tessera.reshape %[[XC]] : (tensor<64x3xf32>) -> tensor<1x8x8x3xf32>
  // CHECK: %[[V:[0-9]+]] = tessera.reshape %[[X]] : (tensor<1x8x8x3xf32>) -> tensor<1x8x4x6xf32>
  // CHECK: %[[WC:[0-9]+]] = tile.launch %{{[0-9]+}} {callee = @stride_bf16_move1_kernel, grid = [12], lanes = 32, tiles = 1} : (tensor<60xbf16>) -> tensor<12x5xf32>
  // CHECK: %[[W:[0-9]+]] = tessera.reshape %[[WC]] : (tensor<12x5xf32>) -> tensor<2x2x3x5xf32>
  // CHECK: %[[L:[0-9]+]] = tile.launch %[[V]], %[[W]] {callee = @stride_bf16_g0_kernel, grid = [1, 1, 4], lanes = 32, tiles = 1}
  // CHECK: %[[LF:[0-9]+]] = tessera.reshape %[[L]] : (tensor<1x4x4x5xf32>) -> tensor<80xf32>
  // CHECK: %[[YC:[0-9]+]] = tile.launch %[[LF]] {callee = @stride_bf16_move2_kernel, grid = [16], lanes = 32, tiles = 1} : (tensor<80xf32>) -> tensor<16x5xbf16>
  // CHECK: %y = tessera.reshape %[[YC]] {schedule.group = @stride_bf16_g0} : (tensor<16x5xbf16>) -> tensor<1x4x4x5xbf16>
  func.func @stride_bf16(%x: tensor<1x8x8x3xbf16>, %w: tensor<2x2x3x5xbf16>) -> tensor<1x4x4x5xbf16> {
    %y = "tessera.conv2d_nhwc"(%x, %w) {strides = [2, 2]} : (tensor<1x8x8x3xbf16>, tensor<2x2x3x5xbf16>) -> tensor<1x4x4x5xbf16>
    return %y : tensor<1x4x4x5xbf16>
  }
  // f64: the direct kernel (f64 accumulation; its checks: schedule_to_tile_f64.mlir).
  // CHECK-LABEL: func.func @f64(
  // CHECK: tile.launch %x, %w {callee = @f64_g0_kernel, grid = [9]
  func.func @f64(%x: tensor<1x4x4x2xf64>, %w: tensor<2x2x2x3xf64>) -> tensor<1x3x3x3xf64> {
    %y = "tessera.conv2d_nhwc"(%x, %w) : (tensor<1x4x4x2xf64>, tensor<2x2x2x3xf64>) -> tensor<1x3x3x3xf64>
    return %y : tensor<1x3x3x3xf64>
  }
  // W = 7, W stride 2: x's first column is appended (never selected: past every valid column)
  // so that the view [N, H, 4, 2C] exists.
  // CHECK-LABEL: func.func @odd_w(
  // The slice and concat are gather launches (lowering.md, "Data movement around launches").
  // CHECK: %[[SF:[0-9]+]] = tile.launch %{{[0-9]+}} {callee = @odd_w_move0_kernel, grid = [5], lanes = 32, tiles = 1} : (tensor<70xf32>) -> tensor<5x2xf32>
  // CHECK: %[[S:[0-9]+]] = tessera.reshape %[[SF]] : (tensor<5x2xf32>) -> tensor<1x5x1x2xf32>
  // CHECK: %[[CF:[0-9]+]] = tile.launch %{{[0-9]+}}, %{{[0-9]+}} {callee = @odd_w_move1_kernel, grid = [40], lanes = 32, tiles = 1} : (tensor<70xf32>, tensor<10xf32>) -> tensor<40x2xf32>
  // CHECK: %[[C:[0-9]+]] = tessera.reshape %[[CF]] : (tensor<40x2xf32>) -> tensor<1x5x8x2xf32>
  // CHECK: %[[V:[0-9]+]] = tessera.reshape %[[C]] : (tensor<1x5x8x2xf32>) -> tensor<1x5x4x4xf32>
  // CHECK: %y = tile.launch %[[V]], %w {callee = @odd_w_g0_kernel, grid = [1, 1, 4]
  func.func @odd_w(%x: tensor<1x5x7x2xf32>, %w: tensor<2x2x2x3xf32>) -> tensor<1x4x3x3xf32> {
    %y = "tessera.conv2d_nhwc"(%x, %w) {strides = [1, 2]} : (tensor<1x5x7x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x4x3x3xf32>
    return %y : tensor<1x4x3x3xf32>
  }
  // What stays, with the reason: W below half the W stride, an epilogue.
  // CHECK-LABEL: func.func @narrow_w(
  // CHECK: schedule.not_lowered = "W below half the W stride (the input's [N, H, W/sw, sw*C] view)"
  func.func @narrow_w(%x: tensor<1x5x1x2xf32>, %w: tensor<1x1x2x3xf32>) -> tensor<1x5x1x3xf32> {
    %y = "tessera.conv2d_nhwc"(%x, %w) {strides = [1, 3]} : (tensor<1x5x1x2xf32>, tensor<1x1x2x3xf32>) -> tensor<1x5x1x3xf32>
    return %y : tensor<1x5x1x3xf32>
  }
  // CHECK-LABEL: func.func @epilogue(
  // CHECK: schedule.not_lowered = "a conv2d_nhwc with an epilogue"
  func.func @epilogue(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32> {
    %y = "tessera.conv2d_nhwc"(%x, %w) : (tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32>
    %r = tessera.relu %y : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
    return %r : tensor<1x3x3x3xf32>
  }
  // The kernels follow the functions.
  // The kernel: tap (0, 0) reads input row h = y - 1 (skipped by scf.if outside the input) and
  // view row x0 - 1; its padded column is skipped per row (causal masks -> arith.select); the
  // A block is one masked window of the input (no im2col), B one of the filter, then tile.mma.
  // CHECK-LABEL: func.func @same_g0_kernel(%x: memref<?x?x?x?xf32>, %f: memref<?x?x?x?xf32>, %bias: memref<?x?xf32>, %out: memref<?x?x?x?xf32>)
  // CHECK: %t0_ho = arith.constant {value = -1 : index}
  // CHECK: %t0_q = arith.constant {value = -1 : index}
  // CHECK: %t0_h_in = arith.andi %t0_h_lo, %t0_h_hi
  // CHECK: %t0_mlo = tile.causal_mask %ones, %c0, %t0_lo_i {value = 0.0e+00 : f32}
  // CHECK: %t0_ok = arith.cmpf %t0_b, %zeros {predicate = "ogt"}
  // CHECK: %a1 = "scf.if"(%t0_h_in)
  // CHECK: %ta = tile.load_tile %x, %n, %t0_h, %t0_row, %col {mask = true} : (memref<?x?x?x?xf32>, index, index, index, index) -> tensor<32x4xf32>
  // CHECK: %tb = tile.load_tile %f, %t0_ky, %t0_kx, %cc, %o0 {mask = true} : (memref<?x?x?x?xf32>, index, index, index, index) -> tensor<4x32xf32>
  // CHECK: %am = tile.mma %ta, %tb, %ai
  // CHECK: %ao = arith.select %t0_ok, %am, %ai
  // The centre tap (1, 1) never meets the W padding: no select.
  // CHECK: %t4_row = arith.addi %x0, %t4_q
  // CHECK-NOT: %t4_ok
  // CHECK: %a5 = "scf.if"(%t4_h_in)
  // CHECK: %bt = tile.load_tile %bias, %c0, %o0 {mask = true}
  // CHECK: %res = arith.addf %a9, %bt
  // CHECK: tile.store_tile %res, %out, %n, %y, %x0, %o0 {mask = true}
}
