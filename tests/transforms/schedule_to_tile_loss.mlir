// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: the RL policy losses and binary_cross_entropy_backward as scalar kernels in
// the Graph IR kernels' order, the ratio exp(ln - lo) and the sigmoid's exp as tile.exp (the
// spec's expf, docs/numerics.md "exp"); on f64 the spec's exp64 steps.
module {
  // A masked mean: one group folds the losses, then divides by the mask's sum unless it is 0.
  // CHECK-LABEL: func.func @ppo(
  // CHECK: tile.launch %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {callee = @ppo_g0_kernel, grid = [1]
  // CHECK-SAME: -> tensor<1x1xf32>
  func.func @ppo(%ln: tensor<2x3xf32>, %lo: tensor<2x3xf32>, %a: tensor<2x3xf32>, %m: tensor<2x3xf32>) -> tensor<f32> {
    %r = "tessera.rl.ppo_policy_loss"(%ln, %lo, %a, %m) {clip_epsilon = 0.25 : f64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
    return %r : tensor<f32>
  }
  // reduction = "none": element g by group g.
  // CHECK-LABEL: func.func @grpo(
  // CHECK: tile.launch %{{.*}}, %{{.*}}, %{{.*}} {callee = @grpo_g0_kernel, grid = [6]
  // CHECK-SAME: -> tensor<6x1xf32>
  func.func @grpo(%ln: tensor<2x3xf32>, %lo: tensor<2x3xf32>, %r: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %l = "tessera.rl.grpo_policy_loss"(%ln, %lo, %r) {group_axis = 0 : i64, reduction = "none"} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %l : tensor<2x3xf32>
  }
  // CHECK-LABEL: func.func @bce(
  // CHECK: %r:2 = tile.launch %z, %t, %g {callee = @bce_g0_kernel, grid = [2]
  func.func @bce(%z: tensor<2x3xf32>, %t: tensor<2x3xf32>, %g: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %r:2 = "tessera.loss.binary_cross_entropy_backward"(%z, %t, %g) {reduction = "mean"} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    return %r#0, %r#1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
  // loss.cross_entropy: one group folds the kept positions' losses.
  // CHECK-LABEL: func.func @lce(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<3x7x2xf32>) -> tensor<42xf32>
  // CHECK: %[[Y:.*]] = tessera.reshape %y : (tensor<3x2xi64>) -> tensor<6xi64>
  // CHECK: tile.launch %[[X]], %[[Y]] {callee = @lce_g0_kernel, grid = [1]
  func.func @lce(%x: tensor<3x7x2xf32>, %y: tensor<3x2xi64>) -> tensor<f32> {
    %r = "tessera.loss.cross_entropy"(%x, %y) {axis = 1 : i64, ignore_index = -7 : i64} : (tensor<3x7x2xf32>, tensor<3x2xi64>) -> tensor<f32>
    return %r : tensor<f32>
  }
  // binary_cross_entropy: one group chains the terms.
  // CHECK-LABEL: func.func @bce2(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @bce2_g0_kernel, grid = [1]
  func.func @bce2(%z: tensor<2x3xf32>, %t: tensor<2x3xf32>) -> tensor<f32> {
    %r = "tessera.binary_cross_entropy"(%z, %t) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<f32>
    return %r : tensor<f32>
  }
  // CHECK-LABEL: func.func @p64(
  // CHECK: tile.launch %{{.*}} {callee = @p64_g0_kernel, grid = [1]
  func.func @p64(%ln: tensor<2x3xf64>, %lo: tensor<2x3xf64>, %a: tensor<2x3xf64>) -> tensor<f64> {
    %l = "tessera.rl.ppo_policy_loss"(%ln, %lo, %a) : (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<f64>
    return %l : tensor<f64>
  }
  // CHECK-LABEL: func.func @b64(
  // CHECK: tile.launch %z, %t, %g {callee = @b64_g0_kernel, grid = [2]
  func.func @b64(%z: tensor<2x3xf64>, %t: tensor<2x3xf64>, %g: tensor<f64>) -> (tensor<2x3xf64>, tensor<2x3xf64>) {
    %r:2 = "tessera.loss.binary_cross_entropy_backward"(%z, %t, %g) {reduction = "sum"} : (tensor<2x3xf64>, tensor<2x3xf64>, tensor<f64>) -> (tensor<2x3xf64>, tensor<2x3xf64>)
    return %r#0, %r#1 : tensor<2x3xf64>, tensor<2x3xf64>
  }

  // The ppo kernel: element 0's loss, then the chain over the rest, then the mask's chain.
  // CHECK-LABEL: func.func @ppo_g0_kernel(%in0: memref<?xf32>, %in1: memref<?xf32>, %in2: memref<?xf32>, %in3: memref<?xf32>, %out: memref<?x?xf32>)
  // CHECK: %[[LN:.*]] = tile.load %in0, %c0
  // CHECK: %[[LO:.*]] = tile.load %in1, %c0
  // CHECK: %[[A:.*]] = tile.load %in2, %c0
  // CHECK: %[[D:.*]] = arith.subf %[[LN]], %[[LO]]
  // CHECK: %[[R:.*]] = tile.exp %[[D]] : (f32) -> f32
  // CHECK: %[[CLO:.*]] = arith.constant {value = 7.5e-01 : f32}
  // CHECK: %[[CHI:.*]] = arith.constant {value = 1.25e+00 : f32}
  // CHECK: %[[MX:.*]] = arith.maximumf %[[R]], %[[CLO]]
  // CHECK: %[[C:.*]] = arith.minimumf %[[MX]], %[[CHI]]
  // CHECK: %[[RA:.*]] = arith.mulf %[[R]], %[[A]]
  // CHECK: %[[CA:.*]] = arith.mulf %[[C]], %[[A]]
  // CHECK: %[[MN:.*]] = arith.minimumf %[[RA]], %[[CA]]
  // CHECK: %[[V:.*]] = arith.negf %[[MN]]
  // CHECK: %[[M0:.*]] = tile.load %in3, %c0
  // CHECK: %[[L0:.*]] = arith.mulf %[[V]], %[[M0]]
  // CHECK: %[[SUM:.*]] = "scf.for"(%c1, %{{.*}}, %c1, %[[L0]])
  // CHECK: tile.exp
  // CHECK: arith.addf
  // CHECK: %[[TOT:.*]] = "scf.for"(%c1, %{{.*}}, %c1, %{{.*}})
  // CHECK: %[[NZ:.*]] = arith.cmpf %[[TOT]], %{{.*}} {predicate = "une"}
  // CHECK: %[[Q:.*]] = arith.divf %[[SUM]], %[[TOT]]
  // CHECK: %[[OUT:.*]] = arith.select %[[NZ]], %[[Q]], %[[SUM]]
  // CHECK: tile.store %[[OUT]], %out, %c0, %c0
  // grpo: the advantage of element g from its group's chains, then the clipped term.
  // CHECK-LABEL: func.func @grpo_g0_kernel(
  // CHECK: "scf.for"
  // CHECK: arith.divf
  // CHECK: "scf.for"
  // CHECK: %[[DEN:.*]] = tile.sqrt
  // CHECK: %[[RG:.*]] = tile.load %in2, %g
  // CHECK: %[[DV:.*]] = arith.subf %[[RG]], %{{.*}}
  // CHECK: %[[ADV:.*]] = arith.divf %[[DV]], %[[DEN]]
  // CHECK: tile.exp
  // CHECK: tile.store %{{.*}}, %out, %g, %c0
  // bce_backward: both sigmoid forms, selected by z >= 0 (NaN takes the second).
  // CHECK-LABEL: func.func @bce_g0_kernel(
  // CHECK: %[[SC:.*]] = arith.divf %in2, %{{.*}}
  // CHECK: %[[NZ:.*]] = arith.negf %v0
  // CHECK: %[[E1:.*]] = tile.exp %[[NZ]]
  // CHECK: %[[D1:.*]] = arith.addf %{{.*}}, %[[E1]]
  // CHECK: %[[POS:.*]] = arith.divf %{{.*}}, %[[D1]]
  // CHECK: %[[E2:.*]] = tile.exp %v0
  // CHECK: %[[D2:.*]] = arith.addf %{{.*}}, %[[E2]]
  // CHECK: %[[NEG:.*]] = arith.divf %[[E2]], %[[D2]]
  // CHECK: %[[GE:.*]] = arith.cmpf %v0, %{{.*}} {predicate = "oge"}
  // CHECK: %[[SG:.*]] = arith.select %[[GE]], %[[POS]], %[[NEG]]
  // CHECK: %[[DIFF:.*]] = arith.subf %[[SG]], %v1
  // CHECK: %[[DZ:.*]] = arith.mulf %[[DIFF]], %[[SC]]
  // CHECK: tile.store %[[DZ]], %out0
  // loss.cross_entropy: the label's ignore test and range check, the max, exp and log chains,
  // then the kept losses' fold from -0, the count of kept positions and the mean.
  // CHECK-LABEL: func.func @lce_g0_kernel(%in0: memref<?xf32>, %in1: memref<?xi64>, %out: memref<?x?xf32>)
  // CHECK: %[[SUM:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %{{.*}})
  // CHECK: %[[LI:.*]] = arith.index_cast %{{.*}} : (i64) -> index
  // CHECK: %[[IGN:.*]] = arith.cmpi %[[LI]], %{{.*}} {predicate = "eq"}
  // CHECK: arith.cmpi %[[LI]], %c0 {predicate = "sge"}
  // CHECK: %[[AT:.*]] = arith.select %[[IGN]], %{{.*}}, %{{.*}} : (i1, index, index) -> index
  // CHECK: arith.maximumf
  // CHECK: tile.exp
  // CHECK: %[[LSE:.*]] = tile.log
  // CHECK: %[[XL:.*]] = tile.load %in0, %[[AT]]
  // CHECK: arith.select %[[IGN]], %{{.*}}, %{{.*}} : (i1, f32, f32) -> f32
  // CHECK: %[[CNT:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %c0)
  // CHECK: %[[NONE:.*]] = arith.cmpi %[[CNT]], %c0 {predicate = "eq"}
  // CHECK: %[[ACC:.*]] = arith.select %[[NONE]], %{{.*}}, %[[SUM]]
  // CHECK: %[[C64:.*]] = arith.index_cast %[[CNT]] : (index) -> i64
  // CHECK: %[[CF:.*]] = arith.sitofp %[[C64]] : (i64) -> f32
  // CHECK: arith.divf %[[ACC]], %[[CF]]
  // binary_cross_entropy's term: max(z, 0) - z t, then log1pf(expf(min(z, -z))) in the steps
  // of core/numerics/log1pf.h (f64; k from tile.log of float(1 + u); 2^|k| by a shift), the
  // special cases last.
  // CHECK-LABEL: func.func @bce2_g0_kernel(%in0: memref<?xf32>, %in1: memref<?xf32>, %out: memref<?x?xf32>)
  // CHECK: %[[Z:.*]] = tile.load %in0, %c0
  // CHECK: %[[NZ:.*]] = arith.negf %[[Z]]
  // CHECK: %[[NA:.*]] = arith.minimumf %[[Z]], %[[NZ]]
  // CHECK: %[[U:.*]] = tile.exp %[[NA]] : (f32) -> f32
  // CHECK: %[[D:.*]] = arith.extf %[[U]] : (f32) -> f64
  // CHECK: %[[W:.*]] = arith.addf %{{.*}}, %[[D]] : (f64, f64) -> f64
  // CHECK: %[[WF:.*]] = arith.truncf %[[W]] : (f64) -> f32
  // CHECK: tile.log %[[WF]] : (f32) -> f32
  // CHECK: %[[K:.*]] = arith.fptosi %{{.*}} : (f64) -> i64
  // CHECK: %[[P2:.*]] = arith.shli %{{.*}}, %{{.*}} : (i64, i64) -> i64
  // CHECK: arith.sitofp %[[P2]] : (i64) -> f64
  // CHECK: %[[M:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : (i1, f64, f64) -> f64
  // CHECK: %[[F:.*]] = arith.subf %[[M]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[FF:.*]] = arith.select %{{.*}}, %[[D]], %[[F]] : (i1, f64, f64) -> f64
  // CHECK: %[[DEN:.*]] = arith.addf %{{.*}}, %[[FF]] : (f64, f64) -> f64
  // CHECK: %[[S:.*]] = arith.divf %[[FF]], %[[DEN]] : (f64, f64) -> f64
  // CHECK: arith.mulf %[[S]], %[[S]] : (f64, f64) -> f64
  // CHECK: arith.constant {value = 4.7619047619047616e-02} : () -> f64
  // CHECK: arith.constant {value = 3.333333333333333e-01} : () -> f64
  // CHECK: arith.sitofp %[[K]] : (i64) -> f64
  // CHECK: arith.constant {value = 6.931471805599453e-01} : () -> f64
  // CHECK: %[[Y:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK: arith.cmpf %[[U]], %{{.*}} {predicate = "ogt"}
  // CHECK: tile.log %[[U]] : (f32) -> f32
  // CHECK: arith.cmpf %[[U]], %[[U]] {predicate = "une"}
  // CHECK: "scf.for"(%c1, %{{.*}}, %c1, %{{.*}})
  // f64 binary_cross_entropy_backward: both sigmoid forms with the exp64 steps (fptosi of the
  // reduction's k), selected by z >= 0, then the results.
  // CHECK-LABEL: func.func @b64_g0_kernel(
  // CHECK: %[[NZ:.*]] = arith.negf %v0 : (f64) -> f64
  // CHECK: arith.fptosi %{{.*}} : (f64) -> i64
  // CHECK: %[[POS:s[0-9]+]] = arith.divf %k0, %{{.*}} : (f64, f64) -> f64
  // CHECK: arith.fptosi %{{.*}} : (f64) -> i64
  // CHECK: %[[NEG:s[0-9]+]] = arith.divf %{{.*}}, %{{.*}} : (f64, f64) -> f64
  // CHECK-NEXT: %[[GE:.*]] = arith.cmpf %v0, %k1 {predicate = "oge"}
  // CHECK-NEXT: %[[SG:.*]] = arith.select %[[GE]], %[[POS]], %[[NEG]]
  // CHECK-NEXT: %[[D:.*]] = arith.subf %[[SG]], %v1
  // CHECK-NEXT: %[[DZ:.*]] = arith.mulf %[[D]], %in2
  // CHECK: tile.store %[[DZ]], %out0
}
