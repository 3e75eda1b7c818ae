// Verifier tests for tessera.fused_epilogue and tessera.dequant_matmul
// (docs/ops/graph/misc_gemm.md). Each chunk is one failing program named after the constraint it
// breaks.

// fused_epilogue_c1
func.func @fused_epilogue_c1(%a: tensor<4x8xbf16>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{a and b must share one element type, got tensor<4x8xbf16> and tensor<8x3xf32> (fused_epilogue_c1)}}
  %0 = "tessera.fused_epilogue"(%a, %b) : (tensor<4x8xbf16>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// fused_epilogue_c1: not a matrix
func.func @fused_epilogue_c1(%a: tensor<2x4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{operand #0 must be a matrix of a float type other than tf32, got tensor<2x4x8xf32> (fused_epilogue_c1)}}
  %0 = "tessera.fused_epilogue"(%a, %b) : (tensor<2x4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// fused_epilogue_c2
func.func @fused_epilogue_c2(%a: tensor<4x8xf32>, %b: tensor<7x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{contraction dims differ: [4, 8] x [7, 3] (fused_epilogue_c2)}}
  %0 = "tessera.fused_epilogue"(%a, %b) : (tensor<4x8xf32>, tensor<7x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// fused_epilogue_c3: has_bias without a bias
func.func @fused_epilogue_c3(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{has_bias = true but there are 2 operands (fused_epilogue_c3)}}
  %0 = "tessera.fused_epilogue"(%a, %b) {has_bias = true} : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// fused_epilogue_c3: a bias of the wrong length
func.func @fused_epilogue_c3(%a: tensor<4x8xbf16>, %b: tensor<8x3xbf16>, %c: tensor<4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{bias must be [3] of bf16 or f32, got tensor<4xf32> (fused_epilogue_c3)}}
  %0 = "tessera.fused_epilogue"(%a, %b, %c) : (tensor<4x8xbf16>, tensor<8x3xbf16>, tensor<4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// fused_epilogue_c4
func.func @fused_epilogue_c4(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'epilogue' must be 0 ("none"), 1 ("relu") or 2 ("gelu") (fused_epilogue_c4)}}
  %0 = "tessera.fused_epilogue"(%a, %b) {epilogue = 7 : i32} : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// fused_epilogue_c5
func.func @fused_epilogue_c5(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{(fused_epilogue_c5)}}
  %0 = "tessera.fused_epilogue"(%a, %b) : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// dequant_matmul_c1
func.func @dequant_matmul_c1(%x: tensor<4x8xi32>, %w: tensor<8x3xi8>) -> tensor<4x3xi32> {
  // expected-error@+1 {{must have a float element type, got tensor<4x8xi32> (dequant_matmul_c1)}}
  %0 = tessera.dequant_matmul %x, %w {weight_dtype = "int8"} : (tensor<4x8xi32>, tensor<8x3xi8>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----
// dequant_matmul_c2
func.func @dequant_matmul_c2(%x: tensor<4x8xf32>, %w: tensor<8x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'weight_dtype' must be one of "int4", "int8", "fp8_e4m3", "fp8_e5m2" (dequant_matmul_c2)}}
  %0 = tessera.dequant_matmul %x, %w {weight_dtype = "int3"} : (tensor<4x8xf32>, tensor<8x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// dequant_matmul_c3
func.func @dequant_matmul_c3(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{w_codes must be [8, N] of an integer type for int4, got tensor<8x3xf32> (dequant_matmul_c3)}}
  %0 = tessera.dequant_matmul %x, %w {weight_dtype = "int4"} : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// dequant_matmul_c4
func.func @dequant_matmul_c4(%x: tensor<4x8xf32>, %w: tensor<8x3xi8>, %s: tensor<1x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{scale must be [2, 3] floats, got tensor<1x3xf32> (dequant_matmul_c4)}}
  %0 = tessera.dequant_matmul %x, %w scale(%s) {weight_dtype = "int4", quant_group_size = 4 : i64} : (tensor<4x8xf32>, tensor<8x3xi8>, tensor<1x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// dequant_matmul_c4: a group size below 1
func.func @dequant_matmul_c4(%x: tensor<4x8xf32>, %w: tensor<8x3xi8>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'quant_group_size' must be an integer >= 1 (dequant_matmul_c4)}}
  %0 = tessera.dequant_matmul %x, %w {weight_dtype = "int8", quant_group_size = 0 : i64} : (tensor<4x8xf32>, tensor<8x3xi8>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// dequant_matmul_c5
func.func @dequant_matmul_c5(%x: tensor<4x8xf32>, %w: tensor<8x3xi8>) -> tensor<4x3xf64> {
  // expected-error@+1 {{(dequant_matmul_c5)}}
  %0 = tessera.dequant_matmul %x, %w {weight_dtype = "int8"} : (tensor<4x8xf32>, tensor<8x3xi8>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}
