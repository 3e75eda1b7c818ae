// Progress of tile groups: @main runs an add, then launches @k on a 3x2 grid (6 groups of 4
// tiles), then a sub; @k also runs directly (tile.grid) when --entry k.
module {
  func.func @k(%x: memref<24xf32>, %out: memref<24xf32>) attributes {tile.grid = [3, 2], tile.tiles = 4} {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<24xf32>, index) -> f32
    %r = arith.addf %v, %v : f32
    tile.store %r, %out, %i : (f32, memref<24xf32>, index) -> ()
    return
  }
  func.func @main(%x: tensor<24xf32>) -> tensor<24xf32> {
    %a = tessera.add %x, %x : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %o = tile.launch %a {callee = @k, grid = [3, 2], tiles = 4, lanes = 32}
        : (tensor<24xf32>) -> tensor<24xf32>
    %s = tessera.sub %o, %x : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    return %s : tensor<24xf32>
  }
}
