// Kernel of tessera.guided_denoise_region (docs/ops/graph/diffusion.md): contrastive score
// guidance, ref + gamma * (favored - unfavored), elementwise in the compute type.
#include <tbb/parallel_for.h>

#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_GuidedDenoiseRegion(KernelCtx& c) {
  const double gamma = c.op.attrs.get_float("gamma", 1.0);
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* ref = c.input(0).data<T>();
    const T* fav = c.input(1).data<T>();
    const T* unfav = c.input(2).data<T>();
    T* o = c.output().data<T>();
    const T g = static_cast<T>(gamma);
    tbb::parallel_for(int64_t{0}, c.output().numel(), [&](int64_t i) {
      const T delta = fav[i] - unfav[i];
      const T step = g * delta;
      o[i] = ref[i] + step;
    });
  });
}

}  // namespace tessera::interp
