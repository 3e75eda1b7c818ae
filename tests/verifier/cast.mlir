// Verifier tests for tessera.cast (docs/ops/graph/cast.md).
// Each chunk is one failing program named after the constraint it breaks.

// cast_c1
func.func @cast_c1(%x: f32) -> tensor<f16> {
  // expected-error@+1 {{operand #0 must be a tensor, got f32 (cast_c1)}}
  %0 = "tessera.cast"(%x) : (f32) -> tensor<f16>
  return %0 : tensor<f16>
}

// -----
// cast_c1: scalar result
func.func @cast_c1(%x: tensor<2x3xf32>) -> f16 {
  // expected-error@+1 {{result must be a tensor, got f16 (cast_c1)}}
  %0 = "tessera.cast"(%x) : (tensor<2x3xf32>) -> f16
  return %0 : f16
}

// -----
// cast_c2
func.func @cast_c2(%x: tensor<2x3xf32>) -> tensor<3x2xbf16> {
  // expected-error@+1 {{result #0 has type tensor<3x2xbf16> but the operands give tensor<2x3xbf16> (cast_c2)}}
  %0 = "tessera.cast"(%x) : (tensor<2x3xf32>) -> tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// -----
// cast_c3: unknown rounding mode
func.func @cast_c3(%x: tensor<2x3xf32>) -> tensor<2x3xf8E4M3FN> {
  // expected-error@+1 {{numeric_policy: unknown rounding "up"}}
  %0 = "tessera.cast"(%x) {numeric_policy = {rounding = "up"}} : (tensor<2x3xf32>) -> tensor<2x3xf8E4M3FN>
  return %0 : tensor<2x3xf8E4M3FN>
}

// -----
// cast_c3: field without meaning
func.func @cast_c3(%x: tensor<2x3xf32>) -> tensor<2x3xbf16> {
  // expected-error@+1 {{numeric_policy field 'accum' has no meaning for a cast}}
  %0 = "tessera.cast"(%x) {numeric_policy = {accum = "f32"}} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----
// cast_c3
func.func @cast_c3(%a: tensor<4xf32>) -> tensor<4xbf16> {
  // expected-error@+1 {{(cast_c3)}}
  %0 = tessera.cast %a {numeric_policy = {accum = "f32"}} : (tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
