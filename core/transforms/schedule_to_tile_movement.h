// Data movement of the Schedule -> Tile lowering: transpose, permute, broadcast, slice, reshape
// and concat as one strided gather kernel (docs/ops/schedule/lowering.md, "Data movement").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// How a `whole` group of one data-movement op lowers: the kernel, or `why` it stays. The launch
/// takes each operand reshaped to `[N]` (its element count) and gives the result as `[rows, width]`
/// (the leading dims' product, the last dim), reshaped back to the op's shape.
struct MovementPlan {
  std::string kernel;  ///< one func.func, empty when the group stays (or is not data movement)
  std::string why;
  bool movement = false;  ///< the group is one data-movement op (planned or not)
  int64_t rows = 0, width = 0;
  std::vector<int64_t> in_sizes;  ///< per operand: its element count (it goes in as [N])
};

MovementPlan plan_movement(const ir::Op& group, const ir::Op& callee, const std::string& name);

}  // namespace tessera::transforms
