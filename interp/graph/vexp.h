// exp over f32 arrays with vectors, giving the C library's expf bit for bit (or calling it).
#pragma once

#include <cstdint>

#include "interp/graph/isa.h"

namespace tessera::interp {

/// y[i] = std::exp(x[i]) (float) for i in [0, n); x and y may be the same array. With kAvx2 or
/// kAvx512 it evaluates glibc's expf algorithm (glibc 2.28 and later, its FMA build: the f64
/// polynomial of ARM's optimized-routines with a 32-entry table) in vector lanes and calls
/// std::exp for the lanes of its special cases (|x| >= 88, Inf, NaN), so the bits are the C
/// library's. Whether they are is checked once per process (vexp_is_exact); where not (another
/// C library), every ISA calls std::exp per element.
void exp_f32(const float* x, float* y, int64_t n, Isa isa);

/// Whether the vector exp equals std::exp on this process's C library, judged once on a sample
/// of every binade the main path covers plus the special cases.
bool vexp_is_exact();

/// The vector exp without the check (for the tests that compare it with std::exp).
void exp_f32_vector(const float* x, float* y, int64_t n, Isa isa);

}  // namespace tessera::interp
