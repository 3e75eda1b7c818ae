// Graph IR kernels of upstream's Schedule-dialect forms (docs/ops/schedule/upstream-forms.md).
// A schedule says how a value is computed, not what it is: on the reference interpreter a
// scheduled value is its operand, a mesh declaration and an artifact record change no value,
// and a mesh region runs its body once over whole tensors (kernel_SchedMeshRegion, in
// kernels_control.cpp with the other region runners).
#include <cstring>

#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_SchedMeshDefine(KernelCtx&) {}
void kernel_SchedArtifact(KernelCtx&) {}

namespace {
void copy_operand(KernelCtx& c) {
  std::memcpy(c.output().bytes(), c.input(0).bytes(), c.output().nbytes());
}
}  // namespace

void kernel_SchedMatmul(KernelCtx& c) { copy_operand(c); }
void kernel_SchedSoftmax(KernelCtx& c) { copy_operand(c); }
void kernel_SchedPrefetch(KernelCtx& c) { copy_operand(c); }

}  // namespace tessera::interp
