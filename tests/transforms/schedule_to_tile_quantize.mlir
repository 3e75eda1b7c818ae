// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.quantize {scheme = "tensor"} and tessera.quantize_fp8 as one scalar
// kernel with two results (docs/ops/schedule/lowering.md, "Quantization"): amax over the whole
// tensor, scale = amax / max_finite(F) (1 unless 0 < amax <= FLT_MAX), q = truncf(x / scale)
// with saturation.
module {
  // x goes in flattened; the launch's two results are the group's (codes [4, 40], scale []).
  // CHECK-LABEL: func.func @amax(
  // CHECK: %[[X:.*]] = "tessera.reshape"(%{{.*}}) : (tensor<4x40xf32>) -> tensor<160xf32>
  // CHECK: tile.launch %[[X]] {callee = @amax_g0_kernel, grid = [1]{{.*}} : (tensor<160xf32>) -> (tensor<4x40xf8E4M3FN>, tensor<f32>)
  func.func @amax(%x: tensor<4x40xf32>) -> (tensor<4x40xf8E4M3FN>, tensor<f32>) {
    %q:2 = "tessera.quantize"(%x) {scheme = "tensor"} : (tensor<4x40xf32>) -> (tensor<4x40xf8E4M3FN>, tensor<f32>)
    return %q#0, %q#1 : tensor<4x40xf8E4M3FN>, tensor<f32>
  }
  // A given scale binds a scalar parameter; the policy's rounding reaches the truncf.
  // CHECK-LABEL: func.func @given(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @given_g0_kernel
  func.func @given(%x: tensor<8xbf16>, %s: tensor<f32>) -> (tensor<8xf8E5M2>, tensor<f32>) {
    %q:2 = "tessera.quantize"(%x, %s) {scheme = "tensor", numeric_policy = {rounding = "rtz"}} : (tensor<8xbf16>, tensor<f32>) -> (tensor<8xf8E5M2>, tensor<f32>)
    return %q#0, %q#1 : tensor<8xf8E5M2>, tensor<f32>
  }
  // quantize_fp8 is the same kernel (E5M2: max finite 57344 = 0x47600000).
  // CHECK-LABEL: func.func @fp8(
  // CHECK: tile.launch %{{.*}} {callee = @fp8_g0_kernel
  func.func @fp8(%x: tensor<2x3x4xf16>) -> (tensor<2x3x4xf8E5M2>, tensor<f32>) {
    %q, %s = "tessera.quantize_fp8"(%x) {format = "e5m2"} : (tensor<2x3x4xf16>) -> (tensor<2x3x4xf8E5M2>, tensor<f32>)
    return %q, %s : tensor<2x3x4xf8E5M2>, tensor<f32>
  }
  // Stays: stochastic rounding, and the block schemes.
  // CHECK-LABEL: func.func @stochastic(
  // CHECK: schedule.not_lowered = "stochastic rounding
  func.func @stochastic(%x: tensor<8xf32>) -> (tensor<8xf8E4M3FN>, tensor<f32>) {
    %q:2 = "tessera.quantize"(%x) {scheme = "tensor", numeric_policy = {rounding = "stochastic", seed = 3}} : (tensor<8xf32>) -> (tensor<8xf8E4M3FN>, tensor<f32>)
    return %q#0, %q#1 : tensor<8xf8E4M3FN>, tensor<f32>
  }
  // CHECK-LABEL: func.func @mx(
  // CHECK: schedule.not_lowered = "scheme \22mx\22
  func.func @mx(%x: tensor<2x32xf32>) -> (tensor<2x32xf8E4M3FN>, tensor<2x1xf8E8M0FNU>) {
    %q:2 = "tessera.quantize"(%x) {scheme = "mx"} : (tensor<2x32xf32>) -> (tensor<2x32xf8E4M3FN>, tensor<2x1xf8E8M0FNU>)
    return %q#0, %q#1 : tensor<2x32xf8E4M3FN>, tensor<2x1xf8E8M0FNU>
  }
  // CHECK-LABEL: func.func @amax_g0_kernel(%x: memref<?xf32>, %q: memref<?x?xf8E4M3FN>, %s: memref<f32>)
  // CHECK: %n = arith.constant {value = 160 : index}
  // CHECK: %amax = "scf.for"(%c0, %n, %c1, %zero)
  // CHECK: %al = tile.load %x, %i
  // CHECK: %an = arith.negf %al
  // CHECK: %aa = arith.maximumf %al, %an
  // CHECK: %am = arith.maximumf %m, %aa
  // CHECK: %flt_max = arith.constant {value = 3.40282{{.*}} : f32}
  // CHECK: %fmax = arith.constant {value = 448.0{{.*}} : f32}
  // CHECK: %pos = arith.cmpf %amax, %zero {predicate = "ogt"}
  // CHECK: %fin = arith.cmpf %amax, %flt_max {predicate = "ole"}
  // CHECK: %quo = arith.divf %amax, %fmax
  // CHECK: %s1 = arith.select %fin, %quo, %one
  // CHECK: %scale = arith.select %pos, %s1, %one
  // CHECK: tile.store %scale, %s : (f32, memref<f32>) -> ()
  // CHECK: %y = arith.divf %el, %scale
  // CHECK: %c = arith.truncf %y {numeric_policy = {saturate = true}} : (f32) -> f8E4M3FN
  // CHECK: %o1 = arith.remsi %r0, %d1
  // CHECK: %r1 = arith.divsi %r0, %d1
  // CHECK: %o0 = arith.remsi %r1, %d0
  // CHECK: tile.store %c, %q, %o0, %o1 : (f8E4M3FN, memref<?x?xf8E4M3FN>, index, index) -> ()
  // CHECK-LABEL: func.func @given_g0_kernel(%x: memref<?xbf16>, %given: f32, %q: memref<?xf8E5M2>, %s: memref<f32>)
  // CHECK-NOT: scf.for"(%c0, %n, %c1, %zero)
  // CHECK: tile.store %given, %s
  // CHECK: %ev = arith.extf %el : (bf16) -> f32
  // CHECK: %y = arith.divf %ev, %given
  // CHECK: arith.truncf %y {numeric_policy = {rounding = "rtz", saturate = true}}
  // CHECK-LABEL: func.func @fp8_g0_kernel(%x: memref<?xf16>, %q: memref<?x?x?xf8E5M2>, %s: memref<f32>)
  // CHECK: %fmax = arith.constant {value = 57344.0{{.*}} : f32}
}
