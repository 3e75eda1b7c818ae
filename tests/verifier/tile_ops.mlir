// Verifier tests for Tile IR ops, arith.* and scf.* (docs/tile-ir.md).
// Each chunk is one failing program named after the constraint it breaks.

// launch_c1
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{callee @nope is not a function with a body in this module (launch_c1)}}
  %0 = tile.launch %x {callee = @nope, grid = [1]} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----
// launch_c2
func.func @k(%x: memref<8xf32>, %o: memref<8xf32>) {
  return
}
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{needs 'grid', an array of 1 to 3 positive integers (launch_c2)}}
  %0 = tile.launch %x {callee = @k, grid = []} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----
// launch_c3
func.func @k(%x: memref<8xi32>, %o: memref<8xf32>) {
  return
}
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{does not bind parameter #0 of @k (memref<8xi32>) (launch_c3)}}
  %0 = tile.launch %x {callee = @k, grid = [1]} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----
// id_c1
func.func @k() {
  // expected-error@+1 {{attribute 'dim' must be 0, 1 or 2 (id_c1)}}
  %g = tile.group_id {dim = 3} : index
  return
}

// -----
// id_c2
func.func @k() {
  // expected-error@+1 {{result must be vector<L x i32>, got vector<32xf32> (id_c2)}}
  %l = tile.lane_id : vector<32xf32>
  return
}

// -----
// arith_c2
func.func @k(%a: f32, %b: i32) {
  // expected-error@+1 {{operands have different types (f32 vs i32); broadcast with tile.broadcast first (arith_c2)}}
  %c = arith.addf %a, %b : (f32, i32) -> f32
  return
}

// -----
// arith_c2: a scalar no longer splats over a tile inside arith (tile.broadcast does that)
func.func @k(%a: tensor<4x4xf32>, %b: f32) {
  // expected-error@+1 {{operands have different types (tensor<4x4xf32> vs f32); broadcast with tile.broadcast first (arith_c2)}}
  %c = arith.mulf %a, %b : (tensor<4x4xf32>, f32) -> tensor<4x4xf32>
  return
}

// -----
// arith_c4
func.func @k(%a: index, %b: index) {
  // expected-error@+1 {{'predicate' must name a comparison: eq ne slt sle sgt sge ult ule ugt uge (or MLIR's 0-9) (arith_c4)}}
  %c = arith.cmpi %a, %b {predicate = "less"} : (index, index) -> i1
  return
}

// -----
// scf_c1
func.func @k(%a: f32, %n: index) {
  // expected-error@+1 {{lower bound, upper bound and step must be index (scf_c1)}}
  "scf.for"(%a, %n, %n) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (f32, index, index) -> ()
  return
}

// -----
// scf_c2
func.func @k(%n: index, %x: f32) {
  // expected-error@+1 {{yielded value #0 has type index, expected f32 (scf_c2)}}
  %r = "scf.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %acc: f32):
    "scf.yield"(%i) : (index) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----
// mem_c2
func.func @k(%m: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expects 2 indices for memref<8x8xf32>, got 1 (mem_c2)}}
  %v = tile.load %m, %i : (memref<8x8xf32>, index) -> f32
  return
}

// -----
// load_c1
func.func @k(%m: memref<8xf32>, %i: index) {
  // expected-error@+1 {{vector width must be 1, 2, 4 or 8, got 3 (load_c1)}}
  %v = tile.load %m, %i : (memref<8xf32>, index) -> vector<3xf32>
  return
}

// -----
// load_c1: no register tile holds ui8 (a ui8 scalar is a storage-only scalar)
func.func @k(%m: memref<8xui8>, %i: index) {
  // expected-error@+1 {{register tiles hold f32, bf16, f16, i32 or i1, not ui8; access ui8 memory with scalar loads and stores (load_c1)}}
  %v = tile.load %m, %i : (memref<8xui8>, index) -> vector<2xui8>
  return
}

// -----
// alloc_c1
func.func @k() {
  // expected-error@+1 {{result must be a static memref in memory space 3, got memref<8xf32> (alloc_c1)}}
  %s = tile.alloc_shared : memref<8xf32>
  return
}

// -----
// alloc_c2
func.func @k() {
  // expected-error@+1 {{swizzle "xor" needs rank >= 2 and rows of a power-of-two number of 16-byte chunks (alloc_c2)}}
  %s = tile.alloc_shared {swizzle = "xor"} : memref<8x12xf32, 3>
  return
}

// -----
// async_c1
func.func @k(%g: memref<8x8xf32>, %i: index) {
  %s = tile.alloc_register : memref<8x8xf32, 5>
  // expected-error@+1 {{copies from global memory (space 0) to shared memory (space 3) (async_c1)}}
  tile.async_copy %g, %s, %i, %i : (memref<8x8xf32>, memref<8x8xf32, 5>, index, index) -> ()
  return
}

// -----
// async_c3
func.func @k() {
  // expected-error@+1 {{attribute 'n' must be in [0, 64] (async_c3)}}
  tile.wait_group {n = -1} : () -> ()
  return
}

// -----
// atomic_c1
func.func @k(%m: memref<8xf32, 5>, %i: index, %v: f32) {
  // expected-error@+1 {{atomics act on global or shared memory (atomic_c1)}}
  %o = tile.atomic %v, %m, %i {kind = "add"} : (f32, memref<8xf32, 5>, index) -> f32
  return
}

// -----
// mma_c2
func.func @k(%a: tensor<16x8xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{contraction sizes differ: 8 vs 16 (mma_c2)}}
  %d = tile.mma %a, %b, %c : (tensor<16x8xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----
// mma_c4
func.func @k(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error@+1 {{unknown accum_model "magic" (mma_c4)}}
  %d = tile.mma %a, %b, %c {numeric_policy = {accum_model = "magic"}} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return
}

// -----
// row_c1
func.func @k(%a: tensor<16x8xf32>, %i: tensor<8xf32>) {
  // expected-error@+1 {{init must be tensor<16xf32>, got tensor<8xf32> (row_c1)}}
  %r = tile.row_sum %a, %i : (tensor<16x8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return
}

// -----
// warp_c2
func.func @k(%p: vector<32xi32>) {
  // expected-error@+1 {{vote needs vector<L x i1> (warp_c2)}}
  %r = tile.vote %p {kind = "any"} : (vector<32xi32>) -> i1
  return
}

// -----
// arith_c5: the constant's value must have the result type (MLIR's rule)
func.func @arith_c5(%out: memref<4xf32>) attributes {tile.grid = [1, 1, 1]} {
  // expected-error@+1 {{does not have the result type index (write e.g. `0 : index`) (arith_c5)}}
  %c = arith.constant {value = 1024} : index
  return
}

// -----
// arith_c4 (integer code out of range)
func.func @k(%a: index, %b: index) {
  // expected-error@+1 {{(arith_c4)}}
  %c = arith.cmpi %a, %b {predicate = 10} : (index, index) -> i1
  return
}

// -----
// arith_c6
func.func @k(%a: i64) {
  // expected-error@+1 {{cannot cast i64 to i32 (index_cast needs index on exactly one side) (arith_c6)}}
  %c = arith.index_cast %a : (i64) -> i32
  return
}

// -----
// scf_c6
func.func @k(%c: i1) {
  // expected-error@+1 {{needs a then region and an else region (an empty else holds just scf.yield) (scf_c6)}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----
// bcast_c1
func.func @k(%a: f32) {
  // expected-error@+1 {{operand element type differs from the result's (f32 vs tensor<4x4xi32>) (bcast_c1)}}
  %t = tile.broadcast %a : (f32) -> tensor<4x4xi32>
  return
}

// -----
// bcast_c2
func.func @k(%a: tensor<8xf32>) {
  // expected-error@+1 {{cannot broadcast tensor<8xf32> to tensor<4x4xf32> (a scalar, or [M] to [M, N]) (bcast_c2)}}
  %t = tile.broadcast %a : (tensor<8xf32>) -> tensor<4x4xf32>
  return
}

// -----
// tile_c1: no f64 register tiles
func.func @k(%m: memref<4x4xf64>, %i: index) {
  // expected-error@+1 {{register tiles hold f32, bf16, f16, i32 or i1, not f64 (tile_c1)}}
  %t = tile.load_tile %m, %i, %i : (memref<4x4xf64>, index, index) -> tensor<4x4xf64>
  return
}

// -----
// load_c1: no f64 vectors
func.func @k(%m: memref<8xf64>, %i: index) {
  // expected-error@+1 {{register tiles hold f32, bf16, f16, i32 or i1, not f64; access f64 memory with scalar loads and stores (load_c1)}}
  %v = tile.load %m, %i : (memref<8xf64>, index) -> vector<2xf64>
  return
}

// -----
// tile_reduce_c2: a bf16 tile reduces to an f32 scalar (scalar registers are never bf16/f16)
func.func @k(%a: tensor<4x4xbf16>) {
  // expected-error@+1 {{result #0 has type bf16 but the operands give f32 (tile_reduce_c2)}}
  %r = tile.reduce %a {kind = "sum"} : (tensor<4x4xbf16>) -> bf16
  return
}

// -----
// warp_c3: f16 lanes reduce to an f32 scalar
func.func @k(%x: vector<32xf16>) {
  // expected-error@+1 {{result #0 has type f16 but the operands give f32 (warp_c3)}}
  %r = tile.warp_reduce %x {kind = "max"} : (vector<32xf16>) -> f16
  return
}

// -----
// row_c1: the init has the tile's element type
func.func @k(%a: tensor<16x8xbf16>, %i: tensor<16xf32>) {
  // expected-error@+1 {{init must be tensor<16xbf16>, got tensor<16xf32> (row_c1)}}
  %r = tile.row_sum %a, %i : (tensor<16x8xbf16>, tensor<16xf32>) -> tensor<16xbf16>
  return
}

// -----
// row_c2: the result has the tile's element type
func.func @k(%a: tensor<16x8xf16>) {
  // expected-error@+1 {{result #0 has type tensor<16xf32> but the operands give tensor<16xf16> (row_c2)}}
  %r = tile.row_max %a : (tensor<16x8xf16>) -> tensor<16xf32>
  return
}

// -----
// exp_c1: bf16 tiles, but no bf16 scalars
func.func @k(%a: bf16) {
  // expected-error@+1 {{operand must be an f32 scalar or an f32, bf16 or f16 register tile, got bf16 (exp_c1)}}
  %r = tile.exp %a : (bf16) -> bf16
  return
}

// -----
// exp_c1: no integer tiles
func.func @k(%a: tensor<4x4xi32>) {
  // expected-error@+1 {{operand must be an f32 scalar or an f32, bf16 or f16 register tile, got tensor<4x4xi32> (exp_c1)}}
  %r = tile.exp %a : (tensor<4x4xi32>) -> tensor<4x4xi32>
  return
}

// -----
// maximum_c1: one element type (bf16 and f16 do not mix)
func.func @k(%a: tensor<4x4xbf16>, %b: tensor<4x4xf16>) {
  // expected-error@+1 {{operands must be f32 scalars or f32, bf16 or f16 register tiles of one type (maximum_c1)}}
  %r = tile.maximum %a, %b : (tensor<4x4xbf16>, tensor<4x4xf16>) -> tensor<4x4xbf16>
  return
}

// -----
// sqrt_c1: f32 tiles only (no bf16 tiles)
func.func @k(%a: tensor<32x4xbf16>) {
  // expected-error@+1 {{operand must be an f32 or f64 scalar or an f32 register tile, got tensor<32x4xbf16> (sqrt_c1)}}
  %r = tile.sqrt %a : (tensor<32x4xbf16>) -> tensor<32x4xbf16>
  return
}

// -----
// sqrt_c1: no integer scalars
func.func @k(%a: i32) {
  // expected-error@+1 {{operand must be an f32 or f64 scalar or an f32 register tile, got i32 (sqrt_c1)}}
  %r = tile.sqrt %a : (i32) -> i32
  return
}
