// The ops of lowered_ops.h. One name per line, sorted, so that parallel additions merge.
#include "core/transforms/lowered_ops.h"

#include <algorithm>
#include <iterator>

namespace tessera::transforms {

bool lowered_by_list(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "",  // (no entry: keeps the array non-empty)
      "tessera.ebm.langevin_step_philox",
      "tessera.ebm.partition_exact",
  };
  return !name.empty() && std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace tessera::transforms
