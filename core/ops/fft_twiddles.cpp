// The DFT twiddle table (fft_twiddles.h).
#include "core/ops/fft_twiddles.h"

#include <cmath>

namespace tessera::ops {

Twiddles::Twiddles(int64_t n) : re(size_t(n)), im(size_t(n)) {
  for (int64_t m = 0; m < n; ++m) {
    const double th = (6.283185307179586 * double(m)) / double(n);
    re[size_t(m)] = std::cos(th);
    im[size_t(m)] = std::sin(th);
  }
}

}  // namespace tessera::ops
