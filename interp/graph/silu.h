// silu(g) * u with the spec's silu (docs/ops/graph/elementwise.md): g / (1 + exp(-g)) with the
// spec's exp, and silu(-Inf) = -0. Shared by tessera.silu_mul, swiglu_fused and moe_swiglu_block.
#pragma once

#include <limits>

#include "core/numerics/expf.h"

namespace tessera::interp {

template <typename T>
T silu_times(T g, T u) {
  const T s = g == -std::numeric_limits<T>::infinity() ? T(-0.0) : g / (T(1) + num::spec_exp(-g));
  return s * u;
}

}  // namespace tessera::interp
