// conv2d_nhwc as an implicit GEMM at Tile IR: the im2col gather is the A operand's masked
// tile.load_tile windows of the NHWC input (docs/ops/schedule/lowering.md, "Convolution").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// One Graph IR op inserted around a launch (before it on an operand, or after it on the result).
struct GraphStep {
  const char* op;              ///< tessera.cast, reshape, broadcast, slice or concat
  std::vector<int64_t> shape;  ///< the result's shape
  DType dtype;                 ///< the result's element type
  ir::AttrDict attrs = {};     ///< tessera.slice's bounds, tessera.concat's axis
  bool with_previous = false;  ///< operands: the previous step's operand, then its result
};

/// The kernel of a `conv` group, or `why` it stays.
struct ConvPlan {
  std::string kernel;  ///< empty when the group stays
  std::string why;
  std::vector<int64_t> grid;                 ///< [ceil(OW/32), ceil(O/32), N*OH]
  std::vector<std::vector<GraphStep>> prep;  ///< per operand, before the launch
  std::vector<GraphStep> post;               ///< on the launch's result (f32 back to the type)
  std::vector<int64_t> out_shape;            ///< the launch's result [N, OH, OW, O] (f32)
};

ConvPlan plan_conv(const ir::Op& group, const ir::Op& callee, const std::string& name);

}  // namespace tessera::transforms
