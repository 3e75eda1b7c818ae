// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile, data movement (docs/ops/schedule/lowering.md, "Data movement"): the operand
// goes in as [N], the result comes out as [rows, width]; each output row g reads
// in[base + sum_d o_d * s_d] with s_d the input stride of the output dim (0 when repeated).
module {
  // CHECK-LABEL: func.func @tr(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<2x3x4xf32>) -> tensor<24xf32>
  // CHECK: %[[L:.*]] = tile.launch %[[X]] {callee = @tr_g0_kernel, grid = [8], lanes = 32, tiles = 1} : (tensor<24xf32>) -> tensor<8x3xf32>
  // CHECK: tessera.reshape %[[L]] {schedule.group = @tr_g0} : (tensor<8x3xf32>) -> tensor<4x2x3xf32>
  func.func @tr(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
    %y = "tessera.transpose"(%x) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    return %y : tensor<4x2x3xf32>
  }
  // CHECK-LABEL: func.func @sl(
  // CHECK: tile.launch %{{.*}} {callee = @sl_g0_kernel, grid = [3]
  func.func @sl(%x: tensor<8x9xi64>) -> tensor<3x4xi64> {
    %y = "tessera.slice"(%x) {start = [1, 2], limit = [8, 9], strides = [3, 2]} : (tensor<8x9xi64>) -> tensor<3x4xi64>
    return %y : tensor<3x4xi64>
  }
  // CHECK-LABEL: func.func @cat(
  // CHECK: %[[A:.*]] = tessera.reshape %a : (tensor<2x3xi32>) -> tensor<6xi32>
  // CHECK: %[[B:.*]] = tessera.reshape %b : (tensor<1x3xi32>) -> tensor<3xi32>
  // CHECK: tile.launch %[[A]], %[[B]] {callee = @cat_g0_kernel, grid = [3]
  func.func @cat(%a: tensor<2x3xi32>, %b: tensor<1x3xi32>) -> tensor<3x3xi32> {
    %y = "tessera.concat"(%a, %b) {axis = 0} : (tensor<2x3xi32>, tensor<1x3xi32>) -> tensor<3x3xi32>
    return %y : tensor<3x3xi32>
  }
  // A storage-only element type: the kernel moves bf16 scalars.
  // CHECK-LABEL: func.func @half(
  // CHECK: tile.launch %{{.*}} {callee = @half_g0_kernel, grid = [5], lanes = 32, tiles = 1} : (tensor<15xbf16>) -> tensor<5x3xbf16>
  func.func @half(%x: tensor<3x5xbf16>) -> tensor<5x3xbf16> {
    %y = "tessera.transpose"(%x) : (tensor<3x5xbf16>) -> tensor<5x3xbf16>
    return %y : tensor<5x3xbf16>
  }
  // A view: squeeze keeps the row-major order (reshape's map).
  // CHECK-LABEL: func.func @sq(
  // CHECK: tile.launch %{{.*}} {callee = @sq_g0_kernel, grid = [3], lanes = 32, tiles = 1} : (tensor<12xf32>) -> tensor<3x4xf32>
  func.func @sq(%x: tensor<1x3x1x4xf32>) -> tensor<3x4xf32> {
    %y = "tessera.squeeze"(%x) {axes = [0, 2]} : (tensor<1x3x1x4xf32>) -> tensor<3x4xf32>
    return %y : tensor<3x4xf32>
  }
  // A constant: one group stores each element; a bf16 element is an exact f32 constant rounded
  // (exactly) by arith.truncf.
  // CHECK-LABEL: func.func @cst(
  // CHECK: %[[C:.*]] = tile.launch {callee = @cst_g0_kernel, grid = [1], lanes = 32, tiles = 1} : () -> tensor<2x2xbf16>
  // CHECK: %y = tessera.reshape %[[C]] {schedule.group = @cst_g0}
  func.func @cst() -> tensor<2x2xbf16> {
    %y = "tessera.constant"() {value = dense<"0x803FC0BF00800000"> : tensor<2x2xbf16>} : () -> tensor<2x2xbf16>
    return %y : tensor<2x2xbf16>
  }
  // Softmax along axis 0: the transposes placed around the row kernel's launch become gather
  // launches; the last reshape takes over the group's result and its schedule.group.
  // CHECK-LABEL: func.func @sm(
  // CHECK: %[[F:.*]] = tessera.reshape %x : (tensor<5x7xf32>) -> tensor<35xf32>
  // CHECK: %[[T:.*]] = tile.launch %[[F]] {callee = @sm_move0_kernel, grid = [7], lanes = 32, tiles = 1} : (tensor<35xf32>) -> tensor<7x5xf32>
  // CHECK: tile.launch %{{.*}} {callee = @sm_g0_kernel
  // CHECK: tile.launch %{{.*}} {callee = @sm_move1_kernel, grid = [5], lanes = 32, tiles = 1} : (tensor<35xf32>) -> tensor<5x7xf32>
  // CHECK-NEXT: %y = tessera.reshape %{{.*}} {schedule.group = @sm_g0} : (tensor<5x7xf32>) -> tensor<5x7xf32>
  // CHECK-NOT: tessera.transpose
  // CHECK: return %y
  func.func @sm(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
    %y = "tessera.softmax"(%x) {axis = 0} : (tensor<5x7xf32>) -> tensor<5x7xf32>
    return %y : tensor<5x7xf32>
  }
  // Transpose [2, 0, 1] of [2, 3, 4]: output dims step 1, 12, 4 in the input; rows (o0, o1).
  // CHECK-LABEL: func.func @tr_g0_kernel(%in0: memref<?xf32>, %out: memref<?x?xf32>)
  // CHECK: %n1 = arith.constant {value = 2 : index}
  // CHECK: %n0 = arith.constant {value = 4 : index}
  // CHECK: %x0_at = arith.constant {value = 0 : index}
  // CHECK: %x0_s0 = arith.constant {value = 1 : index}
  // CHECK: %x0_s1 = arith.constant {value = 12 : index}
  // CHECK: %x0_w = arith.constant {value = 3 : index}
  // CHECK: %x0_sl = arith.constant {value = 4 : index}
  // CHECK: "scf.for"(%c0, %x0_w, %c1)
  // CHECK: %x0_v = tile.load %in0, %x0_i : (memref<?xf32>, index) -> f32
  // CHECK: tile.store %x0_v, %out, %g, %x0_j : (f32, memref<?x?xf32>, index, index) -> ()
  // Slice start [1, 2], strides [3, 2] of [8, 9]: base 1 * 9 + 2 = 11, steps 27 and 2.
  // CHECK-LABEL: func.func @sl_g0_kernel(%in0: memref<?xi64>, %out: memref<?x?xi64>)
  // CHECK: %x0_at = arith.constant {value = 11 : index}
  // CHECK: %x0_s0 = arith.constant {value = 27 : index}
  // CHECK: %x0_sl = arith.constant {value = 2 : index}
  // Concat along the rows: operand 1 writes the rows with 2 <= o0 < 3, reading row o0 - 2.
  // CHECK-LABEL: func.func @cat_g0_kernel(%in0: memref<?xi32>, %in1: memref<?xi32>, %out: memref<?x?xi32>)
  // CHECK: %x1_lo = arith.constant {value = 2 : index}
  // CHECK: %x1_hi = arith.constant {value = 3 : index}
  // CHECK: %x1_ge = arith.cmpi %o0, %x1_lo {predicate = "sge"}
  // CHECK: %x1_lt = arith.cmpi %o0, %x1_hi {predicate = "slt"}
  // CHECK: "scf.if"(%x1_in)
  // CHECK: %x1_o0 = arith.subi %o0, %x1_lo
  // CHECK-LABEL: func.func @half_g0_kernel(%in0: memref<?xbf16>, %out: memref<?x?xbf16>)
  // CHECK: %x0_v = tile.load %in0, %x0_i : (memref<?xbf16>, index) -> bf16
  // CHECK: tile.store %x0_v, %out, %g, %x0_j : (bf16, memref<?x?xbf16>, index, index) -> ()
  // CHECK-LABEL: func.func @cst_g0_kernel(%out: memref<?x?xbf16>)
  // CHECK: %v1 = arith.constant {value = -1.5e+00 : f32}
  // CHECK-NEXT: %v1n = arith.truncf %v1 : (f32) -> bf16
  // CHECK-NEXT: tile.store %v1n, %out, %i0, %i1 : (bf16, memref<?x?xbf16>, index, index) -> ()
  // CHECK: %v2 = arith.constant {value = -0.0e+00 : f32}
  // CHECK: tile.store %v2n, %out, %i1, %i0
  // The transpose of [5, 7]: output dim 0 steps 1 in the input, a row's columns step 7.
  // CHECK-LABEL: func.func @sm_move0_kernel(%in0: memref<?xf32>, %out: memref<?x?xf32>)
  // CHECK: %x0_s0 = arith.constant {value = 1 : index}
  // CHECK: %x0_sl = arith.constant {value = 7 : index}
  // CHECK-LABEL: func.func @sm_move1_kernel(%in0: memref<?xf32>, %out: memref<?x?xf32>)
}
