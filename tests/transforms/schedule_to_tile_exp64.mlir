// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: f64 exp and log as the spec's exp64 / log64 (core/numerics/exp64.h, log64.h,
// docs/numerics.md "exp and log on f64") written out in scalar steps (schedule_to_tile_exp64.h):
// the range select before the reduction, Cody-Waite with three parts of ln 2 and TwoSum, 2^k by
// the bits of k, the subnormal rounding, the special cases as selects; log's reduction by
// comparisons and its special cases. f32 pow, f64 softmax, cross_entropy, attn.lse_accumulate
// and spec_accept_tree_sample lower to one launch each; pow's kernel widens x and y, runs pow64
// and rounds once to f32.
module {
  // CHECK-LABEL: func.func @ex(
  // CHECK: tile.launch %{{.*}} {callee = @ex_g0_kernel, grid = [4]
  func.func @ex(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
    %r = "tessera.exp"(%x) : (tensor<4x8xf64>) -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }
  // CHECK-LABEL: func.func @lg(
  // CHECK: tile.launch %{{.*}} {callee = @lg_g0_kernel, grid = [4]
  func.func @lg(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
    %r = "tessera.log"(%x) : (tensor<4x8xf64>) -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }
  // pow of f32: a scalar chain (no register tile computes pow64's f64 steps).
  // CHECK-LABEL: func.func @pw(
  // CHECK: tile.launch %{{.*}} {callee = @pw_g0_kernel
  // CHECK-NOT: schedule.not_lowered
  func.func @pw(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %r = "tessera.pow"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
  // CHECK-LABEL: func.func @sm(
  // CHECK: tile.launch %{{.*}} {callee = @sm_g0_kernel
  // CHECK-NOT: schedule.not_lowered
  func.func @sm(%x: tensor<3x5xf64>) -> tensor<3x5xf64> {
    %r = "tessera.log_softmax"(%x) {axis = -1 : i64} : (tensor<3x5xf64>) -> tensor<3x5xf64>
    return %r : tensor<3x5xf64>
  }
  // CHECK-LABEL: func.func @ce(
  // CHECK: tile.launch %{{.*}} {callee = @ce_g0_kernel
  // CHECK-NOT: schedule.not_lowered
  func.func @ce(%x: tensor<3x5xf64>, %y: tensor<3xi32>) -> tensor<f64> {
    %r = "tessera.cross_entropy"(%x, %y) : (tensor<3x5xf64>, tensor<3xi32>) -> tensor<f64>
    return %r : tensor<f64>
  }
  // CHECK-LABEL: func.func @lse(
  // CHECK: tile.launch %{{.*}} {callee = @lse_g0_kernel
  // CHECK-NOT: schedule.not_lowered
  func.func @lse(%a: tensor<4x3xf32>, %m: tensor<4xf32>, %l: tensor<4xf32>) -> (tensor<4x3xf32>, tensor<4xf32>) {
    %o, %s = "tessera.attn.lse_accumulate"(%a, %m, %l) : (tensor<4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4x3xf32>, tensor<4xf32>)
    return %o, %s : tensor<4x3xf32>, tensor<4xf32>
  }
  // CHECK-LABEL: func.func @tree(
  // CHECK: tile.launch %{{.*}} {callee = @tree_g0_kernel
  // CHECK-NOT: schedule.not_lowered
  func.func @tree(%t: tensor<2x3xf32>, %d: tensor<2x3xf32>, %u: tensor<2x3xf32>) -> tensor<2xi32> {
    %r = "tessera.spec_accept_tree_sample"(%t, %d, %u) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  // exp64: x in [-746, 710] or 0, kd = (x / ln2 + 0x1.8p52) - 0x1.8p52, r = x - kd L0 (exact),
  // TwoSum with -(kd L1), minus kd L2.
  // CHECK-LABEL: func.func @ex_g0_kernel(
  // CHECK-DAG: %[[LO:.*]] = arith.constant {value = -7.46e+02} : () -> f64
  // CHECK-DAG: %[[HI:.*]] = arith.constant {value = 7.1e+02} : () -> f64
  // CHECK-DAG: %[[SH:.*]] = arith.constant {value = 6.755399441055744e+15} : () -> f64
  // CHECK-DAG: %[[INV:.*]] = arith.constant {value = 1.4426950408889634e+00} : () -> f64
  // CHECK-DAG: %[[L0:.*]] = arith.constant {value = 6.931471805598903e-01} : () -> f64
  // CHECK-DAG: %[[L1:.*]] = arith.constant {value = 5.4979230187085024e-14} : () -> f64
  // CHECK-DAG: %[[L2:.*]] = arith.constant {value = -1.3124698417785255e-27} : () -> f64
  // CHECK: %[[X:.*]] = tile.load %in0
  // CHECK-NEXT: %[[GE:.*]] = arith.cmpf %[[X]], %[[LO]] {predicate = "oge"}
  // CHECK-NEXT: %[[LE:.*]] = arith.cmpf %[[X]], %[[HI]] {predicate = "ole"}
  // CHECK-NEXT: %[[IN:.*]] = arith.andi %[[GE]], %[[LE]] : (i1, i1) -> i1
  // CHECK-NEXT: %[[XM:.*]] = arith.select %[[IN]], %[[X]], %{{.*}} : (i1, f64, f64) -> f64
  // CHECK-NEXT: %[[XS:.*]] = arith.mulf %[[XM]], %[[INV]]
  // CHECK-NEXT: %[[KS:.*]] = arith.addf %[[XS]], %[[SH]]
  // CHECK-NEXT: %[[KD:.*]] = arith.subf %[[KS]], %[[SH]]
  // CHECK-NEXT: %[[P0:.*]] = arith.mulf %[[KD]], %[[L0]]
  // CHECK-NEXT: %[[R0:.*]] = arith.subf %[[XM]], %[[P0]]
  // CHECK-NEXT: %[[P1:.*]] = arith.mulf %[[KD]], %[[L1]]
  // CHECK-NEXT: %[[T1:.*]] = arith.negf %[[P1]]
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[R0]], %[[T1]]
  // CHECK: arith.mulf %[[KD]], %[[L2]]
  // 2^k1 and 2^k2 from the bits of |k1|, |k2|; the normal and the subnormal results.
  // CHECK: %[[K:.*]] = arith.fptosi %[[KD]] : (f64) -> i64
  // CHECK-NEXT: %[[K1:.*]] = arith.shrsi %[[K]], %{{.*}} : (i64, i64) -> i64
  // CHECK-NEXT: arith.subi %[[K]], %[[K1]] : (i64, i64) -> i64
  // CHECK: arith.cmpi %{{.*}}, %{{.*}} {predicate = "ne"} : (i64, i64) -> i1
  // CHECK: %[[BELOW:.*]] = arith.cmpi %[[K]], %{{.*}} {predicate = "slt"}
  // CHECK-NEXT: %[[AT:.*]] = arith.cmpi %[[K]], %{{.*}} {predicate = "eq"}
  // CHECK: %[[SUB:.*]] = arith.ori %[[BELOW]], %{{.*}} : (i1, i1) -> i1
  // CHECK: %[[ROUNDED:.*]] = arith.select %[[SUB]], %{{.*}}, %{{.*}} : (i1, f64, f64) -> f64
  // CHECK-NEXT: %[[OV:.*]] = arith.cmpf %[[X]], %{{.*}} {predicate = "ogt"}
  // CHECK-NEXT: %[[R1:.*]] = arith.select %[[OV]], %{{.*}}, %[[ROUNDED]]
  // CHECK-NEXT: %[[UN:.*]] = arith.cmpf %[[X]], %{{.*}} {predicate = "olt"}
  // CHECK-NEXT: %[[R2:.*]] = arith.select %[[UN]], %{{.*}}, %[[R1]]
  // CHECK-NEXT: %[[NAN:.*]] = arith.cmpf %[[X]], %[[X]] {predicate = "une"}
  // CHECK-NEXT: %[[XX:.*]] = arith.addf %[[X]], %[[X]]
  // CHECK-NEXT: %[[E:.*]] = arith.select %[[NAN]], %[[XX]], %[[R2]]
  // CHECK-NEXT: tile.store %[[E]], %out
  // log64: subnormal scaling by 2^54, the exponent by comparisons, s = f / (2 + f) in
  // double-double (one rounded division, its remainder divided again), the special cases.
  // CHECK-LABEL: func.func @lg_g0_kernel(
  // CHECK-DAG: %[[MIN:.*]] = arith.constant {value = 2.2250738585072014e-308} : () -> f64
  // CHECK-DAG: %[[S54:.*]] = arith.constant {value = 1.8014398509481984e+16} : () -> f64
  // CHECK: %[[Y:.*]] = tile.load %in0
  // CHECK-NEXT: %[[TINY:.*]] = arith.cmpf %[[Y]], %[[MIN]] {predicate = "olt"}
  // CHECK-NEXT: %[[YS:.*]] = arith.mulf %[[Y]], %[[S54]]
  // CHECK-NEXT: arith.select %[[TINY]], %[[YS]], %[[Y]]
  // CHECK: %[[SH2:.*]] = arith.divf %{{.*}}, %[[DH:.*]] : (f64, f64) -> f64
  // CHECK: arith.divf %{{.*}}, %[[DH]] : (f64, f64) -> f64
  // CHECK: %[[PINF:.*]] = arith.cmpf %[[Y]], %{{.*}} {predicate = "oeq"}
  // CHECK-NEXT: arith.select %[[PINF]], %[[Y]], %{{.*}}
  // CHECK-NEXT: %[[Z:.*]] = arith.cmpf %[[Y]], %{{.*}} {predicate = "oeq"}
  // CHECK-NEXT: arith.select %[[Z]]
  // CHECK-NEXT: %[[NEG:.*]] = arith.cmpf %[[Y]], %{{.*}} {predicate = "olt"}
  // CHECK-NEXT: arith.select %[[NEG]]
  // CHECK-NEXT: arith.cmpf %[[Y]], %[[Y]] {predicate = "une"}
  // CHECK-LABEL: func.func @pw_g0_kernel(
  // CHECK: %[[PX:.*]] = tile.load %in0
  // CHECK: %[[PY:.*]] = tile.load %in1
  // CHECK: arith.extf %[[PX]] : (f32) -> f64
  // CHECK-NEXT: arith.extf %[[PY]] : (f32) -> f64
  // CHECK: %[[PF:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK-NEXT: tile.store %[[PF]], %out
  // lse_accumulate: the log of an f32 l widened to f64, log64, rounded once to f32, + m.
  // CHECK-LABEL: func.func @lse_g0_kernel(
  // CHECK: %[[LW:.*]] = arith.extf %{{.*}} : (f32) -> f64
  // CHECK: arith.cmpf %[[LW]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[LF:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK-NEXT: %[[M:.*]] = tile.load %in1
  // CHECK-NEXT: arith.addf %[[M]], %[[LF]] : (f32, f32) -> f32
}
