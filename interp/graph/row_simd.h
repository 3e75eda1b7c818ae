// Vector helpers for row kernels (softmax, norms) whose results equal the sequential loops'.
#pragma once

#include <cstdint>
#include <optional>

#include "interp/graph/isa.h"

namespace tessera::interp {

/// The maximum of x[0 .. n) (n >= 1) as the sequential ieee_max chain gives it, computed with
/// `isa`'s vectors; nullopt when the row holds a NaN or its maximum is a zero (where the chain's
/// NaN payload or the sign of the zero depend on the order: the caller runs the chain then).
std::optional<float> row_max_f32(const float* x, int64_t n, Isa isa);

/// y[j] = y[j] / s for j in [0, n): one correctly rounded division per element.
void row_div_f32(float* y, int64_t n, float s, Isa isa);

}  // namespace tessera::interp
