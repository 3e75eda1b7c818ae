// sgd, adam and adamw kernels (docs/ops/graph/optimizers.md): per element, in the compute type,
// one rounding per step in the order the spec writes, no fused multiply-add.
#include <cmath>
#include <limits>
#include <string>

#include <tbb/parallel_for.h>

#include "core/numerics/pow64.h"
#include "interp/graph/index_read.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

template <typename F>
void each(int64_t n, F f) {
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, 4096), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) f(i);
  });
}

template <typename T>
void adam_step(KernelCtx& c, bool decoupled) {
  const auto& a = c.op.attrs;
  const double beta1 = a.get_float("beta1", 0.9), beta2 = a.get_float("beta2", 0.999);
  double step = double(a.get_int("step", 1));
  if (c.in.size() > 4)
    with_indices(c, c.input(4), [&](const auto* p) {
      // adam_c4 / adamw_c4 at run time: the step operand is >= 1.
      step = double(checked_index(c, p, 0, std::numeric_limits<int64_t>::max(),
                                  decoupled ? "adamw_c4" : "adam_c4"));
      if (step < 1)
        c.fail(std::string("the step operand is 0, not >= 1 (") +
               (decoupled ? "adamw_c4" : "adam_c4") + ")");
    });
  // lr defaults to 1e-3 and step to 1 (adam_c2, optimizers.md).
  const T lr = T(a.get_float("lr", 1e-3)), eps = T(a.get_float("eps", 1e-8));
  const T b1 = T(beta1), b2 = T(beta2), ob1 = T(1.0 - beta1), ob2 = T(1.0 - beta2);
  // Bias corrections in f64 (the spec's pow64, docs/numerics.md), rounded once to T.
  const T c1 = T(1.0 - num::pow64(beta1, step)), c2 = T(1.0 - num::pow64(beta2, step));
  const T wd = T(decoupled ? a.get_float("weight_decay", 0.01) : 0.0);
  const T* p = c.input(0).data<T>();
  const T* g = c.input(1).data<T>();
  const T* m = c.input(2).data<T>();
  const T* v = c.input(3).data<T>();
  T* po = c.output(0).data<T>();
  T* mo = c.output(1).data<T>();
  T* vo = c.output(2).data<T>();
  each(c.input(0).numel(), [&](int64_t i) {
    const T mi = b1 * m[i] + ob1 * g[i];
    const T vi = b2 * v[i] + ob2 * (g[i] * g[i]);
    T u = (mi / c1) / (std::sqrt(vi / c2) + eps);
    if (decoupled) u = u + wd * p[i];
    po[i] = p[i] - lr * u;
    mo[i] = mi;
    vo[i] = vi;
  });
}

}  // namespace

void kernel_Sgd(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T lr = T(c.op.attrs.get_float("lr", 0));
    const double wd64 = c.op.attrs.get_float("weight_decay", 0);
    const T wd = T(wd64);
    const T* p = c.input(0).data<T>();
    const T* g = c.input(1).data<T>();
    T* out = c.output().data<T>();
    each(c.input(0).numel(), [&](int64_t i) {
      const T d = wd64 != 0 ? g[i] + wd * p[i] : g[i];
      out[i] = p[i] - lr * d;
    });
  });
}

void kernel_Adam(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { adam_step<T>(c, false); });
}

void kernel_AdamW(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { adam_step<T>(c, true); });
}

}  // namespace tessera::interp
