// Steps of the random ops' spec (docs/ops/graph/random.md) that the Graph IR kernels and the
// Schedule -> Tile lowering compute the same way: one function, called by both.
#pragma once

#include <cmath>

#include "core/numerics/cos64.h"
#include "core/numerics/exp64.h"
#include "core/numerics/log64.h"

namespace tessera::ops {

/// poisson's first CDF term exp(-lam): the spec's f64 exp (docs/numerics.md). It depends only
/// on the `lam` attribute, so the lowering computes it at lowering time by this same call and
/// embeds it.
inline double poisson_p0(double lam) { return num::exp64(-lam); }

/// randn's 2 pi, the f64 nearest to it.
inline constexpr double kRandnTwoPi = 6.283185307179586;

/// randn's Box-Muller step (cosine branch) in f64 on its uniforms u1 in (0, 1] and u2 in [0, 1):
/// sqrt(-2 log u1) cos(2 pi u2) with the spec's log64 and cos64 (docs/numerics.md) and a
/// correctly rounded sqrt, one rounding per operation, so every level computes the same bits.
inline double box_muller(double u1, double u2) {
  return std::sqrt(-2.0 * num::log64(u1)) * num::cos64(kRandnTwoPi * u2);
}

}  // namespace tessera::ops
