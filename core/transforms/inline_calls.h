// Inlining of func.call before Graph IR -> Schedule IR (docs/ops/schedule/lowering.md,
// "Inlining calls").
#pragma once

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

/// Replaces every `func.call` at the top level of a single-block function body by a copy of its
/// callee's body (the callee's own calls inlined first), when the callee is a single-block
/// function whose parameter and result types equal the call's operand and result types; other
/// calls stay. The callees stay in the module (they may be entry points). A chain of such calls
/// that comes back to a function it passed through is an error located at the call that closes
/// it (inline_c1): inlining it would never end, and running it would never return. SPMD modules
/// (`tessera.mesh`) are left alone: they keep Graph IR, whose mesh executor runs calls itself.
bool inline_calls(ir::Module& m, DiagnosticEngine& diag);

}  // namespace tessera::transforms
