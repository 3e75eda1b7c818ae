// Verifier tests for tessera.quantize and tessera.dequantize (docs/ops/graph/quantization.md).
// Each chunk is one failing program named after the constraint it breaks.

// quantize_c1
func.func @quantize_c1(%x: tensor<4x32xi32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{operand #0 must hold f32, f16 or bf16, got tensor<4x32xi32> (quantize_c1)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "tensor"} : (tensor<4x32xi32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<f32>
}

// -----
// quantize_c2
func.func @quantize_c2(%x: tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{unknown scheme "block" (expected tensor, mx or nvfp4) (quantize_c2)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "block"} : (tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<f32>
}

// -----
// quantize_c2: missing scheme
func.func @quantize_c2(%x: tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{needs a string attribute scheme = "tensor" | "mx" | "nvfp4" (quantize_c2)}}
  %q:2 = "tessera.quantize"(%x) : (tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<f32>
}

// -----
// quantize_c3: bf16 is not an MX element format
func.func @quantize_c3(%x: tensor<4x32xf32>) -> (tensor<4x32xbf16>, tensor<4x1xf8E8M0FNU>) {
  // expected-error@+1 {{result #0 must hold f8E4M3FN, f8E5M2, f6E3M2FN, f6E2M3FN or f4E2M1FN, got tensor<4x32xbf16> (quantize_c3)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "mx"} : (tensor<4x32xf32>) -> (tensor<4x32xbf16>, tensor<4x1xf8E8M0FNU>)
  return %q#0, %q#1 : tensor<4x32xbf16>, tensor<4x1xf8E8M0FNU>
}

// -----
// quantize_c3: shape
func.func @quantize_c3(%x: tensor<4x32xf32>) -> (tensor<32x4xf8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{result #0 has type tensor<32x4xf8E4M3FN> but the operand has shape [4, 32] (quantize_c3)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "tensor"} : (tensor<4x32xf32>) -> (tensor<32x4xf8E4M3FN>, tensor<f32>)
  return %q#0, %q#1 : tensor<32x4xf8E4M3FN>, tensor<f32>
}

// -----
// quantize_c4: block-scale shape
func.func @quantize_c4(%x: tensor<4x40xf32>) -> (tensor<4x40xf8E4M3FN>, tensor<4x1xf8E8M0FNU>) {
  // expected-error@+1 {{result #1 has type tensor<4x1xf8E8M0FNU> but the operands give tensor<4x2xf8E8M0FNU> (quantize_c4)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "mx"} : (tensor<4x40xf32>) -> (tensor<4x40xf8E4M3FN>, tensor<4x1xf8E8M0FNU>)
  return %q#0, %q#1 : tensor<4x40xf8E4M3FN>, tensor<4x1xf8E8M0FNU>
}

// -----
// quantize_c4: nvfp4 has three results
func.func @quantize_c4(%x: tensor<4x32xf32>) -> (tensor<4x32xf4E2M1FN>, tensor<4x2xf8E4M3FN>) {
  // expected-error@+1 {{scheme "nvfp4" gives 3 results, got 2 (quantize_c4)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "nvfp4"} : (tensor<4x32xf32>) -> (tensor<4x32xf4E2M1FN>, tensor<4x2xf8E4M3FN>)
  return %q#0, %q#1 : tensor<4x32xf4E2M1FN>, tensor<4x2xf8E4M3FN>
}

// -----
// quantize_c5: a scale operand with mx
func.func @quantize_c5(%x: tensor<4x32xf32>, %s: tensor<f32>) -> (tensor<4x32xf8E4M3FN>, tensor<4x1xf8E8M0FNU>) {
  // expected-error@+1 {{takes a scale operand only with scheme "tensor" (quantize_c5)}}
  %q:2 = "tessera.quantize"(%x, %s) {scheme = "mx"} : (tensor<4x32xf32>, tensor<f32>) -> (tensor<4x32xf8E4M3FN>, tensor<4x1xf8E8M0FNU>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<4x1xf8E8M0FNU>
}

// -----
// quantize_c5: scale operand type
func.func @quantize_c5(%x: tensor<4x32xf32>, %s: tensor<1xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{scale operand must be tensor<f32>, got tensor<1xf32> (quantize_c5)}}
  %q:2 = "tessera.quantize"(%x, %s) {scheme = "tensor"} : (tensor<4x32xf32>, tensor<1xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<f32>
}

// -----
// quantize_c6
func.func @quantize_c6(%x: tensor<f32>) -> (tensor<f8E4M3FN>, tensor<f8E8M0FNU>) {
  // expected-error@+1 {{block scaling needs a tensor of rank >= 1, got tensor<f32> (quantize_c6)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "mx"} : (tensor<f32>) -> (tensor<f8E4M3FN>, tensor<f8E8M0FNU>)
  return %q#0, %q#1 : tensor<f8E4M3FN>, tensor<f8E8M0FNU>
}

// -----
// quantize_c7: scale_rule with scheme tensor
func.func @quantize_c7(%x: tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{scale_rule applies only to scheme "mx" (quantize_c7)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "tensor", scale_rule = "ceil"} : (tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<f32>
}

// -----
// quantize_c7: unknown rule
func.func @quantize_c7(%x: tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<4x1xf8E8M0FNU>) {
  // expected-error@+1 {{scale_rule must be "ocp" or "ceil" (quantize_c7)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "mx", scale_rule = "floor"} : (tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<4x1xf8E8M0FNU>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<4x1xf8E8M0FNU>
}

// -----
// quantize_c8
func.func @quantize_c8(%x: tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>) {
  // expected-error@+1 {{numeric_policy field 'saturate' has no meaning for a quantization (allowed: rounding, profile, seed, denorm) (quantize_c8)}}
  %q:2 = "tessera.quantize"(%x) {scheme = "tensor", numeric_policy = {saturate = false}} : (tensor<4x32xf32>) -> (tensor<4x32xf8E4M3FN>, tensor<f32>)
  return %q#0, %q#1 : tensor<4x32xf8E4M3FN>, tensor<f32>
}

// -----
// dequantize_c1
func.func @dequantize_c1(%q: tensor<4x32xf8E4M3FN>, %s: tensor<f32>) -> tensor<4x32xf32> {
  // expected-error@+1 {{unknown scheme "int8" (expected tensor, mx or nvfp4) (dequantize_c1)}}
  %y = "tessera.dequantize"(%q, %s) {scheme = "int8"} : (tensor<4x32xf8E4M3FN>, tensor<f32>) -> tensor<4x32xf32>
  return %y : tensor<4x32xf32>
}

// -----
// dequantize_c2
func.func @dequantize_c2(%q: tensor<4x32xf8E4M3FN>, %s: tensor<4x2xf8E4M3FN>, %g: tensor<f32>) -> tensor<4x32xf32> {
  // expected-error@+1 {{operand #0 must hold f4E2M1FN, got tensor<4x32xf8E4M3FN> (dequantize_c2)}}
  %y = "tessera.dequantize"(%q, %s, %g) {scheme = "nvfp4"} : (tensor<4x32xf8E4M3FN>, tensor<4x2xf8E4M3FN>, tensor<f32>) -> tensor<4x32xf32>
  return %y : tensor<4x32xf32>
}

// -----
// dequantize_c3
func.func @dequantize_c3(%q: tensor<4x64xf8E5M2>, %s: tensor<4x2xf8E4M3FN>) -> tensor<4x64xf32> {
  // expected-error@+1 {{operand #1 must be tensor<4x2xf8E8M0FNU>, got tensor<4x2xf8E4M3FN> (dequantize_c3)}}
  %y = "tessera.dequantize"(%q, %s) {scheme = "mx"} : (tensor<4x64xf8E5M2>, tensor<4x2xf8E4M3FN>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----
// dequantize_c4
func.func @dequantize_c4(%q: tensor<8xf8E4M3FN>, %s: tensor<f32>) -> tensor<8xbf16> {
  // expected-error@+1 {{result #0 has type tensor<8xbf16> but the operands give tensor<8xf32> (dequantize_c4)}}
  %y = "tessera.dequantize"(%q, %s) {scheme = "tensor"} : (tensor<8xf8E4M3FN>, tensor<f32>) -> tensor<8xbf16>
  return %y : tensor<8xbf16>
}

// -----
// dequantize_c5
func.func @dequantize_c5(%q: tensor<8xf8E4M3FN>, %s: tensor<f32>) -> tensor<8xf32> {
  // expected-error@+1 {{takes no numeric_policy or scale_rule (dequantize_c5)}}
  %y = "tessera.dequantize"(%q, %s) {scheme = "tensor", numeric_policy = {rounding = "rtz"}} : (tensor<8xf8E4M3FN>, tensor<f32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}
