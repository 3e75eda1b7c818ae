// Phased execution of `tile.launch` kernels that call tile collectives, over all ranks at once.
#pragma once

#include <vector>

#include "core/ir/ir.h"
#include "core/mesh/mesh.h"
#include "core/support/diagnostics.h"
#include "interp/run_context.h"
#include "interp/tensor.h"

namespace tessera::interp::mesh {

/// True when `op` is a `tile.launch` whose kernel (in `module`) calls a tile collective.
bool is_collective_launch(const ir::Module& module, const ir::Op& op);

/// Runs one such launch on every rank (docs/ops/tile/collectives.md): in[r] and out[r] are rank
/// r's operands and freshly allocated results. Groups of all ranks run in parallel until each has
/// exited or stopped at a tile collective; the collective is then performed once over every
/// rank's buffers (folded in group-rank order) and the groups continue. Throws tessera::Error
/// naming ranks, groups and source locations when ranks or groups reach different collectives,
/// when a tile.recv finds no message, or when a tile.send's message is never received.
/// `run[r]` is rank r's run context (its tile sanitizers and report log).
void run_collective_launch(const ir::Op& op, const tessera::mesh::Mesh& m, const SourceManager& sm,
                           const std::vector<std::vector<const Tensor*>>& in,
                           const std::vector<std::vector<Tensor*>>& out,
                           const std::vector<RunContext>& run);

}  // namespace tessera::interp::mesh
