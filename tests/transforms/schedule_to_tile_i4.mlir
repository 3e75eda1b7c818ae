// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.cast from and to i4 (docs/ops/schedule/lowering.md, "Casts";
// schedule_to_tile_i4.cpp): the i4 tensor binds the kernel's memref<?xi8> as its packed bytes
// (launch_c3), one group per byte (ceil(n / 2) groups), both nibbles per group.
module {
  // CHECK-LABEL: func.func @to(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<5x3xf32>) -> tensor<15xf32>
  // CHECK: tile.launch %[[X]] {callee = @to_g0_kernel, grid = [8]{{.*}} : (tensor<15xf32>) -> tensor<15xi4>
  // CHECK: tessera.reshape %{{.*}} : (tensor<15xi4>) -> tensor<5x3xi4>
  func.func @to(%x: tensor<5x3xf32>) -> tensor<5x3xi4> {
    %0 = "tessera.cast"(%x) : (tensor<5x3xf32>) -> tensor<5x3xi4>
    return %0 : tensor<5x3xi4>
  }
  // CHECK-LABEL: func.func @from(
  // CHECK: tile.launch %{{.*}} {callee = @from_g0_kernel, grid = [2]{{.*}} : (tensor<4xi4>) -> tensor<4x1xbf16>
  func.func @from(%x: tensor<4xi4>) -> tensor<4xbf16> {
    %0 = "tessera.cast"(%x) : (tensor<4xi4>) -> tensor<4xbf16>
    return %0 : tensor<4xbf16>
  }
  // f4E2M1FN holds neither 5 nor 7: the cast stays.
  // CHECK-LABEL: func.func @fp4(
  // CHECK: schedule.not_lowered = "no exact scalar lowering for a cast from i4 to f4E2M1FN: the result is neither a float that holds [-8, 7] exactly nor a signed integer of 8 to 64 bits"
  func.func @fp4(%x: tensor<4xi4>) -> tensor<4xf4E2M1FN> {
    %0 = "tessera.cast"(%x) : (tensor<4xi4>) -> tensor<4xf4E2M1FN>
    return %0 : tensor<4xf4E2M1FN>
  }
  // To i4: elements 2g and min(2g + 1, 14), each truncated (fptosi), clamped to [-8, 7]; the
  // high nibble 0 past the end; the byte (hi << 4) | (lo & 15) stored as i8.
  // CHECK-LABEL: func.func @to_g0_kernel(%in0: memref<?xf32>, %out: memref<?xi8>)
  // CHECK: %[[LO:.*]] = arith.muli %g, %{{.*}} : (index, index) -> index
  // CHECK: tile.load %in0, %[[LO]] : (memref<?xf32>, index) -> f32
  // CHECK: arith.fptosi %{{.*}} : (f32) -> i64
  // CHECK: arith.maxsi
  // CHECK: arith.minsi
  // CHECK: arith.cmpi %{{.*}}, %{{.*}} {predicate = "sle"}
  // CHECK: arith.shli
  // CHECK: arith.ori
  // CHECK: %[[B:.*]] = arith.index_cast %{{.*}} : (index) -> i8
  // CHECK: tile.store %[[B]], %out, %g : (i8, memref<?xi8>, index) -> ()
  // From i4: the byte sign-extended, lo = (b << 60) >> 60, hi = b >> 4; the second element only
  // when 2g + 1 < n.
  // CHECK-LABEL: func.func @from_g0_kernel(%in0: memref<?xi8>, %out: memref<?x?xbf16>)
  // CHECK: tile.load %in0, %g : (memref<?xi8>, index) -> i8
  // CHECK: arith.index_cast %{{.*}} : (i8) -> index
  // CHECK: arith.shli
  // CHECK: arith.shrsi
  // CHECK: arith.sitofp %{{.*}} : (i64) -> bf16
  // CHECK: "scf.if"
  // CHECK: arith.sitofp %{{.*}} : (i64) -> bf16
}
