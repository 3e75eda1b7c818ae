// Kernels of the guide's names for existing ops (docs/ops/graph/guide_names.md): the same
// computation, bit for bit, as the op each name stands for.
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_RmsNormSafe(KernelCtx& c) { kernel_RmsNorm(c); }
void kernel_LayerNormSafe(KernelCtx& c) { kernel_LayerNorm(c); }
void kernel_FlashAttention(KernelCtx& c) { kernel_FlashAttn(c); }

}  // namespace tessera::interp
