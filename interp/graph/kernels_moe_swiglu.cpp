// Kernel of tessera.moe_swiglu_block (docs/ops/graph/moe_swiglu.md): per expert-sorted token
// group, w_down applied to silu_mul(x w_gate, x w_up) of that group's expert. Low-precision
// operands arrive widened to f32 and the result is rounded at storage by the executor.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "interp/graph/kernel.h"
#include "interp/graph/silu.h"

namespace tessera::interp {
namespace {

/// Element i of a float tensor (f32 or f64) converted to T.
template <typename T>
T float_at(const Tensor& t, int64_t i) {
  return t.dtype() == DType::f64 ? static_cast<T>(t.data<double>()[i])
                                 : static_cast<T>(t.data<float>()[i]);
}

/// Row offsets of the groups from the run-time sizes: o[e] = sizes[0] + ... + sizes[e-1];
/// fails unless every size is >= 0 and they add up to at most M (moe_swiglu_c8).
std::vector<int64_t> group_offsets(const KernelCtx& c, int64_t m) {
  const Tensor& gs = c.input(4);
  std::vector<int64_t> off(static_cast<size_t>(gs.numel()) + 1, 0);
  dispatch_any(c, gs.dtype(), [&]<typename I>() {
    const I* g = gs.data<I>();
    for (int64_t e = 0; e < gs.numel(); ++e) {
      const auto v = static_cast<int64_t>(g[e]);
      if (v < 0) c.fail("group size " + std::to_string(e) + " is negative (moe_swiglu_c8)");
      int64_t end = 0;
      if (__builtin_add_overflow(off[static_cast<size_t>(e)], v, &end) || end > m)
        c.fail("group sizes add up to more than the " + std::to_string(m) +
               " rows of x (moe_swiglu_c8)");
      off[static_cast<size_t>(e) + 1] = end;
    }
  });
  return off;
}

/// A weight [E, R, C] with each expert's slice multiplied by its scale (or the tensor itself).
template <typename T>
const T* scaled_weight(const KernelCtx& c, size_t k, std::vector<T>& buf) {
  const Tensor& w = c.input(k);
  if (c.in.size() == 5) return w.data<T>();
  const Tensor& s = c.input(k + 5);  // w_gate, w_up, w_down scales: operands 6, 7, 8
  const int64_t experts = w.shape()[0];
  const int64_t per = experts == 0 ? 0 : w.numel() / experts;
  buf.resize(static_cast<size_t>(w.numel()));
  for (int64_t e = 0; e < experts; ++e) {
    const T se = float_at<T>(s, e);
    for (int64_t i = 0; i < per; ++i) buf[e * per + i] = w.data<T>()[e * per + i] * se;
  }
  return buf.data();
}

}  // namespace

void kernel_MoeSwigluBlock(KernelCtx& c) {
  const auto& xs = c.input(0).shape();
  const auto& ws = c.input(1).shape();
  const int64_t m = xs[0], k = xs[1], f = ws[2], n = c.input(3).shape()[2];
  const std::vector<int64_t> off = group_offsets(c, m);
  const int64_t experts = ws[0];
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() {
    std::vector<T> xbuf, gbuf, ubuf, dbuf;
    const T* x = c.input(0).data<T>();
    if (c.in.size() == 9) {  // dequantize x by its per-row scale first
      xbuf.resize(static_cast<size_t>(c.input(0).numel()));
      for (int64_t i = 0; i < m; ++i)
        for (int64_t p = 0; p < k; ++p) xbuf[i * k + p] = x[i * k + p] * float_at<T>(c.input(5), i);
      x = xbuf.data();
    }
    const T* wg = scaled_weight<T>(c, 1, gbuf);
    const T* wu = scaled_weight<T>(c, 2, ubuf);
    const T* wd = scaled_weight<T>(c, 3, dbuf);
    T* out = c.output().data<T>();
    tbb::parallel_for(int64_t{0}, m, [&](int64_t i) {
      int64_t e = 0;
      while (e < experts && i >= off[static_cast<size_t>(e) + 1]) ++e;
      T* o = out + i * n;
      if (e == experts) {  // a padding row past the last group
        for (int64_t j = 0; j < n; ++j) o[j] = T(0);
        return;
      }
      std::vector<T> h(static_cast<size_t>(f));
      const T* xi = x + i * k;
      for (int64_t j = 0; j < f; ++j) {
        T gate = T(0), up = T(0);
        for (int64_t p = 0; p < k; ++p) {
          gate = std::fma(xi[p], wg[(e * k + p) * f + j], gate);
          up = std::fma(xi[p], wu[(e * k + p) * f + j], up);
        }
        h[static_cast<size_t>(j)] = silu_times(gate, up);
      }
      for (int64_t j = 0; j < n; ++j) {
        T acc = T(0);
        for (int64_t p = 0; p < f; ++p)
          acc = std::fma(h[static_cast<size_t>(p)], wd[(e * f + p) * n + j], acc);
        o[j] = acc;
      }
    });
  });
}

}  // namespace tessera::interp
