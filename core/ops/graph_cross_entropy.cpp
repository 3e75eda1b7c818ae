// Verifier hook of tessera.cross_entropy (docs/ops/graph/losses.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {

bool infer_CrossEntropy(InferCtx& ctx) {
  ctx.result_label = "cross_entropy_c4";  // cross_entropy_c4: the result type (see below)
  // cross_entropy_c1: the logits are a float tensor (not tf32) of rank >= 1, classes last.
  if (!require_float(ctx, 0, "cross_entropy_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.dtype == DType::tf32 || x.rank() == 0)
    return ctx.fail(
        "the logits must be a float tensor of rank >= 1 other than tf32, got " + ir::to_string(x),
        "cross_entropy_c1");
  // cross_entropy_c2: the labels are an integer tensor of shape logits.shape[:-1].
  const ir::Type& y = ctx.operands[1];
  if (!require_tensor(ctx, 1, "cross_entropy_c2")) return false;
  if (!dtype_is_int(y.dtype) || y.dtype == DType::i1 || y.dtype == DType::i4)
    return ctx.fail("the labels must have an integer element type, got " + ir::to_string(y),
                    "cross_entropy_c2");
  std::vector<int64_t> want(x.shape.begin(), x.shape.end() - 1);
  bool same = y.shape.size() == want.size();
  for (size_t d = 0; same && d < want.size(); ++d)
    same = y.shape[d] == want[d] || y.shape[d] == ir::kDynamic || want[d] == ir::kDynamic;
  if (!same)
    return ctx.fail(
        "labels have shape " + shape_str(y.shape) + " but the logits give " + shape_str(want),
        "cross_entropy_c2");
  // cross_entropy_c3: `reduction` (default "mean") is "mean", "sum" or "none".
  const ir::Attr* r = ctx.attr("reduction");
  if (r &&
      (r->kind != ir::Attr::Kind::string || (r->s != "mean" && r->s != "sum" && r->s != "none")))
    return ctx.fail(
        "attribute 'reduction' must be \"mean\", \"sum\" or \"none\", got " + ir::to_string(*r),
        "cross_entropy_c3");
  // cross_entropy_c4: "none" gives the labels' shape, "mean" and "sum" a rank-0 tensor; the
  // element type is the logits'.
  const bool none = r && r->s == "none";
  ctx.results = {ir::Type::tensor(x.dtype, none ? want : std::vector<int64_t>{})};
  return true;
}

}  // namespace tessera::ops
