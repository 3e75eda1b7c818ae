// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: the recurrent-state ops as scalar kernels (docs/ops/schedule/lowering.md,
// "Recurrent attention"): one group per slice, the state in a tile.alloc_register buffer, every
// fma one tile.fma.
module {
  // linear_attn [1, 2, 6, 3] x v [.., 5]: two slices, the result [2, 6 * 5] reshaped back.
  // CHECK-LABEL: func.func @la(
  // CHECK: %[[Q:.*]] = tessera.reshape %q : (tensor<1x2x6x3xf32>) -> tensor<36xf32>
  // CHECK: %[[V:.*]] = tessera.reshape %v : (tensor<1x2x6x5xf32>) -> tensor<60xf32>
  // CHECK: tile.launch %[[Q]], %{{.*}}, %[[V]] {callee = @la_g0_kernel, grid = [2]{{.*}} -> tensor<2x30xf32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<2x30xf32>) -> tensor<1x2x6x5xf32>
  func.func @la(%q: tensor<1x2x6x3xf32>, %k: tensor<1x2x6x3xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32> {
    %r = "tessera.linear_attn"(%q, %k, %v) {feature_map = "elu"} : (tensor<1x2x6x3xf32>, tensor<1x2x6x3xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x6x5xf32>
    return %r : tensor<1x2x6x5xf32>
  }
  // hybrid_attention's softmax slot (kimi, odd layer): the scores in a local buffer of S.
  // CHECK-LABEL: func.func @hy(
  // CHECK: tile.launch {{.*}}callee = @hy_g0_kernel, grid = [2]{{.*}} -> tensor<2x20xf32>
  func.func @hy(%q: tensor<2x4x3xf32>, %k: tensor<2x4x3xf32>, %v: tensor<2x4x5xf32>) -> tensor<2x4x5xf32> {
    %r = "tessera.hybrid_attention"(%q, %k, %v) {pattern = "kimi", layer_index = 1 : i64} : (tensor<2x4x3xf32>, tensor<2x4x3xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
    return %r : tensor<2x4x5xf32>
  }
  // f64: no exact f64 fma; a state over the local buffer's 4096 elements.
  // CHECK-LABEL: func.func @f64(
  // CHECK: schedule.not_lowered = "f64 linear attention: its fma chains need an f64 fma
  func.func @f64(%q: tensor<2x3x4xf64>, %k: tensor<2x3x4xf64>, %v: tensor<2x3x4xf64>) -> tensor<2x3x4xf64> {
    %r = "tessera.lightning_attention"(%q, %k, %v) : (tensor<2x3x4xf64>, tensor<2x3x4xf64>, tensor<2x3x4xf64>) -> tensor<2x3x4xf64>
    return %r : tensor<2x3x4xf64>
  }
  // CHECK-LABEL: func.func @big(
  // CHECK: schedule.not_lowered = "a state of 8192 elements, more than a tile's local buffer holds (4096)"
  func.func @big(%q: tensor<2x64xf32>, %k: tensor<2x64xf32>, %v: tensor<2x128xf32>) -> tensor<2x128xf32> {
    %r = "tessera.gated_deltanet"(%q, %k, %v) : (tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
    return %r : tensor<2x128xf32>
  }
  // selective_ssm: one group per (batch, channel) = 2 x 3; the result as [B * S, D] columns.
  // CHECK-LABEL: func.func @ssm(
  // CHECK: tile.launch {{.*}}callee = @ssm_g0_kernel, grid = [6]{{.*}} -> tensor<10x3xf32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<10x3xf32>) -> tensor<2x5x3xf32>
  func.func @ssm(%x: tensor<2x5x3xf32>, %a: tensor<3x4xf32>, %b: tensor<2x5x4xf32>, %c: tensor<2x5x4xf32>, %d: tensor<2x5x3xf32>, %g: tensor<2x5x3xf32>) -> tensor<2x5x3xf32> {
    %r = "tessera.selective_ssm"(%x, %a, %b, %c, %d, %g) {operand_clauses = {gate = [5, 1]}} : (tensor<2x5x3xf32>, tensor<3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>, tensor<2x5x3xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
    return %r : tensor<2x5x3xf32>
  }
  // depth_attn: one group per position (3), the sources flattened.
  // CHECK-LABEL: func.func @da(
  // CHECK: tile.launch {{.*}}callee = @da_g0_kernel, grid = [3]{{.*}} : (tensor<8xf32>, tensor<168xf32>) -> tensor<3x8xf32>
  func.func @da(%q: tensor<8xf32>, %s: tensor<7x3x8xf32>) -> tensor<3x8xf32> {
    %r = "tessera.depth_attn"(%q, %s) {eps = 1.0e-6 : f64} : (tensor<8xf32>, tensor<7x3x8xf32>) -> tensor<3x8xf32>
    return %r : tensor<3x8xf32>
  }
  // The linear kernel: the state zeroed, then per step t and row i: phi(k) (elu: x + 1 or
  // tile.exp), each S[i][j] = fma(phi, v, S[i][j]) (fma_f32: one f32 tile.fma), then o_t.
  // CHECK-LABEL: func.func @la_g0_kernel(
  // CHECK: %[[ST:.*]] = tile.alloc_register : () -> memref<15xf32, 5>
  // CHECK: %[[PQ:.*]] = tile.alloc_register : () -> memref<3xf32, 5>
  // CHECK: tile.store %{{.*}}, %[[ST]]
  // CHECK: tile.load %in1
  // CHECK: arith.cmpf %{{.*}} {predicate = "ogt"} : (f32, f32) -> i1
  // CHECK: tile.exp
  // CHECK: arith.select
  // CHECK: tile.load %in2
  // CHECK: %[[SIJ:.*]] = tile.load %[[ST]]
  // CHECK: %[[F:.*]] = tile.fma %{{.*}}, %{{.*}}, %[[SIJ]] : (f32, f32, f32) -> f32
  // CHECK: tile.store %[[F]], %[[ST]]
  // CHECK: tile.load %in0
  // CHECK: tile.store %{{.*}}, %[[PQ]]
  // CHECK: tile.load %[[PQ]]
  // CHECK: tile.store %{{.*}}, %out, %g
  // The softmax slot: the max chain as (m < e) ? e : m, exps into the buffer, one division.
  // CHECK-LABEL: func.func @hy_g0_kernel(
  // CHECK: %[[E:.*]] = tile.alloc_register : () -> memref<4xf32, 5>
  // CHECK: tile.store %{{.*}}, %[[E]]
  // CHECK: %[[LT:.*]] = arith.cmpf %{{.*}} {predicate = "olt"} : (f32, f32) -> i1
  // CHECK: arith.select %[[LT]]
  // CHECK: tile.exp
  // CHECK: arith.divf
  // CHECK: tile.store %{{.*}}, %out, %g
  // The scan: h zeroed; per step abar = exp(delta * A[d, n]), u = (delta * b) * x, h = fma,
  // y the fma chain of c * h, times the gate, stored at row b * S + t, column d.
  // CHECK-LABEL: func.func @ssm_g0_kernel(
  // CHECK: %[[B:.*]] = arith.divsi %g
  // CHECK: %[[D:.*]] = arith.remsi %g
  // CHECK: %[[H:.*]] = tile.alloc_register : () -> memref<4xf32, 5>
  // CHECK: %[[DT:.*]] = tile.load %in4
  // CHECK: %[[XV:.*]] = tile.load %in0
  // CHECK: %[[AV:.*]] = tile.load %in1
  // CHECK: %[[DA:.*]] = arith.mulf %[[DT]], %[[AV]]
  // CHECK: tile.exp %[[DA]]
  // CHECK: %[[BN:.*]] = tile.load %in2
  // CHECK: %[[DB:.*]] = arith.mulf %[[DT]], %[[BN]]
  // CHECK: arith.mulf %[[DB]], %[[XV]]
  // CHECK: %[[HN:.*]] = tile.load %[[H]]
  // CHECK: %[[HF:.*]] = tile.fma %{{.*}}, %[[HN]], %{{.*}} : (f32, f32, f32) -> f32
  // CHECK: tile.store %[[HF]], %[[H]]
  // CHECK: tile.load %in3
  // CHECK: %[[GT:.*]] = tile.load %in5
  // CHECK: %[[Y:.*]] = arith.mulf %{{.*}}, %[[GT]]
  // CHECK: tile.store %[[Y]], %out, %{{.*}}, %[[D]]
  // depth_attn: logits dot / sqrt(ss / D + eps) into the buffer, the max chain, exps, sums.
  // CHECK-LABEL: func.func @da_g0_kernel(
  // CHECK: %[[W:.*]] = tile.alloc_register : () -> memref<7xf32, 5>
  // CHECK: tile.sqrt
  // CHECK: tile.store %{{.*}}, %[[W]]
  // CHECK: arith.cmpf %{{.*}} {predicate = "olt"}
  // CHECK: tile.exp
  // CHECK: arith.divf
  // CHECK: tile.store %{{.*}}, %out, %g
}
