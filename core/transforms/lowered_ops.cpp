// The ops of lowered_ops.h. One name per line, sorted, so that parallel additions merge.
#include "core/transforms/lowered_ops.h"

#include <algorithm>
#include <iterator>

namespace tessera::transforms {

bool lowered_by_list(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "",  // (no entry: keeps the array non-empty)
      "tessera.clifford.geometric_product",
      "tessera.clifford.grade_project",
      "tessera.clifford.inner_product",
      "tessera.clifford.norm",
      "tessera.clifford.outer_product",
      "tessera.clifford.reverse",
      "tessera.clifford.rotor_sandwich",
      "tessera_clifford.exp",
      "tessera_clifford.geo_product",
      "tessera_clifford.grade",
      "tessera_clifford.inner",
      "tessera_clifford.rotor_from_axis",
      "tessera_clifford.rotor_sandwich",
  };
  return !name.empty() && std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace tessera::transforms
