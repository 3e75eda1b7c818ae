// The block layout of tessera.scaled_matmul's scales, shared by its verifier and kernel
// (docs/ops/graph/scaled_matmul.md).
#pragma once

#include <cstdint>

#include "core/ir/ir.h"

namespace tessera::ops {

/// `scale_layout = {granularity = "block", block = [bn, bk], format = ...}` of a verified op.
struct ScaleLayout {
  int64_t bn = 1;     ///< Output columns per b_scale entry.
  int64_t bk = 1;     ///< Contraction elements per scale block.
  bool e8m0 = false;  ///< Scales are E8M0 exponent bytes (else f32 values).
};

/// Reads the layout of an op the verifier accepted (scaled_matmul_c4 holds).
ScaleLayout read_scale_layout(const ir::Op& op);

}  // namespace tessera::ops
