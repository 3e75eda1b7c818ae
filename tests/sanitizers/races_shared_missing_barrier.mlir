// Missing barrier between a tile's store and a neighbour's load: tile 1's store races with tile 0's earlier read.
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %s = tile.alloc_shared : memref<8xf32, 3>
    tile.store %tf, %s, %t : (f32, memref<8xf32, 3>, index) -> ()  // REPORT: races
    %n = arith.constant {value = 8 : index} : index
    %t1 = arith.addi %t, %c1 : index
    %j = arith.remsi %t1, %n : index
    %v = tile.load %s, %j : (memref<8xf32, 3>, index) -> f32  // OTHER: races
    tile.store %v, %out, %t : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
