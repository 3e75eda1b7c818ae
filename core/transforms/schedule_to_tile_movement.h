// Data movement of the Schedule -> Tile lowering: transpose, permute, broadcast, slice and
// reshape as one strided gather kernel (docs/ops/schedule/lowering.md, "Data movement").
#pragma once

#include <cstdint>
#include <string>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// How a `whole` group of one data-movement op lowers: the kernel, or `why` it stays. The launch
/// takes the operand reshaped to `[in_size]` and gives the result as `[rows, width]` (the
/// leading dims' product, the last dim), reshaped back to the op's shape.
struct MovementPlan {
  std::string kernel;  ///< one func.func, empty when the group stays (or is not data movement)
  std::string why;
  bool movement = false;  ///< the group is one data-movement op (planned or not)
  int64_t in_size = 0, rows = 0, width = 0;
};

MovementPlan plan_movement(const ir::Op& group, const ir::Op& callee, const std::string& name);

}  // namespace tessera::transforms
