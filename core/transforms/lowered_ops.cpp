// The ops of lowered_ops.h. One name per line, sorted, so that parallel additions merge.
#include "core/transforms/lowered_ops.h"

#include <algorithm>
#include <iterator>

namespace tessera::transforms {

bool lowered_by_list(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "",  // (no entry: keeps the array non-empty)
      "tessera.abs",
      "tessera.attn_compressed_blocks",
      "tessera.attn_local_window_2d",
      "tessera.attn_sliding_window",
      "tessera.attn_top_k_blocks",
      "tessera.attn_with_stats",
      "tessera.binary_cross_entropy",
      "tessera.cholesky",
      "tessera.cholesky_solve",
      "tessera.deepseek_sparse_attention",
      "tessera.depth_attn",
      "tessera.dequant_matmul",
      "tessera.fft",
      "tessera.fft2d",
      "tessera.flash_attention",
      "tessera.fused_epilogue",
      "tessera.gated_deltanet",
      "tessera.grouped_gemm",
      "tessera.hybrid_attention",
      "tessera.ifft",
      "tessera.kimi_delta_attention",
      "tessera.kv_cache.append",
      "tessera.kv_cache.read",
      "tessera.latent_kv_compress",
      "tessera.latent_kv_expand_k",
      "tessera.latent_kv_expand_v",
      "tessera.lightning_attention",
      "tessera.linear_attn",
      "tessera.lookahead_sparse_attention",
      "tessera.loss.binary_cross_entropy_backward",
      "tessera.loss.cross_entropy",
      "tessera.lu",
      "tessera.moe_dispatch",
      "tessera.moe_swiglu_block",
      "tessera.mor_partition",
      "tessera.mor_router",
      "tessera.mor_scatter",
      "tessera.msa_index_scores",
      "tessera.msa_select_blocks",
      "tessera.msa_sparse_attention",
      "tessera.native_sparse_attn_fused",
      "tessera.qr",
      "tessera.rl.cispo_policy_loss",
      "tessera.rl.grpo_policy_loss",
      "tessera.rl.ppo_policy_loss",
      "tessera.scaled_matmul",
      "tessera.selective_ssm",
      "tessera.softmax_finalize",
      "tessera.softmax_merge",
      "tessera.spec_accept",
      "tessera.spec_accept_sample",
      "tessera.spmm",
      "tessera.swiglu_fused",
      "tessera.tanh",
      "tessera.target_verify",
      "tessera.tri_solve",
  };
  return !name.empty() && std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace tessera::transforms
