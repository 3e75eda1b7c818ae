// IEEE maximum/minimum as every Graph IR op uses them: NaN propagates, -0 < +0.
#pragma once

#include <cmath>

namespace tessera::interp {

/// max(x, y) with NaN propagation and -0 < +0 (numpy.maximum with signed zeros ordered).
template <typename T>
T ieee_max(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (x == y) return std::signbit(x) ? y : x;
  return x > y ? x : y;
}

/// min(x, y) with NaN propagation and -0 < +0.
template <typename T>
T ieee_min(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (x == y) return std::signbit(x) ? x : y;
  return x < y ? x : y;
}

}  // namespace tessera::interp
