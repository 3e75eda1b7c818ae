// Writes element 0 of a register allocation and reads element 1.
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %r = tile.alloc_register : memref<4xf32, 5>
    tile.store %tf, %r, %c0 : (f32, memref<4xf32, 5>, index) -> ()
    %v = tile.load %r, %c1 : (memref<4xf32, 5>, index) -> f32  // REPORT: init
    tile.store %v, %out, %t : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
