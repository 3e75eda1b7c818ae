// Verifier hooks of the softmax-statistics ops (docs/ops/graph/softmax-stats.md): attn_with_stats,
// softmax_merge, softmax_finalize and attn.lse_accumulate.
#include <cmath>

#include "core/ops/infer_util.h"
#include "core/ops/policy.h"

namespace tessera::ops {

namespace {

bool same(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

/// A numeric_policy, when present, asks for f32 softmax and accumulation (the spec's compute
/// type for f32 operands; f64 operands compute in f64 and take no policy).
bool policy_ok(InferCtx& ctx, const char* label) {
  if (!ctx.attr("numeric_policy")) return true;
  NumericPolicy p = read_policy(ctx.op);  // malformed fields are reported by the verifier first
  if (p.accum == DType::f32 && p.softmax.value_or(DType::f32) == DType::f32 &&
      ctx.operands[0].dtype == DType::f32)
    return true;
  return ctx.fail("numeric_policy requires softmax=fp32 and accum=fp32 on f32 operands", label);
}

std::vector<int64_t> drop_last(const std::vector<int64_t>& s) {
  return std::vector<int64_t>(s.begin(), s.end() - 1);
}

bool same_shape(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k] != b[k] && a[k] != ir::kDynamic && b[k] != ir::kDynamic) return false;
  return true;
}

}  // namespace

bool infer_AttnWithStats(InferCtx& ctx) {
  // attn_with_stats_c1: query [d] and sources [m, ..., d] (rank >= 2) are float tensors of one
  // element type.
  if (!require_float(ctx, 0, "attn_with_stats_c1") || !require_float(ctx, 1, "attn_with_stats_c1"))
    return false;
  const auto& q = ctx.operands[0].shape;
  const auto& s = ctx.operands[1].shape;
  if (q.size() != 1 || s.size() < 2 || ctx.operands[0].dtype != ctx.operands[1].dtype)
    return ctx.fail("query must be [d] and sources [m, ..., d] of one float element type, got " +
                        ir::to_string(ctx.operands[0]) + " and " + ir::to_string(ctx.operands[1]),
                    "attn_with_stats_c1");
  // attn_with_stats_c2: the query width is the sources' last dim; m >= 1.
  if (!same(q[0], s.back()))
    return ctx.fail("query width must match the final source dimension, got " +
                        std::to_string(q[0]) + " and " + std::to_string(s.back()),
                    "attn_with_stats_c2");
  if (s[0] == 0) return ctx.fail("sources must hold at least one source", "attn_with_stats_c2");
  // attn_with_stats_c3: eps is a finite number > 0.
  if (const ir::Attr* e = ctx.attr("eps");
      e && (!e->is_number() || !std::isfinite(e->as_double()) || !(e->as_double() > 0.0)))
    return ctx.fail("attribute 'eps' must be a finite number > 0", "attn_with_stats_c3");
  // attn_with_stats_c4: numeric_policy, if present, is f32 softmax and accumulation.
  if (!policy_ok(ctx, "attn_with_stats_c4")) return false;
  // attn_with_stats_c5: results o [..., d], m [...], l [...] of the operands' element type.
  ctx.result_label = "attn_with_stats_c5";
  const DType t = ctx.operands[0].dtype;
  std::vector<int64_t> rest(s.begin() + 1, s.end());
  ctx.results = {ir::Type::tensor(t, rest), ir::Type::tensor(t, drop_last(rest)),
                 ir::Type::tensor(t, drop_last(rest))};
  return true;
}

bool infer_SoftmaxMerge(InferCtx& ctx) {
  // softmax_merge_c1: (o_a, m_a, l_a, o_b, m_b, l_b) are float tensors of one element type;
  // o_a and o_b share a shape [..., d] (rank >= 1) and every m, l is shaped [...].
  for (size_t k = 0; k < 6; ++k)
    if (!require_float(ctx, k, "softmax_merge_c1")) return false;
  const auto& o = ctx.operands[0].shape;
  bool ok = !o.empty() && same_shape(o, ctx.operands[3].shape);
  for (size_t k = 0; k < 6; ++k) {
    ok = ok && ctx.operands[k].dtype == ctx.operands[0].dtype;
    if (k % 3 != 0 && !o.empty()) ok = ok && same_shape(ctx.operands[k].shape, drop_last(o));
  }
  if (!ok)
    return ctx.fail(
        "states (o [..., d], m [...], l [...]) must have identical shapes and one float "
        "element type",
        "softmax_merge_c1");
  // softmax_merge_c2: `reassociable`, if present, is true (the merge is the canonical one).
  if (const ir::Attr* r = ctx.attr("reassociable");
      r && (r->kind != ir::Attr::Kind::boolean || !r->b))
    return ctx.fail("reassociable must be true for the canonical merge", "softmax_merge_c2");
  // softmax_merge_c3: numeric_policy as attn_with_stats_c4.
  if (!policy_ok(ctx, "softmax_merge_c3")) return false;
  // softmax_merge_c4: results (o, m, l) typed like state a.
  ctx.result_label = "softmax_merge_c4";
  ctx.results = {ctx.operands[0], ctx.operands[1], ctx.operands[2]};
  return true;
}

bool infer_SoftmaxFinalize(InferCtx& ctx) {
  // softmax_finalize_c1: o [..., d] (rank >= 1) and l [...] are float tensors of one type.
  if (!require_float(ctx, 0, "softmax_finalize_c1") ||
      !require_float(ctx, 1, "softmax_finalize_c1"))
    return false;
  const auto& o = ctx.operands[0].shape;
  if (o.empty() || ctx.operands[1].dtype != ctx.operands[0].dtype ||
      !same_shape(ctx.operands[1].shape, drop_last(o)))
    return ctx.fail("output prefix must match the normalizer shape: o " + shape_str(o) + ", l " +
                        shape_str(ctx.operands[1].shape) + " (one float element type)",
                    "softmax_finalize_c1");
  if (!policy_ok(ctx, "softmax_finalize_c1")) return false;
  // softmax_finalize_c2: the result is typed like o.
  ctx.result_label = "softmax_finalize_c2";
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_AttnLseAccumulate(InferCtx& ctx) {
  // attn_lse_accumulate_c1: acc is a float tensor [tile_q, d]; running_m and running_l are each
  // a float scalar or a rank-1 float tensor.
  if (!require_float(ctx, 0, "attn_lse_accumulate_c1")) return false;
  const ir::Type& acc = ctx.operands[0];
  if (acc.rank() != 2)
    return ctx.fail("acc must be [tile_q, d], got " + ir::to_string(acc), "attn_lse_accumulate_c1");
  const int64_t tq = acc.shape[0];
  bool any_rank1 = false;
  const char* names[3] = {"", "running_m", "running_l"};
  for (size_t k = 1; k < 3; ++k) {
    const ir::Type& t = ctx.operands[k];
    const bool scalar = t.is_scalar() || (t.is_tensor() && t.rank() == 0);
    if (!(scalar || (t.is_tensor() && t.rank() == 1)) || !dtype_is_float(t.dtype))
      return ctx.fail(std::string(names[k]) + " must be a float scalar or a rank-1 float tensor",
                      "attn_lse_accumulate_c1");
    // attn_lse_accumulate_c2: a rank-1 statistic has tile_q entries.
    if (!scalar) {
      any_rank1 = true;
      if (!same(t.shape[0], tq))
        return ctx.fail(std::string(names[k]) + " length must match acc tile_q (" +
                            std::to_string(t.shape[0]) + " vs " + std::to_string(tq) + ")",
                        "attn_lse_accumulate_c2");
    }
  }
  // attn_lse_accumulate_c3: acc, running_m and running_l share one element type.
  if (ctx.operands[1].dtype != ctx.operands[2].dtype)
    return ctx.fail("running_m/running_l element types must match", "attn_lse_accumulate_c3");
  if (ctx.operands[1].dtype != acc.dtype)
    return ctx.fail("running_m/running_l element types must match acc's", "attn_lse_accumulate_c3");
  // attn_lse_accumulate_c4: results: out typed like acc; lse [tile_q] when a statistic is
  // rank-1, else a scalar, of acc's element type.
  ctx.result_label = "attn_lse_accumulate_c4";
  if (ctx.declared.size() == 2 && ctx.declared[1].is_tensor() && ctx.declared[1].rank() == 1 &&
      !same(ctx.declared[1].shape[0], tq))
    return ctx.fail("lse length must match acc tile_q (" +
                        std::to_string(ctx.declared[1].shape[0]) + " vs " + std::to_string(tq) +
                        ")",
                    "attn_lse_accumulate_c4");
  ctx.results = {acc, any_rank1 ? ir::Type::tensor(acc.dtype, {tq}) : ir::Type::scalar(acc.dtype)};
  return true;
}

}  // namespace tessera::ops
