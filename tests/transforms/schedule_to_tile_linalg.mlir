// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: abs, the factorizations and solves, and the DFTs as scalar kernels
// (docs/ops/schedule/lowering.md, "Linear algebra" and "DFT").
module {
  // abs on an f32 register tile: maximumf(x, -x) (+0 for -0, NaN kept).
  // CHECK-LABEL: func.func @abs32(
  // CHECK: tile.launch %x {callee = @abs32_g0_kernel
  func.func @abs32(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %r = "tessera.abs"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
  // abs of f64: the same two steps in a scalar chain.
  // CHECK-LABEL: func.func @abs64(
  // CHECK: tile.launch %{{.*}} {callee = @abs64_g0_kernel, grid = [1]
  func.func @abs64(%x: tensor<5xf64>) -> tensor<5xf64> {
    %r = "tessera.abs"(%x) : (tensor<5xf64>) -> tensor<5xf64>
    return %r : tensor<5xf64>
  }
  // cholesky: one group per matrix of the batch, operands in their own shapes.
  // CHECK-LABEL: func.func @chol(
  // CHECK: tile.launch %a {callee = @chol_g0_kernel, grid = [2]{{.*}} : (tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
  func.func @chol(%a: tensor<2x3x3xf64>) -> tensor<2x3x3xf64> {
    %r = "tessera.cholesky"(%a) : (tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    return %r : tensor<2x3x3xf64>
  }
  // CHECK-LABEL: func.func @tri(
  // CHECK: tile.launch %a, %b {callee = @tri_g0_kernel, grid = [1]
  func.func @tri(%a: tensor<4x4xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %r = "tessera.tri_solve"(%a, %b) {lower = false} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    return %r : tensor<4x2xf32>
  }
  // lu: two results, the pivots as i32.
  // CHECK-LABEL: func.func @lu(
  // CHECK: %r:2 = tile.launch %a {callee = @lu_g0_kernel, grid = [1]{{.*}} -> (tensor<3x3xf32>, tensor<3xi32>)
  func.func @lu(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>) {
    %r:2 = "tessera.lu"(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>)
    return %r#0, %r#1 : tensor<3x3xf32>, tensor<3xi32>
  }
  // CHECK-LABEL: func.func @qr(
  // CHECK: %r:2 = tile.launch %a {callee = @qr_g0_kernel, grid = [1]{{.*}} -> (tensor<3x2xf64>, tensor<2x2xf64>)
  func.func @qr(%a: tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<2x2xf64>) {
    %r:2 = "tessera.qr"(%a) : (tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<2x2xf64>)
    return %r#0, %r#1 : tensor<3x2xf64>, tensor<2x2xf64>
  }
  // fft: one group per transform (line) of the batch.
  // CHECK-LABEL: func.func @fft(
  // CHECK: tile.launch %x {callee = @fft_g0_kernel, grid = [2]
  func.func @fft(%x: tensor<2x4x2xf32>) -> tensor<2x4x2xf32> {
    %r = "tessera.fft"(%x) : (tensor<2x4x2xf32>) -> tensor<2x4x2xf32>
    return %r : tensor<2x4x2xf32>
  }
  // spmm of f32: one group per row, the exact f32 fma chain; of f64 it stays.
  // CHECK-LABEL: func.func @spmm(
  // CHECK: tile.launch %v, %c, %p, %d {callee = @spmm_g0_kernel, grid = [2]
  func.func @spmm(%v: tensor<3xf32>, %c: tensor<3xi32>, %p: tensor<3xi32>, %d: tensor<4x2xf32>) -> tensor<2x2xf32> {
    %r = "tessera.spmm"(%v, %c, %p, %d) : (tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    return %r : tensor<2x2xf32>
  }
  // spmm of f64: the same chain with tile.fma (one rounding per step).
  // CHECK-LABEL: func.func @spmm64(
  // CHECK: tile.launch %v, %c, %p, %d {callee = @spmm64_g0_kernel, grid = [2]
  func.func @spmm64(%v: tensor<3xf64>, %c: tensor<3xi32>, %p: tensor<3xi32>, %d: tensor<4x2xf64>) -> tensor<2x2xf64> {
    %r = "tessera.spmm"(%v, %c, %p, %d) : (tensor<3xf64>, tensor<3xi32>, tensor<3xi32>, tensor<4x2xf64>) -> tensor<2x2xf64>
    return %r : tensor<2x2xf64>
  }
  // svd of a wide batch: one group per matrix, its three results from one launch.
  // CHECK-LABEL: func.func @svdw(
  // CHECK: %r:3 = tile.launch %a {callee = @svdw_g0_kernel, grid = [2]{{.*}} -> (tensor<2x3x3xf32>, tensor<2x3xf32>, tensor<2x3x5xf32>)
  func.func @svdw(%a: tensor<2x3x5xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xf32>, tensor<2x3x5xf32>) {
    %r:3 = "tessera.svd"(%a) : (tensor<2x3x5xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xf32>, tensor<2x3x5xf32>)
    return %r#0, %r#1, %r#2 : tensor<2x3x3xf32>, tensor<2x3xf32>, tensor<2x3x5xf32>
  }
  // An empty batch computes nothing: an empty constant, no launch (lowering.md, "Empty results").
  // CHECK-LABEL: func.func @empty(
  // CHECK: tessera.constant {schedule.group = @empty_g0, value = dense<"0x"> : tensor<0x4x4xf32>}
  func.func @empty(%a: tensor<0x4x4xf32>) -> tensor<0x4x4xf32> {
    %r = "tessera.cholesky"(%a) : (tensor<0x4x4xf32>) -> tensor<0x4x4xf32>
    return %r : tensor<0x4x4xf32>
  }
  // The kernels. abs: negf, then maximumf of x and it.
  // CHECK-LABEL: func.func @abs32_g0_kernel(
  // CHECK: %[[N:.*]] = arith.negf %[[X:v[0-9]+]] : (tensor<32x64xf32>)
  // CHECK: arith.maximumf %[[X]], %[[N]]
  // CHECK-LABEL: func.func @abs64_g0_kernel(
  // CHECK: %[[N:.*]] = arith.negf %[[X:v[0-9]+]] : (f64) -> f64
  // CHECK: arith.maximumf %[[X]], %[[N]]
  // cholesky: the output zeroed, then per row the off-diagonal elements (a chain of
  // subtractions of products, one division) and the diagonal's tile.sqrt.
  // CHECK-LABEL: func.func @chol_g0_kernel(%a: memref<2x3x3xf64>, %out: memref<2x3x3xf64>)
  // CHECK: %[[B:.*]] = arith.remsi %g, %{{.*}}
  // CHECK: tile.store %{{.*}}, %out, %[[B]]
  // CHECK: arith.mulf
  // CHECK-NEXT: arith.subf
  // CHECK: arith.divf
  // CHECK: tile.sqrt %{{.*}} : (f64) -> f64
  // tri_solve {lower = false}: back substitution, row i = 3 - step.
  // CHECK-LABEL: func.func @tri_g0_kernel(
  // CHECK: %[[C3:.*]] = arith.constant {value = 3 : index}
  // CHECK: arith.subi %[[C3]], %{{.*}} : (index, index) -> index
  // CHECK: arith.divf
  // lu: the pivot search carries (|best|, p); NaN ranks above every number.
  // CHECK-LABEL: func.func @lu_g0_kernel(
  // CHECK: %{{.*}}:2 = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) ({
  // CHECK: arith.cmpf %{{.*}} {predicate = "ogt"}
  // CHECK: arith.cmpf %{{.*}} {predicate = "une"}
  // CHECK: arith.index_cast %{{.*}} : (index) -> i32
  // CHECK: tile.store %{{.*}}, %out1
  // qr: reflectors in shared memory, steps skipped by scf.if when a norm is 0.
  // CHECK-LABEL: func.func @qr_g0_kernel(
  // CHECK: tile.alloc_shared : () -> memref<3x2xf64, 3>
  // CHECK: tile.sqrt
  // CHECK: "scf.if"
  // fft: the twiddle table of n = 4 stored into shared memory, then the f64 sums.
  // CHECK-LABEL: func.func @fft_g0_kernel(
  // CHECK: %[[RE:.*]] = tile.alloc_shared : () -> memref<4xf64, 3>
  // CHECK: arith.constant {value = 6.123233995736766e-17}
  // CHECK: tile.store %{{.*}}, %[[RE]], %{{.*}}
  // CHECK: arith.extf %{{.*}} : (f32) -> f64
  // CHECK: arith.truncf %{{.*}} : (f64) -> f32
  // spmm: row_ptr reloaded at M + 1 (past its end) when row g breaks spmm_c5; a column outside
  // [0, K) selects dense row K; each step one f32 tile.fma.
  // CHECK-LABEL: func.func @spmm_g0_kernel(
  // CHECK: arith.andi
  // CHECK: arith.select %{{.*}}, %g, %{{.*}} : (i1, index, index) -> index
  // CHECK: tile.fma %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, f32) -> f32
  // CHECK: tile.store %{{.*}}, %out, %g, %{{.*}} : (f32, memref<2x2xf32>
  // CHECK-LABEL: func.func @spmm64_g0_kernel(
  // CHECK: tile.fma %{{.*}}, %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
  // svd: W = aᵀ (5 x 3) and the other f64 work in shared memory; at most 60 sweeps; the order
  // and the filled flags as i32; each result rounded once to f32.
  // CHECK-LABEL: func.func @svdw_g0_kernel(%a: memref<2x3x5xf32>, %u: memref<2x3x3xf32>, %sv: memref<2x3xf32>, %vt: memref<2x3x5xf32>)
  // CHECK: %w = tile.alloc_shared : () -> memref<5x3xf64, 3>
  // CHECK: %ord = tile.alloc_shared : () -> memref<3xi32, 3>
  // CHECK: arith.constant {value = 60 : index}
  // CHECK: tile.sqrt
  // CHECK: arith.truncf
}
