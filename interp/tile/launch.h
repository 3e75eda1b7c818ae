// Tile IR launches: from Graph IR (`tile.launch`) or directly (`func.func` with `tile.grid`).
#pragma once

#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "interp/api.h"
#include "interp/graph/kernel.h"
#include "interp/tensor.h"
#include "interp/tile/sim.h"

namespace tessera::interp::tile {

/// The Graph IR kernel resolver for `tile.launch` (registered by register_extensions()).
KernelFn launch_resolver(const ir::Op& op);

/// True for a function that is a tile kernel meant to be run directly: it carries a
/// `tile.grid` attribute (and optionally `tile.tiles`, `tile.lanes`).
bool is_kernel_function(const ir::Op& func);

/// Runs a kernel function directly: every parameter binds one input (memref <- tensor of the same
/// type, scalar <- 0-d tensor); returns the final contents of every memref parameter, in order.
std::vector<Tensor> run_kernel_function(const ir::Op& func, const SourceManager& sm,
                                        const std::vector<Tensor>& inputs, const RunOptions& opts);

/// Sets the debug options launches use while `run_function` runs (RAII).
class ScopedDebugOptions {
 public:
  explicit ScopedDebugOptions(const TileDebugOptions& o);
  ~ScopedDebugOptions();
  ScopedDebugOptions(const ScopedDebugOptions&) = delete;
  ScopedDebugOptions& operator=(const ScopedDebugOptions&) = delete;

 private:
  const TileDebugOptions* prev_;
};

/// Runs every group of `l` (in parallel unless global shadows force an order).
void run_groups(Launch& l, std::vector<GroupResult>& results);

/// Writes a Chrome/Perfetto trace of one launch.
void write_trace(const std::string& path, const Launch& l, const std::vector<GroupResult>& results);

}  // namespace tessera::interp::tile
