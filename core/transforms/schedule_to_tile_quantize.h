// Schedule -> Tile for tessera.quantize and tessera.quantize_fp8 (docs/ops/schedule/lowering.md,
// "Quantization"): one scalar kernel with several results (the codes and the scales).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// The kernel of a `whole` group holding one quantize op, or `why` it stays. Operand 0 goes in
/// flattened to `[in_size]` (a tessera.reshape before the launch); the other operands and every
/// result bind the kernel at their own shapes (a 0-d scale operand as a scalar parameter, a 0-d
/// scale result as a `memref<f32>`).
struct QuantizePlan {
  std::string kernel;  ///< one func.func, or empty when the group stays
  std::string why;
  int64_t in_size = 0;  ///< operand 0's element count
  std::vector<int64_t> grid;
};

/// True when the group's function holds one tessera.quantize or tessera.quantize_fp8.
bool is_quantize_group(const ir::Op& callee);

QuantizePlan plan_quantize(const ir::Op& group, const ir::Op& callee, const std::string& name);

}  // namespace tessera::transforms
