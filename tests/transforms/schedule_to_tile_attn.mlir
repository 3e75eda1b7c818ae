// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.flash_attn in the shapes the tiled f32 kernel refuses, as a scalar row
// kernel (docs/ops/schedule/lowering.md, "Attention"): one group per query row, key blocks of 64,
// each fma one f32 tile.fma (fma_f32 of schedule_to_tile_fma.h).
module {
  // Sq = 3, Sk = 70, D = 5, Dv = 3, causal: q, k, v flattened, one group per row (B*H*Sq = 6).
  // CHECK-LABEL: func.func @a(
  // CHECK: %[[Q:.*]] = tessera.reshape %q : (tensor<1x2x3x5xf32>) -> tensor<30xf32>
  // CHECK: tile.launch %[[Q]], %{{.*}}, %{{.*}} {callee = @a_g0_kernel, grid = [6]{{.*}} -> tensor<6x3xf32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<6x3xf32>) -> tensor<1x2x3x3xf32>
  func.func @a(%q: tensor<1x2x3x5xf32>, %k: tensor<1x2x70x5xf32>, %v: tensor<1x2x70x3xf32>) -> tensor<1x2x3x3xf32> {
    %r = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<1x2x3x5xf32>, tensor<1x2x70x5xf32>, tensor<1x2x70x3xf32>) -> tensor<1x2x3x3xf32>
    return %r : tensor<1x2x3x3xf32>
  }
  // Rank 3, bf16 operands with the f32 result of flash_attn_c4: a `whole` group, the same kernel.
  // CHECK-LABEL: func.func @b(
  // CHECK: tile.launch %{{.*}} {callee = @b_g0_kernel, grid = [8]{{.*}} -> tensor<8x4xf32>
  func.func @b(%q: tensor<2x4x8xbf16>, %k: tensor<2x9x8xbf16>, %v: tensor<2x9x4xbf16>) -> tensor<2x4x4xf32> {
    %r = "tessera.flash_attn"(%q, %k, %v) {scale = 0.5} : (tensor<2x4x8xbf16>, tensor<2x9x8xbf16>, tensor<2x9x4xbf16>) -> tensor<2x4x4xf32>
    return %r : tensor<2x4x4xf32>
  }
  // f64: the spec's exp is the C library's there.
  // CHECK-LABEL: func.func @c(
  // CHECK: schedule.not_lowered = "f64 attention: its dot products are f64 fma chains
  func.func @c(%q: tensor<1x1x4x8xf64>) -> tensor<1x1x4x8xf64> {
    %r = "tessera.flash_attn"(%q, %q, %q) : (tensor<1x1x4x8xf64>, tensor<1x1x4x8xf64>, tensor<1x1x4x8xf64>) -> tensor<1x1x4x8xf64>
    return %r : tensor<1x1x4x8xf64>
  }
  // attn_sliding_window, GQA 4:2, not causal: row (b*Hq + h, i) reads kv head b*Hkv + h/2;
  // its keys max(0, i - 2) .. min(i + 2, Sk - 1).
  // CHECK-LABEL: func.func @w(
  // CHECK: tile.launch %{{.*}} {callee = @w_g0_kernel, grid = [36]{{.*}} -> tensor<36x2xf32>
  func.func @w(%q: tensor<1x4x9x3xf32>, %k: tensor<1x2x70x3xf32>, %v: tensor<1x2x70x2xf32>) -> tensor<1x4x9x2xf32> {
    %r = "tessera.attn_sliding_window"(%q, %k, %v) {window_size = 5 : i64, causal = false} : (tensor<1x4x9x3xf32>, tensor<1x2x70x3xf32>, tensor<1x2x70x2xf32>) -> tensor<1x4x9x2xf32>
    return %r : tensor<1x4x9x2xf32>
  }
  // attn_with_stats: three results in their own shapes, one group per position.
  // CHECK-LABEL: func.func @s(
  // CHECK: %{{.*}}:3 = tile.launch %a0, %a1 {callee = @s_g0_kernel, grid = [2]
  func.func @s(%a0: tensor<4xf32>, %a1: tensor<3x2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) {
    %r0, %r1, %r2 = "tessera.attn_with_stats"(%a0, %a1) {eps = 1.0e-06 : f64} : (tensor<4xf32>, tensor<3x2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
    return %r0, %r1, %r2 : tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>
  }
  // lse_accumulate: one group per row, its log the spec's log64 (schedule_to_tile_exp64.mlir).
  // CHECK-LABEL: func.func @l(
  // CHECK: tile.launch %acc, %m, %l {callee = @l_g0_kernel, grid = [4]
  func.func @l(%acc: tensor<4x8xf32>, %m: tensor<4xf32>, %l: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
    %o, %lse = "tessera.attn.lse_accumulate"(%acc, %m, %l) : (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>)
    return %o, %lse : tensor<4x8xf32>, tensor<4xf32>
  }
  // msa_select_blocks: one group per row, i64 ids out as [rows, top_k].
  // CHECK-LABEL: func.func @sel(
  // CHECK: tile.launch %{{.*}} {callee = @sel_g0_kernel, grid = [4]{{.*}} -> tensor<4x2xi64>
  func.func @sel(%s: tensor<1x1x4x3xf32>) -> tensor<1x1x4x2xi64> {
    %r = "tessera.msa_select_blocks"(%s) {top_k = 2 : i64, block_size = 2 : i64} : (tensor<1x1x4x3xf32>) -> tensor<1x1x4x2xi64>
    return %r : tensor<1x1x4x2xi64>
  }
  // deepseek_sparse_attention: three branches in one kernel.
  // CHECK-LABEL: func.func @dsa(
  // CHECK: tile.launch %{{.*}} {callee = @dsa_g0_kernel, grid = [8]{{.*}} -> tensor<8x2xf32>
  func.func @dsa(%q: tensor<1x2x4x2xf32>, %k: tensor<1x2x4x2xf32>, %v: tensor<1x2x4x2xf32>) -> tensor<1x2x4x2xf32> {
    %r = "tessera.deepseek_sparse_attention"(%q, %k, %v) {window_size = 2 : i64, block_size = 2 : i64, top_k = 1 : i64} : (tensor<1x2x4x2xf32>, tensor<1x2x4x2xf32>, tensor<1x2x4x2xf32>) -> tensor<1x2x4x2xf32>
    return %r : tensor<1x2x4x2xf32>
  }
  // The row kernel: row g is (b*h = g / Sq, i = g % Sq), keys min(Sk, i + 1) with causal.
  // CHECK-LABEL: func.func @a_g0_kernel(
  // CHECK: %[[SCALE:.*]] = arith.constant {value = 4.472135901451111e-01 : f32}
  // CHECK: %[[SQ:.*]] = arith.constant {value = 3 : index}
  // CHECK: %[[I:.*]] = arith.remsi %g, %[[SQ]]
  // CHECK: %[[SK:.*]] = arith.constant {value = 70 : index}
  // CHECK: %[[I1:.*]] = arith.addi %[[I]], %c1
  // CHECK: %[[KEYS:.*]] = arith.minsi %[[SK]], %[[I1]]
  // CHECK: %acc = tile.alloc_register : () -> memref<3xf32, 5>
  // CHECK: %[[BLK:.*]] = arith.constant {value = 64 : index}
  // CHECK: %[[NINF:.*]] = arith.constant {value = 0xFF800000 : f32}
  // CHECK: %sblk = tile.alloc_register : () -> memref<64xf32, 5>
  // Key blocks of 64 carry (m, l) from (-Inf, 0).
  // CHECK: "scf.for"(%c0, %[[KEYS]], %[[BLK]], %[[NINF]], %{{.*}}) ({
  // The fma of a dot product (fma_f32, schedule_to_tile_fma.h): one f32 tile.fma, rounded once,
  // carried by the chain.
  // CHECK: %[[QE:.*]] = tile.load %in0
  // CHECK: %[[KE:.*]] = tile.load %in1
  // CHECK: %[[FMA:.*]] = tile.fma %[[QE]], %[[KE]], %{{.*}} : (f32, f32, f32) -> f32
  // CHECK: scf.yield %[[FMA]] : (f32) -> ()
  // The score, kept in the block buffer; the running maximum by s > m.
  // CHECK: %[[SC:.*]] = arith.mulf %{{.*}}, %[[SCALE]] : (f32, f32) -> f32
  // CHECK: tile.store %[[SC]], %sblk
  // CHECK: arith.cmpf %[[SC]], %{{.*}} {predicate = "ogt"}
  // alpha = exp(m - m_new) rescales l and the accumulator row.
  // CHECK: tile.exp %{{.*}} : (f32) -> f32
  // CHECK: tile.load %acc
  // p = exp(s - m_new), acc[e] = fma(p, v[j, e], acc[e]), l = l + p.
  // CHECK: tile.load %sblk
  // CHECK: tile.exp
  // CHECK: tile.load %in2
  // CHECK: tile.store %{{.*}}, %acc
  // CHECK: arith.addf %{{.*}} : (f32, f32) -> f32
  // out[g, e] = acc[e] / l.
  // CHECK: arith.divf
  // CHECK: tile.store %{{.*}}, %out, %g, %{{.*}} : (f32, memref<?x?xf32>, index, index) -> ()
  // bf16 operands widen exactly to f32.
  // CHECK-LABEL: func.func @b_g0_kernel(
  // CHECK: %[[SC2:.*]] = arith.constant {value = 5.0e-01 : f32}
  // CHECK: tile.load %in0, %{{.*}} : (memref<?xbf16>, index) -> bf16
  // CHECK: arith.extf %{{.*}} : (bf16) -> f32
  // The sliding window's kernel: kv head b * 2 + h / 2, then the clipped key range.
  // CHECK-LABEL: func.func @w_g0_kernel(
  // CHECK: %[[BH:.*]] = arith.divsi %g, %{{.*}}
  // CHECK: %[[I:.*]] = arith.remsi %g, %{{.*}}
  // CHECK: %[[B:.*]] = arith.divsi %[[BH]], %{{.*}}
  // CHECK: %[[H:.*]] = arith.remsi %[[BH]], %{{.*}}
  // CHECK: %[[HK:.*]] = arith.divsi %[[H]], %{{.*}}
  // CHECK: %[[LO0:.*]] = arith.subi %[[I]], %[[BACK:.*]] :
  // CHECK: %[[LO:.*]] = arith.maxsi %[[LO0]], %c0
  // CHECK: %[[FWD:.*]] = arith.addi %[[I]], %[[BACK]]
  // CHECK: %[[HI:.*]] = arith.minsi %[[FWD]], %{{.*}}
  // CHECK: %[[N0:.*]] = arith.subi %[[HI]], %[[LO]]
  // CHECK: %[[N1:.*]] = arith.addi %[[N0]], %c1
  // CHECK: %[[N:.*]] = arith.maxsi %[[N1]], %c0
  // A row without kept keys stores 0.
  // CHECK: %[[NONE:.*]] = arith.cmpi %[[N]], %c0 {predicate = "eq"}
  // CHECK: arith.select %[[NONE]], %{{.*}}, %{{.*}} : (i1, f32, f32) -> f32
  // attn_with_stats: rms = sqrt(ss / d + eps), then the logits' fma chain.
  // CHECK-LABEL: func.func @s_g0_kernel(%in0: memref<4xf32>, %in1: memref<3x2x4xf32>, %out0: memref<2x4xf32>, %out1: memref<2xf32>, %out2: memref<2xf32>)
  // CHECK: %logit = tile.alloc_register : () -> memref<3xf32, 5>
  // CHECK: tile.sqrt
  // CHECK: tile.store %{{.*}}, %out1
  // CHECK: tile.store %{{.*}}, %out2
  // msa_select_blocks' kernel: each block's rank counts the blocks before it (NaN: class 2),
  // and a kept block's id is stored at the running count.
  // CHECK-LABEL: func.func @sel_g0_kernel(%in0: memref<?xf32>, %out: memref<?x?xi64>)
  // CHECK: arith.cmpf %[[SB:.*]], %[[SB]] {predicate = "une"}
  // CHECK: %[[RANK:.*]] = "scf.for"
  // CHECK: arith.cmpf %[[SA:.*]], %[[SA]] {predicate = "une"}
  // CHECK: arith.cmpi %[[RANK]], %{{.*}} {predicate = "slt"}
  // CHECK: "scf.if"(%{{.*}}) ({
  // CHECK: %[[ID:.*]] = arith.index_cast %{{.*}} : (index) -> i64
  // CHECK: tile.store %[[ID]], %out, %g, %{{.*}} : (i64, memref<?x?xi64>, index, index) -> ()
  // deepseek: the window's, the block means' and the selected tokens' accumulators; the kept
  // tokens in a local list read back as keys; the mix stored once.
  // CHECK-LABEL: func.func @dsa_g0_kernel(
  // CHECK: %acc = tile.alloc_register : () -> memref<2xf32, 5>
  // CHECK: %acc1 = tile.alloc_register : () -> memref<2xf32, 5>
  // CHECK: %nsc = tile.alloc_register : () -> memref<2xf32, 5>
  // CHECK: %kept = tile.alloc_register : () -> memref<4xi32, 5>
  // CHECK: "scf.if"
  // CHECK: arith.index_cast %{{.*}} : (index) -> i32
  // CHECK: %acc2 = tile.alloc_register : () -> memref<2xf32, 5>
  // CHECK: tile.load %kept
  // CHECK: arith.index_cast %{{.*}} : (i32) -> index
  // CHECK: tile.store %{{.*}}, %out, %g, %{{.*}} : (f32, memref<?x?xf32>, index, index) -> ()
}
