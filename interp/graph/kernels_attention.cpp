// tessera.flash_attn kernel: online softmax over key blocks of kBlockK, in increasing order.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Keys per block of the online softmax (part of the spec: docs/ops/graph/attention.md).
constexpr int64_t kBlockK = 64;

/// The spec's exp (core/numerics/expf.h): its table-driven expf for f32, the C library's for f64.
inline float exp_t(float x) { return num::spec_exp(x); }
inline double exp_t(double x) { return num::spec_exp(x); }

}  // namespace

void kernel_FlashAttn(KernelCtx& ctx) {
  dispatch_float(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    const Tensor& qt = ctx.input(0);
    const Tensor& kt = ctx.input(1);
    const Tensor& vt = ctx.input(2);
    // [B, H, S, D], or upstream's rank-3 [B*H, S, D] and rank-2 [S, D] (flash_attn_c1).
    const int64_t rk = qt.rank();
    const int64_t bh = rk == 4 ? qt.dim(0) * qt.dim(1) : rk == 3 ? qt.dim(0) : 1;
    const int64_t sq = qt.dim(rk - 2), d = qt.dim(rk - 1), sk = kt.dim(rk - 2), dv = vt.dim(rk - 1);
    const bool causal = ctx.op.attrs.get_bool("causal", false);
    const double scale64 = ctx.op.attrs.get("scale") ? ctx.op.attrs.get("scale")->as_double()
                                                     : 1.0 / std::sqrt(static_cast<double>(d));
    const T scale = static_cast<T>(scale64);
    const T* q = qt.data<T>();
    const T* k = kt.data<T>();
    const T* v = vt.data<T>();
    T* out = ctx.output().data<T>();
    // Query rows are independent; each row's order is fixed, so threads never change bits.
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, bh * sq, 4), [&](auto r) {
      std::vector<T> acc(static_cast<size_t>(dv)), s(kBlockK);
      for (int64_t row = r.begin(); row < r.end(); ++row) {
        const int64_t g = row / sq, i = row % sq;
        const T* qi = q + row * d;
        const T* kg = k + g * sk * d;
        const T* vg = v + g * sk * dv;
        const int64_t keys = causal ? std::min(sk, i + 1) : sk;  // key j is kept iff j <= i
        T m = -INFINITY, l = 0;
        std::fill(acc.begin(), acc.end(), T(0));
        for (int64_t j0 = 0; j0 < keys; j0 += kBlockK) {
          const int64_t j1 = std::min(keys, j0 + kBlockK);
          T m_new = m;
          for (int64_t j = j0; j < j1; ++j) {
            T dot = 0;
            for (int64_t e = 0; e < d; ++e) dot = std::fma(qi[e], kg[j * d + e], dot);
            s[size_t(j - j0)] = dot * scale;
            if (s[size_t(j - j0)] > m_new) m_new = s[size_t(j - j0)];
          }
          const T alpha = exp_t(m - m_new);
          l = l * alpha;
          for (T& a : acc) a = a * alpha;
          for (int64_t j = j0; j < j1; ++j) {
            const T p = exp_t(s[size_t(j - j0)] - m_new);
            l = l + p;
            const T* vj = vg + j * dv;
            for (int64_t e = 0; e < dv; ++e) acc[size_t(e)] = std::fma(p, vj[e], acc[size_t(e)]);
          }
          m = m_new;
        }
        T* o = out + row * dv;
        for (int64_t e = 0; e < dv; ++e) o[e] = acc[size_t(e)] / l;
      }
    });
  });
}

}  // namespace tessera::interp
