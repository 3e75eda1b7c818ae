// Graph IR -> Schedule IR: fusion groups with their default schedule
// (docs/ops/schedule/lowering.md).
#pragma once

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

/// Inlines calls first (inline_calls.h), then outlines every op of every Graph IR function into
/// fusion groups (`schedule.group`): elementwise epilogues join the matmul, conv, row kernel or
/// elementwise chain before them; every other op is a group of its own. Schedules follow the
/// default rule unless the anchor op carries `schedule.tile_shape`, `schedule.stages` or
/// `schedule.warps`. Functions that hold anything but Graph IR (tile kernels, launches,
/// collectives, groups) are left alone. False after an error (a recursive call chain, inline_c1).
bool graph_to_schedule(ir::Module& m, DiagnosticEngine& diag);

}  // namespace tessera::transforms
