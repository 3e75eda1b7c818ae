// func.call support for the Graph IR executor.
#pragma once

#include "interp/graph/kernel.h"

namespace tessera::interp {

/// Resolves `func.call` to a kernel that plans and runs the callee (registered explicitly by
/// register_extensions()).
KernelFn call_kernel_resolver(const ir::Op& op);

}  // namespace tessera::interp
