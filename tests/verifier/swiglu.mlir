// Verifier tests for tessera.silu_mul and tessera.swiglu_fused (docs/ops/graph/swiglu.md).
// Each chunk is one failing program named after the constraint it breaks.

// silu_mul_c1
func.func @silu_mul_c1(%g: tensor<4xf32>, %u: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{operands must share one float element type other than tf32, got tensor<4xf32> and tensor<4xf64> (silu_mul_c1)}}
  %0 = "tessera.silu_mul"(%g, %u) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// silu_mul_c1: integers
func.func @silu_mul_c1(%g: tensor<4xi32>, %u: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{must have a float element type, got tensor<4xi32> (silu_mul_c1)}}
  %0 = "tessera.silu_mul"(%g, %u) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// silu_mul_c2
func.func @silu_mul_c2(%g: tensor<4x2xf32>, %u: tensor<4x1xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{gate/up shapes [4, 2] and [4, 1] differ (silu_mul_c2)}}
  %0 = "tessera.silu_mul"(%g, %u) : (tensor<4x2xf32>, tensor<4x1xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// silu_mul_c3
func.func @silu_mul_c3(%g: tensor<4xf32>, %u: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{(silu_mul_c3)}}
  %0 = "tessera.silu_mul"(%g, %u) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----
// swiglu_c1
func.func @swiglu_c1(%x: tensor<2x4xf32>, %wg: tensor<4x8xf32>, %wu: tensor<4x8xbf16>, %wd: tensor<8x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{got tensor<2x4xf32> and tensor<4x8xbf16> (swiglu_c1)}}
  %0 = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<2x4xf32>, tensor<4x8xf32>, tensor<4x8xbf16>, tensor<8x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// swiglu_c2
func.func @swiglu_c2(%x: tensor<4xf32>, %wg: tensor<4x8xf32>, %wu: tensor<4x8xf32>, %wd: tensor<8x4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{operand #0 must have rank 2, got tensor<4xf32> (swiglu_c2)}}
  %0 = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// swiglu_c3
func.func @swiglu_c3(%x: tensor<2x4xf32>, %wg: tensor<4x8xf32>, %wu: tensor<4x8xf32>, %wd: tensor<4x8xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{shapes x [2, 4], w_gate [4, 8], w_up [4, 8], w_down [4, 8] are not [M, D], [D, H], [D, H], [H, D] (swiglu_c3)}}
  %0 = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<2x4xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// swiglu_c4
func.func @swiglu_c4(%x: tensor<2x4xf32>, %wg: tensor<4x8xf32>, %wu: tensor<4x8xf32>, %wd: tensor<8x4xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{(swiglu_c4)}}
  %0 = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<2x4xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
