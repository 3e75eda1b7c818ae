// RUN: tessera-opt %s --pass graph-to-schedule | FileCheck %s
// Fusion groups and the default schedule rule (docs/ops/schedule/lowering.md).
module {
  // matmul + bias + gelu is one gemm group; the bias is an epilogue parameter; the dims that
  // differ between tiles (96 rows in tiles of 64, 128 columns in tiles of 64) become dynamic in
  // the body; every moved op records its Graph IR index.
  // CHECK-LABEL: func.func @mlp_g0(%x: tensor<?x64xf32>, %w: tensor<64x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32>
  // CHECK-NEXT: tessera.matmul %x, %w {schedule.origin = 0}
  // CHECK-NEXT: tessera.add %m, %b {schedule.origin = 1}
  // CHECK-NEXT: tessera.gelu %a {schedule.origin = 2}
  // CHECK-NEXT: return %h : tensor<?x?xf32>
  // softmax starts a row group (rows of 32) and the mul joins it; %h feeds both, as two
  // parameters with distinct names and the types from before the pass.
  // CHECK-LABEL: func.func @mlp_g1(%h: tensor<?x128xf32>, %h_1: tensor<?x128xf32>) -> tensor<?x128xf32>
  // CHECK-NEXT: tessera.softmax %h {schedule.origin = 3}
  // CHECK-NEXT: tessera.mul %s, %h_1 {schedule.origin = 4}
  // Shape ops are whole groups, with static types.
  // CHECK-LABEL: func.func @mlp_g2(%p: tensor<96x128xf32>) -> tensor<128x96xf32>
  // CHECK-NEXT: tessera.transpose %p {schedule.origin = 5}
  // CHECK-LABEL: func.func @mlp(
  // CHECK: %h = schedule.group %x, %w, %b {callee = @mlp_g0, kind = "gemm", placement = "replicated", stages = 2, tile_shape = [64, 64, 32], warps = 4} : (tensor<96x64xf32>, tensor<64x128xf32>, tensor<128xf32>) -> tensor<96x128xf32>
  // CHECK-NEXT: %p = schedule.group %h, %h {callee = @mlp_g1, kind = "row", placement = "replicated", stages = 1, tile_shape = [32, 128], warps = 1}
  // CHECK-NEXT: %t = schedule.group %p {callee = @mlp_g2, kind = "whole", placement = "replicated", stages = 1, warps = 1}
  // CHECK-NEXT: return %t : tensor<128x96xf32>
  func.func @mlp(%x: tensor<96x64xf32>, %w: tensor<64x128xf32>, %b: tensor<128xf32>) -> tensor<128x96xf32> {
    %m = tessera.matmul %x, %w : (tensor<96x64xf32>, tensor<64x128xf32>) -> tensor<96x128xf32>
    %a = tessera.add %m, %b : (tensor<96x128xf32>, tensor<128xf32>) -> tensor<96x128xf32>
    %h = tessera.gelu %a : (tensor<96x128xf32>) -> tensor<96x128xf32>
    %s = tessera.softmax %h : (tensor<96x128xf32>) -> tensor<96x128xf32>
    %p = tessera.mul %s, %h : (tensor<96x128xf32>, tensor<96x128xf32>) -> tensor<96x128xf32>
    %t = tessera.transpose %p : (tensor<96x128xf32>) -> tensor<128x96xf32>
    return %t : tensor<128x96xf32>
  }

  // Attributes on the anchor override the default rule; attention is one group.
  // CHECK-LABEL: func.func @attn_g0(%q: tensor<?x?x128x64xf32>, %k: tensor<?x?x128x64xf32>, %v: tensor<?x?x128x64xf32>)
  // CHECK-LABEL: func.func @attn(
  // CHECK: schedule.group %q, %k, %v {callee = @attn_g0, kind = "attention", placement = "replicated", stages = 3, tile_shape = [1, 1, 128, 64], warps = 2}
  func.func @attn(%q: tensor<2x4x128x64xf32>, %k: tensor<2x4x128x64xf32>, %v: tensor<2x4x128x64xf32>) -> tensor<2x4x128x64xf32> {
    %o = tessera.flash_attn %q, %k, %v {causal = true, schedule.stages = 3} : (tensor<2x4x128x64xf32>, tensor<2x4x128x64xf32>, tensor<2x4x128x64xf32>) -> tensor<2x4x128x64xf32>
    return %o : tensor<2x4x128x64xf32>
  }

  // A matmul result used twice ends its group: the add is a group of its own (its one tile
  // covers the 8x8 output, so its types stay static; the two parameters get distinct names).
  // CHECK-LABEL: func.func @two_uses_g1(%m: tensor<8x8xf32>, %m_1: tensor<8x8xf32>)
  // CHECK-LABEL: func.func @two_uses(
  // CHECK: %m = schedule.group %x, %w {{{.*}}kind = "gemm"{{.*}}tile_shape = [128, 128, 64]
  // CHECK-NEXT: %y = schedule.group %m, %m {{{.*}}kind = "elementwise"
  func.func @two_uses(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %m = tessera.matmul %x, %w {schedule.tile_shape = [128, 128, 64]} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %y = tessera.add %m, %m : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    return %y : tensor<8x8xf32>
  }
}
