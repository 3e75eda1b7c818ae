// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile --pass tile-to-target | FileCheck %s
// Schedule -> Tile: a group whose one result is an empty static tensor computes nothing; it
// becomes an empty tessera.constant, no launch (docs/ops/schedule/lowering.md,
// "Empty results"), and the program reaches Target IR whole.
module {
  // CHECK-LABEL: func.func @add(
  // CHECK-NOT: launch
  // CHECK: %[[C:.*]] = tessera.constant {schedule.group = @add_g0, value = dense<"0x"> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  // CHECK-NEXT: return %[[C]] : tensor<0x3xf32>
  func.func @add(%a: tensor<0x3xf32>, %b: tensor<1x3xf32>) -> tensor<0x3xf32> {
    %r = "tessera.add"(%a, %b) : (tensor<0x3xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
    return %r : tensor<0x3xf32>
  }
  // A non-empty operand, an empty slice of it.
  // CHECK-LABEL: func.func @slice(
  // CHECK-NOT: launch
  // CHECK: tessera.constant {schedule.group = @slice_g0, value = dense<"0x"> : tensor<0x5xbf16>}
  func.func @slice(%x: tensor<3x5xbf16>) -> tensor<0x5xbf16> {
    %r = "tessera.slice"(%x) {start = [3, 0], limit = [3, 5]} : (tensor<3x5xbf16>) -> tensor<0x5xbf16>
    return %r : tensor<0x5xbf16>
  }
  // Two results, both empty: the group keeps its kernel (one op per group for validate).
  // CHECK-LABEL: func.func @topk(
  // CHECK: tessera_nvidia.launch
  func.func @topk(%x: tensor<4x9xf32>) -> (tensor<4x0xf32>, tensor<4x0xi64>) {
    %v, %i = "tessera.topk"(%x) {k = 0} : (tensor<4x9xf32>) -> (tensor<4x0xf32>, tensor<4x0xi64>)
    return %v, %i : tensor<4x0xf32>, tensor<4x0xi64>
  }
  // An empty result next to a non-empty one: only the non-empty group launches.
  // CHECK-LABEL: func.func @both(
  // CHECK: tessera.constant {schedule.group = @both_g0
  // CHECK: tessera_nvidia.launch
  func.func @both(%a: tensor<0x3xf32>, %b: tensor<2x3xf32>) -> (tensor<0x3xf32>, tensor<2x3xf32>) {
    %0 = "tessera.mul"(%a, %a) : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<0x3xf32>
    %1 = "tessera.mul"(%b, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0, %1 : tensor<0x3xf32>, tensor<2x3xf32>
  }
}
