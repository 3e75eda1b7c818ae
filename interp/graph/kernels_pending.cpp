// PLACEHOLDER kernels: each is replaced by its family file (kernels_<family>.cpp).
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Cast(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Matmul(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Conv2dNhwc(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Reduce(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Softmax(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_LogSoftmax(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_LayerNorm(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_RmsNorm(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Transpose(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Permute(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Reshape(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Broadcast(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Concat(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Slice(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Constant(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_FlashAttn(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Mse(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }

}  // namespace tessera::interp
