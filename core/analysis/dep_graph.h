// Dependency graph of a function's ops (Boost.Graph): topological order, cycles, dead values.
#pragma once

#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::analysis {

/// The ops of a function's entry block in a dependency-respecting order (textual order breaks
/// ties), or an empty vector plus a diagnostic (func_c4) if the uses form a cycle. Uses inside
/// an op's nested regions count as uses by that op.
std::vector<const ir::Op*> topological_order(const ir::Op& func, DiagnosticEngine& diag);

/// Ops of the entry block whose results nobody needs (transitively) and that have no effects.
std::vector<const ir::Op*> dead_ops(const ir::Op& func);

/// Verifier pass: cycles (func_c4), use before definition (func_c5), and a warning per dead value.
bool check_function_graph(const ir::Op& func, DiagnosticEngine& diag);

}  // namespace tessera::analysis
