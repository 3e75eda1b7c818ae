// tessera.latent_kv_compress / expand_k / expand_v kernels (docs/ops/graph/latent_kv.md): the
// rows of `a` times the weight, each output element an FMA chain over k in increasing order from
// 0 (the matmul spec's order), so the result is bit-identical to tessera.matmul on the same
// operands. Low-precision operands arrive widened to f32; results round at storage.
#include <cmath>

#include <tbb/parallel_for.h>

#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

void latent_rows(KernelCtx& c) {
  const Tensor& a = c.input(0);
  const Tensor& w = c.input(1);
  const int64_t k = w.shape()[0], n = w.shape()[1];
  const int64_t rows = k == 0 ? c.output().numel() / (n == 0 ? 1 : n) : a.numel() / k;
  dispatch_float(c, a.dtype(), [&]<typename T>() {
    const T* x = a.data<T>();
    const T* y = w.data<T>();
    T* o = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, rows, [&](int64_t r) {
      for (int64_t j = 0; j < n; ++j) {
        T acc = T(0);
        for (int64_t p = 0; p < k; ++p) acc = std::fma(x[r * k + p], y[p * n + j], acc);
        o[r * n + j] = acc;
      }
    });
  });
}

}  // namespace

void kernel_LatentKvCompress(KernelCtx& c) { latent_rows(c); }
void kernel_LatentKvExpandK(KernelCtx& c) { latent_rows(c); }
void kernel_LatentKvExpandV(KernelCtx& c) { latent_rows(c); }

}  // namespace tessera::interp
