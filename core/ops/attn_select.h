// The selection threshold of tessera.lookahead_sparse_attention, shared by the Graph IR kernel
// and the Schedule -> Tile lowering, which embeds it as a constant (docs/ops/graph/attnsparse.md,
// lookahead_sparse_attention_s1).
#pragma once

#include <cmath>
#include <limits>

namespace tessera::ops {

/// sigmoid(x) >= thr  <=>  x >= logit(thr) = log(thr) - log1p(-thr), in f64 (the C library's);
/// -inf for thr <= 0 and +inf for thr >= 1.
inline double lookahead_cut(double thr) {
  if (thr <= 0.0) return -std::numeric_limits<double>::infinity();
  if (thr >= 1.0) return std::numeric_limits<double>::infinity();
  return std::log(thr) - std::log1p(-thr);
}

}  // namespace tessera::ops
