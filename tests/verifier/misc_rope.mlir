// Verifier tests for tessera.rope, tessera.ntk_rope and tessera.target_verify
// (docs/ops/graph/rope.md). Each chunk is one failing program named after the constraint it breaks.

// rope_c1
func.func @rope_c1(%x: tensor<4x8xf32>, %t: tensor<4x8xf64>) -> tensor<4x8xf32> {
  // expected-error@+1 {{x and theta must share one element type, got tensor<4x8xf32> and tensor<4x8xf64> (rope_c1)}}
  %0 = "tessera.rope"(%x, %t) : (tensor<4x8xf32>, tensor<4x8xf64>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----
// rope_c1: integers
func.func @rope_c1(%x: tensor<4x8xi32>, %t: tensor<4x8xi32>) -> tensor<4x8xi32> {
  // expected-error@+1 {{must have a float element type, got tensor<4x8xi32> (rope_c1)}}
  %0 = "tessera.rope"(%x, %t) : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----
// rope_c2
func.func @rope_c2(%x: tensor<4x7xf32>, %t: tensor<4x7xf32>) -> tensor<4x7xf32> {
  // expected-error@+1 {{x must have rank >= 1 and an even last dim, got tensor<4x7xf32> (rope_c2)}}
  %0 = "tessera.rope"(%x, %t) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  return %0 : tensor<4x7xf32>
}

// -----
// rope_c3
func.func @rope_c3(%x: tensor<2x4x8xf32>, %t: tensor<2x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error@+1 {{theta shape [2, 8] must be a suffix of x shape [2, 4, 8] (rope_c3)}}
  %0 = "tessera.rope"(%x, %t) : (tensor<2x4x8xf32>, tensor<2x8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----
// rope_c4: upstream's rope_rank_mismatch
func.func @rope_c4(%x: tensor<2x4x8xf32>, %t: tensor<4x8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{(rope_c4)}}
  %0 = "tessera.rope"(%x, %t) : (tensor<2x4x8xf32>, tensor<4x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----
// ntk_rope_c1
func.func @ntk_rope_c1(%x: tensor<4x8xf32>, %t: tensor<4x8xbf16>) -> tensor<4x8xf32> {
  // expected-error@+1 {{x and theta must share one element type, got tensor<4x8xf32> and tensor<4x8xbf16> (ntk_rope_c1)}}
  %0 = tessera.ntk_rope %x, %t : (tensor<4x8xf32>, tensor<4x8xbf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----
// ntk_rope_c2
func.func @ntk_rope_c2(%x: tensor<f32>, %t: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{x must have rank >= 1 and an even last dim, got tensor<f32> (ntk_rope_c2)}}
  %0 = tessera.ntk_rope %x, %t : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// ntk_rope_c3
func.func @ntk_rope_c3(%x: tensor<4x8xf32>, %t: tensor<4x6xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{theta shape [4, 6] must be a suffix of x shape [4, 8] (ntk_rope_c3)}}
  %0 = tessera.ntk_rope %x, %t : (tensor<4x8xf32>, tensor<4x6xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----
// ntk_rope_c4
func.func @ntk_rope_c4(%x: tensor<4x8xf32>, %t: tensor<4x8xf32>) -> tensor<4x8xf64> {
  // expected-error@+1 {{(ntk_rope_c4)}}
  %0 = tessera.ntk_rope %x, %t : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf64>
  return %0 : tensor<4x8xf64>
}

// -----
// ntk_rope_c5: a scale that is not positive
func.func @ntk_rope_c5(%x: tensor<4x8xf32>, %t: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{attribute 'scale' must be a finite number > 0, got 0.0e+00 (ntk_rope_c5)}}
  %0 = tessera.ntk_rope %x, %t {scale = 0.0 : f64} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----
// ntk_rope_c5: upstream's ntk_rope_dynamic_theta
func.func @ntk_rope_c5(%x: tensor<?x8xf32>, %t: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error@+1 {{needs a statically shaped theta (rope(x, theta / scale)), got tensor<?x8xf32> (ntk_rope_c5)}}
  %0 = tessera.ntk_rope %x, %t {scale = 2.0 : f64} : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----
// target_verify_c1: upstream's bad_tokens
func.func @target_verify_c1(%t: tensor<3x1xi32>, %l: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{tokens must be rank-1 i32, got tensor<3x1xi32> (target_verify_c1)}}
  %r = "tessera.target_verify"(%t, %l) : (tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----
// target_verify_c2: upstream's bad_logits_rows
func.func @target_verify_c2(%t: tensor<3xi32>, %l: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{logits must be S x V with S = [3], got tensor<2x4xf32> (target_verify_c2)}}
  %r = "tessera.target_verify"(%t, %l) : (tensor<3xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----
// target_verify_c3: upstream's bad_result
func.func @target_verify_c3(%t: tensor<3xi32>, %l: tensor<3x4xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{(target_verify_c3)}}
  %r = "tessera.target_verify"(%t, %l) : (tensor<3xi32>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
