// Kernels of the mixture-of-recursions ops and of tessera.moe_dispatch
// (docs/ops/graph/moe_routing.md).
#include <cmath>
#include <cstdint>
#include <cstring>

#include <tbb/parallel_for.h>

#include "interp/graph/kernel.h"

namespace tessera::interp {

/// depth[b, s] = 1 + the first j of largest logit x[b, s, :] . w[:, j] (an FMA chain over the
/// hidden index in increasing order, from +0, in the compute type).
void kernel_MorRouter(KernelCtx& c) {
  const auto& xs = c.input(0).shape();
  const int64_t tokens = xs[0] * xs[1], hidden = xs[2];
  const int64_t depths = c.input(1).shape()[1];
  int64_t* out = c.output().data<int64_t>();
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    const T* x = c.input(0).data<T>();
    const T* w = c.input(1).data<T>();
    tbb::parallel_for(int64_t{0}, tokens, [&](int64_t t) {
      int64_t best = 0;
      T best_logit = T(0);
      for (int64_t j = 0; j < depths; ++j) {
        T acc = T(0);
        for (int64_t p = 0; p < hidden; ++p)
          acc = std::fma(x[t * hidden + p], w[p * depths + j], acc);
        if (j == 0 || acc > best_logit) {
          best = j;
          best_logit = acc;
        }
      }
      out[t] = best + 1;
    });
  });
}

void kernel_MorPartition(KernelCtx& c) {
  const int64_t step = c.op.attrs.get_int("step", 1);
  const Tensor& depth = c.input(1);
  uint8_t* out = c.output().data<uint8_t>();
  dispatch_any(c, depth.dtype(), [&]<typename T>() {
    const T* d = depth.data<T>();
    for (int64_t i = 0; i < depth.numel(); ++i) out[i] = static_cast<int64_t>(d[i]) >= step ? 1 : 0;
  });
}

/// out[b, s, :] = mask[b, s] ? updated[b, s, :] : full[b, s, :].
void kernel_MorScatter(KernelCtx& c) {
  const Tensor& full = c.input(0);
  const uint8_t* mask = c.input(2).data<uint8_t>();
  const int64_t rows = c.input(2).numel();
  const size_t row_bytes = rows == 0 ? 0 : full.nbytes() / static_cast<size_t>(rows);
  const auto* f = full.bytes();
  const auto* u = c.input(1).bytes();
  auto* o = c.output().bytes();
  for (int64_t r = 0; r < rows; ++r) {
    const size_t off = static_cast<size_t>(r) * row_bytes;
    std::memcpy(o + off, (mask[r] ? u : f) + off, row_bytes);
  }
}

void kernel_MoeDispatch(KernelCtx& c) {
  const Tensor& x = c.input(0);
  const Tensor& route = c.input(1);
  if (route.shape().size() == 2) {  // routing-table form on one device: tokens stay in place
    std::memcpy(c.output().bytes(), x.bytes(), x.nbytes());
    return;
  }
  const int64_t tokens = x.shape()[0];
  const size_t row_bytes = tokens == 0 ? 0 : x.nbytes() / static_cast<size_t>(tokens);
  const auto* src = x.bytes();
  auto* dst = c.output().bytes();
  dispatch_any(c, route.dtype(), [&]<typename T>() {
    const T* r = route.data<T>();
    for (int64_t s = 0; s < route.numel(); ++s) {
      const int64_t tok = static_cast<int64_t>(r[s]);
      if (tok < 0 || tok >= tokens)
        c.fail("route entry " + std::to_string(s) + " names token " + std::to_string(tok) +
               ", outside [0, " + std::to_string(tokens) + ") (moe_dispatch_c4)");
      std::memcpy(dst + static_cast<size_t>(s) * row_bytes,
                  src + static_cast<size_t>(tok) * row_bytes, row_bytes);
    }
  });
}

}  // namespace tessera::interp
