// Verifier tests for tessera.mse and tessera.binary_cross_entropy (docs/ops/graph/losses.md).
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

// -----
// bce_c1
func.func @bce_c1(%z: tensor<4xf32>, %t: tensor<4xf64>) -> tensor<f32> {
  // expected-error@+1 {{operands must have one element type other than tf32, got tensor<4xf32> and tensor<4xf64> (bce_c1)}}
  %0 = "tessera.binary_cross_entropy"(%z, %t) : (tensor<4xf32>, tensor<4xf64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// bce_c1: integers
func.func @bce_c1(%z: tensor<4xi32>, %t: tensor<4xi32>) -> tensor<i32> {
  // expected-error@+1 {{must have a float element type, got tensor<4xi32> (bce_c1)}}
  %0 = "tessera.binary_cross_entropy"(%z, %t) : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----
// bce_c2 (upstream's spelling of the op name)
func.func @bce_c2(%z: tensor<3xf32>, %t: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{logits/target shapes [3] and [4] differ (bce_c2)}}
  %0 = "tessera.loss.binary_cross_entropy"(%z, %t) : (tensor<3xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// bce_c3
func.func @bce_c3(%z: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'reduction' must be "mean" or "sum", got "none" (bce_c3)}}
  %0 = "tessera.binary_cross_entropy"(%z, %t) {reduction = "none"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// bce_c4
func.func @bce_c4(%z: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{result #0 has type tensor<4xf32> but the operands give tensor<f32> (bce_c4)}}
  %0 = "tessera.binary_cross_entropy"(%z, %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
