// A bf16 Graph IR matmul with an f32 result (100x256x96: M and N edges of the 64x64 group
// tiles masked), lowered by graph-to-schedule, schedule-to-tile's GEMM template and
// tile-to-target: bf16 shared slabs filled by 4-byte cp.async pairs, ldmatrix, mma.sync.
// tests/cuda/sass_test.py checks its SASS for tensor-core MMA and LDGSTS (and, deterministic,
// for the emulated chain without MMA).
module {
  func.func @main(%a: tensor<100x256xbf16>, %b: tensor<256x96xbf16>) -> tensor<100x96xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<100x256xbf16>, tensor<256x96xbf16>) -> tensor<100x96xf32>
    return %0 : tensor<100x96xf32>
  }
}
