// Verifier tests for tile.mma (docs/ops/tile/mma.md).
// Each chunk is one failing program named after the constraint it breaks.

// mma_c1 (operand types)
func.func @k(%a: tensor<16x16xi32>, %b: tensor<16x16xi32>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{a and b must be 2-D float register tiles of one element type (mma_c1)}}
  %d = tile.mma %a, %b, %c : (tensor<16x16xi32>, tensor<16x16xi32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----
// mma_c1 (layout)
func.func @k(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{attribute 'layout_a' must be one of row, col, got "diag" (mma_c1)}}
  %d = tile.mma %a, %b, %c {layout_a = "diag"} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----
// mma_c2 (accumulator shape)
func.func @k(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x8xf32>) {
  // expected-error@+1 {{accumulator must be [16, 16], got [8, 8] (mma_c2)}}
  %d = tile.mma %a, %b, %c : (tensor<16x8xf32>, tensor<8x16xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----
// mma_c3
func.func @k(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{result #0 has type tensor<16x8xf32> but the operands give tensor<16x16xf32> (mma_c3)}}
  %d = tile.mma %a, %b, %c : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x8xf32>
  return
}

// -----
// mma_c4 (accumulator type of the policy)
func.func @k(%a: tensor<16x16xbf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{the accumulator is f32 (mma_c4)}}
  %d = tile.mma %a, %b, %c {numeric_policy = {accum = "bf16"}} : (tensor<16x16xbf16>, tensor<16x16xbf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}
