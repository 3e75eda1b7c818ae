// Every tile writes shared slot 0 in the same barrier epoch (write-write race).
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %s = tile.alloc_shared : memref<8xf32, 3>
    tile.store %tf, %s, %c0 : (f32, memref<8xf32, 3>, index) -> ()  // REPORT: races // OTHER: races
    tile.barrier : () -> ()
    %v = tile.load %s, %c0 : (memref<8xf32, 3>, index) -> f32
    tile.store %v, %out, %t : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
