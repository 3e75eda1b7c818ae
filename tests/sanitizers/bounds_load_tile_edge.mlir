// A 16x16 window at (8, 8) of a 16x16 matrix without mask = true reads past both edges.
module {
  func.func @k(%x_m: memref<16x16xf32>, %out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c8 = arith.constant {value = 8 : index} : index
    %w = tile.load_tile %x_m, %c8, %c8 : (memref<16x16xf32>, index, index) -> tensor<16x16xf32>  // REPORT: bounds
    %r = tile.reduce %w {kind = "sum"} : (tensor<16x16xf32>) -> f32
    tile.store %r, %out, %t : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main(%x: tensor<16x16xf32>) -> tensor<8xf32> {
    %o = tile.launch %x {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : (tensor<16x16xf32>) -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
