// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tanh as the spec's tanhf (core/numerics/tanhf.h, docs/numerics.md "tanh")
// written out in a scalar chain: f64 steps no register tile holds (docs/ops/schedule/lowering.md,
// "Scalar chains"); f64 tanh lowers too (tanh64: schedule_to_tile_tanh64.mlir).
module {
  // CHECK-LABEL: func.func @th(
  // CHECK: tile.launch %{{.*}} {callee = @th_g0_kernel, grid = [4]
  func.func @th(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %r = "tessera.tanh"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
  // CHECK-LABEL: func.func @th64(
  // CHECK: tile.launch %{{.*}} {callee = @th64_g0_kernel, grid = [4]
  func.func @th64(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
    %r = "tessera.tanh"(%x) : (tensor<4x8xf64>) -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }
  // The kernel: a = min(|x|, 9.5) in f64, kd = round(2a / ln2), r = (2a - kd ln2hi) - kd ln2lo,
  // the expm1 series in r, 2^kd by a shift, em / (em + 2), the sign, then the special cases.
  // CHECK-LABEL: func.func @th_g0_kernel(
  // CHECK-DAG: %[[CLAMP:.*]] = arith.constant {value = 9.5e+00} : () -> f64
  // CHECK-DAG: %[[SHIFT:.*]] = arith.constant {value = 6.755399441055744e+15} : () -> f64
  // CHECK-DAG: %[[HI:.*]] = arith.constant {value = 6.931471803691238e-01} : () -> f64
  // CHECK-DAG: %[[LO:.*]] = arith.constant {value = 1.9082149292705877e-10} : () -> f64
  // CHECK-DAG: %[[SMALL:.*]] = arith.constant {value = 2.44140625e-04 : f32} : () -> f32
  // CHECK: %[[X:.*]] = tile.load %in0
  // CHECK: %[[XD:.*]] = arith.extf %[[X]] : (f32) -> f64
  // CHECK: %[[A0:.*]] = arith.select %{{.*}}, %{{.*}}, %[[XD]] : (i1, f64, f64) -> f64
  // CHECK: %[[LE:.*]] = arith.cmpf %[[A0]], %[[CLAMP]] {predicate = "ole"}
  // CHECK: %[[A:.*]] = arith.select %[[LE]], %[[A0]], %[[CLAMP]]
  // CHECK: %[[Y:.*]] = arith.mulf %{{.*}}, %[[A]] : (f64, f64) -> f64
  // CHECK: %[[YS:.*]] = arith.mulf %[[Y]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[YK:.*]] = arith.addf %[[YS]], %[[SHIFT]]
  // CHECK: %[[KD:.*]] = arith.subf %[[YK]], %[[SHIFT]]
  // CHECK: %[[KH:.*]] = arith.mulf %[[KD]], %[[HI]]
  // CHECK: %[[R1:.*]] = arith.subf %[[Y]], %[[KH]]
  // CHECK: %[[KL:.*]] = arith.mulf %[[KD]], %[[LO]]
  // CHECK: %[[R:.*]] = arith.subf %[[R1]], %[[KL]]
  // CHECK: %[[ER:.*]] = arith.mulf %[[R]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[K:.*]] = arith.fptosi %[[KD]] : (f64) -> i64
  // CHECK: %[[PW:.*]] = arith.shli %{{.*}}, %[[K]] : (i64, i64) -> i64
  // CHECK: %[[P:.*]] = arith.sitofp %[[PW]] : (i64) -> f64
  // CHECK: %[[PER:.*]] = arith.mulf %[[P]], %[[ER]]
  // CHECK: %[[PM1:.*]] = arith.subf %[[P]], %{{.*}}
  // CHECK: %[[EM:.*]] = arith.addf %[[PER]], %[[PM1]]
  // CHECK: %[[DEN:.*]] = arith.addf %[[EM]], %{{.*}}
  // CHECK: %[[T:.*]] = arith.divf %[[EM]], %[[DEN]]
  // CHECK: %[[TF:.*]] = arith.truncf %[[T]] : (f64) -> f32
  // CHECK: arith.cmpf %[[X]], %[[SMALL]] {predicate = "olt"}
  // CHECK: arith.cmpf %[[X]], %[[X]] {predicate = "une"}
  // CHECK: tile.store
}
