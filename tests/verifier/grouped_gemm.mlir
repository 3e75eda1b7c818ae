// Verifier tests for tessera.grouped_gemm (docs/ops/graph/grouped_gemm.md).

// grouped_gemm_c1
func.func @grouped_gemm_c1(%x: tensor<6x4xf32>, %w: tensor<2x5x3xf32>, %s: tensor<2xi32>) -> tensor<6x3xf32> {
  // expected-error@+1 {{needs x [M, K] and w [G, K, N] of one float type, got tensor<6x4xf32> and tensor<2x5x3xf32> (grouped_gemm_c1)}}
  %0 = "tessera.grouped_gemm"(%x, %w, %s) : (tensor<6x4xf32>, tensor<2x5x3xf32>, tensor<2xi32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----
// grouped_gemm_c2
func.func @grouped_gemm_c2(%x: tensor<6x4xf32>, %w: tensor<2x4x3xf32>, %s: tensor<3xi32>) -> tensor<6x3xf32> {
  // expected-error@+1 {{group sizes must be a rank-1 integer tensor of length G, got tensor<3xi32> (grouped_gemm_c2)}}
  %0 = "tessera.grouped_gemm"(%x, %w, %s) : (tensor<6x4xf32>, tensor<2x4x3xf32>, tensor<3xi32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----
// grouped_gemm_c3
func.func @grouped_gemm_c3(%x: tensor<6x4xf32>, %w: tensor<2x4x3xf32>, %s: tensor<2xi32>) -> tensor<6x4xf32> {
  // expected-error@+1 {{result #0 has type tensor<6x4xf32> but the operands give tensor<6x3xf32> (grouped_gemm_c3)}}
  %0 = "tessera.grouped_gemm"(%x, %w, %s) : (tensor<6x4xf32>, tensor<2x4x3xf32>, tensor<2xi32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----
// grouped_gemm_c3: an f32 result is allowed only for operands narrower than f32
func.func @grouped_gemm_c3(%x: tensor<6x4xf64>, %w: tensor<2x4x3xf64>, %s: tensor<2xi32>) -> tensor<6x3xf32> {
  // expected-error@+1 {{result #0 has type tensor<6x3xf32> but the operands give tensor<6x3xf64> (grouped_gemm_c3)}}
  %0 = "tessera.grouped_gemm"(%x, %w, %s) : (tensor<6x4xf64>, tensor<2x4x3xf64>, tensor<2xi32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}
