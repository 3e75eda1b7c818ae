// tessera.mse kernel: one sequential chain over the flattened operands (no parallelism).
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Mse(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* a = c.input(0).data<T>();
    const T* b = c.input(1).data<T>();
    const int64_t n = c.input(0).numel();
    T acc = 0;
    if (n > 0) {
      const T d0 = a[0] - b[0];
      acc = d0 * d0;
    }
    for (int64_t i = 1; i < n; ++i) {
      const T d = a[i] - b[i];
      acc = acc + d * d;
    }
    if (c.op.attrs.get_string("reduction", "mean") == "mean") acc = acc / static_cast<T>(n);
    c.output().data<T>()[0] = acc;
  });
}

}  // namespace tessera::interp
