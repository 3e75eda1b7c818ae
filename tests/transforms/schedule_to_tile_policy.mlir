// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.matmul with a numeric policy's accumulation model as a scalar kernel
// (docs/ops/schedule/lowering.md, "Scalar GEMMs"; schedule_to_tile_policy.cpp): one group per
// output row, the model's steps over all of K for each column.
module {
  // tc_ampere on bf16 (k_step 8): K = 37 is 4 full steps in a loop and one step of 5 after it.
  // CHECK-LABEL: func.func @tc(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @tc_g0_kernel, grid = [4]{{.*}} -> tensor<4x3xf32>
  func.func @tc(%a: tensor<4x37xbf16>, %b: tensor<37x3xbf16>) -> tensor<4x3xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "tc_ampere"}} : (tensor<4x37xbf16>, tensor<37x3xbf16>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
  // pairwise on f32: K = 300 is one block of 256 and one of 44, through a local buffer.
  // CHECK-LABEL: func.func @pw(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @pw_g0_kernel, grid = [3]{{.*}} -> tensor<3x4xf32>
  func.func @pw(%a: tensor<3x300xf32>, %b: tensor<300x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "pairwise"}} : (tensor<3x300xf32>, tensor<300x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  // A tensor-core model with an f16 accumulator and a bf16 result stay, with their reasons.
  // CHECK-LABEL: func.func @acc16(
  // CHECK: schedule.not_lowered = "a numeric policy of a tensor-core model with an f16 accumulator"
  func.func @acc16(%a: tensor<3x8xf32>, %b: tensor<8x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "tc_ampere", accum = "f16"}} : (tensor<3x8xf32>, tensor<8x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  // CHECK-LABEL: func.func @out16(
  // CHECK: schedule.not_lowered = "a numeric policy with a result other than f32"
  func.func @out16(%a: tensor<3x8xbf16>, %b: tensor<8x4xbf16>) -> tensor<3x4xbf16> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "tc_hopper"}} : (tensor<3x8xbf16>, tensor<8x4xbf16>) -> tensor<3x4xbf16>
    return %0 : tensor<3x4xbf16>
  }
  // sequential with a bf16 accumulator: the f64 fma of the widened values rounded once to bf16.
  // CHECK-LABEL: func.func @seq(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @seq_g0_kernel, grid = [3]{{.*}} -> tensor<3x4xf32>
  func.func @seq(%a: tensor<3x8xf32>, %b: tensor<8x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "sequential", accum = "bf16"}} : (tensor<3x8xf32>, tensor<8x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  // The tensor-core kernel: per column, a loop of 4 steps carrying c (f32); each step's
  // products exact in f64, the quantum 2^(emax - 24) from the largest magnitude, the terms
  // truncated by fptosi to i64 and summed, the sum rounded toward zero at the f32 quantum;
  // specials select NaN (0x7FFFFFFF) or an infinity.
  // CHECK-LABEL: func.func @tc_g0_kernel(
  // CHECK: %[[ZERO:.*]] = arith.constant {value = 0.0e+00 : f32} : () -> f32
  // CHECK: %[[N:.*]] = arith.constant {value = 4 : index} : () -> index
  // CHECK: "scf.for"(%c0, %[[N]], %c1, %[[ZERO]])
  // CHECK: arith.mulf %{{.*}}, %{{.*}} : (f64, f64) -> f64
  // CHECK: arith.constant {value = 5.960464477539063e-08} : () -> f64
  // CHECK: arith.fptosi %{{.*}} : (f64) -> i64
  // CHECK: arith.addi %{{.*}}, %{{.*}} : (i64, i64) -> i64
  // CHECK: arith.sitofp %{{.*}} : (i64) -> f64
  // CHECK: arith.constant {value = 0x7FFFFFFF : f32}
  // CHECK: scf.yield %{{.*}} : (f32) -> ()
  // CHECK: arith.constant {value = 32 : index}
  // CHECK: arith.constant {value = 0x7FFFFFFF : f32}
  // CHECK: tile.store %{{.*}}, %out, %g, %{{.*}} : (f32, memref<?x?xf32>, index, index) -> ()
  // The pairwise kernel: products into the buffer, the tree, from -0.
  // CHECK-LABEL: func.func @pw_g0_kernel(
  // CHECK: tile.alloc_register : () -> memref<256xf32, 5>
  // CHECK: arith.constant {value = -0.0e+00 : f32}
  // CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : (f32, memref<256xf32, 5>, index) -> ()
  // CHECK: arith.addf
  // CHECK: arith.constant {value = 256 : index}
  // CHECK: arith.constant {value = 44 : index}
  // CHECK-LABEL: func.func @seq_g0_kernel(
  // CHECK: tile.fma %{{.*}}, %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: arith.truncf %{{.*}} : (f64) -> bf16
  // CHECK: arith.extf %{{.*}} : (bf16) -> f32
}
