// The handle form of tessera.kv_cache.append's kernel (interp/graph/kernels_attnstate_kv.cpp),
// which the tensor form's kernel hands a `!tessera.kv_cache` operand to.
#pragma once

#include "interp/graph/kernel.h"

namespace tessera::interp {

/// Advances the handle's length by the entries' leading dim (docs/ops/graph/kv_cache.md).
void kernel_kv_append_handle(KernelCtx& c);

}  // namespace tessera::interp
