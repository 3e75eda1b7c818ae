// RUN: tessera-opt %s --pass tile-to-target | FileCheck %s
// Masked loads of i32 and i1 register tiles (the elementwise chains' integer and condition
// operands): an element outside reads 0 (i32: a select of the constant 0; i1: the inside
// predicate AND the value), comparisons and selects go per lane.
module {
  // CHECK-LABEL: func.func @k
  func.func @k(%a: memref<?x?xi32>, %m: memref<?x?xi1>, %out: memref<?x?xi32>) {
    %c0 = arith.constant {value = 0 : index} : index
    // CHECK: %[[Z:[0-9a-z_]+]] = arith.constant {value = 0 : i32} : () -> i32
    // CHECK: %[[V:[0-9a-z_]+]] = tessera_nvidia.ld %a, %{{.*}} : (memref<?x?xi32>, index) -> i32
    // CHECK: arith.select %{{.*}}, %[[V]], %[[Z]] : (i1, i32, i32) -> i32
    %x = tile.load_tile %a, %c0, %c0 {mask = true} : (memref<?x?xi32>, index, index) -> tensor<32x2xi32>
    // CHECK: %[[B:[0-9a-z_]+]] = tessera_nvidia.ld %m, %{{.*}} : (memref<?x?xi1>, index) -> i1
    // CHECK: arith.andi %{{.*}}, %[[B]] : (i1, i1) -> i1
    %c = tile.load_tile %m, %c0, %c0 {mask = true} : (memref<?x?xi1>, index, index) -> tensor<32x2xi1>
    // CHECK: arith.cmpi %{{.*}}, %{{.*}} {predicate = 5} : (i32, i32) -> i1
    %ge = arith.cmpi %x, %x {predicate = 5} : (tensor<32x2xi32>, tensor<32x2xi32>) -> tensor<32x2xi1>
    %both = arith.andi %ge, %c : tensor<32x2xi1>
    // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : (i1, i32, i32) -> i32
    %y = arith.select %both, %x, %x : (tensor<32x2xi1>, tensor<32x2xi32>, tensor<32x2xi32>) -> tensor<32x2xi32>
    tile.store_tile %y, %out, %c0, %c0 {mask = true} : (tensor<32x2xi32>, memref<?x?xi32>, index, index) -> ()
    return
  }
  func.func @main(%a: tensor<40x2xi32>, %m: tensor<40x2xi1>) -> tensor<40x2xi32> {
    %o = tile.launch %a, %m {callee = @k, grid = [1], tiles = 1, lanes = 32} : (tensor<40x2xi32>, tensor<40x2xi1>) -> tensor<40x2xi32>
    return %o : tensor<40x2xi32>
  }
}
