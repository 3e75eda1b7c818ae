// Verifier tests for tessera.flash_attn (docs/ops/graph/attention.md).
// Each chunk is one failing program named after the constraint it breaks.

// flash_attn_c1 (q rank 3, k and v rank 4)
func.func @flash_attn_c1(%q: tensor<2x8x16xf32>, %k: tensor<1x2x8x16xf32>, %v: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{operand #1 must have rank 4 [B, H, S, D], 3 [B*H, S, D] or 2 [S, D] like q, got tensor<1x2x8x16xf32> (flash_attn_c1)}}
  %0 = tessera.flash_attn %q, %k, %v : (tensor<2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// flash_attn_c1 (mixed element types)
func.func @flash_attn_c1_types(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x8x16xbf16>, %v: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{share one element type (flash_attn_c1)}}
  %0 = tessera.flash_attn %q, %k, %v : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xbf16>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// flash_attn_c2
func.func @flash_attn_c2(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x8x32xf32>, %v: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{do not fit [B, H, Sq, D], [B, H, Sk, D], [B, H, Sk, Dv] (flash_attn_c2)}}
  %0 = tessera.flash_attn %q, %k, %v : (tensor<1x2x8x16xf32>, tensor<1x2x8x32xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// flash_attn_c3
func.func @flash_attn_c3(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x8x16xf32>, %v: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{'causal' must be true or false (flash_attn_c3)}}
  %0 = "tessera.flash_attn"(%q, %k, %v) {causal = "yes"} : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// flash_attn_c3 (scale)
func.func @flash_attn_c3_scale(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x8x16xf32>, %v: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{'scale' must be a finite number (flash_attn_c3)}}
  %0 = "tessera.flash_attn"(%q, %k, %v) {scale = "big"} : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// flash_attn_c4
func.func @flash_attn_c4(%q: tensor<1x2x8x16xf32>, %k: tensor<1x2x4x16xf32>, %v: tensor<1x2x4x32xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{(flash_attn_c4)}}
  %0 = tessera.flash_attn %q, %k, %v : (tensor<1x2x8x16xf32>, tensor<1x2x4x16xf32>, tensor<1x2x4x32xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}
