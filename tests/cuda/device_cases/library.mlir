// Default mode's library path: a bf16 Graph matmul runs through
// cuBLASLt (backends/cuda/runtime/library_adapter.h; its generated kernel is the fallback). Its RULE is a tolerance, not bitexact: the
// conformance runner compiles bitexact cases in deterministic mode, where no library is asked
// (docs/cuda.md, "Modes"). Small integers, so every summation order gives the same f32
// result.

// CASE: matmul_bf16_library
// NOTE: A = [[1..8], [8..1]], B[i][j] = (i + j) mod 3; C = A B (numpy, exact: small integers).
// K = N = 8 keeps cuBLASLt's leading dimensions 16-byte aligned.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.matmul dtype=bf16 level=graph
// INPUT: 0 tensor<2x8xbf16> hex:3f80,4000,4040,4080,40a0,40c0,40e0,4100,4100,40e0,40c0,40a0,4080,4040,4000,3f80
// INPUT: 1 tensor<8x8xbf16> hex:0000,3f80,4000,0000,3f80,4000,0000,3f80,3f80,4000,0000,3f80,4000,0000,3f80,4000,4000,0000,3f80,4000,0000,3f80,4000,0000,0000,3f80,4000,0000,3f80,4000,0000,3f80,3f80,4000,0000,3f80,4000,0000,3f80,4000,4000,0000,3f80,4000,0000,3f80,4000,0000,0000,3f80,4000,0000,3f80,4000,0000,3f80,3f80,4000,0000,3f80,4000,0000,3f80,4000
// EXPECT: 0 tensor<2x8xf32> hex:42040000,42280000,42040000,42040000,42280000,42040000,42040000,42280000,41f00000,421c0000,421c0000,41f00000,421c0000,421c0000,41f00000,421c0000
// GENERATOR: numpy float32 A @ B of small integers (exact in bf16 and f32), ml_dtypes bf16 bits
module {
  func.func @main(%a: tensor<2x8xbf16>, %b: tensor<8x8xbf16>) -> tensor<2x8xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<2x8xbf16>, tensor<8x8xbf16>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}
