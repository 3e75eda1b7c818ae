// Tile IR double-buffered GEMM (examples/tile/gemm.mlir).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: gemm_128_f32
// NOTE: One FMA chain over k from +0 per element, like tessera.matmul.
// RULE: bitexact
// REQUIRES: op=tile.mma op=tile.async_copy dtype=f32 level=tile
// INPUT: 0 tensor<128x128xf32> npy:gemm.gemm_128_f32.input0.npy
// INPUT: 1 tensor<128x128xf32> npy:gemm.gemm_128_f32.input1.npy
// EXPECT: 0 tensor<128x128xf32> npy:gemm.gemm_128_f32.expect0.npy
// GENERATOR: conformance/gen/tile_kernels.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @gemm_kernel(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %t = tile.local_id : index
    %gm = tile.group_id {dim = 0} : index
    %gn = tile.group_id {dim = 1} : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %c2 = arith.constant {value = 2 : index} : index
    %c32 = arith.constant {value = 32 : index} : index
    %c64 = arith.constant {value = 64 : index} : index
    %kdim = tile.dim %a {dim = 1} : (memref<?x?xf32>) -> index
    %nk = arith.divsi %kdim, %c32 : index
    %m0 = arith.muli %gm, %c64 : index
    %n0 = arith.muli %gn, %c64 : index
    %tm = arith.divsi %t, %c2 : index
    %tn = arith.remsi %t, %c2 : index
    %qm = arith.muli %tm, %c32 : index
    %qn = arith.muli %tn, %c32 : index
    %sa0 = tile.alloc_shared {swizzle = "xor"} : memref<64x32xf32, 3>
    %sa1 = tile.alloc_shared {swizzle = "xor"} : memref<64x32xf32, 3>
    %sb0 = tile.alloc_shared {padding = 4} : memref<32x64xf32, 3>
    %sb1 = tile.alloc_shared {padding = 4} : memref<32x64xf32, 3>
    %is_a = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    %is_b = arith.cmpi %t, %c1 {predicate = 0} : (index, index) -> i1
    // Prefetch step 0 into buffers 0.
    "scf.if"(%is_a) ({
      tile.async_copy %a, %sa0, %m0, %c0 : (memref<?x?xf32>, memref<64x32xf32, 3>, index, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    "scf.if"(%is_b) ({
      tile.async_copy %b, %sb0, %c0, %n0 : (memref<?x?xf32>, memref<32x64xf32, 3>, index, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    tile.commit_group : () -> ()
    %zero = tile.zeros : tensor<32x32xf32>
    %acc = "scf.for"(%c0, %nk, %c1, %zero) ({
    ^bb0(%kb: index, %acc_in: tensor<32x32xf32>):
      %stage = arith.remsi %kb, %c2 : index
      %even = arith.cmpi %stage, %c0 {predicate = 0} : (index, index) -> i1
      %cur_a = arith.select %even, %sa0, %sa1 : (i1, memref<64x32xf32, 3>, memref<64x32xf32, 3>) -> memref<64x32xf32, 3>
      %cur_b = arith.select %even, %sb0, %sb1 : (i1, memref<32x64xf32, 3>, memref<32x64xf32, 3>) -> memref<32x64xf32, 3>
      %nxt_a = arith.select %even, %sa1, %sa0 : (i1, memref<64x32xf32, 3>, memref<64x32xf32, 3>) -> memref<64x32xf32, 3>
      %nxt_b = arith.select %even, %sb1, %sb0 : (i1, memref<32x64xf32, 3>, memref<32x64xf32, 3>) -> memref<32x64xf32, 3>
      %kn = arith.addi %kb, %c1 : index
      %more = arith.cmpi %kn, %nk {predicate = 2} : (index, index) -> i1
      %ka = arith.muli %kn, %c32 : index
      %issue_a = arith.andi %more, %is_a : i1
      %issue_b = arith.andi %more, %is_b : i1
      "scf.if"(%issue_a) ({
        tile.async_copy %a, %nxt_a, %m0, %ka : (memref<?x?xf32>, memref<64x32xf32, 3>, index, index) -> ()
        "scf.yield"() : () -> ()
      }, { "scf.yield"() : () -> () }) : (i1) -> ()
      "scf.if"(%issue_b) ({
        tile.async_copy %b, %nxt_b, %ka, %n0 : (memref<?x?xf32>, memref<32x64xf32, 3>, index, index) -> ()
        "scf.yield"() : () -> ()
      }, { "scf.yield"() : () -> () }) : (i1) -> ()
      tile.commit_group : () -> ()
      tile.wait_group {n = 1} : () -> ()
      tile.barrier : () -> ()
      %ta = tile.load_tile %cur_a, %qm, %c0 : (memref<64x32xf32, 3>, index, index) -> tensor<32x32xf32>
      %tb = tile.load_tile %cur_b, %c0, %qn : (memref<32x64xf32, 3>, index, index) -> tensor<32x32xf32>
      %acc_out = tile.mma %ta, %tb, %acc_in : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
      tile.barrier : () -> ()
      "scf.yield"(%acc_out) : (tensor<32x32xf32>) -> ()
    }) : (index, index, index, tensor<32x32xf32>) -> tensor<32x32xf32>
    %rm = arith.addi %m0, %qm : index
    %rn = arith.addi %n0, %qn : index
    tile.store_tile %acc, %c, %rm, %rn : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
    return
  }
  func.func @main(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> {
    %c = tile.launch %a, %b {callee = @gemm_kernel, grid = [2, 2], tiles = 4, lanes = 32}
        : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
    return %c : tensor<128x128xf32>
  }
}
