// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: f64 swiglu_fused and conv2d_nhwc as scalar kernels (docs/ops/schedule/
// lowering.md, "Scalar GEMMs", "Convolution"): tile.fma chains in the Graph IR kernels' order.
module {
  // swiglu_fused of f64: gate and up as tile.fma chains from +0 over d, the spec's f64 silu
  // (x / (1 + exp64(-x)), -0 at -Inf) times up, then the w_down chain; no rounding to f32.
  // CHECK-LABEL: func.func @swiglu64(
  // CHECK: tile.launch %{{.*}} {callee = @swiglu64_g0_kernel, grid = [2]
  func.func @swiglu64(%x: tensor<2x3xf64>, %wg: tensor<3x4xf64>, %wu: tensor<3x4xf64>, %wd: tensor<4x3xf64>) -> tensor<2x3xf64> {
    %r = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<2x3xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<4x3xf64>) -> tensor<2x3xf64>
    return %r : tensor<2x3xf64>
  }
  // conv2d_nhwc of f64: the direct kernel, one group per output pixel (n, oy, ox); per channel
  // o a chain over the in-range taps ky, kx (their [lo, hi) from the position, stride, padding
  // and dilation: the padded terms are skipped) and channels c, then + bias[o].
  // CHECK-LABEL: func.func @conv64(
  // CHECK: tile.launch %x, %w, %b {callee = @conv64_g0_kernel, grid = [6]
  func.func @conv64(%x: tensor<1x4x5x2xf64>, %w: tensor<3x2x2x3xf64>, %b: tensor<3xf64>) -> tensor<1x2x3x3xf64> {
    %y = "tessera.conv2d_nhwc"(%x, %w, %b) {strides = [2, 2], dilations = [1, 2], padding = [1, 0, 1, 1]} : (tensor<1x4x5x2xf64>, tensor<3x2x2x3xf64>, tensor<3xf64>) -> tensor<1x2x3x3xf64>
    return %y : tensor<1x2x3x3xf64>
  }
  // moe_swiglu_block of f64: swiglu_fused's f64 chains with the row's expert; a padding row
  // selects +0 of f64.
  // CHECK-LABEL: func.func @moe64(
  // CHECK: tile.launch %{{.*}} {callee = @moe64_g0_kernel, grid = [5]
  func.func @moe64(%x: tensor<5x3xf64>, %wg: tensor<2x3x4xf64>, %wu: tensor<2x3x4xf64>, %wd: tensor<2x4x3xf64>, %s: tensor<2xi64>) -> tensor<5x3xf64> {
    %r = "tessera.moe_swiglu_block"(%x, %wg, %wu, %wd, %s) : (tensor<5x3xf64>, tensor<2x3x4xf64>, tensor<2x3x4xf64>, tensor<2x4x3xf64>, tensor<2xi64>) -> tensor<5x3xf64>
    return %r : tensor<5x3xf64>
  }
  // grouped_gemm and latent_kv of f64: the f64 chain with tile.fma, no f32 anywhere.
  // CHECK-LABEL: func.func @grouped64(
  // CHECK: tile.launch %{{.*}} {callee = @grouped64_g0_kernel, grid = [5]
  func.func @grouped64(%x: tensor<5x4xf64>, %w: tensor<2x4x3xf64>, %s: tensor<2xi32>) -> tensor<5x3xf64> {
    %r = "tessera.grouped_gemm"(%x, %w, %s) : (tensor<5x4xf64>, tensor<2x4x3xf64>, tensor<2xi32>) -> tensor<5x3xf64>
    return %r : tensor<5x3xf64>
  }
  // CHECK-LABEL: func.func @latent64(
  // CHECK: tile.launch %{{.*}} {callee = @latent64_g0_kernel, grid = [6]
  func.func @latent64(%a: tensor<2x3x5xf64>, %w: tensor<5x4xf64>) -> tensor<2x3x4xf64> {
    %r = "tessera.latent_kv_expand_k"(%a, %w) : (tensor<2x3x5xf64>, tensor<5x4xf64>) -> tensor<2x3x4xf64>
    return %r : tensor<2x3x4xf64>
  }
  // CHECK-LABEL: func.func @swiglu64_g0_kernel(
  // CHECK-NOT: f32
  // CHECK: %[[ACC:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %{{.*}}) ({
  // CHECK: %[[GATE:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %{{.*}}) ({
  // CHECK: tile.fma %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: %[[UP:.*]] = "scf.for"(%c0, %{{.*}}, %c1, %{{.*}}) ({
  // CHECK: tile.fma %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: arith.negf %[[GATE]] : (f64) -> f64
  // CHECK: %[[Q:.*]] = arith.divf %[[GATE]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[NINF:.*]] = arith.cmpf %[[GATE]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[S:.*]] = arith.select %[[NINF]], %{{.*}}, %[[Q]]
  // CHECK-NEXT: %[[A:.*]] = arith.mulf %[[S]], %[[UP]] : (f64, f64) -> f64
  // CHECK-NEXT: tile.fma %[[A]], %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: tile.store %[[ACC]], %out
  // CHECK-LABEL: func.func @conv64_g0_kernel(%x: memref<1x4x5x2xf64>, %f: memref<3x2x2x3xf64>, %bias: memref<3xf64>, %out: memref<1x2x3x3xf64>)
  // CHECK: arith.maxsi
  // CHECK: %[[YLO:.*]] = arith.minsi
  // CHECK: %[[YHI:.*]] = arith.minsi
  // CHECK: %[[XLO:.*]] = arith.minsi
  // CHECK: %[[XHI:.*]] = arith.minsi
  // CHECK: "scf.for"(%c0, %{{.*}}, %{{.*}}) ({
  // CHECK-NEXT: ^bb0(%[[O:.*]]: index):
  // CHECK-NEXT: %[[ACC:.*]] = "scf.for"(%[[YLO]], %[[YHI]], %{{.*}}, %{{.*}}) ({
  // CHECK: "scf.for"(%[[XLO]], %[[XHI]], %{{.*}}, %{{.*}}) ({
  // CHECK: "scf.for"(%c0, %{{.*}}, %{{.*}}, %{{.*}}) ({
  // CHECK: %[[XV:.*]] = tile.load %x,
  // CHECK-NEXT: %[[FV:.*]] = tile.load %f, %{{.*}}, %{{.*}}, %{{.*}}, %[[O]]
  // CHECK-NEXT: tile.fma %[[XV]], %[[FV]], %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: %[[B:.*]] = tile.load %bias, %[[O]]
  // CHECK-NEXT: %[[R:.*]] = arith.addf %[[ACC]], %[[B]] : (f64, f64) -> f64
  // CHECK-NEXT: tile.store %[[R]], %out
  // CHECK-LABEL: func.func @moe64_g0_kernel(%in0: memref<?xf64>, %in1: memref<?xf64>, %in2: memref<?xf64>, %in3: memref<?xf64>, %in4: memref<?xi64>, %out: memref<?x?xf64>)
  // CHECK: tile.fma %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: tile.fma %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: arith.constant {value = -0.0e+00} : () -> f64
  // CHECK-NEXT: %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : (i1, f64, f64) -> f64
  // CHECK-NEXT: %[[A:.*]] = arith.mulf %[[S]], %{{.*}} : (f64, f64) -> f64
  // CHECK-NEXT: tile.fma %[[A]], %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
  // CHECK: %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : (i1, f64, f64) -> f64
  // CHECK-NEXT: tile.store %[[R]], %out
  // CHECK-LABEL: func.func @grouped64_g0_kernel(%in0: memref<?xf64>, %in1: memref<?xf64>, %in2: memref<?xi32>, %out: memref<?x?xf64>)
  // CHECK-NOT: f32
  // CHECK: %[[F:.*]] = tile.fma %{{.*}}, %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
  // CHECK-NEXT: scf.yield %[[F]] : (f64) -> ()
  // CHECK-LABEL: func.func @latent64_g0_kernel(%in0: memref<?xf64>, %in1: memref<?xf64>, %out: memref<?x?xf64>)
  // CHECK-NOT: f32
  // CHECK: %[[L:.*]] = tile.fma %{{.*}}, %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
  // CHECK-NEXT: scf.yield %[[L]] : (f64) -> ()
  // CHECK-NOT: f32
  // CHECK: return
}
