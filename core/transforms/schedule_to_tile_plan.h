// Schedule IR -> Tile IR: the plan of one fusion group (schedule_to_tile.cpp chooses it;
// schedule_to_tile_pass.cpp rewrites the group into a tile.launch and the Graph IR steps around
// it). docs/ops/schedule/lowering.md, "Schedule -> Tile".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/transforms/schedule_to_tile.h"
#include "core/transforms/schedule_to_tile_conv.h"

namespace tessera::transforms {

// What a group lowers to: the kernel text and the launch geometry.
struct Lowering {
  std::string kernel;               // one func.func, or empty with `why` set
  std::string why;                  // why the group stays at Schedule IR
  std::vector<int64_t> grid;        // tile.launch grid
  int64_t tiles = 1;                // tiles per group
  std::vector<int64_t> group_tile;  // output extents one group writes (validate)
  std::vector<int64_t> tile_split;  // tiles per group along those extents (validate)
  std::vector<bool> bias;           // gemm: epilogue parameters passed as [1, N] row biases
  std::vector<int64_t> as_2d;       // elementwise of rank != 2: operands and result as [R, W]
  std::vector<int64_t> out_2d;      // the result as this shape instead of as_2d (reductions)
  std::vector<bool> spread;         // per operand: tessera.broadcast to as_2d (not a reshape)
  std::vector<bool> expand;         // per operand: tessera.broadcast to the group's result shape
  std::vector<int64_t> flat;        // per operand: reshaped to [flat[i]] (data movement)
  std::vector<int64_t> perm;        // operand 0 goes through tessera.transpose {perm} first
  std::vector<int64_t> out_perm;    // the result, as the permuted shape, transposed back by this
  std::vector<std::vector<GraphStep>> prep;  // per operand: Graph IR ops before the launch (conv)
  std::vector<GraphStep> post;               // Graph IR ops on the launch's result (conv)
  std::vector<int64_t> post_in;              // the launch's result shape when `post` is set
};

/// The lowering of `group` (whose body is `callee`) to one kernel named `name`, or a Lowering
/// with an empty kernel and `why` set when the group stays at Schedule IR.
Lowering plan_lowering(const ir::Op& group, const ir::Op& callee, const std::string& name);

}  // namespace tessera::transforms
