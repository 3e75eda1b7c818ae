// Small shape helpers shared by Graph IR kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::interp {

/// The product of dims [lo, hi) of a shape (the element count of those dims; a shape that runs
/// was checked against overflow when its tensor was allocated).
inline int64_t dims_product(const std::vector<int64_t>& s, size_t lo, size_t hi) {
  int64_t p = 1;
  for (size_t d = lo; d < hi; ++d) p *= s[d];
  return p;
}

}  // namespace tessera::interp
