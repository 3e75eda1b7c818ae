// Verifier tests for tessera.mse (docs/ops/graph/losses.md).
// Each chunk is one failing program named after the constraint it breaks.

// mse_c1
func.func @mse_c1(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<f32> {
  // expected-error@+1 {{operands must have one element type other than tf32, got tensor<4xf32> and tensor<4xf64> (mse_c1)}}
  %0 = "tessera.mse"(%a, %b) : (tensor<4xf32>, tensor<4xf64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// mse_c1: integers
func.func @mse_c1(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<i32> {
  // expected-error@+1 {{must have a float element type, got tensor<4xi32> (mse_c1)}}
  %0 = "tessera.mse"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----
// mse_c2
func.func @mse_c2(%a: tensor<4xf32>, %b: tensor<1xf32>) -> tensor<f32> {
  // expected-error@+1 {{operand shapes [4] and [1] differ (mse_c2)}}
  %0 = "tessera.mse"(%a, %b) : (tensor<4xf32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// mse_c3
func.func @mse_c3(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'reduction' must be "mean" or "sum", got "none" (mse_c3)}}
  %0 = "tessera.mse"(%a, %b) {reduction = "none"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// mse_c4
func.func @mse_c4(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<1xf32> {
  // expected-error@+1 {{result #0 has type tensor<1xf32> but the operands give tensor<f32> (mse_c4)}}
  %0 = "tessera.mse"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
