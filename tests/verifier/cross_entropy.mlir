// Verifier tests for tessera.cross_entropy (docs/ops/graph/cross_entropy.md) and the guide's
// names of existing ops (docs/ops/graph/guide_names.md), which cite the named op's labels.

// cross_entropy_c1
func.func @cross_entropy_c1(%x: tensor<4x3xi32>, %y: tensor<4xi32>) -> tensor<i32> {
  // expected-error@+1 {{operand #0 must have a float element type, got tensor<4x3xi32> (cross_entropy_c1)}}
  %0 = "tessera.cross_entropy"(%x, %y) : (tensor<4x3xi32>, tensor<4xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----
// cross_entropy_c2
func.func @cross_entropy_c2(%x: tensor<4x3xf32>, %y: tensor<3xi32>) -> tensor<f32> {
  // expected-error@+1 {{labels have shape [3] but the logits give [4] (cross_entropy_c2)}}
  %0 = "tessera.cross_entropy"(%x, %y) : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// cross_entropy_c2: float labels
func.func @cross_entropy_c2(%x: tensor<4x3xf32>, %y: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{the labels must have an integer element type, got tensor<4xf32> (cross_entropy_c2)}}
  %0 = "tessera.cross_entropy"(%x, %y) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// cross_entropy_c3
func.func @cross_entropy_c3(%x: tensor<4x3xf32>, %y: tensor<4xi32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'reduction' must be "mean", "sum" or "none", got "max" (cross_entropy_c3)}}
  %0 = "tessera.cross_entropy"(%x, %y) {reduction = "max"} : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// cross_entropy_c4
func.func @cross_entropy_c4(%x: tensor<4x3xf32>, %y: tensor<4xi32>) -> tensor<f32> {
  // expected-error@+1 {{result #0 has type tensor<f32> but the operands give tensor<4xf32> (cross_entropy_c4)}}
  %0 = "tessera.cross_entropy"(%x, %y) {reduction = "none"} : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// rmsnorm_safe checks rmsnorm's constraints
func.func @rmsnorm_safe(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (rmsnorm_c2)}}
  %0 = "tessera.rmsnorm_safe"(%x) {axis = 2} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// layernorm_safe checks layer_norm's constraints
func.func @layernorm_safe(%x: tensor<4x3xi32>) -> tensor<4x3xi32> {
  // expected-error@+1 {{(layer_norm_c1)}}
  %0 = "tessera.layernorm_safe"(%x) : (tensor<4x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----
// flash_attention checks flash_attn's constraints
func.func @flash_attention(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x4x8xf32>, %v: tensor<1x2x4x8xf64>) -> tensor<1x2x4x8xf32> {
  // expected-error@+1 {{(flash_attn_c1)}}
  %0 = "tessera.flash_attention"(%q, %k, %v) : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf64>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}
