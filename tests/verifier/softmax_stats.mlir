// Verifier tests for the softmax-statistics ops (docs/ops/graph/softmax-stats.md).
// Each chunk is one failing program named after the constraint it breaks.

// attn_with_stats_c1: query of rank 2
func.func @attn_with_stats_c1(%q: tensor<1x4xf32>, %s: tensor<3x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(attn_with_stats_c1)}}
  %r, %m, %l = "tessera.attn_with_stats"(%q, %s) : (tensor<1x4xf32>, tensor<3x2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// attn_with_stats_c2
func.func @attn_with_stats_c2(%q: tensor<5xf32>, %s: tensor<3x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(attn_with_stats_c2)}}
  %r, %m, %l = "tessera.attn_with_stats"(%q, %s) : (tensor<5xf32>, tensor<3x2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// attn_with_stats_c3: eps 0
func.func @attn_with_stats_c3(%q: tensor<4xf32>, %s: tensor<3x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(attn_with_stats_c3)}}
  %r, %m, %l = "tessera.attn_with_stats"(%q, %s) {eps = 0.0 : f64} : (tensor<4xf32>, tensor<3x2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// attn_with_stats_c4: fp16 accumulation
func.func @attn_with_stats_c4(%q: tensor<4xf32>, %s: tensor<3x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(attn_with_stats_c4)}}
  %r, %m, %l = "tessera.attn_with_stats"(%q, %s) {numeric_policy = {accum = "fp16", softmax = "fp32", storage = "fp32"}} : (tensor<4xf32>, tensor<3x2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// attn_with_stats_c5: m with the wrong shape
func.func @attn_with_stats_c5(%q: tensor<4xf32>, %s: tensor<3x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(attn_with_stats_c5)}}
  %r, %m, %l = "tessera.attn_with_stats"(%q, %s) : (tensor<4xf32>, tensor<3x2x4xf32>) -> (tensor<2x4xf32>, tensor<3xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// softmax_merge_c1: l shaped like o
func.func @softmax_merge_c1(%o: tensor<2x4xf32>, %m: tensor<2xf32>, %l: tensor<2xf32>, %x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(softmax_merge_c1)}}
  %r, %mm, %ml = "tessera.softmax_merge"(%o, %m, %x, %o, %m, %l) : (tensor<2x4xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// softmax_merge_c2: upstream's bad_merge_trait
func.func @softmax_merge_c2(%o: tensor<2x4xf32>, %m: tensor<2xf32>, %l: tensor<2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(softmax_merge_c2)}}
  %r, %mm, %ml = "tessera.softmax_merge"(%o, %m, %l, %o, %m, %l) {reassociable = false} : (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// softmax_merge_c3: bf16 softmax
func.func @softmax_merge_c3(%o: tensor<2x4xf32>, %m: tensor<2xf32>, %l: tensor<2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(softmax_merge_c3)}}
  %r, %mm, %ml = "tessera.softmax_merge"(%o, %m, %l, %o, %m, %l) {numeric_policy = {accum = "fp32", softmax = "bf16"}} : (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// softmax_merge_c4: wrong result
func.func @softmax_merge_c4(%o: tensor<2x4xf32>, %m: tensor<2xf32>, %l: tensor<2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(softmax_merge_c4)}}
  %r, %mm, %ml = "tessera.softmax_merge"(%o, %m, %l, %o, %m, %l) : (tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<4xf32>)
  return %r : tensor<2x4xf32>
}

// -----
// softmax_finalize_c1: l of 3 rows for 2
func.func @softmax_finalize_c1(%o: tensor<2x4xf32>, %l: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{(softmax_finalize_c1)}}
  %r = "tessera.softmax_finalize"(%o, %l) : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----
// softmax_finalize_c2: wrong result
func.func @softmax_finalize_c2(%o: tensor<2x4xf32>, %l: tensor<2xf32>) -> tensor<2x4xf64> {
  // expected-error@+1 {{(softmax_finalize_c2)}}
  %r = "tessera.softmax_finalize"(%o, %l) : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<2x4xf64>
  return %r : tensor<2x4xf64>
}

// -----
// attn_lse_accumulate_c1: acc of rank 1
func.func @attn_lse_accumulate_c1(%a: tensor<64xf32>, %m: f32, %l: f32) -> tensor<64xf32> {
  // expected-error@+1 {{(attn_lse_accumulate_c1)}}
  %r, %lse = "tessera.attn.lse_accumulate"(%a, %m, %l) : (tensor<64xf32>, f32, f32) -> (tensor<64xf32>, f32)
  return %r : tensor<64xf32>
}

// -----
// attn_lse_accumulate_c2: upstream's scalar_m_masks_bad_l
func.func @attn_lse_accumulate_c2(%a: tensor<64x64xf32>, %m: f32, %l: tensor<32xf32>) -> tensor<64x64xf32> {
  // expected-error@+1 {{(attn_lse_accumulate_c2)}}
  %r, %lse = "tessera.attn.lse_accumulate"(%a, %m, %l) : (tensor<64x64xf32>, f32, tensor<32xf32>) -> (tensor<64x64xf32>, f32)
  return %r : tensor<64x64xf32>
}

// -----
// attn_lse_accumulate_c3: upstream's rank1_stats_element_type_mismatch
func.func @attn_lse_accumulate_c3(%a: tensor<64x64xf32>, %m: tensor<64xf32>, %l: tensor<64xf16>) -> tensor<64x64xf32> {
  // expected-error@+1 {{(attn_lse_accumulate_c3)}}
  %r, %lse = "tessera.attn.lse_accumulate"(%a, %m, %l) : (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf16>) -> (tensor<64x64xf32>, f32)
  return %r : tensor<64x64xf32>
}

// -----
// attn_lse_accumulate_c4: upstream's scalar_m_masks_bad_lse
func.func @attn_lse_accumulate_c4(%a: tensor<64x64xf32>, %m: f32, %l: tensor<64xf32>) -> tensor<64x64xf32> {
  // expected-error@+1 {{(attn_lse_accumulate_c4)}}
  %r, %lse = "tessera.attn.lse_accumulate"(%a, %m, %l) : (tensor<64x64xf32>, f32, tensor<64xf32>) -> (tensor<64x64xf32>, tensor<32xf32>)
  return %r : tensor<64x64xf32>
}

// -----
// attn_lse_accumulate_c2: upstream's newer op name (an alias) is checked as the same op
func.func @attn_lse_accumulate_c2_alias(%a: tensor<64x64xf32>, %m: f32, %l: tensor<32xf32>) -> tensor<64x64xf32> {
  // expected-error@+1 {{running_l length must match acc tile_q (32 vs 64) (attn_lse_accumulate_c2)}}
  %r, %lse = "tessera_attn.lse_accumulate"(%a, %m, %l) : (tensor<64x64xf32>, f32, tensor<32xf32>) -> (tensor<64x64xf32>, f32)
  return %r : tensor<64x64xf32>
}
