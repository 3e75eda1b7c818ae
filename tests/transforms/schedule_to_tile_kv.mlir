// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.kv_cache.append and tessera.kv_cache.read as scalar kernels
// (docs/ops/schedule/lowering.md, "KV cache"): one group per slice before the sequence axis; a
// position outside [0, S - T] selects an address past the end (kv_cache_*_c5).
module {
  // append of 3 entries into [1, 2, 8, 4] along axis -2: 2 groups, each a [8 x 4] slice.
  // CHECK-LABEL: func.func @a(
  // CHECK: %[[C:.*]] = tessera.reshape %c : (tensor<1x2x8x4xf32>) -> tensor<64xf32>
  // CHECK: %[[P:.*]] = tessera.reshape %p : (tensor<i64>) -> tensor<1xi64>
  // CHECK: tile.launch %[[C]], %{{.*}}, %[[P]] {callee = @a_g0_kernel, grid = [2]{{.*}} -> tensor<2x32xf32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<2x32xf32>) -> tensor<1x2x8x4xf32>
  func.func @a(%c: tensor<1x2x8x4xf32>, %n: tensor<1x2x3x4xf32>, %p: tensor<i64>) -> tensor<1x2x8x4xf32> {
    %r = "tessera.kv_cache.append"(%c, %n, %p) : (tensor<1x2x8x4xf32>, tensor<1x2x3x4xf32>, tensor<i64>) -> tensor<1x2x8x4xf32>
    return %r : tensor<1x2x8x4xf32>
  }
  // read of 4 entries along axis 0 with an unsigned start: one group.
  // CHECK-LABEL: func.func @r(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @r_g0_kernel, grid = [1]{{.*}} -> tensor<1x8xbf16>
  // CHECK: tessera.reshape %{{.*}} : (tensor<1x8xbf16>) -> tensor<4x2xbf16>
  func.func @r(%c: tensor<6x2xbf16>, %s: tensor<ui8>) -> tensor<4x2xbf16> {
    %r = "tessera.kv_cache.read"(%c, %s) {axis = 0, length = 4} : (tensor<6x2xbf16>, tensor<ui8>) -> tensor<4x2xbf16>
    return %r : tensor<4x2xbf16>
  }
  // An empty window moves nothing, so no access would check the start: the group stays.
  // CHECK-LABEL: func.func @empty(
  // CHECK: schedule.not_lowered = "an empty tensor"
  func.func @empty(%c: tensor<6x2xf32>, %s: tensor<i32>) -> tensor<0x2xf32> {
    %r = "tessera.kv_cache.read"(%c, %s) {axis = 0, length = 0} : (tensor<6x2xf32>, tensor<i32>) -> tensor<0x2xf32>
    return %r : tensor<0x2xf32>
  }
  // append: the cache slice copied, then the entries at pos * inner, pos checked against
  // [0, S - T + 1) = [0, 6); a bad position stores to row %outer (past the result's end).
  // CHECK-LABEL: func.func @a_g0_kernel(
  // CHECK: %n = arith.constant {value = 6 : index}
  // CHECK: %sw = arith.constant {value = 32 : index}
  // CHECK: %ww = arith.constant {value = 12 : index}
  // CHECK: "scf.for"(%c0, %sw, %c1)
  // CHECK: tile.store %cv, %out, %g, %co
  // CHECK: %outer = arith.constant {value = 2 : index}
  // CHECK: %raw = tile.load %in2, %c0 : (memref<?xi64>, index) -> i64
  // CHECK: %ok = arith.andi %ge, %lt
  // CHECK: %row = arith.select %ok, %g, %outer
  // CHECK: "scf.for"(%c0, %ww, %c1)
  // CHECK: %wo = arith.addi %at, %we
  // CHECK: tile.store %wv, %out, %row, %wo
  // read: start checked against [0, 6 - 4 + 1); a bad start reads from %end (the cache's end).
  // CHECK-LABEL: func.func @r_g0_kernel(
  // CHECK: %n = arith.constant {value = 3 : index}
  // CHECK: %end = arith.constant {value = 12 : index}
  // CHECK: %li = arith.index_castui %raw
  // CHECK: %at = arith.select %ok, %ad, %end
  // CHECK: %wi = arith.addi %at, %we
  // CHECK: tile.load %in0, %wi : (memref<?xbf16>, index) -> bf16
  // CHECK: tile.store %wv, %out, %g, %wo
}
