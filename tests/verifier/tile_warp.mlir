// Verifier tests for tile.shuffle, tile.vote and tile.warp_reduce (docs/ops/tile/warp.md).
// Each chunk is one failing program named after the constraint it breaks.

// warp_c1 (lane operand type)
func.func @k(%x: vector<32xf32>, %s: f32) {
  // expected-error@+1 {{the lane operand must be an i32 scalar (or, for idx, vector<L x i32>) (warp_c1)}}
  %r = tile.shuffle %x, %s {mode = "xor"} : (vector<32xf32>, f32) -> vector<32xf32>
  return
}

// -----
// warp_c1 (a per-lane source vector only with idx)
func.func @k(%x: vector<32xf32>, %s: vector<32xi32>) {
  // expected-error@+1 {{the lane operand must be an i32 scalar (or, for idx, vector<L x i32>) (warp_c1)}}
  %r = tile.shuffle %x, %s {mode = "up"} : (vector<32xf32>, vector<32xi32>) -> vector<32xf32>
  return
}

// -----
// warp_c1 (mode)
func.func @k(%x: vector<32xf32>, %s: i32) {
  // expected-error@+1 {{attribute 'mode' must be one of idx, xor, up, down, got "rotate" (warp_c1)}}
  %r = tile.shuffle %x, %s {mode = "rotate"} : (vector<32xf32>, i32) -> vector<32xf32>
  return
}

// -----
// warp_c2 (ballot fits 64 lanes)
func.func @k(%x: vector<128xi1>) {
  // expected-error@+1 {{ballot needs at most 64 lanes (warp_c2)}}
  %r = tile.vote %x {kind = "ballot"} : (vector<128xi1>) -> i64
  return
}

// -----
// warp_c2 (ballot gives i64)
func.func @k(%x: vector<32xi1>) {
  // expected-error@+1 {{result #0 has type i1 but the operands give i64 (warp_c2)}}
  %r = tile.vote %x {kind = "ballot"} : (vector<32xi1>) -> i1
  return
}

// -----
// warp_c3 (element type)
func.func @k(%x: vector<32xi1>) {
  // expected-error@+1 {{warp_reduce needs f32, bf16, f16 or i32 lanes (warp_c3)}}
  %r = tile.warp_reduce %x {kind = "sum"} : (vector<32xi1>) -> i1
  return
}

// -----
// warp_c3 (kind)
func.func @k(%x: vector<32xf32>) {
  // expected-error@+1 {{attribute 'kind' must be one of sum, max, min, got "mean" (warp_c3)}}
  %r = tile.warp_reduce %x {kind = "mean"} : (vector<32xf32>) -> f32
  return
}

// -----
// warp_c3 (a lane vector, not a tensor)
func.func @k(%x: tensor<32xf32>) {
  // expected-error@+1 {{operand #0 must be a lane vector vector<L x T>, got tensor<32xf32> (warp_c3)}}
  %r = tile.warp_reduce %x : (tensor<32xf32>) -> f32
  return
}
