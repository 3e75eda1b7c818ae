// A float atomic add: refused in deterministic mode (its result depends on the tile order).
module {
  func.func @k(%acc: memref<1xf32>) attributes {tile.grid = [2], tile.tiles = 4, tile.lanes = 32} {
    %c0 = arith.constant {value = 0 : index} : index
    %one = arith.constant {value = 1.0 : f32} : f32
    %old = tile.atomic %one, %acc, %c0 {kind = "add"} : (f32, memref<1xf32>, index) -> f32
    return
  }
}
