// Verifier tests for the elementwise family (docs/ops/graph/elementwise.md).
// Each chunk is one failing program named after the constraint it breaks.

// binary_c1
func.func @binary_c1(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{different element types (tensor<4xf32> vs tensor<4xf64>) (binary_c1)}}
  %0 = tessera.add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// binary_c1: div needs floats
func.func @binary_c1(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{needs float operands, got tensor<4xi32> (binary_c1)}}
  %0 = "tessera.div"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// binary_c1: i4 is excluded
func.func @binary_c1(%a: tensor<4xi4>, %b: tensor<4xi4>) -> tensor<4xi4> {
  // expected-error@+1 {{element type i4 is not supported by elementwise ops (binary_c1)}}
  %0 = "tessera.mul"(%a, %b) : (tensor<4xi4>, tensor<4xi4>) -> tensor<4xi4>
  return %0 : tensor<4xi4>
}

// -----
// binary_c1: scalar operand
func.func @binary_c1(%a: tensor<4xf32>, %b: f32) -> tensor<4xf32> {
  // expected-error@+1 {{operand #1 must be a tensor, got f32 (binary_c1)}}
  %0 = "tessera.pow"(%a, %b) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// binary_c2
func.func @binary_c2(%a: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{shapes [4, 3] and [4] do not broadcast (binary_c2)}}
  %0 = tessera.mul %a, %b : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// binary_c3
func.func @binary_c3(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{result #0 has type tensor<4x4xf32> but the operands give tensor<4x3xf32> (binary_c3)}}
  %0 = tessera.sub %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// binary_c3: result element type
func.func @binary_c3(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{(binary_c3)}}
  %0 = "tessera.max"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----
// compare_c1
func.func @compare_c1(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error@+1 {{different element types (tensor<4xf32> vs tensor<4xi32>) (compare_c1)}}
  %0 = "tessera.cmp_lt"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----
// compare_c2
func.func @compare_c2(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<2x3xi1> {
  // expected-error@+1 {{do not broadcast (compare_c2)}}
  %0 = "tessera.cmp_eq"(%a, %b) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----
// compare_c3: result must hold i1
func.func @compare_c3(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{but the operands give tensor<4xi1> (compare_c3)}}
  %0 = "tessera.cmp_ge"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// unary_c1
func.func @unary_c1(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{operand #0 must have a float element type, got tensor<4xi32> (unary_c1)}}
  %0 = "tessera.exp"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// unary_c1: tf32
func.func @unary_c1(%a: tensor<4xtf32>) -> tensor<4xtf32> {
  // expected-error@+1 {{element type tf32 is not supported by elementwise ops (unary_c1)}}
  %0 = "tessera.tanh"(%a) : (tensor<4xtf32>) -> tensor<4xtf32>
  return %0 : tensor<4xtf32>
}

// -----
// unary_c2
func.func @unary_c2(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{has type tensor<4xf64> but the operands give tensor<4xf32> (unary_c2)}}
  %0 = "tessera.sqrt"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----
// select_c1
func.func @select_c1(%c: tensor<4xi8>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{condition must hold i1, got tensor<4xi8> (select_c1)}}
  %0 = "tessera.select"(%c, %a, %b) : (tensor<4xi8>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// select_c2
func.func @select_c2(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{branches have different element types (select_c2)}}
  %0 = "tessera.select"(%c, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// select_c3
func.func @select_c3(%c: tensor<3xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{condition and branch shapes do not broadcast (select_c3)}}
  %0 = "tessera.select"(%c, %a, %b) : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// select_c4
func.func @select_c4(%c: tensor<2x1xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{but the operands give tensor<2x4xf32> (select_c4)}}
  %0 = "tessera.select"(%c, %a, %b) : (tensor<2x1xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// gelu_c1
func.func @gelu_c1(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'approximate' must be "none" or "tanh", got "erf" (gelu_c1)}}
  %0 = "tessera.gelu"(%a) {approximate = "erf"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
