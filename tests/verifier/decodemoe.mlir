// Verifier tests of the decodemoe family: speculative-decoding acceptance, MoR/MoE routing,
// moe_swiglu_block and the diffusion ops (docs/ops/graph/{spec_accept,moe_routing,moe_swiglu,diffusion}.md).
// Each chunk is one failing program named after the constraint it breaks.

// spec_accept_c1
func.func @spec_accept_c1(%d: tensor<3x4xf32>, %t: tensor<3x5xf32>) -> tensor<3xi32> {
  // expected-error@+1 {{draft and target must be rank-2 tensors of i32 (token ids), got tensor<3x4xf32> and tensor<3x5xf32> (spec_accept_c1)}}
  %r = "tessera.spec_accept"(%d, %t) : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----
// spec_accept_c1 (no paths)
func.func @spec_accept_c1(%d: tensor<0x4xi32>, %t: tensor<0x5xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{draft must hold at least one path, got tensor<0x4xi32> (spec_accept_c1)}}
  %r = "tessera.spec_accept"(%d, %t) : (tensor<0x4xi32>, tensor<0x5xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----
// spec_accept_c2
func.func @spec_accept_c2(%d: tensor<3x4xi32>, %t: tensor<2x5xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{draft and target must have the same num_paths, got tensor<3x4xi32> and tensor<2x5xi32> (spec_accept_c2)}}
  %r = "tessera.spec_accept"(%d, %t) : (tensor<3x4xi32>, tensor<2x5xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----
// spec_accept_c3
func.func @spec_accept_c3(%d: tensor<3x4xi32>, %t: tensor<3x4xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{target depth must be draft depth + 1 (the bonus column), got tensor<3x4xi32> and tensor<3x4xi32> (spec_accept_c3)}}
  %r = "tessera.spec_accept"(%d, %t) : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----
// spec_accept_c4
func.func @spec_accept_c4(%d: tensor<3x4xi32>, %t: tensor<3x5xi32>) -> tensor<2xi32> {
  // expected-error@+1 {{(spec_accept_c4)}}
  %r = "tessera.spec_accept"(%d, %t) : (tensor<3x4xi32>, tensor<3x5xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----
// spec_accept_sample_c1
func.func @spec_accept_sample_c1(%d: tensor<3xi64>, %tp: tensor<4x4xf32>, %dp: tensor<3x4xf32>, %au: tensor<3xf32>, %ru: tensor<1xf32>) -> tensor<5xi32> {
  // expected-error@+1 {{draft must be a rank-1 tensor of i32 (token ids), got tensor<3xi64> (spec_accept_sample_c1)}}
  %r = "tessera.spec_accept_sample"(%d, %tp, %dp, %au, %ru) : (tensor<3xi64>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// -----
// spec_accept_sample_c2
func.func @spec_accept_sample_c2(%d: tensor<3xi32>, %tp: tensor<3x4xf32>, %dp: tensor<3x4xf32>, %au: tensor<3xf32>, %ru: tensor<1xf32>) -> tensor<5xi32> {
  // expected-error@+1 {{target_probs must be (D+1) x V f32 (one extra bonus row), got tensor<3x4xf32> (spec_accept_sample_c2)}}
  %r = "tessera.spec_accept_sample"(%d, %tp, %dp, %au, %ru) : (tensor<3xi32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// -----
// spec_accept_sample_c3
func.func @spec_accept_sample_c3(%d: tensor<3xi32>, %tp: tensor<4x4xf32>, %dp: tensor<3x5xf32>, %au: tensor<3xf32>, %ru: tensor<1xf32>) -> tensor<5xi32> {
  // expected-error@+1 {{draft_probs must be D x V of target_probs' element type, got tensor<3x5xf32> with target_probs tensor<4x4xf32> (spec_accept_sample_c3)}}
  %r = "tessera.spec_accept_sample"(%d, %tp, %dp, %au, %ru) : (tensor<3xi32>, tensor<4x4xf32>, tensor<3x5xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// -----
// spec_accept_sample_c4
func.func @spec_accept_sample_c4(%d: tensor<3xi32>, %tp: tensor<4x4xf32>, %dp: tensor<3x4xf32>, %au: tensor<3xf64>, %ru: tensor<1xf32>) -> tensor<5xi32> {
  // expected-error@+1 {{accept_u must be a tensor of D uniforms of target_probs' element type, got tensor<3xf64> (spec_accept_sample_c4)}}
  %r = "tessera.spec_accept_sample"(%d, %tp, %dp, %au, %ru) : (tensor<3xi32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<3xf64>, tensor<1xf32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// -----
// spec_accept_sample_c5
func.func @spec_accept_sample_c5(%d: tensor<3xi32>, %tp: tensor<4x4xf32>, %dp: tensor<3x4xf32>, %au: tensor<3xf32>, %ru: tensor<2xf32>) -> tensor<5xi32> {
  // expected-error@+1 {{resid_u must be tensor<1xf32> (of target_probs' element type), got tensor<2xf32> (spec_accept_sample_c5)}}
  %r = "tessera.spec_accept_sample"(%d, %tp, %dp, %au, %ru) : (tensor<3xi32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// -----
// spec_accept_sample_c6
func.func @spec_accept_sample_c6(%d: tensor<3xi32>, %tp: tensor<4x4xf32>, %dp: tensor<3x4xf32>, %au: tensor<3xf32>, %ru: tensor<1xf32>) -> tensor<4xi32> {
  // expected-error@+1 {{(spec_accept_sample_c6)}}
  %r = "tessera.spec_accept_sample"(%d, %tp, %dp, %au, %ru) : (tensor<3xi32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----
// spec_accept_tree_sample_c1
func.func @spec_accept_tree_sample_c1(%t: tensor<3x4xi32>, %d: tensor<3x4xf32>, %u: tensor<3x4xf32>) -> tensor<2xi32> {
  // expected-error@+1 {{target_log_probs must be a P x D float tensor with P >= 1, got tensor<3x4xi32> (spec_accept_tree_sample_c1)}}
  %r = "tessera.spec_accept_tree_sample"(%t, %d, %u) : (tensor<3x4xi32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----
// spec_accept_tree_sample_c2
func.func @spec_accept_tree_sample_c2(%t: tensor<3x4xf32>, %d: tensor<2x4xf32>, %u: tensor<3x4xf32>) -> tensor<2xi32> {
  // expected-error@+1 {{draft_log_probs must match target_log_probs tensor<3x4xf32>, got tensor<2x4xf32> (spec_accept_tree_sample_c2)}}
  %r = "tessera.spec_accept_tree_sample"(%t, %d, %u) : (tensor<3x4xf32>, tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----
// spec_accept_tree_sample_c3
func.func @spec_accept_tree_sample_c3(%t: tensor<3x4xf32>, %d: tensor<3x4xf32>, %u: tensor<3x4xf32>) -> tensor<3xi32> {
  // expected-error@+1 {{(spec_accept_tree_sample_c3)}}
  %r = "tessera.spec_accept_tree_sample"(%t, %d, %u) : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----
// mor_router_c1
func.func @mor_router_c1(%x: tensor<2x8x16xf32>, %w: tensor<15x3xf32>) -> tensor<2x8xi64> {
  // expected-error@+1 {{needs x [B, S, D] and w_router [D, max_depth] of one float type, got tensor<2x8x16xf32> and tensor<15x3xf32> (mor_router_c1)}}
  %d = "tessera.mor_router"(%x, %w) {max_depth = 3 : i64} : (tensor<2x8x16xf32>, tensor<15x3xf32>) -> tensor<2x8xi64>
  return %d : tensor<2x8xi64>
}

// -----
// mor_router_c2
func.func @mor_router_c2(%x: tensor<2x8x16xf32>, %w: tensor<16x3xf32>) -> tensor<2x8xi64> {
  // expected-error@+1 {{max_depth must be positive, got 0 (mor_router_c2)}}
  %d = "tessera.mor_router"(%x, %w) {max_depth = 0 : i64} : (tensor<2x8x16xf32>, tensor<16x3xf32>) -> tensor<2x8xi64>
  return %d : tensor<2x8xi64>
}

// -----
// mor_router_c3
func.func @mor_router_c3(%x: tensor<2x8x16xf32>, %w: tensor<16x4xf32>) -> tensor<2x8xi64> {
  // expected-error@+1 {{w_router must have max_depth = 3 columns, got tensor<16x4xf32> (mor_router_c3)}}
  %d = "tessera.mor_router"(%x, %w) {max_depth = 3 : i64} : (tensor<2x8x16xf32>, tensor<16x4xf32>) -> tensor<2x8xi64>
  return %d : tensor<2x8xi64>
}

// -----
// mor_router_c4
func.func @mor_router_c4(%x: tensor<2x8x16xf32>, %w: tensor<16x3xf32>) -> tensor<2x8xi32> {
  // expected-error@+1 {{(mor_router_c4)}}
  %d = "tessera.mor_router"(%x, %w) {max_depth = 3 : i64} : (tensor<2x8x16xf32>, tensor<16x3xf32>) -> tensor<2x8xi32>
  return %d : tensor<2x8xi32>
}

// -----
// mor_partition_c1
func.func @mor_partition_c1(%x: tensor<2x8x16xf32>, %d: tensor<2x7xi64>) -> tensor<2x8xi1> {
  // expected-error@+1 {{needs x [B, S, D] and an integer depth [B, S], got tensor<2x8x16xf32> and tensor<2x7xi64> (mor_partition_c1)}}
  %m = "tessera.mor_partition"(%x, %d) {step = 1 : i64} : (tensor<2x8x16xf32>, tensor<2x7xi64>) -> tensor<2x8xi1>
  return %m : tensor<2x8xi1>
}

// -----
// mor_partition_c2
func.func @mor_partition_c2(%x: tensor<2x8x16xf32>, %d: tensor<2x8xi64>) -> tensor<2x8xi1> {
  // expected-error@+1 {{step must be positive, got 0 (mor_partition_c2)}}
  %m = "tessera.mor_partition"(%x, %d) {step = 0 : i64} : (tensor<2x8x16xf32>, tensor<2x8xi64>) -> tensor<2x8xi1>
  return %m : tensor<2x8xi1>
}

// -----
// mor_partition_c3
func.func @mor_partition_c3(%x: tensor<2x8x16xf32>, %d: tensor<2x8xi64>) -> tensor<2x8xi32> {
  // expected-error@+1 {{(mor_partition_c3)}}
  %m = "tessera.mor_partition"(%x, %d) {step = 1 : i64} : (tensor<2x8x16xf32>, tensor<2x8xi64>) -> tensor<2x8xi32>
  return %m : tensor<2x8xi32>
}

// -----
// mor_scatter_c1
func.func @mor_scatter_c1(%f: tensor<2x8x16xf32>, %u: tensor<2x8x16xf64>, %m: tensor<2x8xi1>) -> tensor<2x8x16xf32> {
  // expected-error@+1 {{full and updated must be rank-3 tensors of one shape and element type, got tensor<2x8x16xf32> and tensor<2x8x16xf64> (mor_scatter_c1)}}
  %o = "tessera.mor_scatter"(%f, %u, %m) : (tensor<2x8x16xf32>, tensor<2x8x16xf64>, tensor<2x8xi1>) -> tensor<2x8x16xf32>
  return %o : tensor<2x8x16xf32>
}

// -----
// mor_scatter_c2
func.func @mor_scatter_c2(%f: tensor<2x8x16xf32>, %u: tensor<2x8x16xf32>, %m: tensor<2x8xi32>) -> tensor<2x8x16xf32> {
  // expected-error@+1 {{mask must be an i1 tensor of full's leading [B, S] dims, got tensor<2x8xi32> (mor_scatter_c2)}}
  %o = "tessera.mor_scatter"(%f, %u, %m) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8xi32>) -> tensor<2x8x16xf32>
  return %o : tensor<2x8x16xf32>
}

// -----
// mor_scatter_c3
func.func @mor_scatter_c3(%f: tensor<2x8x16xf32>, %u: tensor<2x8x16xf32>, %m: tensor<2x8xi1>) -> tensor<2x8x16xf64> {
  // expected-error@+1 {{(mor_scatter_c3)}}
  %o = "tessera.mor_scatter"(%f, %u, %m) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8xi1>) -> tensor<2x8x16xf64>
  return %o : tensor<2x8x16xf64>
}

// -----
// moe_dispatch_c1
func.func @moe_dispatch_c1(%x: tensor<7x13xf32>, %r: tensor<9xf32>) -> tensor<9x13xf32> {
  // expected-error@+1 {{needs x [T, H] (float) and an integer route of rank 1 or 2, got tensor<7x13xf32> and tensor<9xf32> (moe_dispatch_c1)}}
  %o = "tessera.moe_dispatch"(%x, %r) : (tensor<7x13xf32>, tensor<9xf32>) -> tensor<9x13xf32>
  return %o : tensor<9x13xf32>
}

// -----
// moe_dispatch_c2
func.func @moe_dispatch_c2(%x: tensor<128x256xf32>, %r: tensor<127x4xi32>) -> tensor<128x256xf32> {
  // expected-error@+1 {{token count mismatch: x[0]=128 route[0]=127 (moe_dispatch_c2)}}
  %o = "tessera.moe_dispatch"(%x, %r) : (tensor<128x256xf32>, tensor<127x4xi32>) -> tensor<128x256xf32>
  return %o : tensor<128x256xf32>
}

// -----
// moe_dispatch_c3
func.func @moe_dispatch_c3(%x: tensor<7x13xf32>, %r: tensor<9xi32>) -> tensor<7x13xf32> {
  // expected-error@+1 {{(moe_dispatch_c3)}}
  %o = "tessera.moe_dispatch"(%x, %r) : (tensor<7x13xf32>, tensor<9xi32>) -> tensor<7x13xf32>
  return %o : tensor<7x13xf32>
}

// -----
// moe_swiglu_c1
func.func @moe_swiglu_c1(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf64>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<2xi64>) -> tensor<8x16xf32> {
  // expected-error@+1 {{needs x [M, K] and w_gate/w_up [E, K, F], w_down [E, F, N] of one float type, got tensor<8x16xf32>, tensor<2x16x32xf64>, tensor<2x16x32xf32>, tensor<2x32x16xf32> (moe_swiglu_c1)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs  : (tensor<8x16xf32>, tensor<2x16x32xf64>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<2xi64>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c2
func.func @moe_swiglu_c2(%x: tensor<8x16xf32>, %wg: tensor<2x8x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<2xi64>) -> tensor<8x16xf32> {
  // expected-error@+1 {{contracting dim mismatch: x K vs w_gate/w_up K ([8, 16], [2, 8, 32], [2, 16, 32]) (moe_swiglu_c2)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs  : (tensor<8x16xf32>, tensor<2x8x32xf32>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<2xi64>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c3
func.func @moe_swiglu_c3(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x99x16xf32>, %gs: tensor<2xi64>) -> tensor<8x16xf32> {
  // expected-error@+1 {{hidden-dim mismatch: w_gate F / w_up F / w_down K ([2, 16, 32], [2, 16, 32], [2, 99, 16]) (moe_swiglu_c3)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs  : (tensor<8x16xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x99x16xf32>, tensor<2xi64>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c4
func.func @moe_swiglu_c4(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<3xi64>) -> tensor<8x16xf32> {
  // expected-error@+1 {{group_sizes must be a rank-1 integer tensor of length E, got tensor<3xi64> (moe_swiglu_c4)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs  : (tensor<8x16xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<3xi64>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c5
func.func @moe_swiglu_c5(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<2xi64>) -> tensor<8x16xf32> {
  // expected-error@+1 {{grouped_kind must be one of {dense, contiguous, masked, k_grouped}, got "bogus" (moe_swiglu_c5)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs {grouped_kind = "bogus"} : (tensor<8x16xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<2xi64>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c5 (alignment)
func.func @moe_swiglu_c5_alignment(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<2xi64>) -> tensor<8x16xf32> {
  // expected-error@+1 {{grouped_alignment must be a positive power of two, got 100 (moe_swiglu_c5)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs {grouped_alignment = 100 : i64} : (tensor<8x16xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<2xi64>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c6
func.func @moe_swiglu_c6(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<2xi64>, %xs: tensor<8x1xf32>, %wgs: tensor<2x1xf32>, %wus: tensor<2x1xf32>, %wds: tensor<2x1xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{LAYOUT_LEGALITY_SCALE_WITHOUT_LAYOUT: scale operands need a scale_layout attribute or a numeric_policy storage format (moe_swiglu_c6)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs scales(%xs, %wgs, %wus, %wds)  : (tensor<8x16xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<2xi64>, tensor<8x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c6 (shape)
func.func @moe_swiglu_c6_shape(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<2xi64>, %xs: tensor<8x1xf32>, %wgs: tensor<3x1xf32>, %wus: tensor<2x1xf32>, %wds: tensor<2x1xf32>) -> tensor<8x16xf32> {
  // expected-error@+1 {{scale operand #1 must be a float tensor [E, 1], got tensor<3x1xf32> (moe_swiglu_c6)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs scales(%xs, %wgs, %wus, %wds) {scale_layout = {granularity = "block"}} : (tensor<8x16xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<2xi64>, tensor<8x1xf32>, tensor<3x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

// -----
// moe_swiglu_c7
func.func @moe_swiglu_c7(%x: tensor<8x16xf32>, %wg: tensor<2x16x32xf32>, %wu: tensor<2x16x32xf32>, %wd: tensor<2x32x16xf32>, %gs: tensor<2xi64>) -> tensor<8x32xf32> {
  // expected-error@+1 {{(moe_swiglu_c7)}}
  %o = tessera.moe_swiglu_block %x, %wg, %wu, %wd, %gs  : (tensor<8x16xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x32x16xf32>, tensor<2xi64>) -> tensor<8x32xf32>
  return %o : tensor<8x32xf32>
}

// -----
// guided_denoise_c1
func.func @guided_denoise_c1(%r: tensor<12x64xf32>, %f: tensor<11x64xf32>, %u: tensor<12x64xf32>) -> tensor<12x64xf32> {
  // expected-error@+1 {{guided_denoise_region favored shapes must match ref tensor<12x64xf32>, got tensor<11x64xf32> (guided_denoise_c1)}}
  %g = "tessera.guided_denoise_region"(%r, %f, %u) {timestep = 4 : i64, schedule = "vp_alpha_bar", gamma = 7.5e-01 : f64} : (tensor<12x64xf32>, tensor<11x64xf32>, tensor<12x64xf32>) -> tensor<12x64xf32>
  return %g : tensor<12x64xf32>
}

// -----
// guided_denoise_c2
func.func @guided_denoise_c2(%r: tensor<12x64xf32>, %f: tensor<12x64xf32>, %u: tensor<12x64xf32>) -> tensor<12x64xf32> {
  // expected-error@+1 {{timestep must be non-negative, got -1 (guided_denoise_c2)}}
  %g = "tessera.guided_denoise_region"(%r, %f, %u) {timestep = -1 : i64, gamma = 1.0 : f64} : (tensor<12x64xf32>, tensor<12x64xf32>, tensor<12x64xf32>) -> tensor<12x64xf32>
  return %g : tensor<12x64xf32>
}

// -----
// guided_denoise_c3
func.func @guided_denoise_c3(%r: tensor<12x64xf32>, %f: tensor<12x64xf32>, %u: tensor<12x64xf32>) -> tensor<12x64xf32> {
  // expected-error@+1 {{gamma must be a finite number, got "big" (guided_denoise_c3)}}
  %g = "tessera.guided_denoise_region"(%r, %f, %u) {timestep = 1 : i64, gamma = "big"} : (tensor<12x64xf32>, tensor<12x64xf32>, tensor<12x64xf32>) -> tensor<12x64xf32>
  return %g : tensor<12x64xf32>
}

// -----
// diffusion_block_c1
func.func @diffusion_block_c1(%c: tensor<16x64xf32>, %k: tensor<2x8x16xf64>, %v: tensor<2x8x16xf64>) -> tensor<16x64xf32> {
  // expected-error@+1 {{needs a canvas [S, W] and encoder k, v [KVH, L, D] of one float type, got tensor<16x64xf32>, tensor<2x8x16xf64>, tensor<2x8x16xf64> (diffusion_block_c1)}}
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 2 : i64, num_attention_heads = 4 : i64, num_kv_heads = 2 : i64, head_dim = 16 : i64, causal = false} : (tensor<16x64xf32>, tensor<2x8x16xf64>, tensor<2x8x16xf64>) -> tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}

// -----
// diffusion_block_c2
func.func @diffusion_block_c2(%c: tensor<16x64xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<16x64xf32> {
  // expected-error@+1 {{canvas denoising must be bidirectional (causal = false) (diffusion_block_c2)}}
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 2 : i64, num_attention_heads = 4 : i64, num_kv_heads = 2 : i64, head_dim = 16 : i64, causal = true} : (tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}

// -----
// diffusion_block_c3
func.func @diffusion_block_c3(%c: tensor<16x64xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<16x64xf32> {
  // expected-error@+1 {{GQA requires num_attention_heads (4) to be a multiple of num_kv_heads (3) (diffusion_block_c3)}}
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 2 : i64, num_attention_heads = 4 : i64, num_kv_heads = 3 : i64, head_dim = 16 : i64, causal = false} : (tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}

// -----
// diffusion_block_c3 (layers)
func.func @diffusion_block_c3_layers(%c: tensor<16x64xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<16x64xf32> {
  // expected-error@+1 {{requires a positive integer 'num_denoise_layers' (diffusion_block_c3)}}
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 0 : i64, num_attention_heads = 4 : i64, num_kv_heads = 2 : i64, head_dim = 16 : i64, causal = false} : (tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}

// -----
// diffusion_block_c4
func.func @diffusion_block_c4(%c: tensor<16x64xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<16x64xf32> {
  // expected-error@+1 {{head_dim must be in (0, 256] for the GPU attention kernel; got 512 (diffusion_block_c4)}}
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 2 : i64, num_attention_heads = 4 : i64, num_kv_heads = 2 : i64, head_dim = 512 : i64, causal = false} : (tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x64xf32>
  return %o : tensor<16x64xf32>
}

// -----
// diffusion_block_c5
func.func @diffusion_block_c5(%c: tensor<16x60xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<16x60xf32> {
  // expected-error@+1 {{canvas must be [S, num_attention_heads * head_dim] and k, v [num_kv_heads, L, head_dim], got tensor<16x60xf32> and tensor<2x8x16xf32> (diffusion_block_c5)}}
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 2 : i64, num_attention_heads = 4 : i64, num_kv_heads = 2 : i64, head_dim = 16 : i64, causal = false} : (tensor<16x60xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x60xf32>
  return %o : tensor<16x60xf32>
}
// -----
// guided_denoise_c4
func.func @guided_denoise_c4(%r: tensor<12x64xf32>, %f: tensor<12x64xf32>, %u: tensor<12x64xf32>) -> tensor<12x64xf64> {
  // expected-error@+1 {{(guided_denoise_c4)}}
  %g = "tessera.guided_denoise_region"(%r, %f, %u) {timestep = 4 : i64} : (tensor<12x64xf32>, tensor<12x64xf32>, tensor<12x64xf32>) -> tensor<12x64xf64>
  return %g : tensor<12x64xf64>
}

// -----
// diffusion_block_c6
func.func @diffusion_block_c6(%c: tensor<16x64xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<16x32xf32> {
  // expected-error@+1 {{(diffusion_block_c6)}}
  %o = "tessera.diffusion_block_step"(%c, %k, %v) {num_denoise_layers = 2 : i64, num_attention_heads = 4 : i64, num_kv_heads = 2 : i64, head_dim = 16 : i64} : (tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x32xf32>
  return %o : tensor<16x32xf32>
}
