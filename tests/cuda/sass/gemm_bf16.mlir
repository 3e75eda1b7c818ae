// A bf16 GEMM kernel (16x8 tile, K 256), written in Target IR by hand (Tile IR's bf16/fp8 GEMM does not lower
// with async copies yet): one warp stages A (16x256) and B (8x256, column-major) in shared memory
// with 16-byte cp.async, then runs the K loop with ldmatrix and mma.sync m16n8k16.
// tests/cuda/sass_test.py compiles it and checks the SASS for tensor-core MMA and LDGSTS.
module {
  func.func @gemm_bf16(%a: memref<4096xbf16>, %b: memref<2048xbf16>, %c: memref<128xf32>) {
    %l32 = tessera_nvidia.laneid : () -> i32
    %l = arith.index_cast %l32 : (i32) -> index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %c4 = arith.constant {value = 4 : index} : index
    %c32 = arith.constant {value = 32 : index} : index
    %cw = arith.constant {value = 8 : index} : index
    %na = arith.constant {value = 16 : index} : index
    %nb = arith.constant {value = 8 : index} : index
    %sa = tessera_nvidia.alloc_shared : () -> memref<16x256xbf16, 3>
    %sb = tessera_nvidia.alloc_shared : () -> memref<8x256xbf16, 3>
    "scf.for"(%c0, %na, %c1) ({
    ^bb0(%i: index):
      %j0 = arith.muli %i, %c32 : index
      %j = arith.addi %j0, %l : index
      %e = arith.muli %j, %cw : index
      tessera_nvidia.cp_async %a, %e, %sa, %e {bytes = 16} : (memref<4096xbf16>, index, memref<16x256xbf16, 3>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.for"(%c0, %nb, %c1) ({
    ^bb0(%i: index):
      %j0 = arith.muli %i, %c32 : index
      %j = arith.addi %j0, %l : index
      %e = arith.muli %j, %cw : index
      tessera_nvidia.cp_async %b, %e, %sb, %e {bytes = 16} : (memref<2048xbf16>, index, memref<8x256xbf16, 3>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    tessera_nvidia.cp_async_commit_group : () -> ()
    tessera_nvidia.cp_async_wait_group {n = 0} : () -> ()
    tessera_nvidia.bar_sync : () -> ()
    %ci = arith.muli %l, %c4 : index
    %acc0 = tessera_nvidia.ld %c, %ci : (memref<128xf32>, index) -> vector<4xf32>
    %kb = arith.constant {value = 16 : index} : index
    %kend = arith.constant {value = 256 : index} : index
    %acc = "scf.for"(%c0, %kend, %kb, %acc0) ({
    ^bb0(%k: index, %acc_in: vector<4xf32>):
      %c8 = arith.constant {value = 8 : index} : index
      %c16 = arith.constant {value = 16 : index} : index
      %ar = arith.remsi %l, %c16 : index
      %ah = arith.divsi %l, %c16 : index
      %ao = arith.muli %ah, %c8 : index
      %acol = arith.addi %k, %ao : index
      %fa = tessera_nvidia.ldmatrix %sa, %ar, %acol {num = 4, trans = false} : (memref<16x256xbf16, 3>, index, index) -> vector<8xbf16>
      %br = arith.remsi %l, %c8 : index
      %bh0 = arith.divsi %l, %c8 : index
      %c2 = arith.constant {value = 2 : index} : index
      %bh = arith.remsi %bh0, %c2 : index
      %bo = arith.muli %bh, %c8 : index
      %bcol = arith.addi %k, %bo : index
      %fb = tessera_nvidia.ldmatrix %sb, %br, %bcol {num = 2, trans = false} : (memref<8x256xbf16, 3>, index, index) -> vector<4xbf16>
      %d = tessera_nvidia.mma_sync %fa, %fb, %acc_in {shape = "m16n8k16"} : (vector<8xbf16>, vector<4xbf16>, vector<4xf32>) -> vector<4xf32>
      "scf.yield"(%d) : (vector<4xf32>) -> ()
    }) : (index, index, index, vector<4xf32>) -> vector<4xf32>
    tessera_nvidia.st %acc, %c, %ci : (vector<4xf32>, memref<128xf32>, index) -> ()
    return
  }
  func.func @main(%a: tensor<4096xbf16>, %b: tensor<2048xbf16>) -> tensor<128xf32> {
    %c = tessera_nvidia.launch %a, %b {callee = @gemm_bf16, grid = [1], block = [32]}
        : (tensor<4096xbf16>, tensor<2048xbf16>) -> tensor<128xf32>
    return %c : tensor<128xf32>
  }
}
