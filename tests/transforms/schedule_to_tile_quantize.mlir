// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.quantize (tensor, mx, nvfp4) and tessera.quantize_fp8 as one scalar
// kernel with two or three results (docs/ops/schedule/lowering.md, "Quantization"): amax, the
// scales in exact f32 steps, then the codes through arith.truncf with saturation.
module {
  // x goes in flattened; the launch's two results are the group's (codes [4, 40], scale []).
  // CHECK-LABEL: func.func @amax(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<4x40xf32>) -> tensor<160xf32>
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
  // The block schemes: mx one group per row, nvfp4 one group (its global scale).
  // CHECK-LABEL: func.func @mx(
  // CHECK: tile.launch %{{.*}} {callee = @mx_g0_kernel, grid = [2]{{.*}} -> (tensor<2x40xf8E4M3FN>, tensor<2x2xf8E8M0FNU>)
  func.func @mx(%x: tensor<2x40xf32>) -> (tensor<2x40xf8E4M3FN>, tensor<2x2xf8E8M0FNU>) {
    %q:2 = "tessera.quantize"(%x) {scheme = "mx", scale_rule = "ceil"} : (tensor<2x40xf32>) -> (tensor<2x40xf8E4M3FN>, tensor<2x2xf8E8M0FNU>)
    return %q#0, %q#1 : tensor<2x40xf8E4M3FN>, tensor<2x2xf8E8M0FNU>
  }
  // CHECK-LABEL: func.func @nvfp4(
  // CHECK: tile.launch %{{.*}} {callee = @nvfp4_g0_kernel, grid = [1]{{.*}} -> (tensor<2x32xf4E2M1FN>, tensor<2x2xf8E4M3FN>, tensor<f32>)
  func.func @nvfp4(%x: tensor<2x32xf32>) -> (tensor<2x32xf4E2M1FN>, tensor<2x2xf8E4M3FN>, tensor<f32>) {
    %q:3 = "tessera.quantize"(%x) {scheme = "nvfp4"} : (tensor<2x32xf32>) -> (tensor<2x32xf4E2M1FN>, tensor<2x2xf8E4M3FN>, tensor<f32>)
    return %q#0, %q#1, %q#2 : tensor<2x32xf4E2M1FN>, tensor<2x2xf8E4M3FN>, tensor<f32>
  }
  // mx with a directed rounding stays.
  // CHECK-LABEL: func.func @mx_rtz(
  // CHECK: schedule.not_lowered = "an mx quantize with a directed rounding
  func.func @mx_rtz(%x: tensor<2x32xf32>) -> (tensor<2x32xf8E4M3FN>, tensor<2x1xf8E8M0FNU>) {
    %q:2 = "tessera.quantize"(%x) {scheme = "mx", numeric_policy = {rounding = "rtz"}} : (tensor<2x32xf32>) -> (tensor<2x32xf8E4M3FN>, tensor<2x1xf8E8M0FNU>)
    return %q#0, %q#1 : tensor<2x32xf8E4M3FN>, tensor<2x1xf8E8M0FNU>
  }
  // A scalar f32 scale result (quantize_fp8 allows it) stays: launch results are tensors.
  // CHECK-LABEL: func.func @fp8_scalar(
  // CHECK: schedule.not_lowered = "a scalar scale result
  func.func @fp8_scalar(%x: tensor<4xf32>) -> (tensor<4xf8E4M3FN>, f32) {
    %q, %s = "tessera.quantize_fp8"(%x) {format = "e4m3"} : (tensor<4xf32>) -> (tensor<4xf8E4M3FN>, f32)
    return %q, %s : tensor<4xf8E4M3FN>, f32
  }
  // CHECK-LABEL: func.func @amax_g0_kernel(%x: memref<?xf32>, %q: memref<?x?xf8E4M3FN>, %s: memref<f32>)
  // CHECK: %n = arith.constant {value = 160 : index}
  // CHECK: %amax = "scf.for"(%c0, %n, %c1, %zero)
  // CHECK: %amax_l = tile.load %x, %amax_i
  // CHECK: %amax_n = arith.negf %amax_l
  // CHECK: %amax_a = arith.maximumf %amax_l, %amax_n
  // CHECK: %amax_x = arith.maximumf %amax_m, %amax_a
  // CHECK: %scale_fltmax = arith.constant {value = 3.40282{{.*}} : f32}
  // CHECK: %scale_div = arith.constant {value = 4.48e+02 : f32}
  // CHECK: %scale_pos = arith.cmpf %amax, %zero {predicate = "ogt"}
  // CHECK: %scale_fin = arith.cmpf %amax, %scale_fltmax {predicate = "ole"}
  // CHECK: %scale_quo = arith.divf %amax, %scale_div
  // CHECK: %scale_s1 = arith.select %scale_fin, %scale_quo, %scale_one
  // CHECK: %scale = arith.select %scale_pos, %scale_s1, %scale_one
  // CHECK: tile.store %scale, %s : (f32, memref<f32>) -> ()
  // CHECK: %y = arith.divf %el, %scale
  // CHECK: %c = arith.truncf %y {numeric_policy = {saturate = true}} : (f32) -> f8E4M3FN
  // CHECK: %qo1 = arith.remsi %i, %qn1
  // CHECK: %qr0 = arith.divsi %i, %qn1
  // CHECK: %qo0 = arith.remsi %qr0, %qn0
  // CHECK: tile.store %c, %q, %qo0, %qo1 : (f8E4M3FN, memref<?x?xf8E4M3FN>, index, index) -> ()
  // CHECK-LABEL: func.func @given_g0_kernel(%x: memref<?xbf16>, %given: f32, %q: memref<?xf8E5M2>, %s: memref<f32>)
  // CHECK-NOT: tile.load %x, %amax_i
  // CHECK: tile.store %given, %s
  // CHECK: %ev = arith.extf %el : (bf16) -> f32
  // CHECK: %y = arith.divf %ev, %given
  // CHECK: arith.truncf %y {numeric_policy = {rounding = "rtz", saturate = true}}
  // CHECK-LABEL: func.func @fp8_g0_kernel(%x: memref<?xf16>, %q: memref<?x?x?xf8E5M2>, %s: memref<f32>)
  // CHECK: %amax_v = arith.extf %amax_l : (f16) -> f32
  // CHECK: %scale_div = arith.constant {value = 5.7344e+04 : f32}
  // CHECK-LABEL: func.func @mx_g0_kernel(%x: memref<?xf32>, %q: memref<?x?xf8E4M3FN>, %s: memref<?x?xf8E8M0FNU>)
  // CHECK: %r = tile.group_id {dim = 0}
  // CHECK: %bn = arith.minsi %left, %bs
  // CHECK: %bm = "scf.for"(%st, %en, %c1, %zero)
  // CHECK: %ea = arith.truncf %bm {numeric_policy = {rounding = "rtz", saturate = true}} : (f32) -> f8E8M0FNU
  // CHECK: %x0 = arith.mulf %pa, %pow_emax
  // CHECK: %up = arith.cmpf %bm, %lim {predicate = "ogt"}
  // CHECK: %xc = arith.maximumf %x1, %min_scale
  // CHECK: %sc = arith.truncf %xc : (f32) -> f8E8M0FNU
  // CHECK: tile.store %sc, %s, %so0, %so1
  // CHECK: %y = arith.divf %el, %sv
  // CHECK: %yc = arith.select %nanblk, %xn, %y
  // CHECK: %c = arith.truncf %yc {numeric_policy = {saturate = true}} : (f32) -> f8E4M3FN
  // CHECK-LABEL: func.func @nvfp4_g0_kernel(%x: memref<?xf32>, %q: memref<?x?xf4E2M1FN>, %s: memref<?x?xf8E4M3FN>, %g: memref<f32>)
  // CHECK: %gs_div = arith.constant {value = 2.688e+03 : f32}
  // CHECK: tile.store %gs, %g
  // CHECK: %t1 = arith.divf %bm, %six
  // CHECK: %t2 = arith.divf %t1, %gs
  // CHECK: %sc = arith.truncf %t2 {numeric_policy = {profile = "cuda", saturate = true}} : (f32) -> f8E4M3FN
  // CHECK: %f = arith.mulf %sv, %gs
  // CHECK: %y = arith.select %fz, %zero, %y0
  // CHECK: arith.truncf %y {numeric_policy = {saturate = true}} : (f32) -> f4E2M1FN
}
