// Verifier tests for tessera.matmul (docs/ops/graph/contractions.md).
// Each chunk is one failing program named after the constraint it breaks.

// matmul_c1
func.func @matmul_c1(%a: tensor<4xf32>, %b: tensor<4x8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{must have rank >= 2, got tensor<4xf32> (matmul_c1)}}
  %0 = tessera.matmul %a, %b : (tensor<4xf32>, tensor<4x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----
// matmul_c1 (integer operands)
func.func @matmul_c1_int(%a: tensor<2x4xi32>, %b: tensor<4x8xi32>) -> tensor<2x8xi32> {
  // expected-error@+1 {{must have a float element type, got tensor<2x4xi32> (matmul_c1)}}
  %0 = tessera.matmul %a, %b : (tensor<2x4xi32>, tensor<4x8xi32>) -> tensor<2x8xi32>
  return %0 : tensor<2x8xi32>
}

// -----
// matmul_c2
func.func @matmul_c2(%a: tensor<2x4xf32>, %b: tensor<5x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{contraction dims differ: 4 (lhs) vs 5 (rhs) (matmul_c2)}}
  %0 = tessera.matmul %a, %b : (tensor<2x4xf32>, tensor<5x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----
// matmul_c2 (through transpose_b)
func.func @matmul_c2_tb(%a: tensor<2x4xf32>, %b: tensor<4x8xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(matmul_c2)}}
  %0 = "tessera.matmul"(%a, %b) {transpose_b = true} : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// matmul_c3
func.func @matmul_c3(%a: tensor<3x2x4xf32>, %b: tensor<5x4x8xf32>) -> tensor<3x2x8xf32> {
  // expected-error@+1 {{do not broadcast (matmul_c3)}}
  %0 = tessera.matmul %a, %b : (tensor<3x2x4xf32>, tensor<5x4x8xf32>) -> tensor<3x2x8xf32>
  return %0 : tensor<3x2x8xf32>
}

// -----
// matmul_c4
func.func @matmul_c4(%a: tensor<2x4xf32>, %b: tensor<4x8xf32>) -> tensor<2x8xf32> {
  // expected-error@+1 {{'transpose_a' must be true or false (matmul_c4)}}
  %0 = "tessera.matmul"(%a, %b) {transpose_a = 1} : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----
// matmul_c5
func.func @matmul_c5(%a: tensor<2x4xf32>, %b: tensor<4x8xf32>) -> tensor<2x9xf32> {
  // expected-error@+1 {{(matmul_c5)}}
  %0 = tessera.matmul %a, %b : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}

// -----
// matmul_c5 (integer result)
func.func @matmul_c5_int(%a: tensor<2x4xf32>, %b: tensor<4x8xf32>) -> tensor<2x8xi32> {
  // expected-error@+1 {{result must be a float tensor (matmul_c5)}}
  %0 = tessera.matmul %a, %b : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xi32>
  return %0 : tensor<2x8xi32>
}

// -----
// matmul_c6
func.func @matmul_c6(%a: tensor<2x4xbf16>, %b: tensor<4x8xbf16>) -> tensor<2x8xf32> {
  // expected-error@+1 {{unknown accum_model "kahan" (matmul_c6)}}
  %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "kahan"}} : (tensor<2x4xbf16>, tensor<4x8xbf16>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----
// matmul_c6 (f64 operands with an f32 accumulator)
func.func @matmul_c6_f64(%a: tensor<2x4xf64>, %b: tensor<4x8xf64>) -> tensor<2x8xf64> {
  // expected-error@+1 {{f64 operands need an f64 accumulator (matmul_c6)}}
  %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum = "f32"}} : (tensor<2x4xf64>, tensor<4x8xf64>) -> tensor<2x8xf64>
  return %0 : tensor<2x8xf64>
}

// -----
// matmul_c6 (tensor-core model with a bf16 accumulator)
func.func @matmul_c6_tc(%a: tensor<2x4xbf16>, %b: tensor<4x8xbf16>) -> tensor<2x8xf32> {
  // expected-error@+1 {{tensor-core models accumulate in f32 or f16 (matmul_c6)}}
  %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum = "bf16", accum_model = "tc_ampere"}} : (tensor<2x4xbf16>, tensor<4x8xbf16>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
