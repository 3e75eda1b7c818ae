// A barrier in a loop whose trip count depends on the tile: tile 0 leaves after one trip.
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %trips = arith.addi %t, %c1 : index
    "scf.for"(%c0, %trips, %c1) ({
    ^bb0(%i: index):
      tile.barrier : () -> ()  // OTHER: barriers
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    tile.store %tf, %out, %t : (f32, memref<8xf32>, index) -> ()
    return  // REPORT: barriers
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
