// The attention family as scalar kernels (docs/ops/schedule/lowering.md, "Attention"): one group
// per query row repeating the Graph IR kernel's online softmax step by step, for the shapes and
// types the tiled f32 kernel (tile_templates.cpp) does not take.
#pragma once

#include <string>
#include <string_view>

#include "core/ir/ir.h"
#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

/// tessera.flash_attn of f32, bf16 or f16 operands of static shape, rank 2, 3 or 4, any Sq, Sk,
/// D, Dv, causal or not (interp/graph/kernels_attention.cpp).
ScalarKernel plan_flash_attn(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.attn_sliding_window, attn_compressed_blocks (rank 4, GQA) and attn_local_window_2d
/// (rank 5): flash_attn's row kernel over each row's kept keys, a contiguous run or the cells of
/// a 2-D window (interp/graph/kernels_attnsparse.cpp); a row without kept keys gives 0.
ScalarKernel plan_sparse_attn(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.attn_top_k_blocks (given block scores) and tessera.msa_sparse_attention (its own
/// index scores and selection): the row kernel over the selected blocks' tokens, kept in a local
/// list (schedule_to_tile_attn.cpp).
ScalarKernel plan_block_attn(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.lookahead_sparse_attention: the window and the blocks its indexer selects
/// (schedule_to_tile_attn.cpp).
ScalarKernel plan_lookahead_attn(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.deepseek_sparse_attention and tessera.native_sparse_attn_fused: three row kernels
/// (window, block means, selected blocks) in one group, mixed (schedule_to_tile_attn.cpp).
ScalarKernel plan_nsa_attn(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.attn_with_stats, softmax_merge and softmax_finalize of f32, bf16 or f16: one group
/// per row in the Graph IR kernels' order (schedule_to_tile_attnstats.cpp).
ScalarKernel plan_softmax_stats(const ir::Op& group, const ir::Op& op, const std::string& name);
/// tessera.attn.lse_accumulate of f32 or f64, statistics of rank 1: one group per row, its lse
/// m + T(log64(f64(l))) (schedule_to_tile_attnstats.cpp).
ScalarKernel plan_lse_accumulate(const ir::Op& group, const std::string& name);

/// tessera.msa_index_scores (f32, bf16, f16) and tessera.msa_select_blocks (f32, f64, bf16, f16):
/// one group per query row (schedule_to_tile_attnselect.cpp).
ScalarKernel plan_msa_index_scores(const ir::Op& group, const ir::Op& op, const std::string& name);
ScalarKernel plan_msa_select_blocks(const ir::Op& group, const ir::Op& op, const std::string& name);

}  // namespace tessera::transforms
