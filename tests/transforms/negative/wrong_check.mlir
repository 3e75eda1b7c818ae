// RUN: tessera-opt %s --pass insert-collectives | FileCheck %s
// A deliberately wrong expectation: the pass inserts no all_gather here, so this run must fail.
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  // CHECK: tessera.all_gather
  func.func @f(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %y = "tessera.relu"(%x) : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %y : tensor<8x4xf32>
  }
}
