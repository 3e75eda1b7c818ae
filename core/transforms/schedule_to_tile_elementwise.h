// Fused elementwise chains of the Schedule -> Tile lowering for every element type a register
// tile holds, with numpy broadcasting (docs/ops/schedule/lowering.md, "Elementwise chains").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// How an `elementwise` group lowers: the kernel text, or `why` it stays at Schedule IR.
struct ElementwiseChain {
  std::string kernel;        ///< one func.func in the custom form, empty when the group stays
  std::string why;           ///< the reason the group stays
  std::vector<bool> expand;  ///< per group operand: broadcast to the result's shape first
};

/// Plans the kernel `name` for the elementwise group `group` (body `callee`): every operand and
/// the result have one element type (f32, bf16, f16 or i32; see lowering.md for the ops each
/// type lowers), operands broadcast to the result's shape (numpy rules; expanded by a
/// tessera.broadcast before the launch), static non-empty shapes, no numeric policy.
/// `unary_tile_op` names the Tile IR op (`tile.sqrt`, ...) of a unary Graph IR op that is one
/// exact tile op on f32 tiles, or nullptr: schedule_to_tile.cpp's table, shared with the GEMM
/// epilogues.
using UnaryTileOp = const char* (*)(std::string_view graph_op);
ElementwiseChain plan_elementwise_chain(const ir::Op& group, const ir::Op& callee,
                                        const std::string& name, UnaryTileOp unary_tile_op);

}  // namespace tessera::transforms
