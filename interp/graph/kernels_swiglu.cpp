// tessera.silu_mul and tessera.swiglu_fused kernels (docs/ops/graph/swiglu.md). Low-precision
// operands arrive widened to f32 and results are rounded at storage by the executor.
#include <cmath>
#include <limits>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "interp/graph/kernel.h"
#include "interp/graph/silu.h"

namespace tessera::interp {
namespace {

/// out[i, j] = FMA chain over p in increasing order of a[i, p] * b[p, j], from 0 (the matmul
/// spec's order); rows in parallel (each element's chain is unchanged).
template <typename T>
void gemm_rows(const T* a, const T* b, T* out, int64_t m, int64_t k, int64_t n) {
  tbb::parallel_for(int64_t{0}, m, [&](int64_t i) {
    for (int64_t j = 0; j < n; ++j) {
      T acc = T(0);
      for (int64_t p = 0; p < k; ++p) acc = std::fma(a[i * k + p], b[p * n + j], acc);
      out[i * n + j] = acc;
    }
  });
}

}  // namespace

void kernel_SiluMul(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* g = c.input(0).data<T>();
    const T* u = c.input(1).data<T>();
    T* o = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, c.output().numel(),
                      [&](int64_t i) { o[i] = silu_times(g[i], u[i]); });
  });
}

/// w_down applied to silu_mul(x w_gate, x w_up); the [M, H] intermediates stay in the compute
/// type (no rounding to a narrower storage type in between: that is the fusion).
void kernel_SwigluFused(KernelCtx& c) {
  const auto& xs = c.input(0).shape();
  const auto& ws = c.input(1).shape();
  const int64_t m = xs[0], d = xs[1], h = ws[1];
  int64_t mh = 0;
  if (__builtin_mul_overflow(m, h, &mh)) c.fail("intermediate [M, H] is too large");
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    std::vector<T> gate(static_cast<size_t>(mh)), up(static_cast<size_t>(mh));
    gemm_rows(c.input(0).data<T>(), c.input(1).data<T>(), gate.data(), m, d, h);
    gemm_rows(c.input(0).data<T>(), c.input(2).data<T>(), up.data(), m, d, h);
    for (int64_t i = 0; i < mh; ++i) gate[i] = silu_times(gate[i], up[i]);
    gemm_rows(gate.data(), c.input(3).data<T>(), c.output().data<T>(), m, h, d);
  });
}

}  // namespace tessera::interp
