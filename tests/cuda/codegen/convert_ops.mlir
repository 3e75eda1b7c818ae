// The CUDA text of the conversions of the storage-only scalars (docs/ops/tile/scalar.md,
// "Conversions"): loads and stores of narrow floats and unsigned integers; truncf f32 -> bf16 as
// the prelude's integer tsr::nar::bf16_cvt (device/narrow.h, no CUDA intrinsic); extf, truncf (with a policy), sitofp, uitofp,
// fptoui, index_castui as calls of the prelude's tsr::cvt
// (core/numerics' convert_bits, embedded), written by hand from the spec; then an NVRTC compile
// of the result for three architectures.
// RUN: tessera-cuda-gen %s --arch sm_90 | FileCheck %s
// RUN: tessera-cuda-gen %s --compile --arch sm_80,sm_90,sm_100 | FileCheck %s
module {
  func.func @k(%a: memref<64xf32>, %e: memref<64xf8E8M0FNU>, %u: memref<64xui8>,
               %h: memref<64xf8E4M3FN>, %f: memref<64xf4E2M1FN>, %w: memref<64xui64>,
               %o: memref<64xf32>) {
    %l = tessera_nvidia.laneid : () -> i32
    // CHECK: const tsr::i32 [[L:v[0-9]+]] = tsr::laneid();
    %x = tessera_nvidia.ld %a, %l : (memref<64xf32>, i32) -> f32
    // CHECK: float [[X:v[0-9]+]] = tsr::ld(
    %q = arith.truncf %x {numeric_policy = {profile = "cuda", saturate = true}} : (f32) -> f8E4M3FN
    // CHECK: float [[Q:v[0-9]+]] = tsr::narrow_value(4, tsr::cvt(1, tsr::bits_f32([[X]]), 4, 257));
    tessera_nvidia.st %q, %h, %l : (f8E4M3FN, memref<64xf8E4M3FN>, i32) -> ()
    // CHECK: tsr::st(
    %s = tessera_nvidia.ld %e, %l : (memref<64xf8E8M0FNU>, i32) -> f8E8M0FNU
    // CHECK: float [[S:v[0-9]+]] = tsr::ld(
    %sf = arith.extf %s : (f8E8M0FNU) -> f32
    // CHECK: float {{v[0-9]+}} = tsr::f32_of(tsr::cvt(9, tsr::narrow_bits(9, [[S]]), 1, 0));
    %sd = arith.extf %s : (f8E8M0FNU) -> f64
    // CHECK: double {{v[0-9]+}} = tsr::f64_of(tsr::cvt(9, tsr::narrow_bits(9, [[S]]), 0, 0));
    %p = arith.truncf %x {numeric_policy = {rounding = "rtz"}} : (f32) -> f4E2M1FN
    // CHECK: float [[P:v[0-9]+]] = tsr::narrow_value(8, tsr::cvt(1, tsr::bits_f32([[X]]), 8, 16));
    tessera_nvidia.st %p, %f, %l : (f4E2M1FN, memref<64xf4E2M1FN>, i32) -> ()
    %hb = arith.truncf %x : (f32) -> bf16
    // CHECK: float {{v[0-9]+}} = tsr::nar::bf16_value(tsr::nar::bf16_cvt([[X]]));
    %b = arith.sitofp %l : (i32) -> bf16
    // CHECK: float {{v[0-9]+}} = tsr::narrow_value(3, tsr::cvt(16, tsr::u64(tsr::i64([[L]])), 3, 0));
    %v = tessera_nvidia.ld %u, %l : (memref<64xui8>, i32) -> ui8
    // CHECK: tsr::u8 [[V:v[0-9]+]] = tsr::ld(
    %vf = arith.uitofp %v : (ui8) -> f32
    // CHECK: float {{v[0-9]+}} = tsr::f32_of(tsr::cvt(21, tsr::u64([[V]]), 1, 0));
    %vi = arith.index_castui %v : (ui8) -> index
    // CHECK: tsr::i64 [[VI:v[0-9]+]] = tsr::i64(tsr::u8([[V]]));
    %vw = arith.index_castui %vi : (index) -> ui64
    // CHECK: tsr::u64 [[VW:v[0-9]+]] = tsr::u64([[VI]]);
    tessera_nvidia.st %vw, %w, %l : (ui64, memref<64xui64>, i32) -> ()
    %n = arith.fptoui %x : (f32) -> ui8
    // CHECK: tsr::u8 {{v[0-9]+}} = tsr::u8(tsr::cvt(1, tsr::bits_f32([[X]]), 17, 0));
    %li = arith.index_cast %l : (i32) -> index
    %l8 = arith.index_castui %li : (index) -> ui8
    // CHECK: tsr::u8 {{v[0-9]+}} = tsr::u8(
    %wf = arith.extf %q : (f8E4M3FN) -> f32
    tessera_nvidia.st %wf, %o, %l : (f32, memref<64xf32>, i32) -> ()
    return
  }
  func.func @main(%a: tensor<64xf32>, %e: tensor<64xf8E8M0FNU>, %u: tensor<64xui8>)
      -> (tensor<64xf8E4M3FN>, tensor<64xf4E2M1FN>, tensor<64xui64>, tensor<64xf32>) {
    %h, %f, %w, %o = tessera_nvidia.launch %a, %e, %u {callee = @k, grid = [1], block = [32]}
        : (tensor<64xf32>, tensor<64xf8E8M0FNU>, tensor<64xui8>)
        -> (tensor<64xf8E4M3FN>, tensor<64xf4E2M1FN>, tensor<64xui64>, tensor<64xf32>)
    return %h, %f, %w, %o : tensor<64xf8E4M3FN>, tensor<64xf4E2M1FN>, tensor<64xui64>, tensor<64xf32>
  }
}
