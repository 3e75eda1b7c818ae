// tessera.depth_attn kernel (docs/ops/graph/depth_attn.md): per output position p (one [d] row of
// each of the m sources), keys are the sources scaled by 1 / sqrt(mean(v^2) + eps), logits are
// the query's dot products with them, and the result is the softmax-weighted sum of the sources.
// Every sum runs in increasing index order (FMA chains for the dot products and the weighted sum);
// positions run in parallel, so the bits do not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_DepthAttn(KernelCtx& c) {
  const auto& ss = c.input(1).shape();
  const int64_t m = ss[0], d = ss.back();
  if (m == 0) c.fail("sources must hold at least one source (depth_attn_c2)");
  const int64_t positions = d == 0 ? 0 : c.input(1).numel() / (m * d);
  const double eps = c.op.attrs.get_float("eps", 1e-6);
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* q = c.input(0).data<T>();
    const T* v = c.input(1).data<T>();
    T* o = c.output().data<T>();
    const int64_t stride = positions * d;  // elements between consecutive sources
    tbb::parallel_for(int64_t{0}, positions, [&](int64_t p) {
      std::vector<T> w(static_cast<size_t>(m));
      T mx = -std::numeric_limits<T>::infinity();
      for (int64_t s = 0; s < m; ++s) {
        const T* row = v + s * stride + p * d;
        T sq = T(0), dot = T(0);
        for (int64_t j = 0; j < d; ++j) sq = std::fma(row[j], row[j], sq);
        for (int64_t j = 0; j < d; ++j) dot = std::fma(q[j], row[j], dot);
        const T rms = std::sqrt(sq / T(d) + T(eps));
        w[size_t(s)] = dot / rms;  // q . (v / rms)
        mx = std::max(mx, w[size_t(s)]);
      }
      T l = T(0);
      for (int64_t s = 0; s < m; ++s) {
        w[size_t(s)] = num::spec_exp(w[size_t(s)] - mx);
        l += w[size_t(s)];
      }
      for (int64_t j = 0; j < d; ++j) {
        T acc = T(0);
        for (int64_t s = 0; s < m; ++s)
          acc = std::fma(w[size_t(s)], v[s * stride + p * d + j], acc);
        o[p * d + j] = acc / l;
      }
    });
  });
}

}  // namespace tessera::interp
