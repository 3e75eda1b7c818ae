// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: the recurrent-state ops as scalar kernels (docs/ops/schedule/lowering.md,
// "Recurrent attention"): one group per slice, the state in a tile.alloc_register buffer, every
// fma composed of f64 ops that round once.
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
  // The linear kernel: the state zeroed, then per step t and row i: phi(k) (elu: x + 1 or
  // tile.exp), each S[i][j] = fma(phi, v, S[i][j]) (f64 product and sum, TwoSum error, the sum
  // rounded nearest, down and up; the directed one where the sum is a midpoint), then o_t.
  // CHECK-LABEL: func.func @la_g0_kernel(
  // CHECK: %[[ST:.*]] = tile.alloc_register : () -> memref<15xf32, 5>
  // CHECK: %[[PQ:.*]] = tile.alloc_register : () -> memref<3xf32, 5>
  // CHECK: tile.store %{{.*}}, %[[ST]]
  // CHECK: tile.load %in1
  // CHECK: arith.cmpf %{{.*}} {predicate = "ogt"} : (f32, f32) -> i1
  // CHECK: tile.exp
  // CHECK: arith.select
  // CHECK: tile.load %in2
  // CHECK: tile.load %[[ST]]
  // CHECK: %[[P:.*]] = arith.mulf %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[S:.*]] = arith.addf %[[P]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[N:.*]] = arith.truncf %[[S]] : (f64) -> f32
  // CHECK: %[[LO:.*]] = arith.truncf %[[S]] {numeric_policy = {rounding = "rdown"}}
  // CHECK: %[[HI:.*]] = arith.truncf %[[S]] {numeric_policy = {rounding = "rup"}}
  // CHECK: %[[MID:.*]] = arith.cmpf {{.*}} {predicate = "oeq"} : (f64, f64) -> i1
  // CHECK: %[[D:.*]] = arith.select %{{.*}}, %[[LO]], %[[N]]
  // CHECK: %[[F:.*]] = arith.select %{{.*}}, %[[HI]], %[[D]]
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
}
