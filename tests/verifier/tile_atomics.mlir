// Verifier tests for tile.atomic and tile.atomic_cas (docs/ops/tile/atomics.md).
// Each chunk is one failing program named after the constraint it breaks.

// atomic_c1 (unknown kind)
func.func @k(%m: memref<8xi32>, %i: index, %v: i32) {
  // expected-error@+1 {{attribute 'kind' must be one of add, max, min, got "xor" (atomic_c1)}}
  %o = tile.atomic %v, %m, %i {kind = "xor"} : (i32, memref<8xi32>, index) -> i32
  return
}

// -----
// atomic_c1 (kind is required)
func.func @k(%m: memref<8xi32>, %i: index, %v: i32) {
  // expected-error@+1 {{needs a 'kind' attribute (atomic_c1)}}
  %o = tile.atomic %v, %m, %i : (i32, memref<8xi32>, index) -> i32
  return
}

// -----
// atomic_c1 (cas operands have the element type)
func.func @k(%m: memref<8xi32>, %i: index, %v: i32, %w: i64) {
  // expected-error@+1 {{value operands must be scalars of the memref element type (atomic_c1)}}
  %o = tile.atomic_cas %v, %w, %m, %i : (i32, i64, memref<8xi32>, index) -> i32
  return
}

// -----
// atomic_c1 (element type)
func.func @k(%m: memref<8xbf16>, %i: index, %v: bf16) {
  // expected-error@+1 {{atomics need an i32, i64, f32 or f64 memref (atomic_c1)}}
  %o = tile.atomic %v, %m, %i {kind = "add"} : (bf16, memref<8xbf16>, index) -> bf16
  return
}
