// Kernels of the softmax-statistics ops (docs/ops/graph/softmax-stats.md): attn_with_stats,
// softmax_merge, softmax_finalize, attn.lse_accumulate. Every position is computed alone in a
// fixed order, so results do not depend on threads.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "core/numerics/log64.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_AttnWithStats(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& src = c.input(1);
    const int64_t m = src.dim(0), d = src.dim(src.rank() - 1);
    const int64_t positions = m == 0 ? 0 : src.numel() / m / std::max<int64_t>(d, 1);
    const T eps = static_cast<T>(c.op.attrs.get_float("eps", 1e-6));
    const T* q = c.input(0).data<T>();
    const T* x = src.data<T>();
    T* o = c.output(0).data<T>();
    T* mx = c.output(1).data<T>();
    T* l = c.output(2).data<T>();
    tbb::parallel_for(int64_t{0}, positions, [&](int64_t p) {
      std::vector<T> logit(static_cast<size_t>(m));
      T best = -INFINITY;
      for (int64_t j = 0; j < m; ++j) {
        const T* xj = x + (j * positions + p) * d;
        T ss = 0;  // rms = sqrt(sum(x^2) / d + eps); key = x / rms; logit = q . key
        for (int64_t e = 0; e < d; ++e) ss = ss + xj[e] * xj[e];
        const T rms = std::sqrt(ss / static_cast<T>(d) + eps);
        T dot = 0;
        for (int64_t e = 0; e < d; ++e) dot = std::fma(q[e], xj[e] / rms, dot);
        logit[size_t(j)] = dot;
        if (dot > best) best = dot;
      }
      T sum = 0;
      T* op = o + p * d;
      std::fill(op, op + d, T(0));
      for (int64_t j = 0; j < m; ++j) {
        const T w = num::spec_exp(logit[size_t(j)] - best);
        sum = sum + w;
        const T* xj = x + (j * positions + p) * d;
        for (int64_t e = 0; e < d; ++e) op[e] = std::fma(w, xj[e], op[e]);
      }
      mx[p] = best;
      l[p] = sum;
    });
  });
}

void kernel_SoftmaxMerge(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& oa = c.input(0);
    const int64_t d = oa.dim(oa.rank() - 1), rows = c.input(1).numel();
    const T *o1 = oa.data<T>(), *m1 = c.input(1).data<T>(), *l1 = c.input(2).data<T>();
    const T *o2 = c.input(3).data<T>(), *m2 = c.input(4).data<T>(), *l2 = c.input(5).data<T>();
    T *o = c.output(0).data<T>(), *m = c.output(1).data<T>(), *l = c.output(2).data<T>();
    for (int64_t r = 0; r < rows; ++r) {
      // m = max(m_a, m_b), NaN if either is NaN (numpy.maximum).
      const T mm = std::isnan(m1[r]) || std::isnan(m2[r]) ? T(NAN) : std::max(m1[r], m2[r]);
      const T sa = num::spec_exp(m1[r] - mm), sb = num::spec_exp(m2[r] - mm);
      for (int64_t e = 0; e < d; ++e) o[r * d + e] = sa * o1[r * d + e] + sb * o2[r * d + e];
      m[r] = mm;
      l[r] = sa * l1[r] + sb * l2[r];
    }
  });
}

void kernel_SoftmaxFinalize(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& o = c.input(0);
    const int64_t d = o.dim(o.rank() - 1), rows = c.input(1).numel();
    const T* x = o.data<T>();
    const T* l = c.input(1).data<T>();
    T* out = c.output().data<T>();
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t e = 0; e < d; ++e) out[r * d + e] = x[r * d + e] / l[r];
  });
}

void kernel_AttnLseAccumulate(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const Tensor& acc = c.input(0);
    const int64_t tq = acc.dim(0), d = acc.dim(1);
    const Tensor& m = c.input(1);
    const Tensor& l = c.input(2);
    // A scalar statistic (one element) applies to every row.
    auto at = [](const Tensor& t, int64_t i) { return t.data<T>()[t.numel() == 1 ? 0 : i]; };
    T* out = c.output(0).data<T>();
    T* lse = c.output(1).data<T>();
    const int64_t nlse = c.output(1).numel();
    for (int64_t i = 0; i < tq; ++i)
      for (int64_t e = 0; e < d; ++e) out[i * d + e] = acc.data<T>()[i * d + e] / at(l, i);
    // lse = m + log(l), the log in f64 (the spec's log64) rounded once to T.
    for (int64_t i = 0; i < nlse; ++i)
      lse[i] = at(m, i) + static_cast<T>(num::log64(static_cast<double>(at(l, i))));
  });
}

}  // namespace tessera::interp
