// The ops of lowered_ops.h. One name per line, sorted, so that parallel additions merge.
#include "core/transforms/lowered_ops.h"

#include <algorithm>
#include <iterator>

namespace tessera::transforms {

bool lowered_by_list(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "",  // (no entry: keeps the array non-empty)
      "tessera.abs",
      "tessera.cholesky",
      "tessera.cholesky_solve",
      "tessera.fft",
      "tessera.fft2d",
      "tessera.grouped_gemm",
      "tessera.ifft",
      "tessera.kv_cache.append",
      "tessera.kv_cache.read",
      "tessera.latent_kv_compress",
      "tessera.latent_kv_expand_k",
      "tessera.latent_kv_expand_v",
      "tessera.lu",
      "tessera.qr",
      "tessera.spmm",
      "tessera.swiglu_fused",
      "tessera.tri_solve",
  };
  return !name.empty() && std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace tessera::transforms
