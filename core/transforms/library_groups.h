// Default mode on a backend with vendor libraries (docs/cuda.md, "Modes"): a one-op GEMM or
// attention group whose Tile IR lowering needs several launches (casts, transposes, a rounding
// kernel) stays whole at Schedule IR, so that the library hook sees the Graph IR op with its own
// operands and result, as it did before those forms lowered.
#pragma once

#include "core/ir/ir.h"

namespace tessera::transforms {

/// The module attribute (unit) a backend sets to ask for this.
inline constexpr const char* kLibraryGroupsAttr = "tessera.library_groups";

/// True when `m` asks for library groups to stay whole.
bool wants_library_groups(const ir::Module& m);

/// True when the group function `callee` (called by `group`, a schedule.group) holds exactly one op
/// a vendor library may run whole (tessera.matmul, tessera.scaled_matmul; tessera.flash_attn when
/// cuDNN SDPA takes its types, shapes and attributes, sdpa_support.h: otherwise nothing would run
/// it).
bool is_library_group(const ir::Op& group, const ir::Op& callee);

}  // namespace tessera::transforms
