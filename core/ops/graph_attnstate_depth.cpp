// Verifier hook of tessera.depth_attn (docs/ops/graph/depth_attn.md).
#include <cmath>

#include "core/ops/graph_attnstate_common.h"
#include "core/ops/policy.h"

namespace tessera::ops {

bool infer_DepthAttn(InferCtx& ctx) {
  ctx.result_label = "depth_attn_c5";  // depth_attn_c5: the result is sources' shape without m
  // depth_attn_c1: query and sources are f32 or f64 tensors of one element type.
  for (size_t k = 0; k < 2; ++k) {
    if (!require_tensor(ctx, k, "depth_attn_c1")) return false;
    const DType t = ctx.operands[k].dtype;
    if ((t != DType::f32 && t != DType::f64) || t != ctx.operands[0].dtype)
      return ctx.fail("query and sources must be f32 or f64 tensors of one element type, got " +
                          ir::to_string(ctx.operands[0]) + " and " + ir::to_string(ctx.operands[1]),
                      "depth_attn_c1");
  }
  const auto& q = ctx.operands[0].shape;
  const auto& s = ctx.operands[1].shape;
  // depth_attn_c2: query is [d]; sources are [m, ..., d] with m > 0; the widths agree.
  if (q.size() != 1 || s.size() < 2 || s[0] == 0)
    return ctx.fail("query must be [d] and sources [m, ..., d] with m > 0, got " + shape_str(q) +
                        " and " + shape_str(s),
                    "depth_attn_c2");
  if (!attnstate::dims_agree(q[0], s.back()))
    return ctx.fail("query width must match the final source dimension, got " +
                        std::to_string(q[0]) + " and " + std::to_string(s.back()),
                    "depth_attn_c2");
  // depth_attn_c3: eps (default 1e-6) is a finite number > 0.
  if (const ir::Attr* e = ctx.attr("eps"))
    if (!e->is_number() || !std::isfinite(e->as_double()) || e->as_double() <= 0)
      return ctx.fail("eps must be a finite number > 0", "depth_attn_c3");
  // depth_attn_c4: a numeric_policy names f32 softmax and accum (the statistics contract).
  if (const ir::Attr* p = ctx.attr("numeric_policy"); p && p->kind == ir::Attr::Kind::dict) {
    auto is_f32 = [&](const char* key) {
      const ir::Attr* v = p->get(key);
      if (!v) return true;  // absent fields take the f32 default
      const auto d = v->kind == ir::Attr::Kind::string ? ir::parse_dtype_any(v->s) : std::nullopt;
      return d && *d == DType::f32;
    };
    if (!is_f32("softmax") || !is_f32("accum"))
      return ctx.fail("numeric_policy requires softmax=fp32 and accum=fp32", "depth_attn_c4");
  }
  ctx.results = {
      ir::Type::tensor(ctx.operands[0].dtype, std::vector<int64_t>(s.begin() + 1, s.end()))};
  return true;
}

}  // namespace tessera::ops
