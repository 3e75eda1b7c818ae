// Verifier hooks of tessera.silu_mul and tessera.swiglu_fused (docs/ops/graph/swiglu.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

/// swiglu_c1: a float tensor, not tf32, of the element type of operand 0.
bool require_swiglu_float(InferCtx& ctx, size_t k, const char* label) {
  if (!require_float(ctx, k, label)) return false;
  const DType t = ctx.operands[k].dtype;
  if (t == DType::tf32 || t != ctx.operands[0].dtype)
    return ctx.fail("operands must share one float element type other than tf32, got " +
                        ir::to_string(ctx.operands[0]) + " and " + ir::to_string(ctx.operands[k]),
                    label);
  return true;
}

}  // namespace

bool infer_SiluMul(InferCtx& ctx) {
  ctx.result_label = "silu_mul_c3";  // silu_mul_c3: the result has the operands' type
  // silu_mul_c1: gate and up are float tensors of one element type (not tf32).
  if (!require_swiglu_float(ctx, 0, "silu_mul_c1") || !require_swiglu_float(ctx, 1, "silu_mul_c1"))
    return false;
  const ir::Type& g = ctx.operands[0];
  const ir::Type& u = ctx.operands[1];
  // silu_mul_c2: the shapes are equal (no broadcasting); a dynamic dim matches any.
  bool same = g.shape.size() == u.shape.size();
  for (size_t d = 0; same && d < g.shape.size(); ++d) same = dims_match(g.shape[d], u.shape[d]);
  if (!same)
    return ctx.fail(
        "gate/up shapes " + shape_str(g.shape) + " and " + shape_str(u.shape) + " differ",
        "silu_mul_c2");
  ir::Type r = g;
  for (size_t d = 0; d < r.shape.size(); ++d)
    if (r.shape[d] == ir::kDynamic) r.shape[d] = u.shape[d];
  ctx.results = {r};
  return true;
}

bool infer_SwigluFused(InferCtx& ctx) {
  ctx.result_label = "swiglu_c4";  // swiglu_c4: the result is [M, D] of the element type
  // swiglu_c1: x, w_gate, w_up and w_down are float tensors of one element type (not tf32).
  for (size_t k = 0; k < 4; ++k)
    if (!require_swiglu_float(ctx, k, "swiglu_c1")) return false;
  // swiglu_c2: all four are matrices.
  for (size_t k = 0; k < 4; ++k)
    if (ctx.operands[k].rank() != 2)
      return ctx.fail("operand #" + std::to_string(k) + " must have rank 2, got " +
                          ir::to_string(ctx.operands[k]),
                      "swiglu_c2");
  const auto& x = ctx.operands[0].shape;
  const auto& wg = ctx.operands[1].shape;
  const auto& wu = ctx.operands[2].shape;
  const auto& wd = ctx.operands[3].shape;
  // swiglu_c3: x is [M, D], w_gate and w_up are [D, H], w_down is [H, D].
  const bool ok = dims_match(x[1], wg[0]) && dims_match(wg[0], wu[0]) && dims_match(wg[1], wu[1]) &&
                  dims_match(wd[0], wg[1]) && dims_match(wd[0], wu[1]) && dims_match(wd[1], x[1]);
  if (!ok)
    return ctx.fail("shapes x " + shape_str(x) + ", w_gate " + shape_str(wg) + ", w_up " +
                        shape_str(wu) + ", w_down " + shape_str(wd) +
                        " are not [M, D], [D, H], [D, H], [H, D]",
                    "swiglu_c3");
  const int64_t d = x[1] != ir::kDynamic ? x[1] : wd[1];
  ctx.results = {ir::Type::tensor(ctx.operands[0].dtype, {x[0], d})};
  return true;
}

}  // namespace tessera::ops
