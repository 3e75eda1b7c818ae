// Default mode's library path: a bf16 Graph matmul, which has no generated kernel, runs through
// cuBLASLt (backends/cuda/runtime/library_adapter.h). Its RULE is a tolerance, not bitexact: the
// conformance runner compiles bitexact cases in deterministic mode, where no library is asked
// (docs/cuda.md, "Default mode"). Small integers, so every summation order gives the same f32
// result; expectations derived by hand.

// CASE: matmul_bf16_library
// NOTE: [[1,2,3],[4,5,6]] x [[1,0],[0,1],[1,1]] = [[4,5],[10,11]].
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.matmul dtype=bf16 level=graph
// INPUT: 0 tensor<2x3xbf16> hex:3f80,4000,4040,4080,40a0,40c0
// INPUT: 1 tensor<3x2xbf16> hex:3f80,0000,0000,3f80,3f80,3f80
// EXPECT: 0 tensor<2x2xf32> hex:40800000,40a00000,41200000,41300000
// GENERATOR: hand-written (integer products and sums, exact in bf16 and f32)
module {
  func.func @main(%a: tensor<2x3xbf16>, %b: tensor<3x2xbf16>) -> tensor<2x2xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<2x3xbf16>, tensor<3x2xbf16>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
