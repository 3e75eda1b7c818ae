// Data movement of the Schedule -> Tile lowering: transpose, permute, broadcast, slice, reshape
// and concat as one strided gather kernel (docs/ops/schedule/lowering.md, "Data movement").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

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

/// The plan of a `whole` group whose callee holds one data-movement op (`movement` false for
/// any other group).
MovementPlan plan_movement(const ir::Op& group, const ir::Op& callee, const std::string& name);

/// The plan of one data-movement op itself, with its operands' and result's types.
MovementPlan plan_movement_op(const ir::Op& op, const std::string& name);

/// The plan of a `whole` group holding one `tessera.constant`: a kernel of one group that
/// stores each element (at most 1024) from an exact `arith.constant`; `movement` false for any
/// other group. The launch has no operands and gives the result as `[rows, width]`.
MovementPlan plan_constant(const ir::Op& group, const ir::Op& callee, const std::string& name);

/// Whether `name` is an op the gather kernel copies (transpose, permute, broadcast, expand,
/// broadcast_in_dim, slice, reshape, squeeze, unsqueeze, flatten, concat).
bool is_movement_op(std::string_view name);

/// Replaces every data-movement Graph IR op at the top level of a host function that launches
/// Tile IR kernels (the transposes and broadcasts schedule_to_tile places around its launches,
/// and any left there) by the gather kernel's launch, and every `tessera.cast` there (a
/// convolution's conversions of narrow operands) by the scalar kernel of a cast; reshapes stay (a
/// reshape renames bytes).
/// The op's attributes (`schedule.group`) move to the reshape that now gives its result.
bool lower_host_movement(ir::Module& m, DiagnosticEngine& diag);

}  // namespace tessera::transforms
