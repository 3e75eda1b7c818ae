// Tile IR causal flash attention (examples/tile/flash_attention.mlir).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: flash_attention_causal_128x64_f32
// NOTE: exp is the spec's expf (docs/numerics.md), modelled by spec_expf.py.
// RULE: bitexact
// REQUIRES: op=tile.mma op=tile.row_max dtype=f32 level=tile
// INPUT: 0 tensor<1x1x128x64xf32> npy:flash_attention.flash_attention_causal_128x64_f32.input0.npy
// INPUT: 1 tensor<1x1x128x64xf32> npy:flash_attention.flash_attention_causal_128x64_f32.input1.npy
// INPUT: 2 tensor<1x1x128x64xf32> npy:flash_attention.flash_attention_causal_128x64_f32.input2.npy
// EXPECT: 0 tensor<1x1x128x64xf32> npy:flash_attention.flash_attention_causal_128x64_f32.expect0.npy
// GENERATOR: conformance/gen/tile_kernels.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @attn_kernel(%q: memref<1x1x?x64xf32>, %k: memref<1x1x?x64xf32>,
                         %v: memref<1x1x?x64xf32>, %o: memref<1x1x?x64xf32>) {
    %t = tile.local_id : index
    %g = tile.group_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %c32 = arith.constant {value = 32 : index} : index
    %c64 = arith.constant {value = 64 : index} : index
    %scale = arith.constant {value = 0.125 : f32} : f32
    %sk = tile.alloc_shared : memref<64x64xf32, 3>
    %sv = tile.alloc_shared : memref<64x64xf32, 3>
    %gq = arith.muli %g, %c64 : index
    %tq = arith.muli %t, %c32 : index
    %q0 = arith.addi %gq, %tq : index
    %qt = tile.load_tile %q, %c0, %c0, %q0, %c0 : (memref<1x1x?x64xf32>, index, index, index, index) -> tensor<32x64xf32>
    %m_init = tile.full {value = 0xFF800000 : f32} : tensor<32xf32>
    %l_init = tile.zeros : tensor<32xf32>
    %acc_init = tile.zeros : tensor<32x64xf32>
    %s_zero = tile.zeros : tensor<32x64xf32>
    %scale_t = tile.broadcast %scale : (f32) -> tensor<32x64xf32>
    %nkb = arith.addi %g, %c1 : index
    %is_k = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    %m, %l, %acc = "scf.for"(%c0, %nkb, %c1, %m_init, %l_init, %acc_init) ({
    ^bb0(%kb: index, %m_i: tensor<32xf32>, %l_i: tensor<32xf32>, %acc_i: tensor<32x64xf32>):
      %k0 = arith.muli %kb, %c64 : index
      "scf.if"(%is_k) ({
        tile.async_copy %k, %sk, %c0, %c0, %k0, %c0 : (memref<1x1x?x64xf32>, memref<64x64xf32, 3>, index, index, index, index) -> ()
        "scf.yield"() : () -> ()
      }, {
        tile.async_copy %v, %sv, %c0, %c0, %k0, %c0 : (memref<1x1x?x64xf32>, memref<64x64xf32, 3>, index, index, index, index) -> ()
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      tile.commit_group : () -> ()
      tile.wait_group {n = 0} : () -> ()
      tile.barrier : () -> ()
      %kt = tile.load_tile %sk, %c0, %c0 : (memref<64x64xf32, 3>, index, index) -> tensor<64x64xf32>
      %vt = tile.load_tile %sv, %c0, %c0 : (memref<64x64xf32, 3>, index, index) -> tensor<64x64xf32>
      %dots = tile.mma %qt, %kt, %s_zero {layout_b = "col"} : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
      %scaled = arith.mulf %dots, %scale_t : tensor<32x64xf32>
      %s = tile.causal_mask %scaled, %q0, %k0 : (tensor<32x64xf32>, index, index) -> tensor<32x64xf32>
      %rmax = tile.row_max %s : (tensor<32x64xf32>) -> tensor<32xf32>
      %m_new = tile.maximum %m_i, %rmax : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
      %dm = arith.subf %m_i, %m_new : tensor<32xf32>
      %alpha = tile.exp %dm : (tensor<32xf32>) -> tensor<32xf32>
      %l_scaled = arith.mulf %l_i, %alpha : tensor<32xf32>
      %m_rows = tile.broadcast %m_new : (tensor<32xf32>) -> tensor<32x64xf32>
      %shift = arith.subf %s, %m_rows : tensor<32x64xf32>
      %p = tile.exp %shift : (tensor<32x64xf32>) -> tensor<32x64xf32>
      %l_new = tile.row_sum %p, %l_scaled : (tensor<32x64xf32>, tensor<32xf32>) -> tensor<32xf32>
      %alpha_rows = tile.broadcast %alpha : (tensor<32xf32>) -> tensor<32x64xf32>
      %acc_scaled = arith.mulf %acc_i, %alpha_rows : tensor<32x64xf32>
      %acc_new = tile.mma %p, %vt, %acc_scaled : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
      tile.barrier : () -> ()
      "scf.yield"(%m_new, %l_new, %acc_new) : (tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>) -> ()
    }) : (index, index, index, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>) -> (tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>)
    %l_rows = tile.broadcast %l : (tensor<32xf32>) -> tensor<32x64xf32>
    %out = arith.divf %acc, %l_rows : tensor<32x64xf32>
    tile.store_tile %out, %o, %c0, %c0, %q0, %c0 : (tensor<32x64xf32>, memref<1x1x?x64xf32>, index, index, index, index) -> ()
    return
  }
  func.func @main(%q: tensor<1x1x128x64xf32>, %k: tensor<1x1x128x64xf32>, %v: tensor<1x1x128x64xf32>)
      -> tensor<1x1x128x64xf32> {
    %o = tile.launch %q, %k, %v {callee = @attn_kernel, grid = [2], tiles = 2, lanes = 32}
        : (tensor<1x1x128x64xf32>, tensor<1x1x128x64xf32>, tensor<1x1x128x64xf32>) -> tensor<1x1x128x64xf32>
    return %o : tensor<1x1x128x64xf32>
  }
}
