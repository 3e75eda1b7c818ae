// Verifier tests for tile.async_copy, commit_group and wait_group (docs/ops/tile/async.md).
// Each chunk is one failing program named after the constraint it breaks.

// async_c1 (element types differ)
func.func @k(%g: memref<8x8xf32>, %i: index) {
  %s = tile.alloc_shared : memref<4x4xi32, 3>
  // expected-error@+1 {{needs a source of rank >= 2 and a 2-D destination of the same element type (async_c1)}}
  tile.async_copy %g, %s, %i, %i : (memref<8x8xf32>, memref<4x4xi32, 3>, index, index) -> ()
  return
}

// -----
// async_c2
func.func @k(%g: memref<8x8xf32>, %i: index) {
  %s = tile.alloc_shared : memref<4x4xf32, 3>
  // expected-error@+1 {{expects 2 indices for memref<8x8xf32>, got 3 (async_c2)}}
  tile.async_copy %g, %s, %i, %i, %i : (memref<8x8xf32>, memref<4x4xf32, 3>, index, index, index) -> ()
  return
}

// -----
// async_c3 (n above 64)
func.func @k() {
  // expected-error@+1 {{attribute 'n' must be in [0, 64] (async_c3)}}
  tile.wait_group {n = 65} : () -> ()
  return
}
