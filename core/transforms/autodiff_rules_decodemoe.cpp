// Derivative rules of the decodemoe family through decompositions into differentiable ops
// (docs/ops/graph/{moe_routing,diffusion}.md, "Derivatives"): mor_scatter as a select by the
// broadcast mask, moe_dispatch as a gather (or the identity of its routing-table form), and
// guided_denoise_region as ref + gamma * (favored - unfavored) with the forward's roundings.
#include "core/transforms/autodiff_rules_decodemoe.h"

namespace tessera::transforms::autodiff {

using ir::Value;

// mor_scatter(full, updated, mask) = select(broadcast(mask [B, S, 1]), updated, full).
std::vector<Value*> decompose_MorScatter(Builder& b, const ir::Op&, std::span<Value* const> x) {
  const std::vector<int64_t>& shape = x[0]->type.shape;
  Value* m = b.reshape(x[2], {shape[0], shape[1], 1});
  return {b.select(b.broadcast(m, shape), x[1], x[0])};
}

// moe_dispatch(x, route) = gather(x, route, axis 0) for a rank-1 route, x for a routing table.
std::vector<Value*> decompose_MoeDispatch(Builder& b, const ir::Op&, std::span<Value* const> x) {
  if (x[1]->type.rank() == 2) return {x[0]};
  ir::AttrDict attrs;
  attrs.set("axis", ir::Attr::integer_attr(0));
  return {b.emit1("tessera.gather", {x[0], x[1]}, attrs)};
}

// guided_denoise_region(ref, f, u) = ref + gamma_T * (f - u), the forward's three roundings.
std::vector<Value*> decompose_GuidedDenoiseRegion(Builder& b, const ir::Op& op,
                                                  std::span<Value* const> x) {
  const double gamma = op.attrs.get_float("gamma", 1.0);
  return {b.add(x[0], b.scale(b.sub(x[1], x[2]), gamma))};
}

}  // namespace tessera::transforms::autodiff
