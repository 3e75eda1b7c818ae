// Verifier hooks of tessera.mse and tessera.binary_cross_entropy (docs/ops/graph/losses.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {

bool infer_Mse(InferCtx& ctx) {
  ctx.result_label = "mse_c4";  // mse_c4: the result is a rank-0 tensor of the element type
  // mse_c1: both operands are float tensors (not tf32) of one element type.
  if (!require_float(ctx, 0, "mse_c1") || !require_float(ctx, 1, "mse_c1")) return false;
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  if (a.dtype != b.dtype || a.dtype == DType::tf32)
    return ctx.fail("operands must have one element type other than tf32, got " + ir::to_string(a) +
                        " and " + ir::to_string(b),
                    "mse_c1");
  // mse_c2: the shapes are equal (no broadcasting).
  bool same = a.shape.size() == b.shape.size();
  for (size_t d = 0; same && d < a.shape.size(); ++d)
    same = a.shape[d] == b.shape[d] || a.shape[d] == ir::kDynamic || b.shape[d] == ir::kDynamic;
  if (!same)
    return ctx.fail(
        "operand shapes " + shape_str(a.shape) + " and " + shape_str(b.shape) + " differ",
        "mse_c2");
  // mse_c3: `reduction`, if present, is "mean" (default) or "sum".
  const ir::Attr* r = ctx.attr("reduction");
  if (r && (r->kind != ir::Attr::Kind::string || (r->s != "mean" && r->s != "sum")))
    return ctx.fail("attribute 'reduction' must be \"mean\" or \"sum\", got " + ir::to_string(*r),
                    "mse_c3");
  ctx.results = {ir::Type::tensor(a.dtype, {})};
  return true;
}

bool infer_BinaryCrossEntropy(InferCtx& ctx) {
  ctx.result_label = "bce_c4";  // bce_c4: the result is a rank-0 tensor of the element type
  // bce_c1: logits and targets are float tensors (not tf32) of one element type.
  if (!require_float(ctx, 0, "bce_c1") || !require_float(ctx, 1, "bce_c1")) return false;
  const ir::Type& z = ctx.operands[0];
  const ir::Type& t = ctx.operands[1];
  if (z.dtype != t.dtype || z.dtype == DType::tf32)
    return ctx.fail("operands must have one element type other than tf32, got " + ir::to_string(z) +
                        " and " + ir::to_string(t),
                    "bce_c1");
  // bce_c2: the shapes are equal (no broadcasting); a dynamic dim matches any.
  bool same = z.shape.size() == t.shape.size();
  for (size_t d = 0; same && d < z.shape.size(); ++d)
    same = z.shape[d] == t.shape[d] || z.shape[d] == ir::kDynamic || t.shape[d] == ir::kDynamic;
  if (!same)
    return ctx.fail(
        "logits/target shapes " + shape_str(z.shape) + " and " + shape_str(t.shape) + " differ",
        "bce_c2");
  // bce_c3: `reduction`, if present, is "mean" (default) or "sum".
  const ir::Attr* r = ctx.attr("reduction");
  if (r && (r->kind != ir::Attr::Kind::string || (r->s != "mean" && r->s != "sum")))
    return ctx.fail("attribute 'reduction' must be \"mean\" or \"sum\", got " + ir::to_string(*r),
                    "bce_c3");
  ctx.results = {ir::Type::tensor(z.dtype, {})};
  return true;
}

}  // namespace tessera::ops
