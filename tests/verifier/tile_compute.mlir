// Verifier tests for tile-collective compute ops (docs/ops/tile/compute.md).
// Each chunk is one failing program named after the constraint it breaks.

// tile_reduce_c1 (tile.reduce: float operand)
func.func @k(%a: tensor<4x4xi32>) {
  // expected-error@+1 {{operand must be an f32, bf16 or f16 register tile, got tensor<4x4xi32> (tile_reduce_c1)}}
  %r = tile.reduce %a {kind = "sum"} : (tensor<4x4xi32>) -> i32
  return
}

// -----
// tile_reduce_c1 (tile.reduce: kind)
func.func @k(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{attribute 'kind' must be one of sum, max, min, got "prod" (tile_reduce_c1)}}
  %r = tile.reduce %a {kind = "prod"} : (tensor<4x4xf32>) -> f32
  return
}

// -----
// tile_reduce_c2 (tile.reduce: result type)
func.func @k(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{result #0 has type f64 but the operands give f32 (tile_reduce_c2)}}
  %r = tile.reduce %a {kind = "max"} : (tensor<4x4xf32>) -> f64
  return
}

// -----
// row_c1 (2-D float operand)
func.func @k(%a: tensor<16xf32>) {
  // expected-error@+1 {{operand #0 must be a 2-D f32, bf16 or f16 register tile, got tensor<16xf32> (row_c1)}}
  %r = tile.row_max %a : (tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----
// row_c2
func.func @k(%a: tensor<16x8xf32>) {
  // expected-error@+1 {{result #0 has type tensor<8xf32> but the operands give tensor<16xf32> (row_c2)}}
  %r = tile.row_max %a : (tensor<16x8xf32>) -> tensor<8xf32>
  return
}

// -----
// exp_c1
func.func @k(%a: f64) {
  // expected-error@+1 {{operand must be an f32 scalar or an f32, bf16 or f16 register tile, got f64 (exp_c1)}}
  %r = tile.exp %a : (f64) -> f64
  return
}

// -----
// log_c1
func.func @k(%a: tensor<4x4xi32>) {
  // expected-error@+1 {{operand must be an f32 scalar or an f32, bf16 or f16 register tile, got tensor<4x4xi32> (log_c1)}}
  %r = tile.log %a : (tensor<4x4xi32>) -> tensor<4x4xi32>
  return
}

// -----
// maximum_c1
func.func @k(%a: tensor<4xf32>, %b: tensor<4x4xf32>) {
  // expected-error@+1 {{operands must be f32 scalars or f32, bf16 or f16 register tiles of one type (maximum_c1)}}
  %r = tile.maximum %a, %b : (tensor<4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
  return
}

// -----
// mask_c1 (row0/col0 are index)
func.func @k(%a: tensor<4x4xf32>, %i: i32) {
  // expected-error@+1 {{operand #1 must be an index, got i32 (mask_c1)}}
  %r = tile.causal_mask %a, %i, %i : (tensor<4x4xf32>, i32, i32) -> tensor<4x4xf32>
  return
}

// -----
// mask_c1 (value is a number)
func.func @k(%a: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{attribute 'value' must be a number (mask_c1)}}
  %r = tile.causal_mask %a, %i, %i {value = "inf"} : (tensor<4x4xf32>, index, index) -> tensor<4x4xf32>
  return
}

// -----
// fill_c1
func.func @k() {
  // expected-error@+1 {{result must be a static register tile, got tensor<4x4x4xf32> (fill_c1)}}
  %r = tile.zeros : tensor<4x4x4xf32>
  return
}

// -----
// fill_c2 (no value)
func.func @k() {
  // expected-error@+1 {{needs a numeric 'value' or a value operand (fill_c2)}}
  %r = tile.full : tensor<4x4xf32>
  return
}

// -----
// fill_c2 (operand of another type)
func.func @k(%v: f64) {
  // expected-error@+1 {{the fill value must be a scalar of the element type (fill_c2)}}
  %r = tile.full %v : (f64) -> tensor<4x4xf32>
  return
}

// -----
// bcast_c1 (result is a register tile)
func.func @k(%a: f32) {
  // expected-error@+1 {{result must be a register tile, got f32 (bcast_c1)}}
  %t = tile.broadcast %a : (f32) -> f32
  return
}

// -----
// fma_c1 (tile.fma: mixed types)
func.func @k(%a: f32, %b: f32, %c: f64) {
  // expected-error@+1 {{operands must be three f32 or three f64 scalars, got f32, f32, f64 (fma_c1)}}
  %r = tile.fma %a, %b, %c : (f32, f32, f64) -> f32
  return
}

// -----
// fma_c1 (tile.fma: register tiles)
func.func @k(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{operands must be three f32 or three f64 scalars, got tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32> (fma_c1)}}
  %r = tile.fma %a, %a, %a : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----
// fma_c1 (tile.fma: result type)
func.func @k(%a: f64, %b: f64, %c: f64) {
  // expected-error@+1 {{result #0 has type f32 but the operands give f64 (fma_c1)}}
  %r = tile.fma %a, %b, %c : (f64, f64, f64) -> f32
  return
}
