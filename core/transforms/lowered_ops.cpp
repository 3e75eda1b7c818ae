// The ops of lowered_ops.h. One name per line, sorted, so that parallel additions merge.
#include "core/transforms/lowered_ops.h"

#include <algorithm>
#include <iterator>

namespace tessera::transforms {

bool lowered_by_list(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "",  // (no entry: keeps the array non-empty)
      "tessera.attn.lse_accumulate",
      "tessera.dropout",
      "tessera.ebm.bivector_langevin_step",
      "tessera.ebm.decode_init",
      "tessera.ebm.energy_quadratic",
      "tessera.ebm.inner_step",
      "tessera.ebm.langevin_step",
      "tessera.ebm.refinement",
      "tessera.ebm.self_verify",
      "tessera.ebm.sphere_langevin_step",
      "tessera.guided_denoise_region",
      "tessera.ntk_rope",
      "tessera.poisson",
      "tessera.pow",
      "tessera.randn",
      "tessera.rng_normal",
      "tessera.rng_uniform",
      "tessera.rope",
      "tessera.spec_accept_tree_sample",
      "tessera.uniform",
      "tessera_rng.bernoulli",
      "tessera_rng.normal",
  };
  return !name.empty() && std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace tessera::transforms
