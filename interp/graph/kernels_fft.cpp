// fft, ifft and fft2d kernels (docs/ops/graph/fft.md): the DFT by its definition, summed in f64 in
// increasing input index with a twiddle table, rounded once to the element type. Complex values
// are interleaved (re, im) pairs in a trailing dim of 2. Transforms run in parallel.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/ops/fft_twiddles.h"
#include "interp/graph/kernel.h"
#include "interp/graph/no_slp.h"

namespace tessera::interp {
namespace {

using ops::Twiddles;  // the table the Tile IR lowering embeds too

/// out[k] = sum_j in[j] * w^(j k), w = exp(sign * i * 2 pi / n), over n complex values read with
/// element stride `st` (in complex units) and written contiguously; in f64, j increasing, no fused
/// multiply-add.
TESSERA_NO_SLP void dft(const double* in, double* out, int64_t n, int64_t st, const Twiddles& tw,
                        double sign) {
  for (int64_t k = 0; k < n; ++k) {
    double ar = 0, ai = 0;
    int64_t t = 0;  // (j * k) mod n, stepped without a product
    for (int64_t j = 0; j < n; ++j) {
      const double xr = in[2 * j * st], xi = in[2 * j * st + 1];
      const double c = tw.re[size_t(t)], s = sign * tw.im[size_t(t)];
      ar = ar + (xr * c - xi * s);
      ai = ai + (xr * s + xi * c);
      t += k;
      if (t >= n) t -= n;
    }
    out[2 * k] = ar;
    out[2 * k + 1] = ai;
  }
}

/// Transforms along complex axis `axis_from_end` (1: the last complex axis, 2: the one before)
/// of a [..., h, w, 2] buffer in place, every line in parallel.
void transform_axis(std::vector<double>& buf, const std::vector<int64_t>& shape, int axis_from_end,
                    double sign) {
  const size_t r = shape.size() - 1;  // complex rank
  const size_t ax = r - size_t(axis_from_end);
  const int64_t n = shape[ax];
  int64_t inner = 1, total = 1;
  for (size_t d = 0; d < r; ++d) total *= shape[d];
  for (size_t d = ax + 1; d < r; ++d) inner *= shape[d];
  if (n == 0 || total == 0) return;
  const int64_t lines = total / n;
  const Twiddles tw(n);
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, lines, 1), [&](auto rg) {
    std::vector<double> tmp(size_t(2 * n));
    for (int64_t line = rg.begin(); line < rg.end(); ++line) {
      const int64_t base = (line / inner) * n * inner + line % inner;
      double* p = buf.data() + 2 * base;
      dft(p, tmp.data(), n, inner, tw, sign);
      for (int64_t k = 0; k < n; ++k) {
        p[2 * k * inner] = tmp[size_t(2 * k)];
        p[2 * k * inner + 1] = tmp[size_t(2 * k + 1)];
      }
    }
  });
}

template <typename T>
void spectral(KernelCtx& c, int dims, bool inverse) {
  const Tensor& x = c.input(0);
  std::vector<double> buf(size_t(x.numel()));
  const T* xv = x.data<T>();
  for (int64_t i = 0; i < x.numel(); ++i) buf[size_t(i)] = double(xv[i]);
  const double sign = inverse ? 1.0 : -1.0;
  for (int a = 1; a <= dims; ++a) transform_axis(buf, x.shape(), a, sign);
  T* out = c.output().data<T>();
  double scale = 1;
  if (inverse)
    for (int a = 1; a <= dims; ++a) scale = scale * double(x.dim(x.rank() - 1 - a));
  for (int64_t i = 0; i < x.numel(); ++i)
    out[i] = T(inverse ? buf[size_t(i)] / scale : buf[size_t(i)]);
}

}  // namespace

void kernel_Fft(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { spectral<T>(c, 1, false); });
}
void kernel_Ifft(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { spectral<T>(c, 1, true); });
}
void kernel_Fft2d(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { spectral<T>(c, 2, false); });
}

}  // namespace tessera::interp
