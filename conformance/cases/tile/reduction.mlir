// Tile IR shared-memory tree reduction (examples/tile/reduction.mlir).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: tree_reduction_4096_f32
// NOTE: Per-tile strided sums, then the tree: order documented in docs/tile-ir.md.
// RULE: bitexact
// REQUIRES: op=tile.barrier dtype=f32 level=tile
// INPUT: 0 tensor<4096xf32> npy:reduction.tree_reduction_4096_f32.input0.npy
// EXPECT: 0 tensor<4xf32> hex:45303c6e,c5907e89,c444d2bb,4430e2e3
// GENERATOR: conformance/gen/tile_kernels.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @reduce_kernel(%x: memref<4096xf32>, %out: memref<4xf32>) {
    %g = tile.group_id : index
    %t = tile.local_id : index
    %nt = tile.group_size : index
    %partial = tile.alloc_shared {swizzle = "none"} : memref<8xf32, 3>
    %chunk = arith.constant {value = 1024 : index} : index
    %base = arith.muli %g, %chunk : index
    %lo = arith.addi %base, %t : index
    %hi = arith.addi %base, %chunk : index
    %zero = arith.constant {value = 0.0 : f32} : f32
    %sum = "scf.for"(%lo, %hi, %nt, %zero) ({
    ^bb0(%i: index, %acc: f32):
      %v = tile.load %x, %i : (memref<4096xf32>, index) -> f32
      %acc2 = arith.addf %acc, %v : f32
      "scf.yield"(%acc2) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    tile.store %sum, %partial, %t : (f32, memref<8xf32, 3>, index) -> ()
    tile.barrier : () -> ()
    %c0 = arith.constant {value = 0 : index} : index
    %c2 = arith.constant {value = 2 : index} : index
    %half = arith.divsi %nt, %c2 : index
    %done = "scf.while"(%half) ({
    ^bb0(%stride: index):
      %more = arith.cmpi %stride, %c0 {predicate = 4} : (index, index) -> i1
      "scf.condition"(%more, %stride) : (i1, index) -> ()
    }, {
    ^bb0(%s: index):
      %active = arith.cmpi %t, %s {predicate = 2} : (index, index) -> i1
      "scf.if"(%active) ({
        %j = arith.addi %t, %s : index
        %mine = tile.load %partial, %t : (memref<8xf32, 3>, index) -> f32
        %other = tile.load %partial, %j : (memref<8xf32, 3>, index) -> f32
        %both = arith.addf %mine, %other : f32
        tile.store %both, %partial, %t : (f32, memref<8xf32, 3>, index) -> ()
        "scf.yield"() : () -> ()
      }, { "scf.yield"() : () -> () }) : (i1) -> ()
      tile.barrier : () -> ()
      %next = arith.divsi %s, %c2 : index
      "scf.yield"(%next) : (index) -> ()
    }) : (index) -> index
    %first = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    "scf.if"(%first) ({
      %total = tile.load %partial, %c0 : (memref<8xf32, 3>, index) -> f32
      tile.store %total, %out, %g : (f32, memref<4xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main(%x: tensor<4096xf32>) -> tensor<4xf32> {
    %sums = tile.launch %x {callee = @reduce_kernel, grid = [4], tiles = 8, lanes = 32}
        : (tensor<4096xf32>) -> tensor<4xf32>
    return %sums : tensor<4xf32>
  }
}
