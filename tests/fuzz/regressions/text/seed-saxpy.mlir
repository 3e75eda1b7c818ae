// saxpy: out = alpha * x + y, one element per tile (programming guide, quick start example 1).
// Graph IR @main launches the Tile IR kernel @saxpy_kernel on 32 groups of 32 tiles.
module {
  func.func @saxpy_kernel(%x: memref<1000xf32>, %y: memref<1000xf32>, %alpha: f32,
                          %out: memref<1000xf32>) {
    %i = tile.linear_id : index
    %n = arith.constant {value = 1000 : index} : index
    %inside = arith.cmpi %i, %n {predicate = 2} : (index, index) -> i1
    "scf.if"(%inside) ({
      %xv = tile.load %x, %i : (memref<1000xf32>, index) -> f32
      %yv = tile.load %y, %i : (memref<1000xf32>, index) -> f32
      %ax = arith.mulf %alpha, %xv : f32
      %r = arith.addf %ax, %yv : f32
      tile.store %r, %out, %i : (f32, memref<1000xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main(%x: tensor<1000xf32>, %y: tensor<1000xf32>, %alpha: tensor<f32>)
      -> tensor<1000xf32> {
    %out = tile.launch %x, %y, %alpha {callee = @saxpy_kernel, grid = [32], tiles = 32, lanes = 32}
        : (tensor<1000xf32>, tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
    return %out : tensor<1000xf32>
  }
}
