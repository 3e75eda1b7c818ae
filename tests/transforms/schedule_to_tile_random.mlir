// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: uniform, dropout and tessera_rng.bernoulli as scalar kernels drawing
// Philox4x32-10 words in Tile IR integer ops (docs/ops/schedule/lowering.md, "Random ops").
module {
  // 24 elements: one group. The offset operand goes in as [1]; the result comes out as [1, 24].
  // CHECK-LABEL: func.func @u(
  // CHECK: %[[O:.*]] = tessera.reshape %o : (tensor<i32>) -> tensor<1xi32>
  // CHECK: tile.launch %[[O]] {callee = @u_g0_kernel, grid = [1]{{.*}} -> tensor<1x24xf32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<1x24xf32>) -> tensor<2x3x4xf32>
  func.func @u(%o: tensor<i32>) -> tensor<2x3x4xf32> {
    %r = "tessera.uniform"(%o) {seed = 1, stream = 2, low = -1.0, high = 1.0} : (tensor<i32>) -> tensor<2x3x4xf32>
    return %r : tensor<2x3x4xf32>
  }
  // 1031 elements (a prime): 1031 groups of one element.
  // CHECK-LABEL: func.func @d(
  // CHECK: tile.launch %{{.*}} {callee = @d_g0_kernel, grid = [1031]{{.*}} -> tensor<1031x1xf64>
  func.func @d(%x: tensor<1031xf64>) -> tensor<1031xf64> {
    %r = "tessera.dropout"(%x) {p = 0.5, seed = 3} : (tensor<1031xf64>) -> tensor<1031xf64>
    return %r : tensor<1031xf64>
  }
  // 3000 elements: 3 groups of 1000.
  // CHECK-LABEL: func.func @b(
  // CHECK: tile.launch %{{.*}} {callee = @b_g0_kernel, grid = [3]{{.*}} -> tensor<3x1000xi1>
  func.func @b(%x: tensor<3000xbf16>) -> tensor<3000xi1> {
    %r = "tessera_rng.bernoulli"(%x) {p = 0.25 : f64, seed = 4 : i64} : (tensor<3000xbf16>) -> tensor<3000xi1>
    return %r : tensor<3000xi1>
  }
  // poisson: 100 elements, one group; the count by an scf.while in f64.
  // CHECK-LABEL: func.func @p(
  // CHECK: tile.launch {callee = @p_g0_kernel, grid = [1]{{.*}} -> tensor<1x100xi32>
  func.func @p() -> tensor<10x10xi32> {
    %r = "tessera.poisson"() {seed = 5, lam = 2.0} : () -> tensor<10x10xi32>
    return %r : tensor<10x10xi32>
  }
  // fp8 results stay (their rounding at storage has its own options).
  // CHECK-LABEL: func.func @f8(
  // CHECK: schedule.not_lowered = "results of f8E4M3FN (f32, f64, bf16 and f16 lower)"
  func.func @f8() -> tensor<4xf8E4M3FN> {
    %r = "tessera.uniform"() {seed = 1} : () -> tensor<4xf8E4M3FN>
    return %r : tensor<4xf8E4M3FN>
  }
  // randn: two Philox words per element, Box-Muller in f64 with the spec's log64 and cos64.
  // CHECK-LABEL: func.func @n(
  // CHECK: tile.launch {callee = @n_g0_kernel
  func.func @n() -> tensor<4xf32> {
    %r = "tessera.randn"() {seed = 1} : () -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  // The offset: loaded once to test its sign, then from element 1 (past the end) when negative.
  // CHECK-LABEL: func.func @u_g0_kernel(
  // CHECK: %[[R0:.*]] = tile.load %in0, %c0 : (memref<?xi32>, index) -> i32
  // CHECK: %[[V0:.*]] = arith.index_cast %[[R0]] : (i32) -> index
  // CHECK: %[[NEG:.*]] = arith.cmpi %[[V0]], %c0 {predicate = "slt"}
  // CHECK: %[[AT:.*]] = arith.select %[[NEG]], %c1, %c0
  // CHECK: %[[R:.*]] = tile.load %in0, %[[AT]] : (memref<?xi32>, index) -> i32
  // CHECK: %[[V:.*]] = arith.index_cast %[[R]] : (i32) -> index
  // CHECK: %[[S:.*]] = arith.constant {value = 2 : index}
  // CHECK: %[[SUM:.*]] = arith.addi %[[S]], %[[V]]
  // CHECK: %[[S64:.*]] = arith.index_cast %[[SUM]] : (index) -> i64
  // Element i = g * 24 + j: counter (i / 4 low, i / 4 high, stream low, stream high).
  // CHECK: "scf.for"
  // CHECK: %[[Q:.*]] = arith.shrsi %{{.*}}, %{{.*}} : (index, index) -> index
  // CHECK: %[[SEL:.*]] = arith.andi %{{.*}}, %{{.*}} : (index, index) -> index
  // Round 1: the multipliers 0xD2511F53 and 0xCD9E8D57, high words by shrsi 32 and the mask.
  // CHECK: %[[MASK:.*]] = arith.constant {value = 4294967295} : () -> i64
  // CHECK: arith.andi %{{.*}}, %[[MASK]] : (i64, i64) -> i64
  // CHECK: %[[M0:.*]] = arith.constant {value = 3528531795} : () -> i64
  // CHECK: %[[M1:.*]] = arith.constant {value = 3449720151} : () -> i64
  // CHECK: %[[C32:.*]] = arith.constant {value = 32} : () -> i64
  // CHECK: %[[P0:.*]] = arith.muli %[[M0]], %{{.*}} : (i64, i64) -> i64
  // CHECK: %[[H0:.*]] = arith.shrsi %[[P0]], %[[C32]]
  // CHECK: %[[HI0:.*]] = arith.andi %[[H0]], %[[M:.*]] : (i64, i64) -> i64
  // CHECK: %[[LO0:.*]] = arith.andi %[[P0]], %[[M]] : (i64, i64) -> i64
  // CHECK: %[[P1:.*]] = arith.muli %[[M1]], %{{.*}} : (i64, i64) -> i64
  // Round keys: seed 1 is (1, 0); the next (1 + 0x9E3779B9, 0xBB67AE85).
  // CHECK: arith.constant {value = 1} : () -> i64
  // CHECK: arith.constant {value = 2654435770} : () -> i64
  // CHECK: arith.constant {value = 3144134277} : () -> i64
  // Word i % 4 of the block, u24 in f32, lo + w * u.
  // CHECK: arith.cmpi %[[SEL]], %{{.*}} {predicate = "eq"}
  // CHECK: arith.select %{{.*}} : (i1, i64, i64) -> i64
  // CHECK: arith.select %{{.*}} : (i1, i64, i64) -> i64
  // CHECK: %[[W:.*]] = arith.select %{{.*}} : (i1, i64, i64) -> i64
  // CHECK: %[[C8:.*]] = arith.constant {value = 8} : () -> i64
  // CHECK: %[[TOP:.*]] = arith.shrsi %[[W]], %[[C8]]
  // CHECK: %[[F:.*]] = arith.sitofp %[[TOP]] : (i64) -> f32
  // CHECK: %[[U:.*]] = arith.mulf %[[F]], %{{.*}} : (f32, f32) -> f32
  // CHECK: %[[WD:.*]] = arith.constant {value = 2.0e+00 : f32}
  // CHECK: %[[LO:.*]] = arith.constant {value = -1.0e+00 : f32}
  // CHECK: %[[WU:.*]] = arith.mulf %[[WD]], %[[U]]
  // CHECK: %[[E:.*]] = arith.addf %[[LO]], %[[WU]]
  // CHECK: tile.store %[[E]], %out, %g
  // dropout in f64: keep when u24 >= p (compared in f64), x * 2.0 or +0.
  // CHECK-LABEL: func.func @d_g0_kernel(
  // CHECK: %[[X:.*]] = tile.load %in0
  // CHECK: %[[UD:.*]] = arith.mulf %{{.*}}, %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[P:.*]] = arith.constant {value = 5.0e-01}
  // CHECK: %[[KEEP:.*]] = arith.cmpf %[[UD]], %[[P]] {predicate = "oge"}
  // CHECK: %[[Y:.*]] = arith.mulf %[[X]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[Z:.*]] = arith.constant {value = 0.0e+00}
  // CHECK: arith.select %[[KEEP]], %[[Y]], %[[Z]]
  // bernoulli: true when u24 < p.
  // CHECK-LABEL: func.func @b_g0_kernel(
  // CHECK: arith.cmpf %{{.*}}, %{{.*}} {predicate = "olt"} : (f64, f64) -> i1
  // CHECK: tile.store %{{.*}}, %out, %g, %{{.*}} : (i1, memref<?x?xi1>, index, index) -> ()
  // poisson: k = 0, p = f = exp(-2) (the C library's, a constant); while u >= f, p > 0 and
  // k < 4096: k + 1, p = (p * lam) / k, f + p; the count cast to i32.
  // CHECK-LABEL: func.func @p_g0_kernel(
  // CHECK: %[[U:.*]] = arith.mulf %{{.*}}, %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[K0:.*]] = arith.constant {value = 0} : () -> i64
  // CHECK: %[[P0:.*]] = arith.constant {value = 1.3533528323661{{[0-9]*}}e-01} : () -> f64
  // CHECK: %[[W:.*]]:3 = "scf.while"(%[[K0]], %[[P0]], %[[P0]]) ({
  // CHECK: ^bb0(%[[K:.*]]: i64, %[[P:.*]]: f64, %[[F:.*]]: f64):
  // CHECK: arith.cmpf %[[U]], %[[F]] {predicate = "oge"}
  // CHECK: arith.cmpf %[[P]], %{{.*}} {predicate = "ogt"}
  // CHECK: arith.cmpi %[[K]], %{{.*}} {predicate = "slt"} : (i64, i64) -> i1
  // CHECK: scf.condition %{{.*}}, %[[K]], %[[P]], %[[F]] : (i1, i64, f64, f64) -> ()
  // CHECK: ^bb0(%[[K2:.*]]: i64, %[[P2:.*]]: f64, %[[F2:.*]]: f64):
  // CHECK: %[[KN:.*]] = arith.addi %[[K2]], %{{.*}} : (i64, i64) -> i64
  // CHECK: %[[KD:.*]] = arith.sitofp %[[KN]] : (i64) -> f64
  // CHECK: %[[PL:.*]] = arith.mulf %[[P2]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[PN:.*]] = arith.divf %[[PL]], %[[KD]] : (f64, f64) -> f64
  // CHECK: %[[FN:.*]] = arith.addf %[[F2]], %[[PN]] : (f64, f64) -> f64
  // CHECK: scf.yield %[[KN]], %[[PN]], %[[FN]] : (i64, f64, f64) -> ()
  // CHECK: arith.index_cast %[[W]]#0 : (i64) -> index
  // randn: u1 = u24(w0) + 2^-24, sqrt(-2 log64(u1)) (tile.sqrt of f64), times cos64(2 pi u2),
  // mean + stddev * z, rounded once to f32.
  // CHECK-LABEL: func.func @n_g0_kernel(
  // CHECK: arith.constant {value = 5.960464477539063e-08} : () -> f64
  // CHECK: tile.sqrt %{{.*}} : (f64) -> f64
  // CHECK: arith.constant {value = 6.283185307179586e+00} : () -> f64
  // CHECK: arith.truncf %{{.*}} : (f64) -> f32
}
