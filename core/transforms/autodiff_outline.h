// Autodiff's rewrite of Graph IR scf.if / scf.for / scf.while into tessera.control_* ops over
// outlined functions (docs/ops/graph/control-flow.md, scf_d1).
#pragma once

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms::autodiff {

/// Rewrites every `scf.if`, `scf.for` and `scf.while` at the top level of the functions of `m`
/// (and of the functions this outlines) into `tessera.control_if`, `control_for` (constant
/// bounds, step > 0) or `control_while` (other bounds; scf.while) over new functions holding the
/// regions, whose parameters are the values the regions capture. Returns false after reporting
/// an error.
bool outline_scf(ir::Module& m, DiagnosticEngine& diag);

}  // namespace tessera::transforms::autodiff
