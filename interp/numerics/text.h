// Number and index spellings of the numerics reports: one definition for the graph monitor
// (monitor.cpp) and, where it adopts it, the tile observer (interp/tile/observe.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace tessera::interp::numerics {

/// `v` with 9 significant digits: every f32 value reads back exactly.
inline std::string num_text(double v) {
  std::ostringstream os;
  os.precision(9);
  os << v;
  return os.str();
}

/// "[i, j]" of row-major flat index k in `shape`.
inline std::string index_text(const std::vector<int64_t>& shape, int64_t k) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    const int64_t n = std::max<int64_t>(shape[d], 1);
    idx[d] = k % n;
    k /= n;
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d) s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

}  // namespace tessera::interp::numerics
