// Verifier tests for tessera.quantize_fp8 (docs/ops/graph/misc_quant.md). Each chunk is one
// failing program named after the constraint it breaks.

// quantize_fp8_c1
func.func @quantize_fp8_c1(%x: tensor<4x8xf64>) -> (tensor<4x8xf8E4M3FN>, f32) {
  // expected-error@+1 {{x must hold f32, f16 or bf16, got tensor<4x8xf64> (quantize_fp8_c1)}}
  %q, %s = "tessera.quantize_fp8"(%x) : (tensor<4x8xf64>) -> (tensor<4x8xf8E4M3FN>, f32)
  return %q, %s : tensor<4x8xf8E4M3FN>, f32
}

// -----
// quantize_fp8_c2: upstream's quant_fp8_badfmt
func.func @quantize_fp8_c2(%x: tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, f32) {
  // expected-error@+1 {{attribute 'format' must be "e4m3" or "e5m2", got "int8" (quantize_fp8_c2)}}
  %q, %s = "tessera.quantize_fp8"(%x) {format = "int8"} : (tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, f32)
  return %q, %s : tensor<4x8xf8E4M3FN>, f32
}

// -----
// quantize_fp8_c3: upstream's quant_fp8_shape
func.func @quantize_fp8_c3(%x: tensor<4x8xf32>) -> (tensor<4x16xf8E4M3FN>, f32) {
  // expected-error@+1 {{(quantize_fp8_c3)}}
  %q, %s = "tessera.quantize_fp8"(%x) {format = "e4m3"} : (tensor<4x8xf32>) -> (tensor<4x16xf8E4M3FN>, f32)
  return %q, %s : tensor<4x16xf8E4M3FN>, f32
}

// -----
// quantize_fp8_c3: the format names E5M2
func.func @quantize_fp8_c3(%x: tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, f32) {
  // expected-error@+1 {{(quantize_fp8_c3)}}
  %q, %s = "tessera.quantize_fp8"(%x) {format = "e5m2"} : (tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, f32)
  return %q, %s : tensor<4x8xf8E4M3FN>, f32
}

// -----
// quantize_fp8_c4
func.func @quantize_fp8_c4(%x: tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, tensor<1xf32>) {
  // expected-error@+1 {{the scale result must be f32 or tensor<f32>, got tensor<1xf32> (quantize_fp8_c4)}}
  %q, %s = "tessera.quantize_fp8"(%x) : (tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, tensor<1xf32>)
  return %q, %s : tensor<4x8xf8E4M3FN>, tensor<1xf32>
}
