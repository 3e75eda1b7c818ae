// Tile IR saxpy (examples/tile/saxpy.mlir).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: saxpy_1000_f32
// RULE: bitexact
// REQUIRES: op=tile.launch dtype=f32 level=tile
// INPUT: 0 tensor<1000xf32> npy:saxpy.saxpy_1000_f32.input0.npy
// INPUT: 1 tensor<1000xf32> npy:saxpy.saxpy_1000_f32.input1.npy
// INPUT: 2 tensor<f32> hex:3fe00000
// EXPECT: 0 tensor<1000xf32> npy:saxpy.saxpy_1000_f32.expect0.npy
// GENERATOR: conformance/gen/tile_kernels.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
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
