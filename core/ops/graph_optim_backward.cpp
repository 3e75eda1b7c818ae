// Verifier hooks of tessera.nesterov, tessera.momentum_backward and tessera.adam_backward
// (docs/ops/graph/optim_backward.md).
#include <cmath>

#include "core/ops/train_util.h"

namespace tessera::ops {
namespace {

/// `lr` is required, finite and >= 0; `momentum` (default 0.9) finite in [0, 1].
bool momentum_attrs(InferCtx& ctx, const char* label) {
  if (!ctx.attr("lr")) return ctx.fail("requires the attribute 'lr'", label);
  return train::number_attr(ctx, "lr", 0, 0, false, INFINITY, true, label) &&
         train::number_attr(ctx, "momentum", 0.9, 0, false, 1, false, label);
}

}  // namespace

bool infer_Nesterov(InferCtx& ctx) {
  ctx.result_label = "nesterov_c3";  // nesterov_c3: two results of the parameters' type
  // nesterov_c1: parameters, gradient and velocity are float tensors of one type and shape.
  if (!train::same_float_group(ctx, 0, 3, "parameters, gradient and velocity", "nesterov_c1"))
    return false;
  // nesterov_c2: lr (required) >= 0, momentum in [0, 1] (default 0.9), finite.
  if (!momentum_attrs(ctx, "nesterov_c2")) return false;
  ctx.results = {ctx.operands[0], ctx.operands[0]};
  return true;
}

bool infer_MomentumBackward(InferCtx& ctx) {
  ctx.result_label = "momentum_backward_c3";  // three results of the cotangents' type
  // momentum_backward_c1: the cotangents of the new parameters and velocity are float tensors of
  // one type and shape.
  if (!train::same_float_group(ctx, 0, 2, "the two cotangents", "momentum_backward_c1"))
    return false;
  // momentum_backward_c2: lr (required) >= 0, momentum in [0, 1] (default 0.9), `nesterov` a
  // boolean (default false).
  if (!momentum_attrs(ctx, "momentum_backward_c2")) return false;
  const ir::Attr* n = ctx.attr("nesterov");
  if (n && n->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'nesterov' must be a boolean, got " + ir::to_string(*n),
                    "momentum_backward_c2");
  ctx.results = {ctx.operands[0], ctx.operands[0], ctx.operands[0]};
  return true;
}

bool infer_AdamBackward(InferCtx& ctx) {
  ctx.result_label = "adam_backward_c4";  // four results of the parameters' type
  // adam_backward_c1: p, g, m, v and the three cotangents are float tensors of one type and shape.
  if (!train::same_float_group(ctx, 0, 7, "the state and cotangent operands", "adam_backward_c1"))
    return false;
  // adam_backward_c2: as adam_c2: lr >= 0 (default 1e-3), beta1 and beta2 in [0, 1), eps > 0,
  // step an integer >= 1 (default 1).
  const double inf = INFINITY;
  const char* c2 = "adam_backward_c2";
  if (!train::number_attr(ctx, "lr", 1e-3, 0, false, inf, true, c2) ||
      !train::number_attr(ctx, "beta1", 0.9, 0, false, 1, true, c2) ||
      !train::number_attr(ctx, "beta2", 0.999, 0, false, 1, true, c2) ||
      !train::number_attr(ctx, "eps", 1e-8, 0, true, inf, true, c2))
    return false;
  auto step = train::int_attr(ctx, "step", 1, c2);
  if (!step) return false;
  if (*step < 1) return ctx.fail("attribute 'step' must be >= 1", c2);
  // adam_backward_c3: `adamw` a boolean (default false); weight_decay (default 0.01 with adamw)
  // finite >= 0, and only with adamw = true.
  const ir::Attr* w = ctx.attr("adamw");
  if (w && w->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'adamw' must be a boolean, got " + ir::to_string(*w),
                    "adam_backward_c3");
  const bool adamw = w && w->b;
  if (!train::number_attr(ctx, "weight_decay", 0.01, 0, false, inf, true, "adam_backward_c3"))
    return false;
  if (!adamw && ctx.attr("weight_decay"))
    return ctx.fail("weight_decay needs adamw = true (the decoupled decay of tessera.adamw)",
                    "adam_backward_c3");
  ctx.results = {ctx.operands[0], ctx.operands[0], ctx.operands[0], ctx.operands[0]};
  return true;
}

}  // namespace tessera::ops
