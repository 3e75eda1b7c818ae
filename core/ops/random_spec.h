// Steps of the random ops' spec (docs/ops/graph/random.md) that the Graph IR kernels and the
// Schedule -> Tile lowering compute the same way: one function, called by both.
#pragma once

#include "core/numerics/exp64.h"

namespace tessera::ops {

/// poisson's first CDF term exp(-lam): the spec's f64 exp (docs/numerics.md). It depends only
/// on the `lam` attribute, so the lowering computes it at lowering time by this same call and
/// embeds it.
inline double poisson_p0(double lam) { return num::exp64(-lam); }

}  // namespace tessera::ops
