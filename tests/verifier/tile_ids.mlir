// Verifier tests for the id ops and tile.dim (docs/ops/tile/ids.md).
// Each chunk is one failing program named after the constraint it breaks.

// id_c1 (ids are index)
func.func @k() {
  // expected-error@+1 {{result #0 has type i32 but the operands give index (id_c1)}}
  %l = tile.linear_id : i32
  return
}

// -----
// id_c1 (dim must be an integer)
func.func @k() {
  // expected-error@+1 {{attribute 'dim' must be an integer (id_c1)}}
  %n = tile.num_groups {dim = "x"} : index
  return
}

// -----
// id_c2 (rank-1 lane vector)
func.func @k() {
  // expected-error@+1 {{result must be vector<L x i32>, got vector<4x8xi32> (id_c2)}}
  %l = tile.lane_id : vector<4x8xi32>
  return
}

// -----
// dim_c1
func.func @k(%m: memref<8xf32>) {
  // expected-error@+1 {{attribute 'dim' is 1 but the memref has rank 1 (dim_c1)}}
  %d = tile.dim %m {dim = 1} : (memref<8xf32>) -> index
  return
}
