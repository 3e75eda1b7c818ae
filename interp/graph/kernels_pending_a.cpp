// PLACEHOLDER kernels owned by the graph-ops-A engineer (norm/reduce/cast/mse): delete each line as its family file defines it.
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Cast(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Reduce(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Softmax(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_LogSoftmax(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_LayerNorm(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_RmsNorm(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }
void kernel_Mse(KernelCtx& c) { c.fail("has no interpreter kernel yet"); }

}  // namespace tessera::interp
