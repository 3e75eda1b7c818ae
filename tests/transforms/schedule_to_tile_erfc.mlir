// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: gelu with approximate = none as (0.5 x) * erfcf(-(x * f32(1/sqrt 2))), the
// spec's erfcf (core/numerics/erfcf.h, docs/numerics.md "erfc") written out in a scalar chain
// of f64 steps (docs/ops/schedule/lowering.md, "Scalar chains"); f64 gelu lowers too (erfc64:
// schedule_to_tile_tanh64.mlir).
module {
  // CHECK-LABEL: func.func @ge(
  // CHECK: tile.launch %{{.*}} {callee = @ge_g0_kernel, grid = [4]
  func.func @ge(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %r = "tessera.gelu"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
  // CHECK-LABEL: func.func @ge64(
  // CHECK: tile.launch %{{.*}} {callee = @ge64_g0_kernel, grid = [4]
  func.func @ge64(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
    %r = "tessera.gelu"(%x) {approximate = "none"} : (tensor<4x8xf64>) -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }
  // The kernel: t = -(x * c), a = min(|t|, 10.1) in f64, the Taylor terms t_n = (t_{n-1} (-a^2))
  // / n summed as t_n / (2n + 1), Laplace's fraction, exp(-a^2) by Cody-Waite and three exact
  // divisions by 2^min(k, 62) .., the selects at a <= 2 and t < 0, NaN, then 0.5 x and -Inf.
  // CHECK-LABEL: func.func @ge_g0_kernel(
  // CHECK-DAG: %[[C:.*]] = arith.constant {value = 7.071067690849304e-01 : f32} : () -> f32
  // CHECK-DAG: %[[CLAMP:.*]] = arith.constant {value = 1.01e+01} : () -> f64
  // CHECK-DAG: %[[N1:.*]] = arith.constant {value = 1.0e+00} : () -> f64
  // CHECK-DAG: %[[D3:.*]] = arith.constant {value = 3.0e+00} : () -> f64
  // CHECK-DAG: %[[K62:.*]] = arith.constant {value = 62} : () -> i64
  // CHECK-DAG: %[[HALF:.*]] = arith.constant {value = 5.0e-01 : f32} : () -> f32
  // CHECK-DAG: %[[NEGZ:.*]] = arith.constant {value = -0.0e+00 : f32} : () -> f32
  // CHECK: %[[X:.*]] = tile.load %in0
  // CHECK: %[[T:.*]] = arith.mulf %[[X]], %[[C]] : (f32, f32) -> f32
  // CHECK: %[[NT:.*]] = arith.negf %[[T]] : (f32) -> f32
  // CHECK: %[[XD:.*]] = arith.extf %[[NT]] : (f32) -> f64
  // CHECK: %[[NEG:.*]] = arith.cmpf %[[XD]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[A0:.*]] = arith.select %[[NEG]], %{{.*}}, %[[XD]] : (i1, f64, f64) -> f64
  // CHECK: %[[LE:.*]] = arith.cmpf %[[A0]], %[[CLAMP]] {predicate = "ole"}
  // CHECK: %[[A:.*]] = arith.select %[[LE]], %[[A0]], %[[CLAMP]]
  // CHECK: %[[Z2:.*]] = arith.mulf %[[A]], %[[A]] : (f64, f64) -> f64
  // CHECK: %[[MZ2:.*]] = arith.negf %[[Z2]] : (f64) -> f64
  // CHECK: %[[P1:.*]] = arith.mulf %[[A]], %[[MZ2]]
  // CHECK: %[[T1:.*]] = arith.divf %[[P1]], %[[N1]]
  // CHECK: %[[Q1:.*]] = arith.divf %[[T1]], %[[D3]]
  // CHECK: arith.addf %[[A]], %[[Q1]]
  // CHECK: %[[K:.*]] = arith.fptosi %{{.*}} : (f64) -> i64
  // CHECK: %[[K1:.*]] = arith.minsi %[[K]], %[[K62]] : (i64, i64) -> i64
  // CHECK: arith.shli %{{.*}}, %[[K1]] : (i64, i64) -> i64
  // CHECK: %[[KR:.*]] = arith.subi %[[K]], %[[K1]] : (i64, i64) -> i64
  // CHECK: arith.minsi %[[KR]], %{{.*}} : (i64, i64) -> i64
  // CHECK: arith.subi
  // CHECK-NEXT: arith.shli
  // CHECK-NEXT: arith.sitofp
  // CHECK-NEXT: arith.divf
  // CHECK-NEXT: arith.mulf
  // CHECK-NEXT: %[[EC:v[0-9]+]] = arith.divf
  // CHECK: %[[NEAR:.*]] = arith.select %[[NEG]], %{{.*}}, %{{.*}} : (i1, f64, f64) -> f64
  // CHECK: %[[FAR:.*]] = arith.select %[[NEG]], %{{.*}}, %[[EC]]
  // CHECK: %[[IN:.*]] = arith.cmpf %[[A]], %{{.*}} {predicate = "ole"}
  // CHECK: %[[R:.*]] = arith.select %[[IN]], %[[NEAR]], %[[FAR]]
  // CHECK: %[[RF:.*]] = arith.truncf %[[R]] : (f64) -> f32
  // CHECK: arith.cmpf %[[NT]], %[[NT]] {predicate = "une"}
  // CHECK: %[[E:.*]] = arith.select %{{.*}}, %{{.*}}, %[[RF]] : (i1, f32, f32) -> f32
  // CHECK: %[[H:.*]] = arith.mulf %[[HALF]], %[[X]]
  // CHECK: %[[V:.*]] = arith.mulf %[[H]], %[[E]]
  // CHECK: %[[M:.*]] = arith.cmpf %[[X]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[OUT:.*]] = arith.select %[[M]], %[[NEGZ]], %[[V]]
  // CHECK: tile.store %[[OUT]]
}
