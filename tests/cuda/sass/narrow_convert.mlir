// Loads and stores of bf16, f16, fp8 e4m3fn and e5m2 and plain truncf f32 -> bf16 / f16, written
// in Target IR by hand: the prelude converts them with device/narrow.h's integer code (core/
// numerics' rules), so tests/cuda/sass_test.py finds no conversion instruction (F2FP, F2F,
// HADD2.F32: what __nv_fp8_e5m2(float), __float2bfloat16_rn and __half2float compile to) in the
// SASS.
module {
  func.func @narrow(%a: memref<64xf32>, %b: memref<64xbf16>, %h: memref<64xf16>,
                    %p: memref<64xf8E4M3FN>, %q: memref<64xf8E5M2>, %ob: memref<64xbf16>,
                    %oh: memref<64xf16>, %op: memref<64xf8E4M3FN>, %oq: memref<64xf8E5M2>,
                    %tb: memref<64xbf16>, %th: memref<64xf16>) {
    %l = tessera_nvidia.laneid : () -> i32
    %x = tessera_nvidia.ld %a, %l : (memref<64xf32>, i32) -> f32
    %xb = tessera_nvidia.ld %b, %l : (memref<64xbf16>, i32) -> bf16
    tessera_nvidia.st %xb, %ob, %l : (bf16, memref<64xbf16>, i32) -> ()
    %xh = tessera_nvidia.ld %h, %l : (memref<64xf16>, i32) -> f16
    tessera_nvidia.st %xh, %oh, %l : (f16, memref<64xf16>, i32) -> ()
    %xp = tessera_nvidia.ld %p, %l : (memref<64xf8E4M3FN>, i32) -> f8E4M3FN
    tessera_nvidia.st %xp, %op, %l : (f8E4M3FN, memref<64xf8E4M3FN>, i32) -> ()
    %xq = tessera_nvidia.ld %q, %l : (memref<64xf8E5M2>, i32) -> f8E5M2
    tessera_nvidia.st %xq, %oq, %l : (f8E5M2, memref<64xf8E5M2>, i32) -> ()
    %yb = arith.truncf %x : (f32) -> bf16
    tessera_nvidia.st %yb, %tb, %l : (bf16, memref<64xbf16>, i32) -> ()
    %yh = arith.truncf %x : (f32) -> f16
    tessera_nvidia.st %yh, %th, %l : (f16, memref<64xf16>, i32) -> ()
    return
  }
  func.func @main(%a: tensor<64xf32>, %b: tensor<64xbf16>, %h: tensor<64xf16>,
                  %p: tensor<64xf8E4M3FN>, %q: tensor<64xf8E5M2>)
      -> (tensor<64xbf16>, tensor<64xf16>, tensor<64xf8E4M3FN>, tensor<64xf8E5M2>,
          tensor<64xbf16>, tensor<64xf16>) {
    %ob, %oh, %op, %oq, %tb, %th = tessera_nvidia.launch %a, %b, %h, %p, %q
        {callee = @narrow, grid = [1], block = [32]}
        : (tensor<64xf32>, tensor<64xbf16>, tensor<64xf16>, tensor<64xf8E4M3FN>, tensor<64xf8E5M2>)
        -> (tensor<64xbf16>, tensor<64xf16>, tensor<64xf8E4M3FN>, tensor<64xf8E5M2>,
            tensor<64xbf16>, tensor<64xf16>)
    return %ob, %oh, %op, %oq, %tb, %th : tensor<64xbf16>, tensor<64xf16>, tensor<64xf8E4M3FN>,
        tensor<64xf8E5M2>, tensor<64xbf16>, tensor<64xf16>
  }
}
