// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: the Clifford ops as scalar kernels (docs/ops/schedule/lowering.md, "Clifford
// algebra"): one group per multivector, read into f64, the Graph IR kernel's steps unrolled.
module {
  // reverse of Cl(2): blade 3 (grade 2) is negated, one rounding per coefficient at the store.
  // CHECK-LABEL: func.func @rev(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<2x3x4xf32>) -> tensor<24xf32>
  // CHECK: tile.launch %[[X]] {callee = @rev_g0_kernel, grid = [6]{{.*}} -> tensor<6x4xf32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  func.func @rev(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %r = "tessera.clifford.reverse"(%x) {p = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    return %r : tensor<2x3x4xf32>
  }
  // Cl(1): out[a ^ b] += x[a] * y[b] from +0, a then b increasing, in f64.
  // CHECK-LABEL: func.func @gp(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @gp_g0_kernel, grid = [3]{{.*}} -> tensor<3x2xf64>
  func.func @gp(%x: tensor<3x2xf64>, %y: tensor<3x2xf64>) -> tensor<3x2xf64> {
    %r = "tessera.clifford.geometric_product"(%x, %y) {p = 1 : i64} : (tensor<3x2xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
    return %r : tensor<3x2xf64>
  }
  // norm dropping the coefficient axis: sqrt(std::max(<x ~x>_0, 0)), one value per row.
  // CHECK-LABEL: func.func @nrm(
  // CHECK: tile.launch %{{.*}} {callee = @nrm_g0_kernel, grid = [2]{{.*}} -> tensor<2x1xf32>
  func.func @nrm(%x: tensor<2x4xf32>) -> tensor<2xf32> {
    %r = "tessera.clifford.norm"(%x) {p = 2 : i64} : (tensor<2x4xf32>) -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
  // bf16 stays at Schedule IR with its reason.
  // CHECK-LABEL: func.func @narrow(
  // CHECK: schedule.not_lowered = "tessera.clifford.reverse of bf16 (f32 and f64 lower)"
  func.func @narrow(%x: tensor<2x4xbf16>) -> tensor<2x4xbf16> {
    %r = "tessera.clifford.reverse"(%x) {p = 2 : i64} : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
    return %r : tensor<2x4xbf16>
  }
  // CHECK-LABEL: func.func @rev_g0_kernel(
  // CHECK: %[[M:.*]] = arith.constant {value = -1.0e+00} : () -> f64
  // CHECK-COUNT-4: arith.extf %{{.*}} : (f32) -> f64
  // CHECK-NOT: arith.mulf
  // CHECK: %[[N3:.*]] = arith.mulf %[[M]], %{{.*}} : (f64, f64) -> f64
  // CHECK-NOT: arith.mulf
  // CHECK-COUNT-3: arith.truncf %{{.*}} : (f64) -> f32
  // CHECK: %[[R3:.*]] = arith.truncf %[[N3]] : (f64) -> f32
  // CHECK: tile.store %[[R3]], %out, %g
  // CHECK-LABEL: func.func @gp_g0_kernel(
  // CHECK: %[[Z:.*]] = arith.constant {value = 0.0e+00} : () -> f64
  // CHECK: %[[X0:.*]] = tile.load %in0
  // CHECK: %[[X1:.*]] = tile.load %in0
  // CHECK: %[[Y0:.*]] = tile.load %in1
  // CHECK: %[[Y1:.*]] = tile.load %in1
  // CHECK: %[[P00:.*]] = arith.mulf %[[X0]], %[[Y0]]
  // CHECK: %[[O0:.*]] = arith.addf %[[Z]], %[[P00]]
  // CHECK: %[[P01:.*]] = arith.mulf %[[X0]], %[[Y1]]
  // CHECK: %[[O1:.*]] = arith.addf %[[Z]], %[[P01]]
  // CHECK: %[[P10:.*]] = arith.mulf %[[X1]], %[[Y0]]
  // CHECK: %[[O1B:.*]] = arith.addf %[[O1]], %[[P10]]
  // CHECK: %[[P11:.*]] = arith.mulf %[[X1]], %[[Y1]]
  // CHECK: %[[O0B:.*]] = arith.addf %[[O0]], %[[P11]]
  // CHECK: tile.store %[[O0B]], %out, %g
  // CHECK: tile.store %[[O1B]], %out, %g
  // CHECK-LABEL: func.func @nrm_g0_kernel(
  // CHECK: %[[C:.*]] = arith.cmpf %[[S:.*]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[MX:.*]] = arith.select %[[C]], %{{.*}}, %[[S]]
  // CHECK: %[[SQ:.*]] = tile.sqrt %[[MX]] : (f64) -> f64
  // CHECK: %[[R:.*]] = arith.truncf %[[SQ]] : (f64) -> f32
  // CHECK: tile.store %[[R]], %out, %g
  // CHECK-NOT: tile.store
  // CHECK: return
}
