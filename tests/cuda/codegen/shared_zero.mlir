// Shared memory starts zeroed in the interpreters (docs/ops/tile/memory.md tile.alloc_shared,
// docs/ops/target/memory.md); on the device it is undefined. In deterministic mode the generator
// declares every shared array at the kernel's start and the block zeroes them together before a
// barrier, ahead of any other statement (also for an array allocated inside a loop); default
// mode declares them in place, unzeroed. Expected text written by hand from docs/cuda.md.
// RUN: tessera-cuda-gen %s --deterministic --arch sm_90 | FileCheck %s --check-prefix=DET
// RUN: tessera-cuda-gen %s --deterministic --compile --arch sm_80,sm_90,sm_100 | FileCheck %s --check-prefix=DET
// RUN: tessera-cuda-gen %s --arch sm_90 | FileCheck %s --check-prefix=DEF
module {
  func.func @k(%o: memref<64xf32>) {
    // DET: extern "C" __global__ void tsr_k(float* [[O:v[0-9]+]]) {
    // DET-NEXT: __shared__ __align__(16) float [[A:v[0-9]+]]_mem[96];
    // DET-NEXT: __shared__ __align__(16) tsr::f8e4m3 [[B:v[0-9]+]]_mem[7];
    // DET-NEXT: tsr::zero_shared([[A]]_mem, sizeof [[A]]_mem);
    // DET-NEXT: tsr::zero_shared([[B]]_mem, sizeof [[B]]_mem);
    // DET-NEXT: tsr::bar_sync();
    // DET-NEXT: tsr::i32 [[T:v[0-9]+]] = (tsr::i32)threadIdx.x;
    // DEF: extern "C" __global__ void tsr_k(
    // DEF-NOT: zero_shared
    // DEF: __shared__ __align__(16) float {{v[0-9]+}}_mem[96];
    // DEF-NOT: zero_shared
    %t = tessera_nvidia.tid {dim = 0} : () -> i32
    %a = tessera_nvidia.alloc_shared : () -> memref<3x32xf32, 3>
    // DET: float* [[A]] = [[A]]_mem;
    %x = tessera_nvidia.ld %a, %t : (memref<3x32xf32, 3>, i32) -> f32
    %lo = arith.constant {value = 0 : index} : index
    %hi = arith.constant {value = 2 : index} : index
    %st = arith.constant {value = 1 : index} : index
    %c0 = arith.constant {value = 0 : i32} : () -> i32
    "scf.for"(%lo, %hi, %st) ({
    ^bb0(%i: index):
      %b = tessera_nvidia.alloc_shared : () -> memref<7xf8E4M3FN, 3>
      // DET: tsr::f8e4m3* [[B]] = [[B]]_mem;
      %y = tessera_nvidia.ld %b, %c0 : (memref<7xf8E4M3FN, 3>, i32) -> f8E4M3FN
      %z = arith.extf %y : (f8E4M3FN) -> f32
      %w = arith.addf %x, %z : (f32, f32) -> f32
      tessera_nvidia.st %w, %o, %t : (f32, memref<64xf32>, i32) -> ()
      scf.yield : () -> ()
    }) : (index, index, index) -> ()
    return
  }
  func.func @main() -> tensor<64xf32> {
    %r = tessera_nvidia.launch {callee = @k, grid = [1], block = [64]} : () -> tensor<64xf32>
    return %r : tensor<64xf32>
  }
}
