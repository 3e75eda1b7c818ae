// Verifier tests for tessera.scaled_matmul (docs/ops/graph/scaled_matmul.md).
// Each chunk is one failing program named after the constraint it breaks.

// scaled_matmul_c1
func.func @scaled_matmul_c1(%a: tensor<4x64xi8>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{a and b must hold float formats of at most 32 bits, got tensor<4x64xi8> and tensor<64x3xf8E4M3FN> (scaled_matmul_c1)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<4x64xi8>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c2: shared rhs without batching
func.func @scaled_matmul_c2(%a: tensor<2x4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<2x4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<2x4x3xf32> {
  // expected-error@+1 {{batching = "independent_rhs"; got tensor<2x4x64xf8E4M3FN> and tensor<64x3xf8E4M3FN> (scaled_matmul_c2)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<2x4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<2x4x2xi8>, tensor<2x3xi8>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----
// scaled_matmul_c3
func.func @scaled_matmul_c3(%a: tensor<4x64xf8E4M3FN>, %b: tensor<32x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{contraction dims differ: 64 (a) vs 32 (b) (scaled_matmul_c3)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<4x64xf8E4M3FN>, tensor<32x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c4: K not a multiple of the block
func.func @scaled_matmul_c4(%a: tensor<4x48xf8E4M3FN>, %b: tensor<48x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{K = 48 is not a whole number of scale blocks of 32 (scaled_matmul_c4)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<4x48xf8E4M3FN>, tensor<48x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c4: granularity
func.func @scaled_matmul_c4(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{scale_layout granularity must be "block" (scaled_matmul_c4)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "per_tensor", block = [1, 32], format = "e8m0"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c5: b_scale shape
func.func @scaled_matmul_c5(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x2xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{b_scale must be [2, 3], got tensor<2x2xi8> (scaled_matmul_c5)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x2xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c5: e8m0 stored as f32
func.func @scaled_matmul_c5(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xf32>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{a_scale of format e8m0 must be stored as i8 or ui8, got tensor<4x2xf32> (scaled_matmul_c5)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xf32>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c6
func.func @scaled_matmul_c6(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{numeric_policy accum must be "fp32" (the accumulator is f32) (scaled_matmul_c6)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}, numeric_policy = {accum = "fp16"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c6: execution mode
func.func @scaled_matmul_c6(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{numeric_policy execution_mode must be "exact_per_block" (scaled_matmul_c6)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}, numeric_policy = {accum = "fp32", execution_mode = "approximate"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scaled_matmul_c7
func.func @scaled_matmul_c7(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf8E4M3FN> {
  // expected-error@+1 {{the result must hold f32, bf16 or f16, got tensor<4x3xf8E4M3FN> (scaled_matmul_c7)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf8E4M3FN>
  return %0 : tensor<4x3xf8E4M3FN>
}

// -----
// scaled_matmul_c7: shape
func.func @scaled_matmul_c7(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x4xf32> {
  // expected-error@+1 {{ (scaled_matmul_c7)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// scaled_matmul_c5: a huge bn gives one b_scale column (ceil(N / bn) computed without overflow)
func.func @scaled_matmul_c5(%a: tensor<4x64xf8E4M3FN>, %b: tensor<64x3xf8E4M3FN>, %sa: tensor<4x2xi8>, %sb: tensor<2x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{b_scale must be [2, 1], got tensor<2x3xi8> (scaled_matmul_c5)}}
  %0 = tessera.scaled_matmul %a, %b scales(%sa, %sb) {scale_layout = {granularity = "block", block = [9223372036854775807, 32], format = "e8m0"}} : (tensor<4x64xf8E4M3FN>, tensor<64x3xf8E4M3FN>, tensor<4x2xi8>, tensor<2x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
