// Numeric policies written as op attributes: `numeric_policy = {storage = "bf16", accum = "f32",
// rounding = "stochastic", saturate = true, seed = 7, ...}` (docs/numerics.md, "Policies").
#pragma once

#include <optional>
#include <string>

#include "core/ir/ir.h"
#include "core/numerics/rounding.h"

namespace tessera::ops {

/// The parsed policy of one op; absent fields take the defaults shown.
struct NumericPolicy {
  std::optional<DType> storage;  ///< Element type results are stored in (default: result type).
  DType compute = DType::f32;    ///< Type elementwise math runs in.
  DType accum = DType::f32;      ///< Accumulator type of contractions and reductions.
  /// Upstream's `softmax` field: the type a softmax's exp and sums run in (softmax-stats.md,
  /// tessera.depth_attn); unset when absent.
  std::optional<DType> softmax;
  std::string accum_model = "sequential";  ///< sequential | pairwise | tensor-core model names.
  num::ConvertOptions convert;             ///< Rounding, saturation, denormals, profile, seed.
  double loss_scale = 1.0;
  /// Upstream's scaled-matmul execution mode ("exact_per_block"); empty when absent.
  std::string execution_mode;
};

/// Reads `numeric_policy` from an op (defaults when absent). Throws tessera::Error naming the
/// op's location for unknown fields or values (policy_c1..c3).
NumericPolicy read_policy(const ir::Op& op);

/// Parses a rounding-mode name: rne, rtz, rup, rdown, rna, stochastic.
std::optional<num::RoundingMode> parse_rounding(const std::string& s);

}  // namespace tessera::ops
