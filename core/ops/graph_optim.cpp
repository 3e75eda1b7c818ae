// Verifier hooks of the optimiser steps sgd, adam and adamw (docs/ops/graph/optimizers.md).
#include <cmath>
#include <string>

#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// `<p>_c1`: the first `count` operands are float tensors (not tf32) of the first operand's type
/// and shape.
bool same_float_operands(InferCtx& ctx, const char* label, size_t count) {
  for (size_t k = 0; k < count; ++k)
    if (!require_float(ctx, k, label)) return false;
  const ir::Type& p = ctx.operands[0];
  if (p.dtype == DType::tf32) return ctx.fail("element type tf32 is not supported", label);
  for (size_t k = 1; k < count; ++k) {
    const ir::Type& o = ctx.operands[k];
    bool same = o.dtype == p.dtype && o.shape.size() == p.shape.size();
    for (size_t d = 0; same && d < p.shape.size(); ++d)
      same = o.shape[d] == p.shape[d] || o.shape[d] == ir::kDynamic || p.shape[d] == ir::kDynamic;
    if (!same)
      return ctx.fail("operand #" + std::to_string(k) + " has type " + ir::to_string(o) +
                          ", the parameters " + ir::to_string(p),
                      label);
  }
  return true;
}

/// The number attribute `name` (required, or optional) lies in [lo, hi) and is finite; `range`
/// spells the interval for the message.
bool number_in(InferCtx& ctx, const char* name, bool required, double lo, double hi,
               const char* range, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a && !required) return true;
  const double v = a && a->is_number() ? a->as_double() : std::nan("");
  if (std::isfinite(v) && v >= lo && v < hi) return true;
  return ctx.fail(std::string("attribute '") + name + "' must be a number in " + range +
                      (required ? " (required)" : ""),
                  label);
}

bool infer_adam_like(InferCtx& ctx, const char* c1, const char* c2, const char* c3, const char* c4,
                     bool decoupled) {
  ctx.result_label = c3;
  if (!same_float_operands(ctx, c1, 4)) return false;
  // <op>_c2: lr >= 0 (default 1e-3), beta1 and beta2 in [0, 1), eps > 0, all finite; step an
  // integer >= 1 (default 1; not with the step operand); weight_decay >= 0 (adamw).
  const double inf = INFINITY;
  if (!number_in(ctx, "lr", false, 0, inf, "[0, inf)", c2) ||
      !number_in(ctx, "beta1", false, 0, 1, "[0, 1)", c2) ||
      !number_in(ctx, "beta2", false, 0, 1, "[0, 1)", c2) ||
      !number_in(ctx, "eps", false, 0x1p-1074, inf, "(0, inf)", c2))
    return false;
  const bool step_operand = ctx.operands.size() > 4;
  const ir::Attr* s = ctx.attr("step");
  if (s && (s->kind != ir::Attr::Kind::integer || s->i < 1))
    return ctx.fail("needs an integer attribute 'step' >= 1", c2);
  // <op>_c4: the optional fifth operand, the step count, is a rank-0 integer tensor and then
  // replaces the attribute (not both).
  if (step_operand) {
    const ir::Type& t = ctx.operands[4];
    if (!t.is_tensor() || t.rank() != 0 || !dtype_is_int(t.dtype) || t.dtype == DType::i1 ||
        t.dtype == DType::i4)
      return ctx.fail("the step operand must be a rank-0 integer tensor, got " + ir::to_string(t),
                      c4);
    if (s) return ctx.fail("give the step as an attribute or an operand, not both", c4);
  }
  if (decoupled && !number_in(ctx, "weight_decay", false, 0, inf, "[0, inf)", c2)) return false;
  // <op>_c3: the results are the new parameters, first and second moments, of the operands' type.
  ctx.results = {ctx.operands[0], ctx.operands[0], ctx.operands[0]};
  return true;
}

}  // namespace

bool infer_Sgd(InferCtx& ctx) {
  ctx.result_label = "sgd_c3";  // sgd_c3: the result has the parameters' type
  // sgd_c1: parameters and gradient are float tensors of one type and shape.
  if (!same_float_operands(ctx, "sgd_c1", 2)) return false;
  // sgd_c2: lr >= 0 (required) and weight_decay >= 0, finite.
  if (!number_in(ctx, "lr", true, 0, INFINITY, "[0, inf)", "sgd_c2") ||
      !number_in(ctx, "weight_decay", false, 0, INFINITY, "[0, inf)", "sgd_c2"))
    return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

// adam_c1: parameters, gradient and both moments are float tensors of one type and shape.
bool infer_Adam(InferCtx& ctx) {
  return infer_adam_like(ctx, "adam_c1", "adam_c2", "adam_c3", "adam_c4", false);
}
// adamw_c1: as adam_c1.
bool infer_AdamW(InferCtx& ctx) {
  return infer_adam_like(ctx, "adamw_c1", "adamw_c2", "adamw_c3", "adamw_c4", true);
}

}  // namespace tessera::ops
