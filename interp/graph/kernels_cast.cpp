// tessera.cast kernel: every dtype pair through the numerics library's bulk conversion.
#include "core/numerics/convert_array.h"
#include "core/ops/policy.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Cast(KernelCtx& c) {
  const Tensor& in = c.input(0);
  Tensor& out = c.output();
  num::ConvertOptions opt = ops::read_policy(c.op).convert;
  // Stochastic rounding draws element i's bits from Philox(seed, stream = this op's plan step,
  // i): independent of thread count and chunking (convert_array keys by logical index).
  opt.stream = c.step;
  num::convert_array(in.dtype(), in.bytes(), out.dtype(), out.bytes(),
                     static_cast<size_t>(in.numel()), opt, 0);
}

}  // namespace tessera::interp
