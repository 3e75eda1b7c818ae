// Verifier tests for Target IR (docs/ops/target/). Each chunk is one failing program named after
// the constraint it breaks.

// tnv_sreg_c1
func.func @k() {
  // expected-error@+1 {{attribute 'dim' must be 0, 1 or 2 (tnv_sreg_c1)}}
  %t = tessera_nvidia.tid {dim = 3} : i32
  return
}

// -----
// tnv_sreg_c1 (result type)
func.func @k() {
  // expected-error@+1 {{result #0 has type i64 but the operands give i32 (tnv_sreg_c1)}}
  %l = tessera_nvidia.laneid : i64
  return
}

// -----
// tnv_fma_c1
func.func @k(%a: f32, %b: f32, %c: f16) {
  // expected-error@+1 {{operands must be three f32 or three f64 scalars (tnv_fma_c1)}}
  %d = tessera_nvidia.fma %a, %b, %c : (f32, f32, f16) -> f32
  return
}

// -----
// tnv_alloc_c1
func.func @k() {
  // expected-error@+1 {{result must be a static memref in memory space 3, got memref<64xf32> (tnv_alloc_c1)}}
  %s = tessera_nvidia.alloc_shared : memref<64xf32>
  return
}

// -----
// tnv_alloc_c1 (local)
func.func @k() {
  // expected-error@+1 {{result must be a static memref in memory space 5, got memref<?xf32, 5> (tnv_alloc_c1)}}
  %s = tessera_nvidia.alloc_local : memref<?xf32, 5>
  return
}

// -----
// tnv_mem_c1 (memref)
func.func @k(%a: tensor<4xf32>, %i: i32) {
  // expected-error@+1 {{operand #0 must be a memref in space 0, 3 or 5 of a Target IR element type, got tensor<4xf32> (tnv_mem_c1)}}
  %v = tessera_nvidia.ld %a, %i : (tensor<4xf32>, i32) -> f32
  return
}

// -----
// tnv_mem_c1 (index)
func.func @k(%a: memref<4xf32>, %i: f32) {
  // expected-error@+1 {{the element index must be i32 or index (tnv_mem_c1)}}
  %v = tessera_nvidia.ld %a, %i : (memref<4xf32>, f32) -> f32
  return
}

// -----
// tnv_mem_c2 (ld: vector wider than 16 bytes)
func.func @k(%a: memref<64xf32>, %i: i32) {
  // expected-error@+1 {{result must be f32 or a vector of it of at most 16 bytes, got vector<8xf32> (tnv_mem_c2)}}
  %v = tessera_nvidia.ld %a, %i : (memref<64xf32>, i32) -> vector<8xf32>
  return
}

// -----
// tnv_mem_c2 (st: element type)
func.func @k(%a: memref<64xf32>, %i: i32, %v: i32) {
  // expected-error@+1 {{the stored value must be f32 or a vector of it of at most 16 bytes, got i32 (tnv_mem_c2)}}
  tessera_nvidia.st %v, %a, %i : (i32, memref<64xf32>, i32) -> ()
  return
}

// -----
// tnv_cp_c1 (spaces)
func.func @k(%a: memref<64xf32>, %b: memref<64xf32>, %i: i32) {
  // expected-error@+1 {{copies from a global memref to a shared memref of the same element type (tnv_cp_c1)}}
  tessera_nvidia.cp_async %a, %i, %b, %i {bytes = 16} : (memref<64xf32>, i32, memref<64xf32>, i32) -> ()
  return
}

// -----
// tnv_cp_c1 (bytes)
func.func @k(%a: memref<64xf32>, %i: i32) {
  %s = tessera_nvidia.alloc_shared : memref<64xf32, 3>
  // expected-error@+1 {{attribute 'bytes' must be 4, 8 or 16 and a multiple of the element size (tnv_cp_c1)}}
  tessera_nvidia.cp_async %a, %i, %s, %i {bytes = 12} : (memref<64xf32>, i32, memref<64xf32, 3>, i32) -> ()
  return
}

// -----
// tnv_cp_c2
func.func @k(%a: memref<64xf32>, %i: i32, %n: f32) {
  %s = tessera_nvidia.alloc_shared : memref<64xf32, 3>
  // expected-error@+1 {{src_size must be i32 or index (tnv_cp_c2)}}
  tessera_nvidia.cp_async %a, %i, %s, %i, %n {bytes = 4} : (memref<64xf32>, i32, memref<64xf32, 3>, i32, f32) -> ()
  return
}

// -----
// tnv_wait_c1
func.func @k() {
  // expected-error@+1 {{attribute 'n' must be in [0, 255] (tnv_wait_c1)}}
  tessera_nvidia.cp_async_wait_group {n = -1} : () -> ()
  return
}

// -----
// tnv_atom_c1 (kind)
func.func @k(%a: memref<4xi32>, %i: i32, %v: i32) {
  // expected-error@+1 {{attribute 'kind' must be one of add, min, max, exch, cas, got "mul" (tnv_atom_c1)}}
  %o = tessera_nvidia.atom %v, %a, %i {kind = "mul"} : (i32, memref<4xi32>, i32) -> i32
  return
}

// -----
// tnv_atom_c1 (element type)
func.func @k(%a: memref<4xf64>, %i: i32, %v: f64) {
  // expected-error@+1 {{atomics work on i32 or f32 in global or shared memory (tnv_atom_c1)}}
  %o = tessera_nvidia.atom %v, %a, %i {kind = "add"} : (f64, memref<4xf64>, i32) -> f64
  return
}

// -----
// tnv_atom_c2 (cas without its compare value)
func.func @k(%a: memref<4xi32>, %i: i32, %v: i32) {
  // expected-error@+1 {{kind "cas" (and only it) takes a compare value of the element type (tnv_atom_c2)}}
  %o = tessera_nvidia.atom %v, %a, %i {kind = "cas"} : (i32, memref<4xi32>, i32) -> i32
  return
}

// -----
// tnv_atom_c2 (a compare value of another type)
func.func @k(%a: memref<4xi32>, %i: i32, %v: i32, %c: f32) {
  // expected-error@+1 {{kind "cas" (and only it) takes a compare value of the element type (tnv_atom_c2)}}
  %o = tessera_nvidia.atom %v, %a, %i, %c {kind = "cas"} : (i32, memref<4xi32>, i32, f32) -> i32
  return
}

// -----
// tnv_atom_c2 (a compare value for add)
func.func @k(%a: memref<4xi32>, %i: i32, %v: i32) {
  // expected-error@+1 {{kind "cas" (and only it) takes a compare value of the element type (tnv_atom_c2)}}
  %o = tessera_nvidia.atom %v, %a, %i, %v {kind = "add"} : (i32, memref<4xi32>, i32, i32) -> i32
  return
}

// -----
// tnv_shfl_c1
func.func @k(%v: f64, %s: i32, %m: i32) {
  // expected-error@+1 {{operands must be (i32, f32, bf16 or f16 value, i32 lane, i32 member mask) (tnv_shfl_c1)}}
  %r = tessera_nvidia.shfl_sync %v, %s, %m {mode = "up"} : (f64, i32, i32) -> f64
  return
}

// -----
// tnv_shfl_c1 (mode)
func.func @k(%v: f32, %s: i32, %m: i32) {
  // expected-error@+1 {{attribute 'mode' must be one of up, down, bfly, idx, got "xor" (tnv_shfl_c1)}}
  %r = tessera_nvidia.shfl_sync %v, %s, %m {mode = "xor"} : (f32, i32, i32) -> f32
  return
}

// -----
// tnv_vote_c1
func.func @k(%p: i32, %m: i32) {
  // expected-error@+1 {{operands must be (i1 predicate, i32 member mask) (tnv_vote_c1)}}
  %r = tessera_nvidia.vote_sync %p, %m {mode = "any"} : (i32, i32) -> i1
  return
}

// -----
// tnv_vote_c1 (ballot result)
func.func @k(%p: i1, %m: i32) {
  // expected-error@+1 {{result #0 has type i1 but the operands give i32 (tnv_vote_c1)}}
  %r = tessera_nvidia.vote_sync %p, %m {mode = "ballot"} : (i1, i32) -> i1
  return
}

// -----
// tnv_ldm_c1 (memory space)
func.func @k(%a: memref<16x16xf16>, %i: i32) {
  // expected-error@+1 {{operand #0 must be a static 2-D shared memref of f16 or bf16, got memref<16x16xf16> (tnv_ldm_c1)}}
  %f = tessera_nvidia.ldmatrix %a, %i, %i {num = 1} : (memref<16x16xf16>, i32, i32) -> vector<2xf16>
  return
}

// -----
// tnv_ldm_c1 (num)
func.func @k(%i: i32) {
  %s = tessera_nvidia.alloc_shared : memref<16x16xf16, 3>
  // expected-error@+1 {{attribute 'num' must be 1, 2 or 4 (tnv_ldm_c1)}}
  %f = tessera_nvidia.ldmatrix %s, %i, %i {num = 3} : (memref<16x16xf16, 3>, i32, i32) -> vector<6xf16>
  return
}

// -----
// tnv_ldm_c2
func.func @k(%i: i32) {
  %s = tessera_nvidia.alloc_shared : memref<16x16xbf16, 3>
  // expected-error@+1 {{result #0 has type vector<4xbf16> but the operands give vector<8xbf16> (tnv_ldm_c2)}}
  %f = tessera_nvidia.ldmatrix %s, %i, %i {num = 4} : (memref<16x16xbf16, 3>, i32, i32) -> vector<4xbf16>
  return
}

// -----
// tnv_mma_c1 (shape)
func.func @k(%a: vector<8xbf16>, %b: vector<4xbf16>, %c: vector<4xf32>) {
  // expected-error@+1 {{attribute 'shape' must be "m16n8k16", "m16n8k8" or "m16n8k32" (tnv_mma_c1)}}
  %d = tessera_nvidia.mma_sync %a, %b, %c {shape = "m16n8k4"} : (vector<8xbf16>, vector<4xbf16>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----
// tnv_mma_c1 (fragment types)
func.func @k(%a: vector<8xf32>, %b: vector<4xf32>, %c: vector<4xf32>) {
  // expected-error@+1 {{shape m16n8k8 takes a: vector<4xf32> and b: vector<2xf32> of its input type, got vector<8xf32> and vector<4xf32> (tnv_mma_c1)}}
  %d = tessera_nvidia.mma_sync %a, %b, %c {shape = "m16n8k8"} : (vector<8xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----
// tnv_mma_c2
func.func @k(%a: vector<16xf8E4M3FN>, %b: vector<8xf8E4M3FN>, %c: vector<4xf32>) {
  // expected-error@+1 {{result #0 has type vector<4xf16> but the operands give vector<4xf32> (tnv_mma_c2)}}
  %d = tessera_nvidia.mma_sync %a, %b, %c {shape = "m16n8k32"} : (vector<16xf8E4M3FN>, vector<8xf8E4M3FN>, vector<4xf32>) -> vector<4xf16>
  return
}

// -----
// tnv_mma_c3
func.func @k(%a: vector<8xf16>, %b: vector<4xf16>, %c: vector<4xf32>) {
  // expected-error@+1 {{unknown accum_model "tc_nonexistent" (tnv_mma_c3)}}
  %d = tessera_nvidia.mma_sync %a, %b, %c {shape = "m16n8k16", numeric_policy = {accum_model = "tc_nonexistent"}} : (vector<8xf16>, vector<4xf16>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----
// tnv_launch_c1
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{callee @nope is not a function with a body in this module (tnv_launch_c1)}}
  %d = tessera_nvidia.launch %a {callee = @nope, grid = [1], block = [32]} : (tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----
// tnv_launch_c2
func.func @k(%a: memref<4xf32>, %b: memref<4xf32>) {
  return
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{a block has at most 1024 threads (tnv_launch_c2)}}
  %d = tessera_nvidia.launch %a {callee = @k, grid = [1], block = [64, 32]} : (tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----
// tnv_launch_c3
func.func @k(%a: memref<4xf32>, %b: memref<8xf32>) {
  return
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{result #0 (tensor<4xf32>) does not bind parameter #1 of @k (memref<8xf32>) (tnv_launch_c3)}}
  %d = tessera_nvidia.launch %a {callee = @k, grid = [1], block = [32]} : (tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----
// tnv_launch_c3 (an i4 tensor binds a rank-1 i8 memref of its packed bytes, ceil(n / 2))
func.func @k(%a: memref<?x?xi8>, %b: memref<2xi8>) {
  return
}
func.func @main(%a: tensor<4xi4>) -> tensor<4xi4> {
  // expected-error@+1 {{operand #0 (tensor<4xi4>) does not bind parameter #0 of @k (memref<?x?xi8>) (tnv_launch_c3)}}
  %d = tessera_nvidia.launch %a {callee = @k, grid = [1], block = [32]} : (tensor<4xi4>) -> tensor<4xi4>
  return %d : tensor<4xi4>
}

// -----
// tnv_exp_c1
func.func @k(%x: f64) {
  // expected-error@+1 {{operand must be an f32 scalar (tnv_exp_c1)}}
  %e = tessera_nvidia.exp %x : (f64) -> f64
  return
}

// -----
// tnv_log_c1
func.func @k(%x: f64) {
  // expected-error@+1 {{operand must be an f32 scalar (tnv_log_c1)}}
  %e = tessera_nvidia.log %x : (f64) -> f64
  return
}

// -----
// tnv_dim_c1
func.func @k(%a: memref<?x?xf32>) {
  // expected-error@+1 {{attribute 'dim' is 2 but the memref has rank 2 (tnv_dim_c1)}}
  %d = tessera_nvidia.dim %a {dim = 2} : (memref<?x?xf32>) -> index
  return
}

// -----
// tnv_sreg_c1 (ntid)
func.func @k() {
  // expected-error@+1 {{attribute 'dim' must be 0, 1 or 2 (tnv_sreg_c1)}}
  %t = tessera_nvidia.ntid {dim = 5} : i32
  return
}

// -----
// tnv_sreg_c1 (ctaid)
func.func @k() {
  // expected-error@+1 {{attribute 'dim' must be 0, 1 or 2 (tnv_sreg_c1)}}
  %t = tessera_nvidia.ctaid {dim = -1} : i32
  return
}

// -----
// tnv_sreg_c1 (nctaid: result type)
func.func @k() {
  // expected-error@+1 {{result #0 has type index but the operands give i32 (tnv_sreg_c1)}}
  %t = tessera_nvidia.nctaid {dim = 1} : index
  return
}

// -----
// tnv_sreg_c1 (warpid: result type)
func.func @k() {
  // expected-error@+1 {{result #0 has type f32 but the operands give i32 (tnv_sreg_c1)}}
  %t = tessera_nvidia.warpid : f32
  return
}

// -----
// tnv_mem_c1 (st: index)
func.func @k(%a: memref<4xf32>, %v: f32, %i: f64) {
  // expected-error@+1 {{the element index must be i32 or index (tnv_mem_c1)}}
  tessera_nvidia.st %v, %a, %i : (f32, memref<4xf32>, f64) -> ()
  return
}

// -----
// tnv_sqrt_c1
func.func @k(%x: i32) {
  // expected-error@+1 {{operand must be an f32 or f64 scalar (tnv_sqrt_c1)}}
  %e = tessera_nvidia.sqrt %x : (i32) -> i32
  return
}
