// Pass insert-collectives: propagate ShardSpecs through an SPMD function and insert collectives.
#pragma once

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

/// Walks every function of a mesh module in order, giving each value a ShardSpec (arguments from
/// `tessera.shard`), and inserts the collectives that make each op's operands compatible and each
/// returned value match `tessera.result_shards` (docs/collectives.md, "insert-collectives"):
/// matmul with the contraction dim sharded alike on both sides yields a partial sum (row
/// parallel), with N sharded a column-parallel result; elementwise ops need equal specs (partial
/// values only through add/sub/neg); other ops need replicated operands. Conversions: P->S
/// reduce_scatter, P->R all_reduce, S(a)->S(b) all_to_all, S->R all_gather, R->S / R->P
/// tessera.redistribute (local). Returns false with diagnostics on failure.
bool insert_collectives(ir::Module& m, DiagnosticEngine& diag);

}  // namespace tessera::transforms
