// Derivative rules of the `train` family's upstream ops by decomposition into differentiable
// Graph ops (docs/ops/graph/{rl_losses,optim_backward}.md, "Derivatives"): ppo_policy_loss and
// grpo_policy_loss (the surrogate, the group normalisation, the reductions), nesterov.
#include <string>
#include <vector>

#include "core/transforms/autodiff.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Value;

namespace {

std::vector<int64_t> all_axes(int64_t rank) {
  std::vector<int64_t> a;
  for (int64_t d = 0; d < rank; ++d) a.push_back(d);
  return a;
}

/// -min(r a, clamp(r, 1 - eps, 1 + eps) a), r = exp(ln - lo).
Value* surrogate(Builder& b, Value* ln, Value* lo, Value* adv, double eps) {
  const DType t = ln->type.dtype;
  Value* r = b.unary("tessera.exp", b.sub(ln, lo));
  Value* c = b.emit1("tessera.min",
                     {b.emit1("tessera.max", {r, b.scalar(1.0 - eps, t)}), b.scalar(1.0 + eps, t)});
  return b.neg(b.emit1("tessera.min", {b.mul(r, adv), b.mul(c, adv)}));
}

/// The reduction of rl_losses.md ("Reductions"); `mask` may be null.
Value* reduce_losses(Builder& b, const ir::Op& op, Value* l, Value* mask) {
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red == "none") return l;
  const std::vector<int64_t> axes = all_axes(l->type.rank());
  if (red == "sum" || (red == "mean" && !mask)) return b.reduce(red.c_str(), l, axes, false);
  Value* s = b.reduce("sum", l, axes, false);
  Value* total = b.reduce("sum", mask, axes, false);
  Value* zero = b.emit1("tessera.cmp_eq", {total, b.scalar(0.0, total->type.dtype)});
  return b.select(zero, s, b.div(s, total));
}

/// grpo's advantages: (r - mean) / sqrt(var + 1e-8) along group_axis (keepdims reductions).
Value* group_advantages(Builder& b, const ir::Op& op, Value* r) {
  const int64_t rank = r->type.rank();
  int64_t axis = op.attrs.get_int("group_axis", 1);
  if (axis < 0) axis += rank;
  Value* mean = b.reduce("mean", r, {axis}, true);
  Value* d = b.sub(r, mean);
  Value* var = b.reduce("mean", b.mul(d, d), {axis}, true);
  return b.div(d, b.unary("tessera.sqrt", b.add(var, b.scalar(1e-8, r->type.dtype))));
}

}  // namespace

// ppo_policy_loss: the surrogate, the optional KL and entropy terms and mask, the reduction.
std::vector<Value*> decompose_RlPpoPolicyLoss(Builder& b, const ir::Op& op,
                                              std::span<Value* const> x) {
  Value *mask = nullptr, *ref = nullptr, *ent = nullptr;
  if (const ir::Attr* seg = op.attrs.get("operandSegmentSizes")) {
    const auto v = seg->as_int_array();
    size_t next = 3;
    if ((*v)[3]) mask = x[next++];
    if ((*v)[4]) ref = x[next++];
    if ((*v)[5]) ent = x[next++];
  }
  const DType t = x[0]->type.dtype;
  Value* l = surrogate(b, x[0], x[1], x[2], op.attrs.get_float("clip_epsilon", 0.2));
  const double kl = op.attrs.get_float("kl_coef", 0.0),
               ec = op.attrs.get_float("entropy_coef", 0.0);
  if (ref && kl != 0) {
    Value* d = b.sub(ref, x[0]);
    l = b.add(l, b.scale(b.sub(b.sub(b.unary("tessera.exp", d), d), b.scalar(1.0, t)), kl));
  }
  if (ent && ec != 0) l = b.sub(l, b.scale(ent, ec));
  if (mask) l = b.mul(l, mask);
  return {reduce_losses(b, op, l, mask)};
}

// grpo_policy_loss: advantages (r - mean) / sqrt(var + 1e-8) along group_axis, then ppo.
std::vector<Value*> decompose_RlGrpoPolicyLoss(Builder& b, const ir::Op& op,
                                               std::span<Value* const> x) {
  Value* adv = group_advantages(b, op, x[2]);
  return {reduce_losses(
      b, op, surrogate(b, x[0], x[1], adv, op.attrs.get_float("clip_epsilon", 0.2)), nullptr)};
}

// cispo_policy_loss: -(w * adv * logp_new) with w = min(exp(logp_new - logp_old), epsilon_high)
// a constant for differentiation (its op carries autodiff.stop_gradient), adv as for grpo.
std::vector<Value*> decompose_RlCispoPolicyLoss(Builder& b, const ir::Op& op,
                                                std::span<Value* const> x) {
  const DType t = x[0]->type.dtype;
  ir::AttrDict stop;
  stop.set(std::string(kStopGradient), ir::Attr::unit_attr());
  Value* w = b.emit1("tessera.min",
                     {b.unary("tessera.exp", b.sub(x[0], x[1])),
                      b.scalar(op.attrs.get_float("epsilon_high", 5.0), t)},
                     stop);
  return {
      reduce_losses(b, op, b.neg(b.mul(b.mul(w, group_advantages(b, op, x[2])), x[0])), nullptr)};
}

// momentum_backward: w = dv1 - lr dp1 (nesterov: - lr mu dp1), dp = dp1, dg = w (nesterov:
// w - lr dp1), dv = mu w (linear in the cotangents).
std::vector<Value*> decompose_MomentumBackward(Builder& b, const ir::Op& op,
                                               std::span<Value* const> x) {
  const double lr = op.attrs.get_float("lr", 0.0), mu = op.attrs.get_float("momentum", 0.9);
  const bool nesterov = op.attrs.get_bool("nesterov", false);
  Value* w = b.sub(x[1], b.scale(x[0], nesterov ? lr * mu : lr));
  Value* dg = nesterov ? b.sub(w, b.scale(x[0], lr)) : w;
  return {b.scale(x[0], 1.0), dg, b.scale(w, mu)};
}

// nesterov: v1 = mu v + g, p1 = p - lr (g + mu v1).
std::vector<Value*> decompose_Nesterov(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  const double lr = op.attrs.get_float("lr", 0.0), mu = op.attrs.get_float("momentum", 0.9);
  Value* v1 = b.add(b.scale(x[2], mu), x[1]);
  Value* p1 = b.sub(x[0], b.scale(b.add(x[1], b.scale(v1, mu)), lr));
  return {p1, v1};
}

}  // namespace tessera::transforms::autodiff
