// Kernels of upstream's structural views (docs/ops/graph/misc_views.md) and random spellings
// (docs/ops/graph/misc_random.md). The views are copies: squeeze, unsqueeze and flatten keep the
// C-order element sequence (tessera.reshape's kernel), expand is tessera.broadcast's. The random
// ops draw from the Philox stream of docs/ops/graph/random.md keyed by (seed, stream, index).
#include <cstdint>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/numerics/philox.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Squeeze(KernelCtx& c) { kernel_Reshape(c); }
void kernel_Unsqueeze(KernelCtx& c) { kernel_Reshape(c); }
void kernel_Flatten(KernelCtx& c) { kernel_Reshape(c); }
void kernel_Expand(KernelCtx& c) { kernel_Broadcast(c); }

/// tessera.uniform / tessera.randn with the `shape` attribute only restating the result type.
void kernel_RngUniform(KernelCtx& c) { kernel_Uniform(c); }
void kernel_RngNormal(KernelCtx& c) { kernel_Randn(c); }

/// tessera.randn's numbers in the operand's type; the operand gives only the shape.
void kernel_RngNormalLike(KernelCtx& c) {
  KernelCtx sub{c.op, {}, c.out, c.step, c.run, nullptr};
  kernel_Randn(sub);
}

/// Element i is true when u24(i) = (word(i) >> 8) * 2^-24 < p: probability p exactly for a p
/// that is a multiple of 2^-24 (dropout keeps the elements with u24 >= p).
void kernel_RngBernoulliLike(KernelCtx& c) {
  const uint64_t seed = static_cast<uint64_t>(c.op.attrs.get_int("seed", 0));
  const uint64_t stream = static_cast<uint64_t>(c.op.attrs.get_int("stream", 0));
  const double p = c.op.attrs.get_float("p", 0.5);
  uint8_t* out = c.output().data<uint8_t>();
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, c.output().numel(), 4096), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) {
      const double u = double(num::random_bits(seed, stream, uint64_t(i)) >> 8) * 0x1p-24;
      out[i] = u < p ? 1 : 0;
    }
  });
}

}  // namespace tessera::interp
