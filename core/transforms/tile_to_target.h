// Pass tile-to-target: Tile IR kernels and their tile.launch ops become Target IR
// (docs/ops/target/lowering.md).
#pragma once

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

/// Lowers every kernel a `tile.launch` calls to Target IR (one warp of 32 lanes per tile) and
/// each such launch to `tessera_nvidia.launch`. Returns false after reporting an op it cannot
/// lower (the module must not be used then).
bool tile_to_target(ir::Module& module, DiagnosticEngine& diag);

}  // namespace tessera::transforms
