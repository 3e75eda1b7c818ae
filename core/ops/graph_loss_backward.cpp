// Verifier hooks of tessera.loss.mse_backward, tessera.loss.binary_cross_entropy_backward and
// upstream's axis-general tessera.loss.cross_entropy (docs/ops/graph/loss_backward.md).
#include "core/ops/train_util.h"

namespace tessera::ops {
namespace {

/// mse_backward and bce_backward share their constraints (<p>_c1 .. <p>_c4).
bool infer_loss_backward(InferCtx& ctx, const char* c1, const char* c2, const char* c3,
                         const char* c4) {
  ctx.result_label = c4;  // <p>_c4: two results of the first operand's type
  // <p>_c1: the two loss operands are float tensors (not tf32) of one type and shape.
  if (!train::same_float_group(ctx, 0, 2, "the two loss operands", c1)) return false;
  // <p>_c2: reduction "none", "mean" (default) or "sum".
  auto red = train::reduction_attr(ctx, true, c2);
  if (!red) return false;
  // <p>_c3: the cotangent has the operands' element type; rank 0 for "mean" and "sum", the
  // operands' shape for "none".
  const ir::Type& x = ctx.operands[0];
  const ir::Type& g = ctx.operands[2];
  if (!require_tensor(ctx, 2, c3)) return false;
  const std::vector<int64_t> want = *red == "none" ? x.shape : std::vector<int64_t>{};
  if (g.dtype != x.dtype || !train::shapes_match(g.shape, want))
    return ctx.fail("the cotangent must be " + ir::to_string(ir::Type::tensor(x.dtype, want)) +
                        " for reduction \"" + *red + "\", got " + ir::to_string(g),
                    c3);
  ctx.results = {x, x};
  return true;
}

}  // namespace

bool infer_LossMseBackward(InferCtx& ctx) {
  return infer_loss_backward(ctx, "mse_backward_c1", "mse_backward_c2", "mse_backward_c3",
                             "mse_backward_c4");
}

bool infer_LossBceBackward(InferCtx& ctx) {
  return infer_loss_backward(ctx, "bce_backward_c1", "bce_backward_c2", "bce_backward_c3",
                             "bce_backward_c4");
}

bool infer_LossCrossEntropy(InferCtx& ctx) {
  ctx.result_label = "loss_ce_c6";
  // loss_ce_c1: the logits are a float tensor (not tf32) of rank >= 1.
  if (!require_float(ctx, 0, "loss_ce_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.dtype == DType::tf32 || x.rank() == 0)
    return ctx.fail(
        "the logits must be a float tensor of rank >= 1 other than tf32, got " + ir::to_string(x),
        "loss_ce_c1");
  // loss_ce_c2: `axis` (default 1, or 0 for rank-1 logits) is an axis of the logits.
  auto axis = train::int_attr(ctx, "axis", x.rank() >= 2 ? 1 : 0, "loss_ce_c2");
  if (!axis) return false;
  auto ax = normalize_axis(*axis, x.rank());
  if (!ax)
    return ctx.fail("axis " + std::to_string(*axis) + " is not an axis of " + ir::to_string(x),
                    "loss_ce_c2");
  // loss_ce_c3: the target is an integer tensor shaped as the logits without the class axis.
  const ir::Type& y = ctx.operands[1];
  if (!require_tensor(ctx, 1, "loss_ce_c3")) return false;
  std::vector<int64_t> want = x.shape;
  want.erase(want.begin() + *ax);
  if (!dtype_is_int(y.dtype) || y.dtype == DType::i1 || y.dtype == DType::i4 ||
      !train::shapes_match(y.shape, want))
    return ctx.fail("the target must be an integer tensor of shape " + shape_str(want) +
                        " (the logits without the class axis), got " + ir::to_string(y),
                    "loss_ce_c3");
  // loss_ce_c4: label_smoothing in [0, 1) (default 0); ignore_index an integer (default -100).
  if (!train::number_attr(ctx, "label_smoothing", 0, 0, false, 1, true, "loss_ce_c4") ||
      !train::int_attr(ctx, "ignore_index", -100, "loss_ce_c4"))
    return false;
  // loss_ce_c5: reduction "none", "mean" (default) or "sum".
  auto red = train::reduction_attr(ctx, true, "loss_ce_c5");
  if (!red) return false;
  // loss_ce_c6: "none" gives the target's shape, "mean" and "sum" rank 0; the logits' type.
  ctx.results = {ir::Type::tensor(x.dtype, *red == "none" ? want : std::vector<int64_t>{})};
  return true;
}

}  // namespace tessera::ops
