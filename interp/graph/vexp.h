// exp over f32 arrays with vectors, giving the spec's expf (core/numerics/expf.h) bit for bit.
#pragma once

#include <cstdint>

#include "interp/graph/isa.h"

namespace tessera::interp {

/// y[i] = num::expf(x[i]) for i in [0, n); x and y may be the same array. With kAvx2 or kAvx512
/// it evaluates the spec's algorithm (a 32-entry table of 2^(i/32) and a cubic in f64 with its
/// FMAs) in vector lanes and calls num::expf for the lanes of its special cases (|x| >= 88, Inf,
/// NaN); with kScalar it calls num::expf per element. The bits are the same on every host.
void exp_f32(const float* x, float* y, int64_t n, Isa isa);

/// The same as exp_f32 (the name the tests use for the vector path).
void exp_f32_vector(const float* x, float* y, int64_t n, Isa isa);

}  // namespace tessera::interp
