// RUN: tessera-opt %s --pass tile-to-target | FileCheck %s
// The pass's own index arithmetic folds constants: a tile loaded at the origin (0, 0) reads
// element (lane, c) at lane * 4 + c with no addition of the zero origin, and column 0 with no
// addition at all.
module {
  // CHECK-LABEL: func.func @k
  func.func @k(%a: memref<32x4xf32>, %out: memref<32x4xf32>) {
    // CHECK: %[[L32:[0-9a-z_]+]] = tessera_nvidia.laneid
    // CHECK-NEXT: %[[L:[0-9a-z_]+]] = arith.index_cast %[[L32]] : (i32) -> index
    // CHECK-NOT: arith.addi
    // CHECK: %[[I0:[0-9a-z_]+]] = arith.muli %[[L]], %{{[0-9a-z_]+}} : (index, index) -> index
    // CHECK-NEXT: tessera_nvidia.ld %a, %[[I0]] : (memref<32x4xf32>, index) -> f32
    // CHECK-NEXT: %[[R1:[0-9a-z_]+]] = arith.muli %[[L]], %{{[0-9a-z_]+}} : (index, index) -> index
    // CHECK-NEXT: %[[I1:[0-9a-z_]+]] = arith.addi %[[R1]], %{{[0-9a-z_]+}} : (index, index) -> index
    // CHECK-NEXT: tessera_nvidia.ld %a, %[[I1]] : (memref<32x4xf32>, index) -> f32
    %c0 = arith.constant {value = 0 : index} : index
    %t = tile.load_tile %a, %c0, %c0 : (memref<32x4xf32>, index, index) -> tensor<32x4xf32>
    // CHECK: tessera_nvidia.ld %a
    // CHECK: tessera_nvidia.ld %a
    // CHECK-NEXT: %[[J0:[0-9a-z_]+]] = arith.muli %[[L]], %{{[0-9a-z_]+}} : (index, index) -> index
    // CHECK-NEXT: tessera_nvidia.st %{{[0-9a-z_]+}}, %out, %[[J0]]
    tile.store_tile %t, %out, %c0, %c0 : (tensor<32x4xf32>, memref<32x4xf32>, index, index) -> ()
    return
  }
  func.func @main(%a: tensor<32x4xf32>) -> tensor<32x4xf32> {
    %o = tile.launch %a {callee = @k, grid = [1], tiles = 1, lanes = 32}
        : (tensor<32x4xf32>) -> tensor<32x4xf32>
    return %o : tensor<32x4xf32>
  }
}
