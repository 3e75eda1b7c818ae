// Losses of the Schedule -> Tile lowering: tessera.mse as one row reduction in the Graph IR
// kernel's order (docs/ops/schedule/lowering.md, "Losses").
#pragma once

#include <cstdint>
#include <string>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// The kernel of a `whole` group holding one tessera.mse, or `why` it stays.
struct LossPlan {
  std::string kernel;  ///< empty when the group stays
  std::string why;
  int64_t width = 0;  ///< the element count n: both operands go in as [1, n]
};

/// Plans the kernel `name` for the mse `op` of the group `group`: f32, static, non-empty,
/// n <= 1024 (one register tile row), reduction "mean" or "sum", no numeric policy.
LossPlan plan_mse(const ir::Op& group, const ir::Op& op, const std::string& name);

}  // namespace tessera::transforms
