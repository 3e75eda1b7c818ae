// Verifier tests of the attnstate ops (docs/ops/graph/{latent_kv,linear_attention,depth_attn,
// selective_ssm,kv_cache}.md). Each chunk is one failing program named after the constraint it
// breaks.

// latent_kv_c1
func.func @latent_kv_c1(%x: tensor<4x8xf32>, %w: tensor<8x2xf64>) -> tensor<4x2xf32> {
  // expected-error@+1 {{of operand #0's element type, got tensor<8x2xf64> (latent_kv_c1)}}
  %0 = "tessera.latent_kv_compress"(%x, %w) : (tensor<4x8xf32>, tensor<8x2xf64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// latent_kv_c1: integers
func.func @latent_kv_c1(%x: tensor<4x8xi32>, %w: tensor<8x2xi32>) -> tensor<4x2xi32> {
  // expected-error@+1 {{must be an f16, bf16, f32 or f64 tensor, got tensor<4x8xi32> (latent_kv_c1)}}
  %0 = "tessera.latent_kv_expand_k"(%x, %w) : (tensor<4x8xi32>, tensor<8x2xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----
// latent_kv_c2
func.func @latent_kv_c2(%x: tensor<8xf32>, %w: tensor<8x2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{needs an input of rank >= 2 and a weight of rank 2, got tensor<8xf32> and tensor<8x2xf32> (latent_kv_c2)}}
  %0 = "tessera.latent_kv_expand_v"(%x, %w) : (tensor<8xf32>, tensor<8x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// latent_kv_c3
func.func @latent_kv_c3(%x: tensor<4x8xf32>, %w: tensor<7x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{contracting dimensions differ: input [4, 8], weight [7, 2] (latent_kv_c3)}}
  %0 = "tessera.latent_kv_compress"(%x, %w) : (tensor<4x8xf32>, tensor<7x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// latent_kv_c4: a leading dim other than 1
func.func @latent_kv_c4(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>) -> tensor<2x4x2xf32> {
  // expected-error@+1 {{(latent_kv_c4)}}
  %0 = "tessera.latent_kv_compress"(%x, %w) : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<2x4x2xf32>
  return %0 : tensor<2x4x2xf32>
}

// -----
// linear_attention_c1
func.func @linear_attention_c1(%q: tensor<1x4x2xf32>, %k: tensor<1x4x2xf32>, %v: tensor<1x4x2xf64>) -> tensor<1x4x2xf32> {
  // expected-error@+1 {{operand #2 must be an f16, bf16, f32 or f64 tensor of operand #0's element type, got tensor<1x4x2xf64> (linear_attention_c1)}}
  %0 = "tessera.linear_attn"(%q, %k, %v) : (tensor<1x4x2xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf64>) -> tensor<1x4x2xf32>
  return %0 : tensor<1x4x2xf32>
}

// -----
// linear_attention_c2: k's sequence differs from q's
func.func @linear_attention_c2(%q: tensor<1x4x2xf32>, %k: tensor<1x5x2xf32>, %v: tensor<1x4x3xf32>) -> tensor<1x4x3xf32> {
  // expected-error@+1 {{are not [..., S, Dk], [..., S, Dk], [..., S, Dv] of one rank >= 2 (linear_attention_c2)}}
  %0 = "tessera.lightning_attention"(%q, %k, %v) : (tensor<1x4x2xf32>, tensor<1x5x2xf32>, tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

// -----
// linear_attention_c2: rank 1
func.func @linear_attention_c2(%q: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{(linear_attention_c2)}}
  %0 = "tessera.gated_deltanet"(%q, %q, %q) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// linear_attention_c3
func.func @linear_attention_c3(%q: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{'causal' must be a boolean (linear_attention_c3)}}
  %0 = "tessera.kimi_delta_attention"(%q, %q, %q) {causal = 1 : i64} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// linear_attention_c3: chunk_size
func.func @linear_attention_c3(%q: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{'chunk_size' must be a positive integer (linear_attention_c3)}}
  %0 = "tessera.linear_attn"(%q, %q, %q) {chunk_size = 0 : i64} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// linear_attention_c3: state_dtype
func.func @linear_attention_c3(%q: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{'state_dtype' must be "fp32", "fp16" or "bf16" (linear_attention_c3)}}
  %0 = "tessera.gated_deltanet"(%q, %q, %q) {state_dtype = "fp8"} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// linear_attention_c4
func.func @linear_attention_c4(%q: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{feature_map must be "identity", "elu", "relu" or "polynomial_2" (linear_attention_c4)}}
  %0 = "tessera.linear_attn"(%q, %q, %q) {feature_map = "softplus"} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// linear_attention_c5
func.func @linear_attention_c5(%q: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{unknown pattern 'swa' (kimi_kda_mla, kimi_linear, kimi, ling_1_7_mla_lightning, ling2_5, ling_2_5, gated_deltanet, delta, lightning, auto) (linear_attention_c5)}}
  %0 = "tessera.hybrid_attention"(%q, %q, %q) {pattern = "swa"} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// linear_attention_c5: layer_index
func.func @linear_attention_c5(%q: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{'layer_index' must be a non-negative integer (linear_attention_c5)}}
  %0 = "tessera.hybrid_attention"(%q, %q, %q) {pattern = "kimi", layer_index = -1 : i64} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// linear_attention_c6
func.func @linear_attention_c6(%q: tensor<4x2xf32>, %v: tensor<4x3xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{(linear_attention_c6)}}
  %0 = "tessera.linear_attn"(%q, %q, %v) : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x3xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// linear_attention_c7
func.func @linear_attention_c7(%q: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{(q, k, v; the optional operands are not supported), got array<i32: 1, 1, 1, 1, 0, 0, 0> (linear_attention_c7)}}
  %0 = "tessera.gated_deltanet"(%q, %q, %q) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// depth_attn_c1
func.func @depth_attn_c1(%q: tensor<4xf16>, %s: tensor<3x2x4xf16>) -> tensor<2x4xf16> {
  // expected-error@+1 {{query and sources must be f32 or f64 tensors of one element type, got tensor<4xf16> and tensor<3x2x4xf16> (depth_attn_c1)}}
  %0 = "tessera.depth_attn"(%q, %s) : (tensor<4xf16>, tensor<3x2x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----
// depth_attn_c2
func.func @depth_attn_c2(%q: tensor<5xf32>, %s: tensor<3x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{query width must match the final source dimension, got 5 and 4 (depth_attn_c2)}}
  %0 = "tessera.depth_attn"(%q, %s) : (tensor<5xf32>, tensor<3x2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// depth_attn_c2: no sources
func.func @depth_attn_c2(%q: tensor<4xf32>, %s: tensor<0x4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{sources [m, ..., d] with m > 0, got [4] and [0, 4] (depth_attn_c2)}}
  %0 = "tessera.depth_attn"(%q, %s) : (tensor<4xf32>, tensor<0x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// depth_attn_c3
func.func @depth_attn_c3(%q: tensor<4xf32>, %s: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{eps must be a finite number > 0 (depth_attn_c3)}}
  %0 = "tessera.depth_attn"(%q, %s) {eps = 0.0 : f64} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// depth_attn_c4
func.func @depth_attn_c4(%q: tensor<4xf32>, %s: tensor<3x4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{numeric_policy requires softmax=fp32 and accum=fp32 (depth_attn_c4)}}
  %0 = "tessera.depth_attn"(%q, %s) {numeric_policy = {accum = "fp16", softmax = "fp32", storage = "fp32"}} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// depth_attn_c5
func.func @depth_attn_c5(%q: tensor<4xf32>, %s: tensor<3x2x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{(depth_attn_c5)}}
  %0 = "tessera.depth_attn"(%q, %s) : (tensor<4xf32>, tensor<3x2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----
// selective_ssm_c1
func.func @selective_ssm_c1(%x: tensor<1x4x2xf32>, %a: tensor<2xf64>, %b: tensor<1x4x3xf32>) -> tensor<1x4x2xf32> {
  // expected-error@+1 {{operand #1 must be an f16, bf16, f32 or f64 tensor of operand #0's element type, got tensor<2xf64> (selective_ssm_c1)}}
  %y = "tessera.selective_ssm"(%x, %a, %b, %b, %x) : (tensor<1x4x2xf32>, tensor<2xf64>, tensor<1x4x3xf32>, tensor<1x4x3xf32>, tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  return %y : tensor<1x4x2xf32>
}

// -----
// selective_ssm_c2
func.func @selective_ssm_c2(%x: tensor<1x4x2xf32>, %a: tensor<2xf32>, %b: tensor<1x5x3xf32>) -> tensor<1x4x2xf32> {
  // expected-error@+1 {{(B, S, N) (selective_ssm_c2)}}
  %y = "tessera.selective_ssm"(%x, %a, %b, %b, %x) : (tensor<1x4x2xf32>, tensor<2xf32>, tensor<1x5x3xf32>, tensor<1x5x3xf32>, tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  return %y : tensor<1x4x2xf32>
}

// -----
// selective_ssm_c3 (upstream's a_rank2_bad_n)
func.func @selective_ssm_c3(%x: tensor<2x16x8xf32>, %a: tensor<8x5xf32>, %b: tensor<2x16x4xf32>, %c: tensor<2x16x4xf32>, %delta: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  // expected-error@+1 {{a trailing dim must equal state dim N (selective_ssm_c3)}}
  %y = tessera.selective_ssm %x, %a, %b, %c, %delta {chunk_size = 64 : i64} : (tensor<2x16x8xf32>, tensor<8x5xf32>, tensor<2x16x4xf32>, tensor<2x16x4xf32>, tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %y : tensor<2x16x8xf32>
}

// -----
// selective_ssm_c3: leading dim
func.func @selective_ssm_c3(%x: tensor<2x16x8xf32>, %a: tensor<7xf32>, %b: tensor<2x16x4xf32>, %c: tensor<2x16x4xf32>, %delta: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  // expected-error@+1 {{a leading dim must equal x channel dim D (selective_ssm_c3)}}
  %y = tessera.selective_ssm %x, %a, %b, %c, %delta : (tensor<2x16x8xf32>, tensor<7xf32>, tensor<2x16x4xf32>, tensor<2x16x4xf32>, tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %y : tensor<2x16x8xf32>
}

// -----
// selective_ssm_c4 (upstream's bad_state_shape)
func.func @selective_ssm_c4(%x: tensor<1x32x16xf32>, %a: tensor<16x8xf32>, %b: tensor<1x32x8xf32>, %c: tensor<1x32x8xf32>, %delta: tensor<1x32x16xf32>, %s: tensor<1x16x4xf32>) -> tensor<1x32x16xf32> {
  // expected-error@+1 {{state must have shape (B, D, N) compatible with x and b (selective_ssm_c4)}}
  %y = tessera.selective_ssm %x, %a, %b, %c, %delta init(%s) : (tensor<1x32x16xf32>, tensor<16x8xf32>, tensor<1x32x8xf32>, tensor<1x32x8xf32>, tensor<1x32x16xf32>, tensor<1x16x4xf32>) -> tensor<1x32x16xf32>
  return %y : tensor<1x32x16xf32>
}

// -----
// selective_ssm_c4: gate
func.func @selective_ssm_c4(%x: tensor<1x4x2xf32>, %a: tensor<2xf32>, %b: tensor<1x4x3xf32>, %g: tensor<1x4x3xf32>) -> tensor<1x4x2xf32> {
  // expected-error@+1 {{gate must have x's shape (B, S, D), got [1, 4, 3] (selective_ssm_c4)}}
  %y = tessera.selective_ssm %x, %a, %b, %b, %x gate(%g) : (tensor<1x4x2xf32>, tensor<2xf32>, tensor<1x4x3xf32>, tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x4x3xf32>) -> tensor<1x4x2xf32>
  return %y : tensor<1x4x2xf32>
}

// -----
// selective_ssm_c5
func.func @selective_ssm_c5(%x: tensor<1x4x2xf32>, %a: tensor<2xf32>, %b: tensor<1x4x3xf32>) -> tensor<1x4x2xf32> {
  // expected-error@+1 {{a sixth operand must be named: write gate(%g) or init(%s) (selective_ssm_c5)}}
  %y = "tessera.selective_ssm"(%x, %a, %b, %b, %x, %x) : (tensor<1x4x2xf32>, tensor<2xf32>, tensor<1x4x3xf32>, tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  return %y : tensor<1x4x2xf32>
}

// -----
// selective_ssm_c6
func.func @selective_ssm_c6(%x: tensor<1x4x2xf32>, %a: tensor<2xf32>, %b: tensor<1x4x3xf32>) -> tensor<1x4x2xf32> {
  // expected-error@+1 {{attribute 'chunk_size' must be a positive integer (selective_ssm_c6)}}
  %y = "tessera.selective_ssm"(%x, %a, %b, %b, %x) {chunk_size = -2 : i64} : (tensor<1x4x2xf32>, tensor<2xf32>, tensor<1x4x3xf32>, tensor<1x4x3xf32>, tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  return %y : tensor<1x4x2xf32>
}

// -----
// selective_ssm_c7
func.func @selective_ssm_c7(%x: tensor<1x4x2xf32>, %a: tensor<2xf32>, %b: tensor<1x4x3xf32>) -> tensor<1x4x3xf32> {
  // expected-error@+1 {{(selective_ssm_c7)}}
  %y = "tessera.selective_ssm"(%x, %a, %b, %b, %x) : (tensor<1x4x2xf32>, tensor<2xf32>, tensor<1x4x3xf32>, tensor<1x4x3xf32>, tensor<1x4x2xf32>) -> tensor<1x4x3xf32>
  return %y : tensor<1x4x3xf32>
}

// -----
// kv_handle_c1 (upstream's kv_create_bad)
func.func @kv_handle_c1() -> !tessera.kv_cache {
  // expected-error@+1 {{max_seq must be positive (a required integer attribute) (kv_handle_c1)}}
  %c = "tessera.kv_cache.create"() {max_seq = 0 : i64, head_dim = 128 : i64} : () -> !tessera.kv_cache
  return %c : !tessera.kv_cache
}

// -----
// kv_handle_c1: eviction
func.func @kv_handle_c1() -> !tessera.kv_cache {
  // expected-error@+1 {{eviction must be "none" or "rolling_window" (kv_handle_c1)}}
  %c = "tessera.kv_cache.create"() {max_seq = 8 : i64, eviction = "lru"} : () -> !tessera.kv_cache
  return %c : !tessera.kv_cache
}

// -----
// kv_handle_c2
func.func @kv_handle_c2(%t: tensor<4xf32>) -> !tessera.kv_cache {
  // expected-error@+1 {{operand #0 must be a !tessera.kv_cache handle, got tensor<4xf32> (kv_handle_c2)}}
  %c = "tessera.kv_cache.prune"(%t) {window = 2 : i64} : (tensor<4xf32>) -> !tessera.kv_cache
  return %c : !tessera.kv_cache
}

// -----
// kv_handle_c3
func.func @kv_handle_c3(%c: !tessera.kv_cache) -> !tessera.kv_cache {
  // expected-error@+1 {{window must be a positive integer (required) (kv_handle_c3)}}
  %p = "tessera.kv_cache.prune"(%c) : (!tessera.kv_cache) -> !tessera.kv_cache
  return %p : !tessera.kv_cache
}

// -----
// kv_handle_c4
func.func @kv_handle_c4(%c: !tessera.kv_cache, %n: f32) -> !tessera.kv_cache {
  // expected-error@+1 {{the count must be an index or integer scalar, got f32 (kv_handle_c4)}}
  %p = "tessera.cache.commit"(%c, %n) : (!tessera.kv_cache, f32) -> !tessera.kv_cache
  return %p : !tessera.kv_cache
}

// -----
// kv_handle_c5
func.func @kv_handle_c5(%k: tensor<2x64xf32>, %v: tensor<2x64xf32>) -> !tessera.kv_cache {
  %c = "tessera.kv_cache.create"() {max_seq = 16 : i64, head_dim = 128 : i64} : () -> !tessera.kv_cache
  // expected-error@+1 {{the entries' last dim 64 is not the cache's head_dim 128 (kv_handle_c5)}}
  %a = "tessera.kv_cache.append"(%c, %k, %v) : (!tessera.kv_cache, tensor<2x64xf32>, tensor<2x64xf32>) -> !tessera.kv_cache
  return %a : !tessera.kv_cache
}

// -----
// kv_handle_c5: keys and values differ
func.func @kv_handle_c5(%c: !tessera.kv_cache, %k: tensor<2x4xf32>, %v: tensor<3x4xf32>) -> !tessera.kv_cache {
  // expected-error@+1 {{keys and values must be float tensors of one type [T, ..., D], got tensor<2x4xf32> and tensor<3x4xf32> (kv_handle_c5)}}
  %a = "tessera.kv_cache.append"(%c, %k, %v) : (!tessera.kv_cache, tensor<2x4xf32>, tensor<3x4xf32>) -> !tessera.kv_cache
  return %a : !tessera.kv_cache
}

// -----
// kv_handle_c6
func.func @kv_handle_c6(%c: !tessera.kv_cache, %n: index) -> tensor<4xf32> {
  // expected-error@+1 {{(kv_handle_c6)}}
  %p = "tessera.cache.rollback"(%c, %n) : (!tessera.kv_cache, index) -> tensor<4xf32>
  return %p : tensor<4xf32>
}
