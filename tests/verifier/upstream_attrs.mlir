// Verifier tests for upstream Tessera's attribute spellings admitted by issue #18: comparisons'
// `signedness` (docs/ops/graph/elementwise.md), adam's defaults (optimizers.md) and flash_attn's
// `dropout_p` / `head_dim` (attention.md). Each chunk breaks the constraint it is named after.

// compare_c4: an unknown spelling
func.func @compare_c4(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error@+1 {{attribute 'signedness' must be "signed" or "unsigned" (compare_c4)}}
  %0 = "tessera.cmp_lt"(%a, %b) {signedness = "both"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----
// compare_c4: float operands
func.func @compare_c4(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{attribute 'signedness' applies to integer operands, got tensor<4xf32> (compare_c4)}}
  %0 = "tessera.lt"(%a, %b) {signedness = "signed"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----
// compare_c4: not a string
func.func @compare_c4(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi1> {
  // expected-error@+1 {{attribute 'signedness' must be "signed" or "unsigned" (compare_c4)}}
  %0 = "tessera.cmp_ge"(%a, %b) {signedness = 1 : i64} : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----
// matmul_c7: tile_k
func.func @matmul_c7(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{attribute 'tile_k' must be an integer >= 1 (matmul_c7)}}
  %0 = "tessera.matmul"(%a, %b) {tile_k = 0 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// matmul_c7: layout
func.func @matmul_c7(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{attribute 'layout' must be "row_major" (the layout of every tensor here) (matmul_c7)}}
  %0 = "tessera.matmul"(%a, %b) {layout = "col_major"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// flash_attn_c5: dropout_p
func.func @flash_attn_c5(%q: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error@+1 {{attribute 'dropout_p' must be 0 (flash_attn has no dropout; apply tessera.dropout to its operands or result) (flash_attn_c5)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) {dropout_p = 0.1 : f64} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----
// flash_attn_c5: head_dim against D
func.func @flash_attn_c5(%q: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error@+1 {{attribute 'head_dim' is 64 but q's D is 8 (flash_attn_c5)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) {head_dim = 64 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----
// flash_attn_c5: head_dim not an integer
func.func @flash_attn_c5(%q: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error@+1 {{attribute 'head_dim' must be an integer >= 1 (flash_attn_c5)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) {head_dim = 8.0 : f64} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----
// adam_c2: lr is optional (default 1e-3) but, when given, a number >= 0
func.func @adam_c2(%p: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'lr' must be a number in [0, inf) (adam_c2)}}
  %0:3 = "tessera.adam"(%p, %p, %p, %p) {lr = -1.0} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// conv_c6 with conv_c7: a declared extent that is neither SAME's (8) nor VALID's (6) still fails
func.func @conv_c7(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x7x7x8xf32> {
  // expected-error@+1 {{result #0 has type tensor<1x7x7x8xf32> but the operands give tensor<1x6x6x8xf32> (conv_c6)}}
  %0 = "tessera.conv2d_nhwc"(%x, %w) {strides = [1, 1], dilations = [1, 1]} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x7x7x8xf32>
  return %0 : tensor<1x7x7x8xf32>
}

// -----
// flash_attn_c1: rank 1
func.func @flash_attn_c1(%q: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error@+1 {{operand #0 must have rank 4 [B, H, S, D], 3 [B*H, S, D] or 2 [S, D] like q, got tensor<16xf32> (flash_attn_c1)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----
// flash_attn_c6: a mask segment
func.func @flash_attn_c6(%q: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{operandSegmentSizes must be array<i32: 1, 1, 1, 0> (q, k, v; no mask), got array<i32: 1, 1, 0, 1> (flash_attn_c6)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----
// flash_attn_c4: an f32 result of f32 operands is fine, a bf16 result of f32 operands is not
func.func @flash_attn_c4(%q: tensor<8x16xf32>) -> tensor<8x16xbf16> {
  // expected-error@+1 {{result #0 has type tensor<8x16xbf16> but the operands give tensor<8x16xf32> (flash_attn_c4)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) : (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xbf16>
  return %0 : tensor<8x16xbf16>
}

// -----
// flash_attn_c2: rank 3, Sk of k and v differ
func.func @flash_attn_c2(%q: tensor<2x4x8xf32>, %k: tensor<2x5x8xf32>, %v: tensor<2x6x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error@+1 {{(flash_attn_c2)}}
  %0 = "tessera.flash_attn"(%q, %k, %v) : (tensor<2x4x8xf32>, tensor<2x5x8xf32>, tensor<2x6x8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----
// flash_attn_c7: a sliding window
func.func @flash_attn_c7(%q: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{attribute 'window_left' must be -1 (no window; tessera.flash_attn attends to every key, or with causal to the keys up to the query) (flash_attn_c7)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) {window_left = 4, window_right = -1} : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// flash_attn_c7: a logit cap
func.func @flash_attn_c7(%q: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{attribute 'softcap' must be 0 (no logit cap) (flash_attn_c7)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) {softcap = 30.0} : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// flash_attn_c7: a seed that is not an integer
func.func @flash_attn_c7(%q: tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32> {
  // expected-error@+1 {{attribute 'dropout_seed' must be an integer (flash_attn_c7)}}
  %0 = "tessera.flash_attn"(%q, %q, %q) {dropout_seed = "x"} : (tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) -> tensor<1x2x8x16xf32>
  return %0 : tensor<1x2x8x16xf32>
}

// -----
// matmul_c7: a column-major rhs order
func.func @matmul_c7(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'rhs_storage_order' must be "row_major" (a column-major rhs is transpose_b = true) (matmul_c7)}}
  %0 = tessera.matmul %a, %b {rhs_storage_order = "col_major"} : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// matmul_c8: a static extent above its bound
func.func @matmul_c8(%a: tensor<40x8xf32>, %b: tensor<8x3xf32>) -> tensor<40x3xf32> {
  // expected-error@+1 {{M = 40 exceeds its bound 32 in shape_bounds (matmul_c8)}}
  %0 = tessera.matmul %a, %b {shape_bounds = [32, 24, 32]} : (tensor<40x8xf32>, tensor<8x3xf32>) -> tensor<40x3xf32>
  return %0 : tensor<40x3xf32>
}

// -----
// matmul_c8: not three bounds
func.func @matmul_c8(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{shape_bounds must be three integers >= 1 [M, N, K] (matmul_c8)}}
  %0 = tessera.matmul %a, %b {shape_bounds = [32, 24]} : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
