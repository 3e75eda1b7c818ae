// The ops of lowered_ops.h. One name per line, sorted, so that parallel additions merge.
#include "core/transforms/lowered_ops.h"

#include <algorithm>
#include <iterator>

namespace tessera::transforms {

bool lowered_by_list(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "",  // (no entry: keeps the array non-empty)
      "tessera.dequant_matmul",
      "tessera.fused_epilogue",
      "tessera.grouped_gemm",
      "tessera.kv_cache.append",
      "tessera.kv_cache.read",
      "tessera.latent_kv_compress",
      "tessera.latent_kv_expand_k",
      "tessera.latent_kv_expand_v",
      "tessera.moe_dispatch",
      "tessera.moe_swiglu_block",
      "tessera.mor_partition",
      "tessera.mor_router",
      "tessera.mor_scatter",
      "tessera.scaled_matmul",
      "tessera.spec_accept",
      "tessera.spec_accept_sample",
      "tessera.swiglu_fused",
      "tessera.target_verify",
  };
  return !name.empty() && std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace tessera::transforms
