// Verifier tests for loads, stores and allocations (docs/ops/tile/memory.md).
// Each chunk is one failing program named after the constraint it breaks.

// mem_c1
func.func @k(%m: memref<8xf32, 2>, %i: index) {
  // expected-error@+1 {{memory space 2 is not 0 (global), 3 (shared) or 5 (local) (mem_c1)}}
  %v = tile.load %m, %i : (memref<8xf32, 2>, index) -> f32
  return
}

// -----
// mem_c1 (i4 packs two elements per byte: no Tile IR memory)
func.func @k(%m: memref<8xi4>, %i: index) {
  // expected-error@+1 {{memref element type i4 is not supported in Tile IR memory (mem_c1)}}
  %v = tile.load %m, %i : (memref<8xi4>, index) -> i4
  return
}

// -----
// store_c1
func.func @k(%m: memref<8xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{value type i32 does not match the memref element type f32 (store_c1)}}
  tile.store %v, %m, %i : (i32, memref<8xf32>, index) -> ()
  return
}

// -----
// tile_c1
func.func @k(%m: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{register tile must be a static 2-D tensor of f32, got tensor<4x4xf16> (tile_c1)}}
  %t = tile.load_tile %m, %i, %i : (memref<8x8xf32>, index, index) -> tensor<4x4xf16>
  return
}

// -----
// tile_c2
func.func @k(%m: memref<8xf32>, %i: index) {
  // expected-error@+1 {{needs a memref of rank 2 or more (tile_c2)}}
  %t = tile.load_tile %m, %i, %i : (memref<8xf32>, index, index) -> tensor<4x4xf32>
  return
}

// -----
// alloc_c1 (alloc_register is in space 5)
func.func @k() {
  // expected-error@+1 {{result must be a static memref in memory space 5, got memref<8xf32, 3> (alloc_c1)}}
  %s = tile.alloc_register : memref<8xf32, 3>
  return
}

// -----
// alloc_c2 (alignment)
func.func @k() {
  // expected-error@+1 {{'alignment' must be a power of two in [1, 4096] (alloc_c2)}}
  %s = tile.alloc_shared {alignment = 24} : memref<8x8xf32, 3>
  return
}
