// Derivative rules of the decodemoe family through decompositions into differentiable ops
// (docs/ops/graph/{moe_routing,moe_swiglu,diffusion}.md, "Derivatives"): mor_scatter as a select
// by the broadcast mask, moe_dispatch as a gather (or the identity of its routing-table form),
// guided_denoise_region as ref + gamma * (favored - unfavored) with the forward's roundings, and
// moe_swiglu_block as every expert's SwiGLU on every row, masked by the run-time groups.
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

// moe_swiglu_block(x, wg, wu, wd, sizes[, scales]) = sum over e of mask_e * swiglu_e(x): each
// expert's MLP on all M rows (batched matmuls [E, M, .]), the rows outside its group zeroed by
// the 0/1 group mask, summed over e. Operands narrower than f32 are widened first; scales
// multiply their operands first, as the forward does.
std::vector<Value*> decompose_MoeSwigluBlock(Builder& b, const ir::Op& op,
                                             std::span<Value* const> x) {
  const DType t = x[0]->type.dtype == DType::f64 ? DType::f64 : DType::f32;
  auto widen = [&](Value* v) { return v->type.dtype == t ? v : b.cast(v, t); };
  Value* xv = widen(x[0]);
  Value* w[3] = {widen(x[1]), widen(x[2]), widen(x[3])};
  const std::vector<int64_t>& xs = x[0]->type.shape;
  const int64_t e = x[1]->type.shape[0], m = xs[0], k = xs[1];
  const int64_t n = x[3]->type.shape[2];
  if (x.size() == 9) {
    xv = b.mul(xv, b.broadcast(widen(x[5]), {m, k}));
    for (int j = 0; j < 3; ++j)
      w[j] = b.mul(w[j], b.broadcast(b.reshape(widen(x[6 + j]), {e, 1, 1}), w[j]->type.shape));
  }
  Value* xb = b.broadcast(xv, {e, m, k});
  Value* gate = b.matmul(xb, w[0], false, false, t);  // [E, M, F]
  Value* up = b.matmul(xb, w[1], false, false, t);
  Value* y = b.matmul(b.mul(b.unary("tessera.silu", gate), up), w[2], false, false, t);
  Value* mask = b.reshape(group_rows(b, x[4], m, t), {e, m, 1});
  Value* out = b.reduce("sum", b.mul(b.broadcast(mask, {e, m, n}), y), {0}, false);  // [M, N]
  const DType rt = op.results[0]->type.dtype;
  return {rt == t ? out : b.cast(out, rt)};
}

}  // namespace tessera::transforms::autodiff
