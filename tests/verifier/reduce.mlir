// Verifier tests for tessera.reduce (docs/ops/graph/reductions.md).
// Each chunk is one failing program named after the constraint it breaks.

// reduce_c1
func.func @reduce_c1(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  // expected-error@+1 {{operand #0 must have a float element type, got tensor<2x3xi32> (reduce_c1)}}
  %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<2x3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----
// reduce_c2
func.func @reduce_c2(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{attribute 'kind' must be "sum", "max", "min" or "mean", got "prod" (reduce_c2)}}
  %0 = "tessera.reduce"(%x) {kind = "prod", axes = [1]} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c2: kind is required
func.func @reduce_c2(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{got nothing (reduce_c2)}}
  %0 = "tessera.reduce"(%x) {axes = [1]} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c3
func.func @reduce_c3(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (reduce_c3)}}
  %0 = "tessera.reduce"(%x) {kind = "sum", axes = [2]} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c3: duplicate after normalisation
func.func @reduce_c3(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{axis -1 appears twice (reduce_c3)}}
  %0 = "tessera.reduce"(%x) {kind = "max", axes = [1, -1]} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c3: not integers
func.func @reduce_c3(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{attribute 'axes' must be an array of integers (reduce_c3)}}
  %0 = "tessera.reduce"(%x) {kind = "min", axes = ["1"]} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c4
func.func @reduce_c4(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error@+1 {{attribute 'keepdims' must be true or false (reduce_c4)}}
  %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1], keepdims = 1} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----
// reduce_c5
func.func @reduce_c5(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{numeric_policy accum must be "f32" or "f64" (reduce_c5)}}
  %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1], numeric_policy = {accum = "bf16"}} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c5: unknown policy field (reported with policy_c3 by the generic policy check or reduce_c5)
func.func @reduce_c5(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{numeric_policy: unknown field 'acum' (policy_c3)}}
  %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1], numeric_policy = {acum = "f32"}} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c6
func.func @reduce_c6(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{result #0 has type tensor<2xf32> but the operands give tensor<2x1xf32> (reduce_c6)}}
  %0 = "tessera.reduce"(%x) {kind = "mean", axes = [1], keepdims = true} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// reduce_c6: an f64 result of a bf16 operand (only f32 is kept)
func.func @reduce_c6(%x: tensor<2x3xbf16>) -> tensor<2xf64> {
  // expected-error@+1 {{result #0 has type tensor<2xf64> but the operands give tensor<2xbf16> (reduce_c6)}}
  %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<2x3xbf16>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----
// reduce_c7
func.func @reduce_c7(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{attribute 'schedule' must be a string (reduce_c7)}}
  %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1], schedule = 128 : i64} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
