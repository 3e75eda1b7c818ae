// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: gather, embedding and scatter as scalar kernels (docs/ops/schedule/lowering.md,
// "Indexing"): a checked index selects one past the end when it is out of range.
module {
  // gather along axis 1 of [2, 6, 3]: one group per output row (outer 2 x 4 indices).
  // CHECK-LABEL: func.func @g(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<2x6x3xf32>) -> tensor<36xf32>
  // CHECK: tile.launch %[[X]], %{{.*}} {callee = @g_g0_kernel, grid = [8]{{.*}} -> tensor<8x3xf32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<8x3xf32>) -> tensor<2x4x3xf32>
  func.func @g(%x: tensor<2x6x3xf32>, %i: tensor<4xui8>) -> tensor<2x4x3xf32> {
    %r = "tessera.gather"(%x, %i) {axis = 1} : (tensor<2x6x3xf32>, tensor<4xui8>) -> tensor<2x4x3xf32>
    return %r : tensor<2x4x3xf32>
  }
  // CHECK-LABEL: func.func @e(
  // CHECK: tile.launch %{{.*}} {callee = @e_g0_kernel, grid = [6]{{.*}} -> tensor<6x4xbf16>
  func.func @e(%t: tensor<10x4xbf16>, %i: tensor<2x3xi32>) -> tensor<2x3x4xbf16> {
    %r = "tessera.embedding"(%t, %i) : (tensor<10x4xbf16>, tensor<2x3xi32>) -> tensor<2x3x4xbf16>
    return %r : tensor<2x3x4xbf16>
  }
  // scatter add: one group per outer slice (here one) copies dst, then adds the updates in order.
  // CHECK-LABEL: func.func @s(
  // CHECK: tile.launch %{{.*}}, %{{.*}}, %{{.*}} {callee = @s_g0_kernel, grid = [1]{{.*}} -> tensor<1x15xi32>
  // CHECK: tessera.reshape %{{.*}} : (tensor<1x15xi32>) -> tensor<5x3xi32>
  func.func @s(%d: tensor<5x3xi32>, %i: tensor<4xi64>, %u: tensor<4x3xi32>) -> tensor<5x3xi32> {
    %r = "tessera.scatter"(%d, %i, %u) {reduction = "add"} : (tensor<5x3xi32>, tensor<4xi64>, tensor<4x3xi32>) -> tensor<5x3xi32>
    return %r : tensor<5x3xi32>
  }
  // No indices: an empty result, no launch (schedule_to_tile.cpp: an empty tessera.constant).
  // CHECK-LABEL: func.func @empty(
  // CHECK-NOT: tile.launch
  // CHECK: tessera.constant {schedule.group = @empty_g0, value = dense<"0x"> : tensor<0x5xf32>}
  func.func @empty(%x: tensor<6x5xf32>, %i: tensor<0xi32>) -> tensor<0x5xf32> {
    %r = "tessera.gather"(%x, %i) : (tensor<6x5xf32>, tensor<0xi32>) -> tensor<0x5xf32>
    return %r : tensor<0x5xf32>
  }
  // The gather kernel: unsigned indices cast with index_castui; out of range selects %end.
  // CHECK-LABEL: func.func @g_g0_kernel(
  // CHECK: %[[END:.*]] = arith.constant {value = 36 : index}
  // CHECK: %[[LI:.*]] = arith.index_castui
  // CHECK: %[[GE:.*]] = arith.cmpi %[[LI]], %c0 {predicate = "sge"}
  // CHECK: %[[LT:.*]] = arith.cmpi %[[LI]], %n {predicate = "slt"}
  // CHECK: %[[OK:.*]] = arith.andi %[[GE]], %[[LT]]
  // CHECK: %at = arith.select %[[OK]], %{{.*}}, %[[END]]
  // CHECK: tile.load %in0
  // CHECK: tile.store %v, %out, %g, %c
  // The scatter kernel: copy, then per update a checked row (%outer when out of range).
  // CHECK-LABEL: func.func @s_g0_kernel(
  // CHECK: tile.store %dv, %out, %g, %e
  // CHECK: arith.index_cast %raw
  // CHECK: %row = arith.select %ok, %g, %outer
  // CHECK: %old = tile.load %out, %row, %col
  // CHECK: %sum = arith.addi %old, %u
  // CHECK: tile.store %sum, %out, %row, %col
}
