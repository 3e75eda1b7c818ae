// Elementwise chains on scalar registers: element types no register tile holds (f64, i8,
// i64) lower to one kernel that walks the result row by row (docs/ops/schedule/lowering.md,
// "Scalar chains").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// The kernel of an `elementwise` group computed on scalars, or `why` it stays. Each operand goes
/// in as `[N]` (its element count, broadcast by strides of 0), the result comes out as
/// `[rows, width]`.
struct ScalarChain {
  std::string kernel;  ///< empty when the group stays
  std::string why;
  std::vector<int64_t> in_sizes;
  int64_t rows = 0, width = 0;
};

/// True when `t` is computed by scalar chains rather than register tiles.
bool scalar_chain_type(DType t);

ScalarChain plan_scalar_chain(const ir::Op& group, const ir::Op& callee, const std::string& name);

/// A `whole` group holding one tessera.dequantize (docs/ops/schedule/lowering.md, "Quantization"):
/// the scalar kernel of value(q) times the element's scale.
ScalarChain plan_dequantize(const ir::Op& group, const ir::Op& callee, const std::string& name);

}  // namespace tessera::transforms
