// wait_group {n = 1} leaves the newest copy in flight, and the kernel reads it.
module {
  func.func @k(%x_m: memref<16x16xf32>, %out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c8 = arith.constant {value = 8 : index} : index
    %sa = tile.alloc_shared : memref<8x16xf32, 3>
    %sb = tile.alloc_shared : memref<8x16xf32, 3>
    %first = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    "scf.if"(%first) ({
      tile.async_copy %x_m, %sa, %c0, %c0 : (memref<16x16xf32>, memref<8x16xf32, 3>, index, index) -> ()
      tile.commit_group : () -> ()
      tile.async_copy %x_m, %sb, %c8, %c0 : (memref<16x16xf32>, memref<8x16xf32, 3>, index, index) -> ()  // OTHER: async
      tile.commit_group : () -> ()
      tile.wait_group {n = 1} : () -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    tile.barrier : () -> ()
    %w = tile.load_tile %sb, %c0, %c0 : (memref<8x16xf32, 3>, index, index) -> tensor<8x16xf32>  // REPORT: async
    %r = tile.reduce %w {kind = "sum"} : (tensor<8x16xf32>) -> f32
    tile.store %r, %out, %t : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main(%x: tensor<16x16xf32>) -> tensor<8xf32> {
    %o = tile.launch %x {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : (tensor<16x16xf32>) -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
