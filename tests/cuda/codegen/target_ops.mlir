// The CUDA text of each Target op family (expected lines written by hand from
// docs/ops/target/ and the PTX ISA), and an NVRTC compile of the result for three architectures.
// RUN: tessera-cuda-gen %s --arch sm_90 | FileCheck %s
// RUN: tessera-cuda-gen %s --compile --arch sm_80,sm_90,sm_100 | FileCheck %s
module {
  func.func @k(%a: memref<1024xf32>, %h: memref<512xbf16>, %c: memref<1xi32>, %n: i32,
               %o: memref<1024xf32>) {
    // CHECK: extern "C" __global__ void tsr_k(float* [[A:v[0-9]+]], __nv_bfloat16* [[H:v[0-9]+]], tsr::i32* [[C:v[0-9]+]], tsr::i32 [[N:v[0-9]+]], float* [[O:v[0-9]+]]) {
    %t = tessera_nvidia.tid {dim = 0} : () -> i32
    // CHECK: const tsr::i32 [[T:v[0-9]+]] = (tsr::i32)threadIdx.x;
    %b = tessera_nvidia.ctaid {dim = 1} : () -> i32
    // CHECK: = (tsr::i32)blockIdx.y;
    %l = tessera_nvidia.laneid : () -> i32
    // CHECK: const tsr::i32 [[L:v[0-9]+]] = tsr::laneid();
    %w = tessera_nvidia.warpid : () -> i32
    // CHECK: = tsr::warp_index();
    %four = arith.constant {value = 4 : i32} : () -> i32
    // CHECK: const tsr::i32 [[FOUR:v[0-9]+]] = 0x4ull;
    %i = arith.muli %l, %four : (i32, i32) -> i32
    // CHECK: tsr::i32 [[I:v[0-9]+]] = tsr::muli([[L]], [[FOUR]]);
    %v = tessera_nvidia.ld %a, %i : (memref<1024xf32>, i32) -> vector<4xf32>
    // CHECK: tsr::vec<float, 4> {{v[0-9]+}} = tsr::ldv<4>([[A]], (tsr::i64)[[I]]);
    %x = tessera_nvidia.ld %a, %t : (memref<1024xf32>, i32) -> f32
    // CHECK: float [[X:v[0-9]+]] = tsr::ld([[A]], (tsr::i64)[[T]]);
    %y = tessera_nvidia.fma %x, %x, %x : (f32, f32, f32) -> f32
    // CHECK: float [[Y:v[0-9]+]] = __fmaf_rn([[X]], [[X]], [[X]]);
    %e = tessera_nvidia.exp %y : (f32) -> f32
    // CHECK: float [[E:v[0-9]+]] = tsr::exp_f32([[Y]]);
    %sq = tessera_nvidia.sqrt %y : (f32) -> f32
    // CHECK: float {{v[0-9]+}} = __fsqrt_rn([[Y]]);
    %s = arith.addf %e, %y : (f32, f32) -> f32
    // CHECK: float [[S:v[0-9]+]] = __fadd_rn([[E]], [[Y]]);
    %full = arith.constant {value = -1 : i32} : () -> i32
    %one = arith.constant {value = 1 : i32} : () -> i32
    %r = tessera_nvidia.shfl_sync %s, %one, %full {mode = "bfly"} : (f32, i32, i32) -> f32
    // CHECK: float [[R:v[0-9]+]] = tsr::shfl_bfly([[S]], {{v[0-9]+}}, {{v[0-9]+}});
    %p = arith.cmpi %l, %n {predicate = 6} : (i32, i32) -> i1
    // CHECK: bool [[P:v[0-9]+]] = (tsr::as_uns([[L]]) < tsr::as_uns([[N]]));
    %bal = tessera_nvidia.vote_sync %p, %full {mode = "ballot"} : (i1, i32) -> i32
    // CHECK: tsr::i32 {{v[0-9]+}} = tsr::vote_ballot([[P]], {{v[0-9]+}});
    %sh = tessera_nvidia.alloc_shared : () -> memref<64x32xbf16, 3>
    // CHECK: __shared__ __align__(16) __nv_bfloat16 [[SH:v[0-9]+]]_mem[2048];
    tessera_nvidia.cp_async %h, %i, %sh, %i {bytes = 8} : (memref<512xbf16>, i32, memref<64x32xbf16, 3>, i32) -> ()
    // CHECK: tsr::cp_async<8>([[SH]] + (tsr::i64)[[I]], [[H]] + (tsr::i64)[[I]], 8u);
    tessera_nvidia.cp_async_commit_group : () -> ()
    // CHECK-NEXT: tsr::cp_async_commit();
    tessera_nvidia.cp_async_wait_group {n = 0} : () -> ()
    // CHECK-NEXT: tsr::cp_async_wait<0>();
    tessera_nvidia.bar_sync : () -> ()
    // CHECK-NEXT: tsr::bar_sync();
    %zero = arith.constant {value = 0 : i32} : () -> i32
    %fa = tessera_nvidia.ldmatrix %sh, %l, %zero {num = 4, trans = false} : (memref<64x32xbf16, 3>, i32, i32) -> vector<8xbf16>
    // CHECK: tsr::vec<float, 8> [[FA:v[0-9]+]] = tsr::ldmatrix<4, false>([[SH]] + (tsr::i64)[[L]] * 32 + (tsr::i64){{v[0-9]+}});
    %fb = tessera_nvidia.ldmatrix %sh, %l, %zero {num = 2, trans = true} : (memref<64x32xbf16, 3>, i32, i32) -> vector<4xbf16>
    // CHECK: tsr::vec<float, 4> [[FB:v[0-9]+]] = tsr::ldmatrix<2, true>(
    %fd = tessera_nvidia.mma_sync %fa, %fb, %v {shape = "m16n8k16"} : (vector<8xbf16>, vector<4xbf16>, vector<4xf32>) -> vector<4xf32>
    // CHECK: tsr::vec<float, 4> [[FD:v[0-9]+]] = tsr::mma_m16n8k16_bf16([[FA]], [[FB]], {{v[0-9]+}});
    tessera_nvidia.st %fd, %o, %i : (vector<4xf32>, memref<1024xf32>, i32) -> ()
    // CHECK: tsr::stv<4>([[O]], (tsr::i64)[[I]], [[FD]]);
    %old = tessera_nvidia.atom %one, %c, %zero {kind = "add"} : (i32, memref<1xi32>, i32) -> i32
    // CHECK: tsr::i32 {{v[0-9]+}} = atomicAdd([[C]] + (tsr::i64){{v[0-9]+}}, {{v[0-9]+}});
    "scf.if"(%p) ({
      tessera_nvidia.st %r, %o, %t : (f32, memref<1024xf32>, i32) -> ()
      scf.yield : () -> ()
    }, {
      scf.yield : () -> ()
    }) : (i1) -> ()
    // CHECK: if ([[P]]) {
    // CHECK-NEXT: tsr::st([[O]], (tsr::i64)[[T]], [[R]]);
    // CHECK-NEXT: }
    tessera_nvidia.exit : () -> ()
    // CHECK-NEXT: return;
    return
  }
  func.func @main(%a: tensor<1024xf32>, %h: tensor<512xbf16>, %c: tensor<1xi32>, %n: tensor<i32>) -> tensor<1024xf32> {
    %o = tessera_nvidia.launch %a, %h, %c, %n {callee = @k, grid = [1], block = [32]} : (tensor<1024xf32>, tensor<512xbf16>, tensor<1xi32>, tensor<i32>) -> tensor<1024xf32>
    return %o : tensor<1024xf32>
  }
}
