// Helpers of the `train` family's kernels: per-element loops in parallel (each element written by
// one thread, so any thread count gives the same bits) and the sequential loss reductions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/kernel.h"

namespace tessera::interp::train {

/// f(i) for i in [0, n), in parallel; each call writes only element i's outputs.
template <typename F>
void each(int64_t n, F f) {
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, 4096), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) f(i);
  });
}

/// acc = x_0, then acc = acc + x_i for i = 1 .. n-1 (one sequential chain); +0 for n = 0.
template <typename T>
T chain_sum(const T* x, int64_t n) {
  T acc = n > 0 ? x[0] : T(0);
  for (int64_t i = 1; i < n; ++i) acc = acc + x[i];
  return acc;
}

/// The `reduction` of the per-element losses `l` into `out` (docs/ops/graph/rl_losses.md,
/// "Reductions"): "none" copies, "sum" is chain_sum, "mean" divides that sum by n converted to T,
/// or, with a mask `m`, by chain_sum(m) unless that is 0 (then the sum itself).
template <typename T>
void reduce_losses(const std::vector<T>& l, const T* m, const std::string& reduction, T* out) {
  const int64_t n = static_cast<int64_t>(l.size());
  if (reduction == "none") {
    for (int64_t i = 0; i < n; ++i) out[i] = l[i];
    return;
  }
  T acc = chain_sum(l.data(), n);
  if (reduction == "mean") {
    if (!m) {
      acc = acc / static_cast<T>(n);
    } else {
      const T total = chain_sum(m, n);
      if (total != T(0)) acc = acc / total;
    }
  }
  out[0] = acc;
}

/// [outer, extent, inner] of `shape` around `axis` (extents already checked by the executor).
struct AxisSplit {
  int64_t outer = 1, extent = 1, inner = 1;
};
inline AxisSplit split_axis(const std::vector<int64_t>& shape, int64_t axis) {
  AxisSplit s;
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
    if (d < axis) s.outer *= shape[d];
    if (d == axis) s.extent = shape[d];
    if (d > axis) s.inner *= shape[d];
  }
  return s;
}

}  // namespace tessera::interp::train
