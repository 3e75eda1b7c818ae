// The vector softmax of contiguous f32 rows, shared by the softmax kernels and fused kernels.
#pragma once

#include <cstdint>

#include "interp/graph/isa.h"

namespace tessera::interp {

/// Softmax (or log_softmax) of `rows` contiguous rows of length n >= 1 at x into y, with the
/// bits of the readable reference (docs/ops/graph/normalization.md): each row's maximum, its
/// exps and its sequential sum chain in index order, then one division (or subtraction) per
/// element; eight rows run interleaved. `isa` is kAvx2 or kAvx512. y may be x for softmax (not
/// for log_softmax).
void softmax_block_f32(const float* x, float* y, int64_t rows, int64_t n, bool log_form, Isa isa);

}  // namespace tessera::interp
