// Verifier hooks of the RL policy losses tessera.rl.ppo_policy_loss, grpo_policy_loss and
// cispo_policy_loss (docs/ops/graph/rl_losses.md).
#include <cmath>

#include "core/ops/train_util.h"

namespace tessera::ops {
namespace {

/// <op>_c5: "none" gives the operands' type, "mean" and "sum" a rank-0 tensor.
void rl_result(InferCtx& ctx, const std::string& reduction) {
  const ir::Type& x = ctx.operands[0];
  ctx.results = {reduction == "none" ? x : ir::Type::tensor(x.dtype, {})};
}

/// grpo_c2 / cispo_c2: `group_axis` (default 1) is an integer axis of the operands.
bool group_axis_ok(InferCtx& ctx, const char* label) {
  auto axis = train::int_attr(ctx, "group_axis", 1, label);
  if (!axis) return false;
  const int64_t rank = ctx.operands[0].rank();
  if (!normalize_axis(*axis, rank))
    return ctx.fail("group_axis " + std::to_string(*axis) + " is not an axis of the rank-" +
                        std::to_string(rank) + " operands",
                    label);
  return true;
}

/// ppo_c2: the operand roles. Without `operandSegmentSizes` the op takes exactly (logp_new,
/// logp_old, advantages); with it, six entries 0 or 1 for (logp_new, logp_old, advantages, mask,
/// ref_logp, entropy), the first three 1, adding up to the operand count.
bool ppo_segments_ok(InferCtx& ctx) {
  const size_t n = ctx.operands.size();
  const ir::Attr* seg = ctx.attr("operandSegmentSizes");
  if (!seg) {
    if (n == 3) return true;
    return ctx.fail(
        "takes 3 operands (logp_new, logp_old, advantages) unless "
        "operandSegmentSizes names the optional mask, ref_logp and entropy, got " +
            std::to_string(n),
        "ppo_c2");
  }
  auto v = seg->as_int_array();
  bool ok = v && v->size() == 6;
  int64_t total = 0;
  for (size_t k = 0; ok && k < 6; ++k) {
    const int64_t s = (*v)[k];
    ok = (s == 0 || s == 1) && (k >= 3 || s == 1);
    total += s;
  }
  if (!ok || total != static_cast<int64_t>(n))
    return ctx.fail(
        "operandSegmentSizes must be six entries 0 or 1 (logp_new, logp_old, "
        "advantages: 1; mask, ref_logp, entropy: 0 or 1) adding up to the " +
            std::to_string(n) + " operands, got " + ir::to_string(*seg),
        "ppo_c2");
  return true;
}

}  // namespace

bool infer_RlPpoPolicyLoss(InferCtx& ctx) {
  ctx.result_label = "ppo_c5";
  // ppo_c1: every operand is a float tensor (not tf32) of one element type and shape.
  if (!train::same_float_group(ctx, 0, ctx.operands.size(),
                               "the log-prob, advantage, mask, "
                               "reference and entropy operands",
                               "ppo_c1"))
    return false;
  if (!ppo_segments_ok(ctx)) return false;
  // ppo_c3: clip_epsilon in [0, 1) (default 0.2); kl_coef and entropy_coef finite, >= 0.
  const double inf = INFINITY;
  if (!train::number_attr(ctx, "clip_epsilon", 0.2, 0, false, 1, true, "ppo_c3") ||
      !train::number_attr(ctx, "kl_coef", 0, 0, false, inf, true, "ppo_c3") ||
      !train::number_attr(ctx, "entropy_coef", 0, 0, false, inf, true, "ppo_c3"))
    return false;
  // ppo_c4: reduction "none", "mean" (default) or "sum".
  auto red = train::reduction_attr(ctx, true, "ppo_c4");
  if (!red) return false;
  rl_result(ctx, *red);
  return true;
}

bool infer_RlGrpoPolicyLoss(InferCtx& ctx) {
  ctx.result_label = "grpo_c5";
  // grpo_c1: logp_new, logp_old and rewards are float tensors of one type and shape.
  if (!train::same_float_group(ctx, 0, 3, "logp_new, logp_old and rewards", "grpo_c1"))
    return false;
  if (!group_axis_ok(ctx, "grpo_c2")) return false;
  // grpo_c3: clip_epsilon in [0, 1) (default 0.2).
  if (!train::number_attr(ctx, "clip_epsilon", 0.2, 0, false, 1, true, "grpo_c3")) return false;
  // grpo_c4: reduction "none", "mean" (default) or "sum".
  auto red = train::reduction_attr(ctx, true, "grpo_c4");
  if (!red) return false;
  rl_result(ctx, *red);
  return true;
}

bool infer_RlCispoPolicyLoss(InferCtx& ctx) {
  ctx.result_label = "cispo_c5";
  // cispo_c1: logp_new, logp_old and rewards are float tensors of one type and shape.
  if (!train::same_float_group(ctx, 0, 3, "logp_new, logp_old and rewards", "cispo_c1"))
    return false;
  if (!group_axis_ok(ctx, "cispo_c2")) return false;
  // cispo_c3: epsilon_high finite and > 0 (default 5.0).
  if (!train::number_attr(ctx, "epsilon_high", 5.0, 0, true, INFINITY, true, "cispo_c3"))
    return false;
  // cispo_c4: reduction "none", "mean" (default) or "sum".
  auto red = train::reduction_attr(ctx, true, "cispo_c4");
  if (!red) return false;
  rl_result(ctx, *red);
  return true;
}

}  // namespace tessera::ops
