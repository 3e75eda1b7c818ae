// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: f64 tanh and f64 gelu (approximate = none) as the spec's tanh64 and erfc64
// (core/numerics/tanh64.h, erfc64.h; docs/numerics.md "tanh and erfc on f64") written out in a
// scalar chain (schedule_to_tile_tanh64.h): the in-range stand-in, exp64's reduction, 2^kd by a
// shift, the double-double quotient, the sign and the special cases as selects; erfc's Taylor
// and continued-fraction branches (f64 steps from j = 200, double-double from j = 40) and its
// selects; gelu's (0.5 x) * erfc(-t) and -0 at -Inf.
module {
  // CHECK-LABEL: func.func @th64(
  // CHECK: tile.launch %{{.*}} {callee = @th64_g0_kernel, grid = [4]
  func.func @th64(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
    %r = "tessera.tanh"(%x) : (tensor<4x8xf64>) -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }
  // CHECK-LABEL: func.func @ge64(
  // CHECK: tile.launch %{{.*}} {callee = @ge64_g0_kernel, grid = [4]
  func.func @ge64(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
    %r = "tessera.gelu"(%x) {approximate = "none"} : (tensor<4x8xf64>) -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }
  // CHECK-LABEL: func.func @th64_g0_kernel(
  // CHECK-DAG: %[[SMALL:.*]] = arith.constant {value = 7.450580596923828e-09} : () -> f64
  // CHECK-DAG: %[[SAT:.*]] = arith.constant {value = 2.0e+01} : () -> f64
  // CHECK-DAG: %[[TWO:.*]] = arith.constant {value = 2.0e+00} : () -> f64
  // CHECK-DAG: %[[NSAT:.*]] = arith.constant {value = -2.0e+01} : () -> f64
  // CHECK: %[[X:.*]] = tile.load
  // CHECK-NEXT: %[[NEG:.*]] = arith.cmpf %[[X]], %{{.*}} {predicate = "olt"}
  // CHECK-NEXT: %[[NX:.*]] = arith.negf %[[X]]
  // CHECK-NEXT: %[[A:.*]] = arith.select %[[NEG]], %[[NX]], %[[X]]
  // CHECK-NEXT: %[[LO:.*]] = arith.cmpf %[[A]], %[[SMALL]] {predicate = "oge"}
  // CHECK-NEXT: %[[HI:.*]] = arith.cmpf %[[A]], %[[SAT]] {predicate = "ole"}
  // CHECK-NEXT: %[[IN:.*]] = arith.andi %[[LO]], %[[HI]]
  // CHECK-NEXT: %[[AM:.*]] = arith.select %[[IN]], %[[A]], %{{.*}}
  // CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[TWO]], %[[AM]]
  // CHECK: %[[K:.*]] = arith.fptosi
  // CHECK-NEXT: %[[PI:.*]] = arith.shli %{{.*}}, %[[K]] : (i64, i64) -> i64
  // CHECK-NEXT: %[[P:.*]] = arith.sitofp %[[PI]] : (i64) -> f64
  // The quotient N / D: q1 = N.hi / D.hi, the remainder by TwoProduct, q2, FastTwoSum's head.
  // CHECK: %[[Q1:.*]] = arith.divf %[[NH:.*]], %[[DH:.*]] : (f64, f64) -> f64
  // CHECK: %[[Q2:.*]] = arith.divf %{{.*}}, %[[DH]] : (f64, f64) -> f64
  // CHECK-NEXT: %[[T:.*]] = arith.addf %[[Q1]], %[[Q2]]
  // CHECK: %[[MT:.*]] = arith.negf %[[T]]
  // CHECK-NEXT: %[[S:.*]] = arith.select %[[NEG]], %[[MT]], %[[T]]
  // CHECK-NEXT: %[[C1:.*]] = arith.cmpf %[[X]], %{{.*}} {predicate = "ogt"}
  // CHECK-NEXT: %[[R1:.*]] = arith.select %[[C1]], %{{.*}}, %[[S]]
  // CHECK-NEXT: %[[C2:.*]] = arith.cmpf %[[X]], %[[NSAT]] {predicate = "olt"}
  // CHECK-NEXT: %[[R2:.*]] = arith.select %[[C2]], %{{.*}}, %[[R1]]
  // CHECK-NEXT: %[[C3:.*]] = arith.cmpf %[[A]], %{{.*}} {predicate = "olt"}
  // CHECK-NEXT: %[[R3:.*]] = arith.select %[[C3]], %[[X]], %[[R2]]
  // CHECK-NEXT: %[[NAN:.*]] = arith.cmpf %[[X]], %[[X]] {predicate = "une"}
  // CHECK-NEXT: %[[XX:.*]] = arith.addf %[[X]], %[[X]]
  // CHECK-NEXT: %[[R:.*]] = arith.select %[[NAN]], %[[XX]], %[[R3]]
  // CHECK-NEXT: tile.store %[[R]], %out
  // CHECK-LABEL: func.func @ge64_g0_kernel(
  // CHECK-DAG: %[[RS2:.*]] = arith.constant {value = 7.071067811865476e-01} : () -> f64
  // CHECK-DAG: %[[ESMALL:.*]] = arith.constant {value = 1.3877787807814457e-17} : () -> f64
  // CHECK-DAG: %[[EZERO:.*]] = arith.constant {value = 2.73e+01} : () -> f64
  // CHECK-DAG: %[[J200:.*]] = arith.constant {value = 1.0e+02} : () -> f64
  // CHECK-DAG: %[[J40:.*]] = arith.constant {value = 2.0e+01} : () -> f64
  // CHECK-DAG: arith.constant {value = -6.0e+00} : () -> f64
  // CHECK: %[[GX:.*]] = tile.load
  // CHECK-NEXT: %[[GT:.*]] = arith.mulf %[[GX]], %[[RS2]]
  // CHECK-NEXT: %[[EX:.*]] = arith.negf %[[GT]]
  // CHECK: %[[EA0:.*]] = arith.select %{{.*}}, %{{.*}}, %[[EX]]
  // CHECK-NEXT: arith.cmpf %[[EA0]], %[[ESMALL]] {predicate = "oge"}
  // CHECK-NEXT: arith.cmpf %[[EA0]], %[[EZERO]] {predicate = "ole"}
  // CHECK: %[[EA:.*]] = arith.select %{{.*}}, %[[EA0]], %{{.*}}
  // CHECK-NEXT: %[[Z:.*]] = arith.mulf %[[EA]], %[[EA]]
  // The fraction's first f64 step (j = 200) and its first double-double step (j = 40).
  // CHECK: arith.divf %[[J200]], %[[EA]] : (f64, f64) -> f64
  // CHECK: arith.divf %[[J40]], %{{.*}} : (f64, f64) -> f64
  // The selects: x > 0 (scaled) or 2 - v 2^k, |x| <= 2 (Taylor), then 2, +0, 1 and NaN.
  // CHECK: arith.cmpf %[[EX]], %{{.*}} {predicate = "ogt"}
  // CHECK: arith.cmpf %[[EA0]], %{{.*}} {predicate = "ole"}
  // CHECK: arith.cmpf %[[EX]], %{{.*}} {predicate = "olt"}
  // CHECK: arith.cmpf %[[EX]], %{{.*}} {predicate = "ogt"}
  // CHECK: arith.cmpf %[[EA0]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[ENAN:.*]] = arith.cmpf %[[EX]], %[[EX]] {predicate = "une"}
  // CHECK-NEXT: %[[EXX:.*]] = arith.addf %[[EX]], %[[EX]]
  // CHECK-NEXT: %[[EC:.*]] = arith.select %[[ENAN]], %[[EXX]], %{{.*}}
  // CHECK-NEXT: %[[HX:.*]] = arith.mulf %{{.*}}, %[[GX]]
  // CHECK-NEXT: %[[V:.*]] = arith.mulf %[[HX]], %[[EC]]
  // CHECK-NEXT: %[[MINF:.*]] = arith.cmpf %[[GX]], %{{.*}} {predicate = "olt"}
  // CHECK-NEXT: %[[G:.*]] = arith.select %[[MINF]], %{{.*}}, %[[V]]
  // CHECK-NEXT: tile.store %[[G]], %out
}
