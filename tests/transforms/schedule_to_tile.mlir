// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: GEMM and flash attention become kernels and launches; other groups stay with
// the reason (docs/ops/schedule/lowering.md).
module {
  // CHECK-LABEL: func.func @gemm(
  // CHECK: %c = tile.launch %a, %b {callee = @gemm_g0_kernel, grid = [2, 3], lanes = 32, schedule.group = @gemm_g0, schedule.tile = [64, 64], schedule.tiles = [2, 2], tiles = 4}
  func.func @gemm(%a: tensor<128x96xf32>, %b: tensor<96x192xf32>) -> tensor<128x192xf32> {
    %c = tessera.matmul %a, %b : (tensor<128x96xf32>, tensor<96x192xf32>) -> tensor<128x192xf32>
    return %c : tensor<128x192xf32>
  }
  // CHECK-LABEL: func.func @attn(
  // CHECK: tile.launch %q, %k, %v {callee = @attn_g0_kernel, grid = [4, 2, 1], lanes = 32, schedule.group = @attn_g0, schedule.tile = [1, 1, 64, 64], schedule.tiles = [1, 1, 2, 1], tiles = 2}
  func.func @attn(%q: tensor<1x2x256x64xf32>, %k: tensor<1x2x256x64xf32>, %v: tensor<1x2x256x64xf32>) -> tensor<1x2x256x64xf32> {
    %o = tessera.flash_attn %q, %k, %v {causal = true} : (tensor<1x2x256x64xf32>, tensor<1x2x256x64xf32>, tensor<1x2x256x64xf32>) -> tensor<1x2x256x64xf32>
    return %o : tensor<1x2x256x64xf32>
  }
  // M and N edges are masked (grid [2, 2] over 100 x 100); K = 40 runs in blocks of gcd(40, 32).
  // A group whose kernel would need more scratch than a scalar kernel's 32 KiB of shared memory
  // (svd of 100 x 100) stays at Schedule IR.
  // CHECK-LABEL: func.func @stays(
  // CHECK: %m = tile.launch %a, %b {callee = @stays_g0_kernel, grid = [2, 2]
  // CHECK: schedule.group %m {{{.*}}schedule.not_lowered = "scratch over the 32 KiB of shared memory a scalar kernel uses"
  func.func @stays(%a: tensor<100x40xf32>, %b: tensor<40x100xf32>) -> tensor<100xf32> {
    %m = tessera.matmul %a, %b : (tensor<100x40xf32>, tensor<40x100xf32>) -> tensor<100x100xf32>
    %s:3 = "tessera.svd"(%m) : (tensor<100x100xf32>) -> (tensor<100x100xf32>, tensor<100xf32>, tensor<100x100xf32>)
    return %s#1 : tensor<100xf32>
  }
  // A softmax row group: one kernel per 32 whole rows (tile.exp is tessera.softmax's expf).
  // CHECK-LABEL: func.func @rows(
  // CHECK: tile.launch %{{.*}} {callee = @rows_g0_kernel, grid = [2], lanes = 32, tiles = 1} : (tensor<64x48xf32>) -> tensor<64x48xf32>
  func.func @rows(%x: tensor<64x48xf32>) -> tensor<64x48xf32> {
    %s = tessera.softmax %x : (tensor<64x48xf32>) -> tensor<64x48xf32>
    return %s : tensor<64x48xf32>
  }
  // An op whose record has no lower hook keeps its group at Schedule IR.
  // CHECK-LABEL: func.func @no_hook(
  // CHECK: schedule.not_lowered = "no Tile IR lowering for tessera.diffusion_block_step (its op record's lower hook)"
  func.func @no_hook(%x: tensor<4x8xf32>, %k: tensor<2x3x4xf32>) -> tensor<4x8xf32> {
    %s = "tessera.diffusion_block_step"(%x, %k, %k) {num_denoise_layers = 1 : i64, num_attention_heads = 2 : i64, num_kv_heads = 2 : i64, head_dim = 4 : i64} : (tensor<4x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<4x8xf32>
    return %s : tensor<4x8xf32>
  }
  // softmax along another axis: the axis moves last, the row kernel runs, the result moves back
  // (each transpose a gather launch: "Data movement around launches").
  // CHECK-LABEL: func.func @rows_axis0(
  // CHECK: %[[F:.*]] = tessera.reshape %x : (tensor<64x48xf32>) -> tensor<3072xf32>
  // CHECK-NEXT: %[[G:.*]] = tile.launch %[[F]] {callee = @rows_axis0_move0_kernel, grid = [48], lanes = 32, tiles = 1} : (tensor<3072xf32>) -> tensor<48x64xf32>
  // CHECK-NEXT: %[[R:.*]] = tessera.reshape %[[G]] : (tensor<48x64xf32>) -> tensor<48x64xf32>
  // CHECK-NEXT: %[[L:.*]] = tile.launch %[[R]] {callee = @rows_axis0_g0_kernel, grid = [2], lanes = 32, tiles = 1} : (tensor<48x64xf32>) -> tensor<48x64xf32>
  // CHECK-NEXT: %[[B:.*]] = tessera.reshape %[[L]] : (tensor<48x64xf32>) -> tensor<48x64xf32>
  // CHECK-NEXT: %[[BF:.*]] = tessera.reshape %[[B]] : (tensor<48x64xf32>) -> tensor<3072xf32>
  // CHECK-NEXT: %[[BT:.*]] = tile.launch %[[BF]] {callee = @rows_axis0_move1_kernel, grid = [64], lanes = 32, tiles = 1} : (tensor<3072xf32>) -> tensor<64x48xf32>
  // CHECK-NEXT: %s = tessera.reshape %[[BT]] {schedule.group = @rows_axis0_g0} : (tensor<64x48xf32>) -> tensor<64x48xf32>
  func.func @rows_axis0(%x: tensor<64x48xf32>) -> tensor<64x48xf32> {
    %s = tessera.softmax %x {axis = 0} : (tensor<64x48xf32>) -> tensor<64x48xf32>
    return %s : tensor<64x48xf32>
  }
  // A 1-D chain of any length: reshaped to [1, 100] around the launch; the edges are masked.
  // CHECK-LABEL: func.func @chain_1d(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<100xf32>) -> tensor<1x100xf32>
  // CHECK-NEXT: %[[L:.*]] = tile.launch %[[X]] {callee = @chain_1d_g0_kernel, grid = [1, 2], lanes = 32, tiles = 1}
  // CHECK-NEXT: %n = tessera.reshape %[[L]] {schedule.group = @chain_1d_g0} : (tensor<1x100xf32>) -> tensor<100xf32>
  func.func @chain_1d(%x: tensor<100xf32>) -> tensor<100xf32> {
    %n = tessera.neg %x : (tensor<100xf32>) -> tensor<100xf32>
    return %n : tensor<100xf32>
  }
  // A GEMM epilogue: the row bias goes in reshaped to [1, N]; the residual is an [M, N] tile.
  // CHECK-LABEL: func.func @gemm_epilogue(
  // CHECK: %[[B:.*]] = tessera.reshape %bias : (tensor<192xf32>) -> tensor<1x192xf32>
  // CHECK-NEXT: tile.launch %a, %b, %[[B]], %r {callee = @gemm_epilogue_g0_kernel, grid = [2, 3]
  func.func @gemm_epilogue(%a: tensor<128x96xf32>, %b: tensor<96x192xf32>, %bias: tensor<192xf32>, %r: tensor<128x192xf32>) -> tensor<128x192xf32> {
    %m = tessera.matmul %a, %b : (tensor<128x96xf32>, tensor<96x192xf32>) -> tensor<128x192xf32>
    %y = tessera.add %m, %bias : (tensor<128x192xf32>, tensor<192xf32>) -> tensor<128x192xf32>
    %z = tessera.max %y, %r : (tensor<128x192xf32>, tensor<128x192xf32>) -> tensor<128x192xf32>
    return %z : tensor<128x192xf32>
  }
  // A fused elementwise chain: one kernel, every op one arith op on register tiles.
  // CHECK-LABEL: func.func @chain(
  // CHECK: tile.launch %x, %y, %y {callee = @chain_g0_kernel, grid = [2, 1], lanes = 32, schedule.group = @chain_g0, schedule.tile = [32, 64], schedule.tiles = [1, 1], tiles = 1}
  func.func @chain(%x: tensor<64x48xf32>, %y: tensor<64x48xf32>) -> tensor<64x48xf32> {
    %s = tessera.add %x, %y : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
    %m = tessera.mul %s, %y : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
    %n = tessera.neg %m : (tensor<64x48xf32>) -> tensor<64x48xf32>
    return %n : tensor<64x48xf32>
  }
  // A reduction over the trailing axes: a row kernel on [R, W] = [15, 7]; the result comes back as
  // [R, 1] and is reshaped to the reduce's shape. A reduction over a leading axis first moves the
  // reduced axes last (tessera.transpose, kept axes in order, then reduced ones in order).
  // CHECK-LABEL: func.func @mean_rows(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<3x5x7xf32>) -> tensor<15x7xf32>
  // CHECK-NEXT: %[[L:.*]] = tile.launch %[[X]] {callee = @mean_rows_g0_kernel, grid = [1], lanes = 32, tiles = 1} : (tensor<15x7xf32>) -> tensor<15x1xf32>
  // CHECK-NEXT: %m = tessera.reshape %[[L]] {schedule.group = @mean_rows_g0} : (tensor<15x1xf32>) -> tensor<3x5x1xf32>
  // CHECK: %[[MF:.*]] = tessera.reshape %m : (tensor<3x5x1xf32>) -> tensor<15xf32>
  // CHECK-NEXT: %[[MT:.*]] = tile.launch %[[MF]] {callee = @mean_rows_move0_kernel, grid = [5], lanes = 32, tiles = 1} : (tensor<15xf32>) -> tensor<5x3xf32>
  // CHECK-NEXT: %[[T:.*]] = tessera.reshape %[[MT]] : (tensor<5x3xf32>) -> tensor<5x1x3xf32>
  // CHECK-NEXT: %[[R:.*]] = tessera.reshape %[[T]] : (tensor<5x1x3xf32>) -> tensor<5x3xf32>
  // CHECK-NEXT: %[[L2:.*]] = tile.launch %[[R]] {callee = @mean_rows_g1_kernel, grid = [1], lanes = 32, tiles = 1} : (tensor<5x3xf32>) -> tensor<5x1xf32>
  // CHECK-NEXT: %c = tessera.reshape %[[L2]] {schedule.group = @mean_rows_g1} : (tensor<5x1xf32>) -> tensor<5x1xf32>
  func.func @mean_rows(%x: tensor<3x5x7xf32>) -> tensor<5x1xf32> {
    %m = "tessera.reduce"(%x) {kind = "mean", axes = [-1], keepdims = true} : (tensor<3x5x7xf32>) -> tensor<3x5x1xf32>
    %c = "tessera.reduce"(%m) {kind = "sum", axes = [0]} : (tensor<3x5x1xf32>) -> tensor<5x1xf32>
    return %c : tensor<5x1xf32>
  }
  // CHECK-LABEL: func.func @min_rows(
  // CHECK: tile.launch %{{.*}} {callee = @min_rows_g0_kernel, grid = [2], lanes = 32, tiles = 1} : (tensor<40x33xf32>) -> tensor<40x1xf32>
  func.func @min_rows(%x: tensor<40x33xf32>) -> tensor<40xf32> {
    %m = "tessera.reduce"(%x) {kind = "min", axes = 1} : (tensor<40x33xf32>) -> tensor<40xf32>
    return %m : tensor<40xf32>
  }
  // layer_norm along the last axis: gamma and beta are broadcast to the rows before the launch
  // (gather launches).
  // CHECK-LABEL: func.func @ln(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<64x48xf32>) -> tensor<64x48xf32>
  // CHECK-NEXT: %[[G:.*]] = tile.launch %g {callee = @ln_move0_kernel, grid = [64], lanes = 32, tiles = 1} : (tensor<48xf32>) -> tensor<64x48xf32>
  // CHECK-NEXT: %[[B:.*]] = tile.launch %b {callee = @ln_move1_kernel, grid = [64], lanes = 32, tiles = 1} : (tensor<48xf32>) -> tensor<64x48xf32>
  // CHECK-NEXT: %[[L:.*]] = tile.launch %[[X]], %[[G]], %[[B]] {callee = @ln_g0_kernel, grid = [2], lanes = 32, tiles = 1}
  // CHECK-NEXT: %n = tessera.reshape %[[L]] {schedule.group = @ln_g0}
  func.func @ln(%x: tensor<64x48xf32>, %g: tensor<48xf32>, %b: tensor<48xf32>) -> tensor<64x48xf32> {
    %n = tessera.layer_norm %x, %g, %b : (tensor<64x48xf32>, tensor<48xf32>, tensor<48xf32>) -> tensor<64x48xf32>
    return %n : tensor<64x48xf32>
  }
  // rmsnorm without gamma: x itself is d.
  // CHECK-LABEL: func.func @rms(
  // CHECK: tile.launch %{{.*}} {callee = @rms_g0_kernel, grid = [1], lanes = 32, tiles = 1} : (tensor<10x7xf32>) -> tensor<10x7xf32>
  func.func @rms(%x: tensor<10x7xf32>) -> tensor<10x7xf32> {
    %n = tessera.rmsnorm %x {epsilon = 0.5} : (tensor<10x7xf32>) -> tensor<10x7xf32>
    return %n : tensor<10x7xf32>
  }
  // sqrt in a chain is tile.sqrt (function-type form).
  // CHECK-LABEL: func.func @sqrt_chain(
  // CHECK: tile.launch %x {callee = @sqrt_chain_g0_kernel
  func.func @sqrt_chain(%x: tensor<64x48xf32>) -> tensor<64x48xf32> {
    %s = tessera.sqrt %x : (tensor<64x48xf32>) -> tensor<64x48xf32>
    return %s : tensor<64x48xf32>
  }
  // exp in a chain is tile.exp (both compute the spec's expf).
  // CHECK-LABEL: func.func @exp_chain(
  // CHECK: tile.launch %x, %y {callee = @exp_chain_g0_kernel
  func.func @exp_chain(%x: tensor<64x48xf32>, %y: tensor<64x48xf32>) -> tensor<64x48xf32> {
    %e = tessera.exp %x : (tensor<64x48xf32>) -> tensor<64x48xf32>
    %m = tessera.mul %e, %y : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
    return %m : tensor<64x48xf32>
  }
  // log_softmax: the softmax row kernel's d = x - m, then d - log(s) (tile.log: the spec's logf).
  // CHECK-LABEL: func.func @logrows(
  // CHECK: tile.launch %{{.*}} {callee = @logrows_g0_kernel, grid = [1], lanes = 32, tiles = 1} : (tensor<20x48xf32>) -> tensor<20x48xf32>
  func.func @logrows(%x: tensor<20x48xf32>) -> tensor<20x48xf32> {
    %s = tessera.log_softmax %x : (tensor<20x48xf32>) -> tensor<20x48xf32>
    return %s : tensor<20x48xf32>
  }
  // The GEMM kernel: double-buffered async copies, wait_group 1, barrier, tile.mma over K blocks.
  // CHECK-LABEL: func.func @gemm_g0_kernel(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>)
  // CHECK: tile.alloc_shared {swizzle = "xor"} : {{.*}}memref<64x32xf32, 3>
  // CHECK: tile.async_copy %a, %sa0
  // CHECK: tile.commit_group
  // CHECK: "scf.for"
  // CHECK: tile.async_copy %a, %nxt_a
  // CHECK: tile.wait_group {n = 1}
  // CHECK-NEXT: tile.barrier
  // CHECK: tile.mma %ta, %tb, %acc_in
  // CHECK: tile.store_tile %acc, %c, %rm, %rn
  // The attention kernel: online softmax with the causal mask.
  // CHECK-LABEL: func.func @attn_g0_kernel(
  // CHECK: tile.causal_mask
  // CHECK: tile.row_max
  // CHECK: tile.row_sum %p, %l_scaled
  // CHECK: tile.mma %p, %vt, %acc_scaled
  // The softmax row kernel: maximum chain, x - m, exp, sum chain, one division.
  // CHECK-LABEL: func.func @rows_g0_kernel(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
  // CHECK: %x = tile.load_tile %in, %r0, %c0 {mask = true} : (memref<?x?xf32>, index, index) -> tensor<32x48xf32>
  // CHECK-NEXT: %m = tile.row_max %x : (tensor<32x48xf32>) -> tensor<32xf32>
  // CHECK-NEXT: %mb = tile.broadcast %m
  // CHECK-NEXT: %d = arith.subf %x, %mb
  // CHECK-NEXT: %e = tile.exp %d
  // CHECK-NEXT: %s = tile.row_sum %e : (tensor<32x48xf32>) -> tensor<32xf32>
  // CHECK-NEXT: %sb = tile.broadcast %s
  // CHECK-NEXT: %y = arith.divf %e, %sb
  // CHECK-NEXT: tile.store_tile %y, %out, %r0, %c0 {mask = true}
  // CHECK-LABEL: func.func @gemm_epilogue_g0_kernel(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %p0: memref<1x?xf32>, %p1: memref<?x?xf32>, %c: memref<?x?xf32>)
  // CHECK: %ones = tile.full {value = 1.0{{.*}}tensor<32x1xf32>
  // CHECK-NEXT: %negz = tile.full {value = -0.0
  // CHECK-NEXT: %row0 = tile.load_tile %p0, %c0, %rn
  // CHECK-NEXT: %e1 = tile.mma %ones, %row0, %negz
  // CHECK-NEXT: %e2 = tile.load_tile %p1, %rm, %rn
  // CHECK-NEXT: %e3 = arith.addf %acc, %e1
  // CHECK-NEXT: %e4 = arith.maximumf %e3, %e2
  // CHECK-NEXT: tile.store_tile %e4, %c, %rm, %rn
  // CHECK-LABEL: func.func @chain_g0_kernel(%in0: memref<?x?xf32>, %in1: memref<?x?xf32>, %in2: memref<?x?xf32>, %out: memref<?x?xf32>)
  // CHECK: %v0 = tile.load_tile %in0, %r0, %k0 {mask = true}
  // CHECK: %v3 = arith.addf %v0, %v1
  // CHECK-NEXT: %v4 = arith.mulf %v3, %v2
  // CHECK-NEXT: %v5 = arith.negf %v4
  // CHECK-NEXT: tile.store_tile %v5, %out, %r0, %k0 {mask = true}
  // The row kernels: the whole row in one [32, W] tile, one fold in the reduce's order.
  // CHECK-LABEL: func.func @mean_rows_g0_kernel(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
  // CHECK: %x = tile.load_tile %in, %r0, %c0 {mask = true} : (memref<?x?xf32>, index, index) -> tensor<32x7xf32>
  // CHECK-NEXT: %s = tile.row_sum %x : (tensor<32x7xf32>) -> tensor<32xf32>
  // CHECK-NEXT: %n = tile.full {value = 7.0{{.*}} : f32} : () -> tensor<32xf32>
  // CHECK-NEXT: %r = arith.divf %s, %n
  // CHECK-NEXT: %rc = tile.broadcast %r : (tensor<32xf32>) -> tensor<32x1xf32>
  // CHECK-NEXT: tile.store_tile %rc, %out, %r0, %c0 {mask = true}
  // CHECK-LABEL: func.func @min_rows_g0_kernel(
  // CHECK: %nx = arith.negf %x : (tensor<32x33xf32>) -> tensor<32x33xf32>
  // CHECK-NEXT: %nm = tile.row_max %nx
  // CHECK-NEXT: %r = arith.negf %nm : (tensor<32xf32>) -> tensor<32xf32>
  // The norm kernels: mean, centred squares, 1 / sqrt(var + eps) with tile.sqrt, gamma, beta.
  // CHECK-LABEL: func.func @ln_g0_kernel(%in: memref<?x?xf32>, %gm: memref<?x?xf32>, %bt: memref<?x?xf32>, %out: memref<?x?xf32>)
  // CHECK: %x = tile.load_tile %in, %r0, %c0 {mask = true} : (memref<?x?xf32>, index, index) -> tensor<32x48xf32>
  // CHECK-NEXT: %n = tile.full {value = 4.8e+01 : f32} : () -> tensor<32xf32>
  // CHECK-NEXT: %s = tile.row_sum %x
  // CHECK-NEXT: %mean = arith.divf %s, %n
  // CHECK-NEXT: %mb = tile.broadcast %mean : (tensor<32xf32>) -> tensor<32x48xf32>
  // CHECK-NEXT: %d = arith.subf %x, %mb
  // CHECK-NEXT: %dd = arith.mulf %d, %d
  // CHECK-NEXT: %sq = tile.row_sum %dd
  // CHECK-NEXT: %var = arith.divf %sq, %n
  // CHECK-NEXT: %eps = tile.full {value = 9.999999747378752e-06 : f32}
  // CHECK-NEXT: %ve = arith.addf %var, %eps
  // CHECK-NEXT: %sd = tile.sqrt %ve : (tensor<32xf32>) -> tensor<32xf32>
  // CHECK-NEXT: %one = tile.full {value = 1.0
  // CHECK-NEXT: %scale = arith.divf %one, %sd
  // CHECK-NEXT: %sb = tile.broadcast %scale
  // CHECK-NEXT: %y0 = arith.mulf %d, %sb
  // CHECK-NEXT: %gt = tile.load_tile %gm, %r0, %c0 {mask = true}
  // CHECK-NEXT: %y1 = arith.mulf %y0, %gt
  // CHECK-NEXT: %btt = tile.load_tile %bt, %r0, %c0 {mask = true}
  // CHECK-NEXT: %y2 = arith.addf %y1, %btt
  // CHECK-NEXT: tile.store_tile %y2, %out, %r0, %c0 {mask = true}
  // CHECK-LABEL: func.func @rms_g0_kernel(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
  // CHECK-NOT: tile.row_sum %x
  // CHECK: %dd = arith.mulf %x, %x
  // CHECK: %eps = tile.full {value = 5.0e-01 : f32}
  // CHECK: %y0 = arith.mulf %x, %sb
  // CHECK-NEXT: tile.store_tile %y0, %out
  // CHECK-LABEL: func.func @sqrt_chain_g0_kernel(
  // CHECK: %v1 = tile.sqrt %v0 : (tensor<32x64xf32>) -> tensor<32x64xf32>
  // CHECK-NEXT: tile.store_tile %v1, %out
  // CHECK-LABEL: func.func @exp_chain_g0_kernel(
  // CHECK: %v2 = tile.exp %v0 : (tensor<32x64xf32>) -> tensor<32x64xf32>
  // CHECK-NEXT: %v3 = arith.mulf %v2, %v1 :
  // CHECK-NEXT: tile.store_tile %v3, %out
  // CHECK-LABEL: func.func @logrows_g0_kernel(
  // CHECK: %s = tile.row_sum %e : (tensor<32x48xf32>) -> tensor<32xf32>
  // CHECK-NEXT: %ls = tile.log %s : (tensor<32xf32>) -> tensor<32xf32>
  // CHECK-NEXT: %lb = tile.broadcast %ls : (tensor<32xf32>) -> tensor<32x48xf32>
  // CHECK-NEXT: %y = arith.subf %d, %lb
  // CHECK-NEXT: tile.store_tile %y, %out
}
