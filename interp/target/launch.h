// Target IR launches from Graph IR (`tessera_nvidia.launch`, docs/ops/target/launch.md).
#pragma once

#include "interp/graph/kernel.h"

namespace tessera::interp::target {

/// Runs the launch's kernel over its grid of blocks with the run context's options.
void launch_kernel(KernelCtx& ctx);

}  // namespace tessera::interp::target
