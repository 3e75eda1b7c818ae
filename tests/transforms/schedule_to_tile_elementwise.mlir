// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile, elementwise chains (docs/ops/schedule/lowering.md, "Elementwise chains"):
// broadcast operands are expanded by tessera.broadcast before the launch, i32 chains use the
// integer arith ops, rsqrt is tile.sqrt then 1 / s, i8 is a scalar chain; bf16 stays.
module {
  // CHECK-LABEL: func.func @bcast(
  // Each broadcast is a gather launch (lowering.md, "Data movement around launches").
  // CHECK: %[[AL:.*]] = tile.launch %{{.*}} {callee = @bcast_move0_kernel, grid = [24], lanes = 32, tiles = 1} : (tensor<280xf32>) -> tensor<24x70xf32>
  // CHECK: %[[A:.*]] = tessera.reshape %[[AL]] : (tensor<24x70xf32>) -> tensor<4x6x70xf32>
  // CHECK: %[[BL:.*]] = tile.launch %{{.*}} {callee = @bcast_move1_kernel, grid = [24], lanes = 32, tiles = 1} : (tensor<420xf32>) -> tensor<24x70xf32>
  // CHECK: %[[B:.*]] = tessera.reshape %[[BL]] : (tensor<24x70xf32>) -> tensor<4x6x70xf32>
  // CHECK: %[[RA:.*]] = tessera.reshape %[[A]] : (tensor<4x6x70xf32>) -> tensor<24x70xf32>
  // CHECK: %[[RB:.*]] = tessera.reshape %[[B]] : (tensor<4x6x70xf32>) -> tensor<24x70xf32>
  // CHECK: tile.launch %[[RA]], %[[RB]] {callee = @bcast_g0_kernel, grid = [1, 2]
  // CHECK-LABEL: func.func @rsqrt_row(
  // CHECK: %[[R:.*]] = tile.launch %{{.*}} {callee = @rsqrt_row_move0_kernel, grid = [33], lanes = 32, tiles = 1} : (tensor<50xf32>) -> tensor<33x50xf32>
  // CHECK: tile.launch %x, %[[R]] {callee = @rsqrt_row_g0_kernel, grid = [2, 1], lanes = 32, schedule.group = @rsqrt_row_g0, schedule.tile = [32, 64], schedule.tiles = [1, 1], tiles = 1}
  // CHECK-LABEL: func.func @wrap(
  // CHECK: tile.launch %a, %b, %a {callee = @wrap_g0_kernel, grid = [1, 1]
  // CHECK-LABEL: func.func @cmpsel(
  // CHECK: tile.launch %a, %b, %a, %b {callee = @cmpsel_g0_kernel
  // CHECK-LABEL: func.func @unsigned(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @unsigned_g0_kernel, grid = [8]
  // A bf16 chain is a scalar chain (each op: widen, f32 op, round: schedule_to_tile_cast.mlir).
  // CHECK-LABEL: func.func @half(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @half_g0_kernel, grid = [8]
  // An i8 chain is a scalar chain: the [8] row operand goes in as [8] with a row stride of 0.
  // CHECK-LABEL: func.func @narrow(
  // CHECK: %[[A:.*]] = tessera.reshape %a : (tensor<8x8xi8>) -> tensor<64xi8>
  // CHECK: %[[B:.*]] = tessera.reshape %b : (tensor<8xi8>) -> tensor<8xi8>
  // CHECK: tile.launch %[[A]], %[[B]] {callee = @narrow_g0_kernel, grid = [8], lanes = 32, tiles = 1} : (tensor<64xi8>, tensor<8xi8>) -> tensor<8x8xi8>
  // CHECK-LABEL: func.func @bcast_g0_kernel(%in0: memref<?x?xf32>, %in1: memref<?x?xf32>, %out: memref<?x?xf32>)
  // CHECK: %v2 = arith.addf %v0, %v1 : {{.*}}
  // CHECK: tile.store_tile %v2, %out
  // CHECK-LABEL: func.func @rsqrt_row_g0_kernel(
  // CHECK: %one = tile.full {value = 1.0e+00 : f32} : () -> tensor<32x64xf32>
  // CHECK: %v2 = arith.mulf %v0, %v1 : {{.*}}
  // CHECK: %v3 = tile.sqrt %v2 : {{.*}}
  // CHECK: %v4 = arith.divf %one, %v3 : {{.*}}
  // CHECK-LABEL: func.func @wrap_g0_kernel(%in0: memref<?x?xi32>, %in1: memref<?x?xi32>, %in2: memref<?x?xi32>, %out: memref<?x?xi32>)
  // CHECK: %v3 = arith.muli %v0, %v1 : {{.*}}
  // CHECK: %v4 = arith.maxsi %v3, %v2 : {{.*}}
  // CHECK-LABEL: func.func @cmpsel_g0_kernel(
  // CHECK: %v4 = arith.cmpf %v0, %v1 {predicate = "une"} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xi1>
  // CHECK: %v5 = arith.select %v4, %v2, %v3 : (tensor<32x64xi1>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  func.func @bcast(%a: tensor<4x1x70xf32>, %b: tensor<6x70xf32>) -> tensor<4x6x70xf32> {
    %s = "tessera.add"(%a, %b) : (tensor<4x1x70xf32>, tensor<6x70xf32>) -> tensor<4x6x70xf32>
    return %s : tensor<4x6x70xf32>
  }
  func.func @rsqrt_row(%x: tensor<33x50xf32>, %r: tensor<1x50xf32>) -> tensor<33x50xf32> {
    %m = "tessera.mul"(%x, %r) : (tensor<33x50xf32>, tensor<1x50xf32>) -> tensor<33x50xf32>
    %q = "tessera.rsqrt"(%m) : (tensor<33x50xf32>) -> tensor<33x50xf32>
    return %q : tensor<33x50xf32>
  }
  func.func @wrap(%a: tensor<8x8xi32>, %b: tensor<8x8xi32>) -> tensor<8x8xi32> {
    %m = "tessera.mul"(%a, %b) : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi32>
    %x = "tessera.max"(%m, %a) : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi32>
    return %x : tensor<8x8xi32>
  }
  func.func @cmpsel(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %m = "tessera.cmp_ne"(%a, %b) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
    %s = "tessera.select"(%m, %a, %b) : (tensor<8x8xi1>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    return %s : tensor<8x8xf32>
  }
  func.func @unsigned(%a: tensor<8x8xui8>, %b: tensor<8x8xui8>) -> tensor<8x8xui8> {
    %s = "tessera.add"(%a, %b) : (tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xui8>
    return %s : tensor<8x8xui8>
  }
  func.func @half(%a: tensor<8x8xbf16>, %b: tensor<8x8xbf16>) -> tensor<8x8xbf16> {
    %s = "tessera.add"(%a, %b) : (tensor<8x8xbf16>, tensor<8x8xbf16>) -> tensor<8x8xbf16>
    return %s : tensor<8x8xbf16>
  }
  func.func @narrow(%a: tensor<8x8xi8>, %b: tensor<8xi8>) -> tensor<8x8xi8> {
    %s = "tessera.add"(%a, %b) : (tensor<8x8xi8>, tensor<8xi8>) -> tensor<8x8xi8>
    return %s : tensor<8x8xi8>
  }
  // ui8: zero-extended to index, added, the low bits kept.
  // CHECK-LABEL: func.func @unsigned_g0_kernel(
  // CHECK: %v2 = arith.index_castui %v0 : (ui8) -> index
  // CHECK: %v3 = arith.index_castui %v1 : (ui8) -> index
  // CHECK: %v4 = arith.addi %v2, %v3 : (index, index) -> index
  // CHECK: %v5 = arith.index_castui %v4 : (index) -> ui8
  // CHECK-LABEL: func.func @narrow_g0_kernel(%in0: memref<?xi8>, %in1: memref<?xi8>, %out: memref<?x?xi8>)
  // CHECK: %x1_s0 = arith.constant {value = 0 : index}
  // CHECK: %v0 = tile.load %in0, %x0_i : (memref<?xi8>, index) -> i8
  // CHECK: %v2 = arith.addi %v0, %v1 : (i8, i8) -> i8
  // CHECK: tile.store %v2, %out, %g, %c : (i8, memref<?x?xi8>, index, index) -> ()
}
