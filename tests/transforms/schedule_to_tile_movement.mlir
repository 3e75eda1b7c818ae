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
  // CHECK-LABEL: func.func @half(
  // CHECK: schedule.not_lowered = "no scalar register of bf16 (scalar registers hold integers, f32 and f64)"
  func.func @half(%x: tensor<3x5xbf16>) -> tensor<5x3xbf16> {
    %y = "tessera.transpose"(%x) : (tensor<3x5xbf16>) -> tensor<5x3xbf16>
    return %y : tensor<5x3xbf16>
  }
  // Transpose [2, 0, 1] of [2, 3, 4]: output dims step 1, 12, 4 in the input; rows (o0, o1).
  // CHECK-LABEL: func.func @tr_g0_kernel(%in: memref<?xf32>, %out: memref<?x?xf32>)
  // CHECK: %w = arith.constant {value = 3 : index}
  // CHECK: %slast = arith.constant {value = 4 : index}
  // CHECK: %at0 = arith.constant {value = 0 : index}
  // CHECK: %n1 = arith.constant {value = 2 : index}
  // CHECK: %s1 = arith.constant {value = 12 : index}
  // CHECK: %n0 = arith.constant {value = 4 : index}
  // CHECK: %s0 = arith.constant {value = 1 : index}
  // CHECK: "scf.for"(%c0, %w, %c1)
  // CHECK: %v = tile.load %in, %i : (memref<?xf32>, index) -> f32
  // CHECK: tile.store %v, %out, %g, %c : (f32, memref<?x?xf32>, index, index) -> ()
  // Slice start [1, 2], strides [3, 2] of [8, 9]: base 1 * 9 + 2 = 11, steps 27 and 2.
  // CHECK-LABEL: func.func @sl_g0_kernel(%in: memref<?xi64>, %out: memref<?x?xi64>)
  // CHECK: %slast = arith.constant {value = 2 : index}
  // CHECK: %at0 = arith.constant {value = 11 : index}
  // CHECK: %s0 = arith.constant {value = 27 : index}
}
