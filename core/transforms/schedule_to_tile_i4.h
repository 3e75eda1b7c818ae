// tessera.cast from or to i4 as a scalar kernel over the packed bytes (schedule_to_tile_i4.cpp).
#pragma once

#include <optional>
#include <string>

#include "core/ir/ir.h"
#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

/// The kernel of a group whose body is one tessera.cast with an i4 operand or result (the i4
/// side bound as its packed bytes, launch_c3), or nullopt when the body is not such a cast.
std::optional<ScalarKernel> plan_i4_cast(const ir::Op& group, const ir::Op& callee,
                                         const std::string& name);

}  // namespace tessera::transforms
