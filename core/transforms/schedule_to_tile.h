// Schedule IR -> Tile IR: fusion groups become tile kernels and tile.launch
// (docs/ops/schedule/lowering.md, "Schedule -> Tile").
#pragma once

#include <memory>
#include <string>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

/// Replaces each schedule.group that has a Tile IR lowering by a kernel function and a
/// tile.launch (carrying `schedule.group`, `schedule.origin` and `schedule.tile` for
/// `tessera-interp validate`). A group without one stays and gets `schedule.not_lowered` with
/// the reason; it still runs (through the schedule executor).
bool schedule_to_tile(ir::Module& m, DiagnosticEngine& diag);

/// Parses one kernel function's text (a template of this pass) and moves it out of its module;
/// every location becomes `loc`. nullptr, with an internal error reported, when it does not parse.
std::unique_ptr<ir::Op> parse_kernel(const std::string& func_text, ir::Location loc,
                                     DiagnosticEngine& diag);

}  // namespace tessera::transforms
