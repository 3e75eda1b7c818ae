// tessera.conv2d_nhwc kernel: per output, an FMA chain over (kh, kw, ci) in increasing order.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/ops/contractions.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {

void kernel_Conv2dNhwc(KernelCtx& ctx) {
  dispatch_float(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    const Tensor& xt = ctx.input(0);
    const Tensor& ft = ctx.input(1);
    Tensor& ot = ctx.output();
    const int64_t n = xt.dim(0), h = xt.dim(1), w = xt.dim(2), ci = xt.dim(3);
    const int64_t kh = ft.dim(0), kw = ft.dim(1), co = ft.dim(3);
    const ops::ConvGeometry g = ops::conv_geometry(ctx.op, h, w, kh, kw);
    if (!g.error.empty()) ctx.fail(g.error);
    const T* x = xt.data<T>();
    const T* f = ft.data<T>();
    const T* bias = ctx.in.size() > 2 ? ctx.input(2).data<T>() : nullptr;
    T* out = ot.data<T>();
    // Rows (n, oh) are independent; every element's chain stays whole inside one task.
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, n * g.oh, 1), [&](auto r) {
      std::vector<T> acc(static_cast<size_t>(co));
      for (int64_t row = r.begin(); row < r.end(); ++row) {
        const int64_t b = row / g.oh, oy = row % g.oh;
        for (int64_t ox = 0; ox < g.ow; ++ox) {
          std::fill(acc.begin(), acc.end(), T(0));
          for (int64_t ky = 0; ky < kh; ++ky) {
            const int64_t iy = oy * g.sh - g.pt + ky * g.dh;
            if (iy < 0 || iy >= h) continue;  // padding contributes no term
            for (int64_t kx = 0; kx < kw; ++kx) {
              const int64_t ix = ox * g.sw - g.pl + kx * g.dw;
              if (ix < 0 || ix >= w) continue;
              const T* xp = x + ((b * h + iy) * w + ix) * ci;
              const T* fp = f + (ky * kw + kx) * ci * co;
              for (int64_t c = 0; c < ci; ++c) {
                const T xv = xp[c];
                const T* fr = fp + c * co;
                for (int64_t o = 0; o < co; ++o)
                  acc[size_t(o)] = std::fma(xv, fr[o], acc[size_t(o)]);
              }
            }
          }
          T* op = out + ((b * g.oh + oy) * g.ow + ox) * co;
          for (int64_t o = 0; o < co; ++o)
            op[o] = bias ? T(acc[size_t(o)] + bias[o]) : acc[size_t(o)];
        }
      }
    });
  });
}

}  // namespace tessera::interp
