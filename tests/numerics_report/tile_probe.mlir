// --probe inside a tile kernel: 2 groups of 2 tiles; tile t of group g loads rows 4g .. 4g+3 of
// %x from column 4t (a 4x4 register tile %w), exponentiates it (%e), and stores the sum of %e at
// element 2g + t of %out. %k is the loop-carried count of an scf.for (a result of the loop).
module {
  func.func @k(%x: memref<8x8xf32>, %out: memref<4xf32>) {
    %g = tile.group_id : index
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %c2 = arith.constant {value = 2 : index} : index
    %c4 = arith.constant {value = 4 : index} : index
    %row = arith.muli %g, %c4 : index
    %col = arith.muli %t, %c4 : index
    %w = tile.load_tile %x, %row, %col : (memref<8x8xf32>, index, index) -> tensor<4x4xf32>
    %e = tile.exp %w : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %s = tile.reduce %e {kind = "sum"} : (tensor<4x4xf32>) -> f32
    %k = scf.for %i = %c0 to %t step %c1 iter_args(%a = %c0) -> (index) {
      %a1 = arith.addi %a, %c2 : index
      scf.yield %a1 : index
    }
    %g2 = arith.muli %g, %c2 : index
    %at = arith.addi %g2, %t : index
    tile.store %s, %out, %at : (f32, memref<4xf32>, index) -> ()
    return
  }
  func.func @main(%x: tensor<8x8xf32>) -> tensor<4xf32> {
    %o = tile.launch %x {callee = @k, grid = [2], tiles = 2, lanes = 32}
        : (tensor<8x8xf32>) -> tensor<4xf32>
    return %o : tensor<4xf32>
  }
}
