// The IR levels a Graph IR program lowers through, as a table: each level names the pass that
// lowers the level above into it (docs/ops/schedule/lowering.md, "The level pipeline").
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

struct LevelInfo {
  const char* name;  ///< "graph", "schedule", "tile", "target"
  /// The pass (passes.h) that lowers the previous level into this one; nullptr for graph, and
  /// for a level whose lowering this build lacks (then `missing` says why).
  const char* pass;
  const char* missing;
};

/// graph, schedule, tile, target: in lowering order.
std::span<const LevelInfo> all_levels();
/// The level called `name`, or nullptr.
const LevelInfo* lookup_level(std::string_view name);

/// Lowers a verified Graph IR module in place through every level up to `level`, verifying after
/// each pass. Returns false with diagnostics in `diag`, or with `err` set when a level is not
/// available in this build.
bool lower_to_level(ir::Module& m, std::string_view level, DiagnosticEngine& diag,
                    std::string& err);

}  // namespace tessera::transforms
