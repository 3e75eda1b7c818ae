// PLACEHOLDER kernels owned by the graph-ops-B engineer (contractions/shape/attention): delete each line as its family file defines it.
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Matmul(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Conv2dNhwc(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Transpose(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Permute(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Reshape(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Broadcast(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Concat(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Slice(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Constant(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_FlashAttn(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }

}  // namespace tessera::interp
