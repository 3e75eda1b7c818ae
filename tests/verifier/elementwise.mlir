// Verifier tests for the elementwise family (docs/ops/graph/elementwise.md).
// Each chunk is one failing program named after the constraint it breaks.

// binary_c1
func.func @binary_c1(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{different element types}}
  %0 = tessera.add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// binary_c2
func.func @binary_c2(%a: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{do not broadcast (binary_c2)}}
  %0 = tessera.mul %a, %b : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// binary_c3
func.func @binary_c3(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{(binary_c3)}}
  %0 = tessera.sub %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
