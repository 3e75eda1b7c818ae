// Verifier tests for tessera.squeeze, unsqueeze, expand and flatten (docs/ops/graph/misc_views.md).
// Each chunk is one failing program named after the constraint it breaks.

// squeeze_c1
func.func @squeeze_c1(%x: f32) -> f32 {
  // expected-error@+1 {{(squeeze_c1)}}
  %0 = "tessera.squeeze"(%x) : (f32) -> f32
  return %0 : f32
}

// -----
// squeeze_c2
func.func @squeeze_c2(%x: tensor<1x3x1x4xf32>) -> tensor<1x4xf32> {
  // expected-error@+1 {{dim 1 of tensor<1x3x1x4xf32> has extent 3, not 1 (squeeze_c2)}}
  %0 = "tessera.squeeze"(%x) {axes = [0, 1]} : (tensor<1x3x1x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----
// squeeze_c2: repeated axes
func.func @squeeze_c2(%x: tensor<1x3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{axes [0, -2] must be distinct axes in [-2, 2) (squeeze_c2)}}
  %0 = "tessera.squeeze"(%x) {axes = [0, -2]} : (tensor<1x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----
// squeeze_c3
func.func @squeeze_c3(%x: tensor<1x3x1x4xf32>) -> tensor<3x1x4xf32> {
  // expected-error@+1 {{(squeeze_c3)}}
  %0 = "tessera.squeeze"(%x) : (tensor<1x3x1x4xf32>) -> tensor<3x1x4xf32>
  return %0 : tensor<3x1x4xf32>
}

// -----
// unsqueeze_c1
func.func @unsqueeze_c1(%x: f32) -> f32 {
  // expected-error@+1 {{(unsqueeze_c1)}}
  %0 = "tessera.unsqueeze"(%x) {axes = [0]} : (f32) -> f32
  return %0 : f32
}

// -----
// unsqueeze_c2
func.func @unsqueeze_c2(%x: tensor<3x4xf32>) -> tensor<1x3x4xf32> {
  // expected-error@+1 {{axes [3] must be distinct axes in [-3, 3) (unsqueeze_c2)}}
  %0 = "tessera.unsqueeze"(%x) {axes = [3]} : (tensor<3x4xf32>) -> tensor<1x3x4xf32>
  return %0 : tensor<1x3x4xf32>
}

// -----
// unsqueeze_c2: missing axes
func.func @unsqueeze_c2(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{needs a non-empty attribute 'axes' (unsqueeze_c2)}}
  %0 = "tessera.unsqueeze"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----
// unsqueeze_c3
func.func @unsqueeze_c3(%x: tensor<3x4xf32>) -> tensor<3x1x4xf32> {
  // expected-error@+1 {{(unsqueeze_c3)}}
  %0 = "tessera.unsqueeze"(%x) {axes = [0]} : (tensor<3x4xf32>) -> tensor<3x1x4xf32>
  return %0 : tensor<3x1x4xf32>
}

// -----
// broadcast_c3 through expand
func.func @broadcast_c3(%x: tensor<2x3x4xf32>) -> tensor<5x3x4xf32> {
  // expected-error@+1 {{operand dim 0 (2) cannot broadcast to result dim 0 (5) (broadcast_c3)}}
  %0 = "tessera.expand"(%x) : (tensor<2x3x4xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----
// flatten_c1
func.func @flatten_c1(%x: tensor<f32>) -> tensor<1xf32> {
  // expected-error@+1 {{the operand must have rank >= 1 (flatten_c1)}}
  %0 = "tessera.flatten"(%x) : (tensor<f32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----
// flatten_c2
func.func @flatten_c2(%x: tensor<4x5x3xf32>) -> tensor<60xf32> {
  // expected-error@+1 {{start 2 and end 1 must be axes of rank 3 with start <= end (flatten_c2)}}
  %0 = "tessera.flatten"(%x) {start = 2 : i64, end = 1 : i64} : (tensor<4x5x3xf32>) -> tensor<60xf32>
  return %0 : tensor<60xf32>
}

// -----
// flatten_c3
func.func @flatten_c3(%x: tensor<4x5x3xf32>) -> tensor<4x15xf32> {
  // expected-error@+1 {{(flatten_c3)}}
  %0 = "tessera.flatten"(%x) {start = 0 : i64, end = 1 : i64} : (tensor<4x5x3xf32>) -> tensor<4x15xf32>
  return %0 : tensor<4x15xf32>
}
