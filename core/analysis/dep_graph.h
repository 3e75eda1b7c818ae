// Dependency graph of a function's entry block: topological order, cycles, dead values.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::analysis {

/// The dependency graph of a function's entry block, built once in O(ops + uses): node k is the
/// k-th op of the block; an edge u -> v means v (or an op nested in v) uses a result of u (or
/// of an op nested in u). Edges are kept in compressed (CSR) arrays, both directions.
class FunctionGraph {
 public:
  explicit FunctionGraph(const ir::Op& func);

  size_t size() const { return ops_.size(); }
  const ir::Op* op(size_t k) const { return ops_[k]; }
  /// The ops in a dependency-respecting order, textual order breaking ties; empty plus a
  /// diagnostic (func_c4) when the uses form a cycle.
  std::vector<const ir::Op*> topological_order(DiagnosticEngine& diag) const;
  /// Ops without effects whose results nobody needs, transitively.
  std::vector<const ir::Op*> dead_ops() const;
  /// func_c5: a direct operand of op `user` defined by op `def` at or after it in the block.
  struct EarlyUse {
    uint32_t user, def;
    const ir::Value* value;
  };
  const std::vector<EarlyUse>& early_uses() const { return early_uses_; }

 private:
  std::vector<const ir::Op*> ops_;
  // Nodes are uint32_t (a block of 2^32 ops would need far more memory than exists); offsets
  // into the edge arrays are size_t, as a function may have more uses than ops.
  std::vector<size_t> out_start_;  ///< CSR successors of node k: out_[out_start_[k]..]
  std::vector<uint32_t> out_;
  std::vector<size_t> in_start_;  ///< CSR predecessors
  std::vector<uint32_t> in_;
  bool forward_only_ = true;  ///< Every edge goes from an earlier to a later op.
  std::vector<EarlyUse> early_uses_;
};

/// The ops of a function's entry block in a dependency-respecting order (textual order breaks
/// ties), or an empty vector plus a diagnostic (func_c4) if the uses form a cycle. Uses inside
/// an op's nested regions count as uses by that op.
std::vector<const ir::Op*> topological_order(const ir::Op& func, DiagnosticEngine& diag);

/// Ops of the entry block whose results nobody needs (transitively) and that have no effects.
std::vector<const ir::Op*> dead_ops(const ir::Op& func);

/// Verifier pass: cycles (func_c4), use before definition (func_c5), and a warning per dead value.
/// Builds the graph once and answers every question from it.
bool check_function_graph(const ir::Op& func, DiagnosticEngine& diag);

}  // namespace tessera::analysis
