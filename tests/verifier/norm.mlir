// Verifier tests for softmax, log_softmax, layer_norm and rmsnorm (docs/ops/graph/normalization.md).
// Each chunk is one failing program named after the constraint it breaks.

// softmax_c1
func.func @softmax_c1(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error@+1 {{must have a float element type, got tensor<2x3xi32> (softmax_c1)}}
  %0 = "tessera.softmax"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----
// softmax_c2
func.func @softmax_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (softmax_c2)}}
  %0 = "tessera.log_softmax"(%x) {axis = 2} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// softmax_c2: rank 0 has no axis
func.func @softmax_c2(%x: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{axis -1 is out of range for rank 0 (softmax_c2)}}
  %0 = "tessera.softmax"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// softmax_c3
func.func @softmax_c3(%x: tensor<2x3xf32>) -> tensor<2x3xf64> {
  // expected-error@+1 {{but the operands give tensor<2x3xf32> (softmax_c3)}}
  %0 = "tessera.softmax"(%x) {axis = 0} : (tensor<2x3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----
// layer_norm_c1
func.func @layer_norm_c1(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  // expected-error@+1 {{must have a float element type, got tensor<2x3xi8> (layer_norm_c1)}}
  %0 = "tessera.layer_norm"(%x) : (tensor<2x3xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// -----
// layer_norm_c2
func.func @layer_norm_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{axis -3 is out of range for rank 2 (layer_norm_c2)}}
  %0 = "tessera.layer_norm"(%x) {axis = -3} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// layer_norm_c2: not an integer
func.func @layer_norm_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute 'axis' must be an integer (layer_norm_c2)}}
  %0 = "tessera.layer_norm"(%x) {axis = 1.0} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// layer_norm_c3
func.func @layer_norm_c3(%x: tensor<2x3xf32>, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{gamma has shape [2, 3] but the normalised dims of x are [3] (layer_norm_c3)}}
  %0 = "tessera.layer_norm"(%x, %g) {axis = 1} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// layer_norm_c3: element type
func.func @layer_norm_c3(%x: tensor<2x3xf32>, %g: tensor<2x3xf64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{gamma has element type f64 but x has f32 (layer_norm_c3)}}
  %0 = "tessera.layer_norm"(%x, %g) {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// layer_norm_c4
func.func @layer_norm_c4(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute 'epsilon' must be a finite number >= 0, got -1.0e-05 (layer_norm_c4)}}
  %0 = "tessera.layer_norm"(%x) {epsilon = -1.0e-05} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// layer_norm_c5
func.func @layer_norm_c5(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error@+1 {{but the operands give tensor<2x3xf32> (layer_norm_c5)}}
  %0 = "tessera.layer_norm"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----
// rmsnorm_c1
func.func @rmsnorm_c1(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  // expected-error@+1 {{must have a float element type, got tensor<2x3xi8> (rmsnorm_c1)}}
  %0 = "tessera.rmsnorm"(%x) : (tensor<2x3xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// -----
// rmsnorm_c2
func.func @rmsnorm_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{axis -3 is out of range for rank 2 (rmsnorm_c2)}}
  %0 = "tessera.rmsnorm"(%x) {axis = -3} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// rmsnorm_c2: not an integer
func.func @rmsnorm_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute 'axis' must be an integer (rmsnorm_c2)}}
  %0 = "tessera.rmsnorm"(%x) {axis = 1.0} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// rmsnorm_c3
func.func @rmsnorm_c3(%x: tensor<2x3xf32>, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{gamma has shape [2, 3] but the normalised dims of x are [3] (rmsnorm_c3)}}
  %0 = "tessera.rmsnorm"(%x, %g) {axis = 1} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// rmsnorm_c3: element type
func.func @rmsnorm_c3(%x: tensor<2x3xf32>, %g: tensor<2x3xf64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{gamma has element type f64 but x has f32 (rmsnorm_c3)}}
  %0 = "tessera.rmsnorm"(%x, %g) {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// rmsnorm_c4
func.func @rmsnorm_c4(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute 'epsilon' must be a finite number >= 0, got -1.0e-05 (rmsnorm_c4)}}
  %0 = "tessera.rmsnorm"(%x) {epsilon = -1.0e-05} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// rmsnorm_c5
func.func @rmsnorm_c5(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error@+1 {{but the operands give tensor<2x3xf32> (rmsnorm_c5)}}
  %0 = "tessera.rmsnorm"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----
// layer_norm_c3: beta shape
func.func @layer_norm_c3(%x: tensor<2x3xf32>, %g: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{beta has shape [2] but the normalised dims of x are [3] (layer_norm_c3)}}
  %0 = "tessera.layer_norm"(%x, %g, %b) : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
