// Verifier tests for the sparse attention ops (docs/ops/graph/attnsparse.md).
// Each chunk is one failing program named after the constraint it breaks.

// attn_local_window_2d_c1: rank 4 operands
func.func @attn_local_window_2d_c1(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_local_window_2d_c1)}}
  %r = "tessera.attn_local_window_2d"(%q, %k, %v) {window = [1, 1]} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_local_window_2d_c2: grids differ
func.func @attn_local_window_2d_c2(%q: tensor<1x2x4x4x8xf32>, %k: tensor<1x2x4x5x8xf32>, %v: tensor<1x2x4x5x8xf32>) -> tensor<1x2x4x4x8xf32> {
  // expected-error@+1 {{(attn_local_window_2d_c2)}}
  %r = "tessera.attn_local_window_2d"(%q, %k, %v) {window = [1, 1]} : (tensor<1x2x4x4x8xf32>, tensor<1x2x4x5x8xf32>, tensor<1x2x4x5x8xf32>) -> tensor<1x2x4x4x8xf32>
  return %r : tensor<1x2x4x4x8xf32>
}

// -----
// attn_local_window_2d_c3: negative half-width
func.func @attn_local_window_2d_c3(%q: tensor<1x2x4x4x8xf32>, %k: tensor<1x2x4x4x8xf32>, %v: tensor<1x2x4x4x8xf32>) -> tensor<1x2x4x4x8xf32> {
  // expected-error@+1 {{(attn_local_window_2d_c3)}}
  %r = "tessera.attn_local_window_2d"(%q, %k, %v) {window = [1, -1]} : (tensor<1x2x4x4x8xf32>, tensor<1x2x4x4x8xf32>, tensor<1x2x4x4x8xf32>) -> tensor<1x2x4x4x8xf32>
  return %r : tensor<1x2x4x4x8xf32>
}

// -----
// attn_local_window_2d_c4: wrong result
func.func @attn_local_window_2d_c4(%q: tensor<1x2x4x4x8xf32>, %k: tensor<1x2x4x4x8xf32>, %v: tensor<1x2x4x4x8xf32>) -> tensor<1x2x4x4x4xf32> {
  // expected-error@+1 {{(attn_local_window_2d_c4)}}
  %r = "tessera.attn_local_window_2d"(%q, %k, %v) {window = [1, 1]} : (tensor<1x2x4x4x8xf32>, tensor<1x2x4x4x8xf32>, tensor<1x2x4x4x8xf32>) -> tensor<1x2x4x4x4xf32>
  return %r : tensor<1x2x4x4x4xf32>
}

// -----
// attn_sliding_window_c1: f64 k
func.func @attn_sliding_window_c1(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf64>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_sliding_window_c1)}}
  %r = "tessera.attn_sliding_window"(%q, %k, %v) {window_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf64>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_sliding_window_c2: Hkv = 3 does not divide Hq = 2
func.func @attn_sliding_window_c2(%q: tensor<1x2x8x4xf32>, %k: tensor<1x3x8x4xf32>, %v: tensor<1x3x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_sliding_window_c2)}}
  %r = "tessera.attn_sliding_window"(%q, %k, %v) {window_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x3x8x4xf32>, tensor<1x3x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_sliding_window_c3: window_size 0
func.func @attn_sliding_window_c3(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_sliding_window_c3)}}
  %r = "tessera.attn_sliding_window"(%q, %k, %v) {window_size = 0 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_sliding_window_c3: causal not a boolean
func.func @attn_sliding_window_c3b(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{attribute 'causal' must be true or false (attn_sliding_window_c3)}}
  %r = "tessera.attn_sliding_window"(%q, %k, %v) {window_size = 2 : i64, causal = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_sliding_window_c4: wrong result
func.func @attn_sliding_window_c4(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf64> {
  // expected-error@+1 {{(attn_sliding_window_c4)}}
  %r = "tessera.attn_sliding_window"(%q, %k, %v) {window_size = 2 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf64>
  return %r : tensor<1x2x8x4xf64>
}

// -----
// attn_compressed_blocks_c1: rank 3
func.func @attn_compressed_blocks_c1(%q: tensor<2x8x4xf32>, %k: tensor<2x2x4xf32>, %v: tensor<2x2x4xf32>) -> tensor<2x8x4xf32> {
  // expected-error@+1 {{(attn_compressed_blocks_c1)}}
  %r = "tessera.attn_compressed_blocks"(%q, %k, %v) : (tensor<2x8x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>) -> tensor<2x8x4xf32>
  return %r : tensor<2x8x4xf32>
}

// -----
// attn_compressed_blocks_c2: k and v have different N
func.func @attn_compressed_blocks_c2(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x2x4xf32>, %v: tensor<1x2x3x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_compressed_blocks_c2)}}
  %r = "tessera.attn_compressed_blocks"(%q, %k, %v) : (tensor<1x2x8x4xf32>, tensor<1x2x2x4xf32>, tensor<1x2x3x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_compressed_blocks_c3: scale not finite
func.func @attn_compressed_blocks_c3(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_compressed_blocks_c3)}}
  %r = "tessera.attn_compressed_blocks"(%q, %k, %v) {scale = "x"} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_compressed_blocks_c4: wrong result
func.func @attn_compressed_blocks_c4(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error@+1 {{(attn_compressed_blocks_c4)}}
  %r = "tessera.attn_compressed_blocks"(%q, %k, %v) : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----
// attn_top_k_blocks_c1: i32 q
func.func @attn_top_k_blocks_c1(%q: tensor<1x2x8x4xi32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %s: tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_top_k_blocks_c1)}}
  %r = "tessera.attn_top_k_blocks"(%q, %k, %v, %s) {top_k = 1 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xi32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_top_k_blocks_c2: D differs
func.func @attn_top_k_blocks_c2(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x3xf32>, %v: tensor<1x2x8x4xf32>, %s: tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_top_k_blocks_c2)}}
  %r = "tessera.attn_top_k_blocks"(%q, %k, %v, %s) {top_k = 1 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x3xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_top_k_blocks_c3: block_size 3 does not divide Sk 8
func.func @attn_top_k_blocks_c3(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %s: tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_top_k_blocks_c3)}}
  %r = "tessera.attn_top_k_blocks"(%q, %k, %v, %s) {top_k = 1 : i64, block_size = 3 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_top_k_blocks_c4: scores with 3 blocks for 2
func.func @attn_top_k_blocks_c4(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %s: tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_top_k_blocks_c4)}}
  %r = "tessera.attn_top_k_blocks"(%q, %k, %v, %s) {top_k = 1 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_top_k_blocks_c5: causal a string
func.func @attn_top_k_blocks_c5(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %s: tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(attn_top_k_blocks_c5)}}
  %r = "tessera.attn_top_k_blocks"(%q, %k, %v, %s) {top_k = 1 : i64, block_size = 4 : i64, causal = "yes"} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// attn_top_k_blocks_c6: wrong result
func.func @attn_top_k_blocks_c6(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %s: tensor<1x2x8x2xf32>) -> tensor<1x2x8x5xf32> {
  // expected-error@+1 {{(attn_top_k_blocks_c6)}}
  %r = "tessera.attn_top_k_blocks"(%q, %k, %v, %s) {top_k = 1 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x5xf32>
  return %r : tensor<1x2x8x5xf32>
}

// -----
// msa_index_scores_c1: rank 3 k
func.func @msa_index_scores_c1(%q: tensor<1x4x8x4xf32>, %k: tensor<2x8x4xf32>) -> tensor<1x2x8x2xf32> {
  // expected-error@+1 {{(msa_index_scores_c1)}}
  %r = "tessera.msa_index_scores"(%q, %k) {block_size = 4 : i64} : (tensor<1x4x8x4xf32>, tensor<2x8x4xf32>) -> tensor<1x2x8x2xf32>
  return %r : tensor<1x2x8x2xf32>
}

// -----
// msa_index_scores_c2: Hkv 3 does not divide Hq 4
func.func @msa_index_scores_c2(%q: tensor<1x4x8x4xf32>, %k: tensor<1x3x8x4xf32>) -> tensor<1x3x8x2xf32> {
  // expected-error@+1 {{(msa_index_scores_c2)}}
  %r = "tessera.msa_index_scores"(%q, %k) {block_size = 4 : i64} : (tensor<1x4x8x4xf32>, tensor<1x3x8x4xf32>) -> tensor<1x3x8x2xf32>
  return %r : tensor<1x3x8x2xf32>
}

// -----
// msa_index_scores_c3: no block_size
func.func @msa_index_scores_c3(%q: tensor<1x4x8x4xf32>, %k: tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xf32> {
  // expected-error@+1 {{(msa_index_scores_c3)}}
  %r = "tessera.msa_index_scores"(%q, %k) : (tensor<1x4x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xf32>
  return %r : tensor<1x2x8x2xf32>
}

// -----
// msa_index_scores_c4: ceil(8 / 3) = 3 blocks, not 2
func.func @msa_index_scores_c4(%q: tensor<1x4x8x4xf32>, %k: tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xf32> {
  // expected-error@+1 {{(msa_index_scores_c4)}}
  %r = "tessera.msa_index_scores"(%q, %k) {block_size = 3 : i64} : (tensor<1x4x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xf32>
  return %r : tensor<1x2x8x2xf32>
}

// -----
// msa_select_blocks_c1: i64 scores
func.func @msa_select_blocks_c1(%s: tensor<1x2x8x4xi64>) -> tensor<1x2x8x2xi64> {
  // expected-error@+1 {{(msa_select_blocks_c1)}}
  %r = "tessera.msa_select_blocks"(%s) {top_k = 2 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xi64>) -> tensor<1x2x8x2xi64>
  return %r : tensor<1x2x8x2xi64>
}

// -----
// msa_select_blocks_c2: top_k 5 > 4 blocks
func.func @msa_select_blocks_c2(%s: tensor<1x2x8x4xf32>) -> tensor<1x2x8x5xi64> {
  // expected-error@+1 {{(msa_select_blocks_c2)}}
  %r = "tessera.msa_select_blocks"(%s) {top_k = 5 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>) -> tensor<1x2x8x5xi64>
  return %r : tensor<1x2x8x5xi64>
}

// -----
// msa_select_blocks_c3: force_local_block an integer
func.func @msa_select_blocks_c3(%s: tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xi64> {
  // expected-error@+1 {{(msa_select_blocks_c3)}}
  %r = "tessera.msa_select_blocks"(%s) {top_k = 2 : i64, block_size = 4 : i64, force_local_block = 1 : i64} : (tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xi64>
  return %r : tensor<1x2x8x2xi64>
}

// -----
// msa_select_blocks_c4: i32 ids
func.func @msa_select_blocks_c4(%s: tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xi32> {
  // expected-error@+1 {{(msa_select_blocks_c4)}}
  %r = "tessera.msa_select_blocks"(%s) {top_k = 2 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>) -> tensor<1x2x8x2xi32>
  return %r : tensor<1x2x8x2xi32>
}

// -----
// msa_sparse_attention_c1: rank 5 q
func.func @msa_sparse_attention_c1(%q: tensor<1x4x8x4x1xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x4x8x4xf32> {
  // expected-error@+1 {{(msa_sparse_attention_c1)}}
  %r = "tessera.msa_sparse_attention"(%q, %k, %v) {block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x4x8x4x1xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x4x8x4xf32>
  return %r : tensor<1x4x8x4xf32>
}

// -----
// msa_sparse_attention_c2: batch differs
func.func @msa_sparse_attention_c2(%q: tensor<2x4x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<2x4x8x4xf32> {
  // expected-error@+1 {{(msa_sparse_attention_c2)}}
  %r = "tessera.msa_sparse_attention"(%q, %k, %v) {block_size = 4 : i64, top_k = 1 : i64} : (tensor<2x4x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<2x4x8x4xf32>
  return %r : tensor<2x4x8x4xf32>
}

// -----
// msa_sparse_attention_c3: top_k 3 > 2 blocks
func.func @msa_sparse_attention_c3(%q: tensor<1x4x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x4x8x4xf32> {
  // expected-error@+1 {{(msa_sparse_attention_c3)}}
  %r = "tessera.msa_sparse_attention"(%q, %k, %v) {block_size = 4 : i64, top_k = 3 : i64} : (tensor<1x4x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x4x8x4xf32>
  return %r : tensor<1x4x8x4xf32>
}

// -----
// msa_sparse_attention_c4: scale inf
func.func @msa_sparse_attention_c4(%q: tensor<1x4x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x4x8x4xf32> {
  // expected-error@+1 {{(msa_sparse_attention_c4)}}
  %r = "tessera.msa_sparse_attention"(%q, %k, %v) {block_size = 4 : i64, top_k = 1 : i64, scale = 0x7FF0000000000000 : f64} : (tensor<1x4x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x4x8x4xf32>
  return %r : tensor<1x4x8x4xf32>
}

// -----
// msa_sparse_attention_c5: result with Hkv heads
func.func @msa_sparse_attention_c5(%q: tensor<1x4x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(msa_sparse_attention_c5)}}
  %r = "tessera.msa_sparse_attention"(%q, %k, %v) {block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x4x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// lookahead_sparse_attention_c1: f16 v
func.func @lookahead_sparse_attention_c1(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf16>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(lookahead_sparse_attention_c1)}}
  %r = "tessera.lookahead_sparse_attention"(%q, %k, %v) {window_size = 2 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf16>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// lookahead_sparse_attention_c2: Sq 8, Sk 4
func.func @lookahead_sparse_attention_c2(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x4x4xf32>, %v: tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(lookahead_sparse_attention_c2)}}
  %r = "tessera.lookahead_sparse_attention"(%q, %k, %v) {window_size = 2 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// lookahead_sparse_attention_c3: tau 0
func.func @lookahead_sparse_attention_c3(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(lookahead_sparse_attention_c3)}}
  %r = "tessera.lookahead_sparse_attention"(%q, %k, %v) {window_size = 2 : i64, block_size = 4 : i64, tau = 0 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// lookahead_sparse_attention_c4: threshold 1.5
func.func @lookahead_sparse_attention_c4(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(lookahead_sparse_attention_c4)}}
  %r = "tessera.lookahead_sparse_attention"(%q, %k, %v) {window_size = 2 : i64, block_size = 4 : i64, threshold = 1.5 : f64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// lookahead_sparse_attention_c5: wrong result
func.func @lookahead_sparse_attention_c5(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error@+1 {{(lookahead_sparse_attention_c5)}}
  %r = "tessera.lookahead_sparse_attention"(%q, %k, %v) {window_size = 2 : i64, block_size = 4 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----
// deepseek_sparse_attention_c1: v's Sk differs
func.func @deepseek_sparse_attention_c1(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x4x4xf32>, %g: tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(deepseek_sparse_attention_c1)}}
  %r = "tessera.deepseek_sparse_attention"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// deepseek_sparse_attention_c2: block_size 3 does not divide 8
func.func @deepseek_sparse_attention_c2(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(deepseek_sparse_attention_c2)}}
  %r = "tessera.deepseek_sparse_attention"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 3 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// deepseek_sparse_attention_c3: operand #3 of the wrong last dim
func.func @deepseek_sparse_attention_c3(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(deepseek_sparse_attention_c3)}}
  %r = "tessera.deepseek_sparse_attention"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// deepseek_sparse_attention_c4: causal an integer
func.func @deepseek_sparse_attention_c4(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(deepseek_sparse_attention_c4)}}
  %r = "tessera.deepseek_sparse_attention"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64, causal = 0 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// deepseek_sparse_attention_c5: wrong result
func.func @deepseek_sparse_attention_c5(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x3xf32>) -> tensor<1x2x8x8xf32> {
  // expected-error@+1 {{(deepseek_sparse_attention_c5)}}
  %r = "tessera.deepseek_sparse_attention"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x8x8xf32>
  return %r : tensor<1x2x8x8xf32>
}

// -----
// native_sparse_attn_fused_c1: v's Sk differs
func.func @native_sparse_attn_fused_c1(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x4x4xf32>, %g: tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(native_sparse_attn_fused_c1)}}
  %r = "tessera.native_sparse_attn_fused"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// native_sparse_attn_fused_c2: block_size 3 does not divide 8
func.func @native_sparse_attn_fused_c2(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(native_sparse_attn_fused_c2)}}
  %r = "tessera.native_sparse_attn_fused"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 3 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// native_sparse_attn_fused_c3: operand #3 of the wrong last dim
func.func @native_sparse_attn_fused_c3(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(native_sparse_attn_fused_c3)}}
  %r = "tessera.native_sparse_attn_fused"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// native_sparse_attn_fused_c4: causal an integer
func.func @native_sparse_attn_fused_c4(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32> {
  // expected-error@+1 {{(native_sparse_attn_fused_c4)}}
  %r = "tessera.native_sparse_attn_fused"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64, causal = 0 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x4xf32>
  return %r : tensor<1x2x8x4xf32>
}

// -----
// native_sparse_attn_fused_c5: wrong result
func.func @native_sparse_attn_fused_c5(%q: tensor<1x2x8x4xf32>, %k: tensor<1x2x8x4xf32>, %v: tensor<1x2x8x4xf32>, %g: tensor<1x2x8x2xf32>) -> tensor<1x2x8x8xf32> {
  // expected-error@+1 {{(native_sparse_attn_fused_c5)}}
  %r = "tessera.native_sparse_attn_fused"(%q, %k, %v, %g) {window_size = 4 : i64, block_size = 4 : i64, top_k = 1 : i64} : (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>, tensor<1x2x8x2xf32>) -> tensor<1x2x8x8xf32>
  return %r : tensor<1x2x8x8xf32>
}
