// tessera.mse and tessera.binary_cross_entropy kernels: one sequential chain over the flattened
// operands each (no parallelism; docs/ops/graph/losses.md). binary_cross_entropy's exp and log1p
// are the spec's (num::spec_exp, num::spec_log1p: expf and log1pf for f32, docs/numerics.md), as
// at every lowered level.
#include <cmath>

#include "core/numerics/expf.h"
#include "core/numerics/log1pf.h"
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

/// Binary cross entropy on logits, in the stable form: (max(z, 0) - z * t) + log1p(exp(-|z|)).
void kernel_BinaryCrossEntropy(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* z = c.input(0).data<T>();
    const T* t = c.input(1).data<T>();
    const int64_t n = c.input(0).numel();
    auto term = [&](int64_t i) {
      const T m = z[i] > T(0) ? z[i] : T(0);
      const T p = z[i] * t[i];
      const T s = num::spec_log1p(num::spec_exp(-std::fabs(z[i])));
      return (m - p) + s;
    };
    T acc = n > 0 ? term(0) : T(0);
    for (int64_t i = 1; i < n; ++i) acc = acc + term(i);
    if (c.op.attrs.get_string("reduction", "mean") == "mean") acc = acc / static_cast<T>(n);
    c.output().data<T>()[0] = acc;
  });
}

}  // namespace tessera::interp
