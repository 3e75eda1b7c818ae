// The twiddle table of tessera.fft, tessera.ifft and tessera.fft2d (docs/ops/graph/fft.md):
// shared by the Graph IR kernel (interp/graph/kernels_fft.cpp) and the Tile IR lowering, which
// embeds the same values as constants (core/transforms/schedule_to_tile_fft.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::ops {

/// cos and sin of theta_m = (2 pi * m) / n for m in [0, n), in f64.
struct Twiddles {
  std::vector<double> re, im;
  explicit Twiddles(int64_t n);
};

}  // namespace tessera::ops
