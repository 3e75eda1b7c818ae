// The verifier: structural checks, then each registered op's infer hook (docs/ir-overview.md).
#pragma once

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::verify {

/// Verifies a whole module: SSA dominance and cycles, op arity, per-op constraints and result
/// types, function signatures and returns. Returns true when no error was reported.
bool verify_module(const ir::Module& m, DiagnosticEngine& diag);

/// Runs one op's infer hook on the given operand types (run time: concrete shapes) and returns the
/// inferred result types; false (with diagnostics) when a constraint fails.
bool infer_op(const ir::Op& op, const std::vector<ir::Type>& operand_types, bool runtime,
              DiagnosticEngine& diag, std::vector<ir::Type>& results);

}  // namespace tessera::verify
