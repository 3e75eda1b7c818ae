// Autodiff rules of the random ops (docs/autodiff.md, "Effects: random ops"). Their values are
// pure functions of (seed, stream + offset, element index), so a rule that emits the op again
// with the same attributes and offset replays exactly the forward's Philox bits.
#include "core/transforms/autodiff_builder.h"
#include "core/transforms/autodiff_rules_mesh.h"

namespace tessera::transforms::autodiff {
namespace {

/// dropout(v) with the forward's p, seed, stream, training and offset operand: v * keep * scale
/// with the forward's keep mask and scale.
ir::Value* replay_dropout(Builder& b, const ir::Op& op, std::span<ir::Value* const> x,
                          ir::Value* v) {
  std::vector<ir::Value*> operands{v};
  for (size_t i = 1; i < x.size(); ++i) operands.push_back(x[i]);  // the offset
  return b.copy(op, std::move(operands)).at(0);
}

}  // namespace

// y = x * keep * scale is linear in x: its transpose and its tangent map are the same mask.
bool vjp_Dropout(VjpCtx& c) {
  c.dx.assign(c.x.size(), nullptr);
  if (c.x.empty() || !c.wants(0) || c.dy.empty() || !c.dy[0]) return true;
  c.dx[0] = replay_dropout(c.b, c.op, c.x, c.dy[0]);
  return c.b.ok();
}

bool jvp_Dropout(JvpCtx& c) {
  c.dy.assign(1, nullptr);
  if (c.dx.empty() || !c.dx[0]) return true;
  c.dy[0] = replay_dropout(c.b, c.op, c.x, c.dx[0]);
  return c.b.ok();
}

}  // namespace tessera::transforms::autodiff
