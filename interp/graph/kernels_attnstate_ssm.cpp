// tessera.selective_ssm kernel (docs/ops/graph/selective_ssm.md): for each batch b and channel d
// (independent, run in parallel) the state h[n] (zeros or init[b, d, :]) is updated token by
// token in increasing t, h[n] = fma(exp(delta * A[d, n]), h[n], (delta * B[b, t, n]) * x), and
// y[b, t, d] is the FMA chain over n in increasing order of C[b, t, n] * h[n] from 0, times the
// gate where one is given. The scan order is the spec; the bits do not depend on thread count.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "core/ops/selective_ssm.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_SelectiveSsm(KernelCtx& c) {
  std::string err;
  const auto where = ops::read_ssm_operands(c.op, err);
  if (!where) c.fail(err + " (selective_ssm_c5)");
  const auto& xs = c.input(0).shape();
  const int64_t nb = xs[0], ns = xs[1], nd = xs[2], nn = c.input(2).shape()[2];
  const bool a_full = c.input(1).shape().size() == 2;
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* x = c.input(0).data<T>();
    const T* a = c.input(1).data<T>();
    const T* bm = c.input(2).data<T>();
    const T* cm = c.input(3).data<T>();
    const T* dl = c.input(4).data<T>();
    const T* g = where->gate >= 0 ? c.input(size_t(where->gate)).data<T>() : nullptr;
    const T* h0 = where->init >= 0 ? c.input(size_t(where->init)).data<T>() : nullptr;
    T* y = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, nb * nd, [&](int64_t bd) {
      const int64_t b = bd / nd, d = bd % nd;
      std::vector<T> h(size_t(nn), T(0));
      if (h0)
        for (int64_t n = 0; n < nn; ++n) h[size_t(n)] = h0[(b * nd + d) * nn + n];
      for (int64_t t = 0; t < ns; ++t) {
        const int64_t xi = (b * ns + t) * nd + d;
        const T delta = dl[xi], xv = x[xi];
        const T* bt = bm + (b * ns + t) * nn;
        const T* ct = cm + (b * ns + t) * nn;
        T acc = T(0);
        for (int64_t n = 0; n < nn; ++n) {
          const T abar = num::spec_exp(delta * a[a_full ? d * nn + n : d]);
          h[size_t(n)] = std::fma(abar, h[size_t(n)], (delta * bt[n]) * xv);
          acc = std::fma(ct[n], h[size_t(n)], acc);
        }
        y[xi] = g ? acc * g[xi] : acc;
      }
    });
  });
}

}  // namespace tessera::interp
