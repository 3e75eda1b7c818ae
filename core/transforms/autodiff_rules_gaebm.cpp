// EBM ops differentiated through a decomposition into other Graph ops (docs/ops/graph/ebm.md):
// the steps are affine in their operands, the quadratic energy a row sum of squares.
#include <cmath>

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Value;

namespace {

/// The noise amplitude of ebm.md: noise_scale when given, else sqrt(2 eta temperature).
double amplitude(const ir::Op& op) {
  if (op.attrs.get("noise_scale")) return op.attrs.get_float("noise_scale", 0.0);
  return std::sqrt(2.0 * op.attrs.get_float("eta", 0.0) * op.attrs.get_float("temperature", 0.0));
}

/// y - (k eta) g [+ (k a) n].
Value* affine_step(Builder& b, const ir::Op& op, std::span<Value* const> x, double k) {
  Value* y = b.sub(x[0], b.scale(x[1], k * op.attrs.get_float("eta", 0.0)));
  if (x.size() > 2) y = b.add(y, b.scale(x[2], k * amplitude(op)));
  return y;
}

}  // namespace

std::vector<Value*> decompose_EbmInnerStep(Builder& b, const ir::Op& op,
                                           std::span<Value* const> x) {
  return {affine_step(b, op, x, 1.0)};
}

std::vector<Value*> decompose_EbmRefinement(Builder& b, const ir::Op& op,
                                            std::span<Value* const> x) {
  return {affine_step(b, op, x, double(op.attrs.get_int("steps", 1)))};
}

// energy_quadratic: 0.5 * sum over axis 1 of (x - y)^2.
std::vector<Value*> decompose_EbmEnergyQuadratic(Builder& b, const ir::Op& op,
                                                 std::span<Value* const> x) {
  Value* d = b.sub(x[0], x[1]);
  return {b.scale(b.reduce("sum", b.mul(d, d), {1}, false), 0.5)};
}

}  // namespace tessera::transforms::autodiff
