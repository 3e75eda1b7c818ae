// Verifier hooks of the speculative-decoding acceptance ops tessera.spec_accept,
// spec_accept_sample and spec_accept_tree_sample (docs/ops/graph/spec_accept.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

/// `d + k` where d may be dynamic (then the sum is dynamic too).
int64_t plus(int64_t d, int64_t k) { return d == ir::kDynamic ? ir::kDynamic : d + k; }

bool is_i32_tensor(const ir::Type& t, int64_t rank) {
  return t.is_tensor() && t.rank() == rank && t.dtype == DType::i32;
}

bool is_prob_tensor(const ir::Type& t, int64_t rank) {
  return t.is_tensor() && t.rank() == rank && dtype_is_float(t.dtype) && t.dtype != DType::tf32;
}

}  // namespace

bool infer_SpecAccept(InferCtx& ctx) {
  ctx.result_label = "spec_accept_c4";  // spec_accept_c4: the result is tensor<3xi32>
  const ir::Type& d = ctx.operands[0];
  const ir::Type& t = ctx.operands[1];
  // spec_accept_c1: draft [P, D] and target [P, D+1] are rank-2 i32 tensors of token ids.
  if (!is_i32_tensor(d, 2) || !is_i32_tensor(t, 2))
    return ctx.fail("draft and target must be rank-2 tensors of i32 (token ids), got " +
                        ir::to_string(d) + " and " + ir::to_string(t),
                    "spec_accept_c1");
  if (d.shape[0] == 0)
    return ctx.fail("draft must hold at least one path, got " + ir::to_string(d), "spec_accept_c1");
  // spec_accept_c2: one num_paths P for both.
  if (!dims_match(d.shape[0], t.shape[0]))
    return ctx.fail("draft and target must have the same num_paths, got " + ir::to_string(d) +
                        " and " + ir::to_string(t),
                    "spec_accept_c2");
  // spec_accept_c3: target has one column more than draft (the bonus column).
  if (!dims_match(plus(d.shape[1], 1), t.shape[1]))
    return ctx.fail("target depth must be draft depth + 1 (the bonus column), got " +
                        ir::to_string(d) + " and " + ir::to_string(t),
                    "spec_accept_c3");
  ctx.results = {ir::Type::tensor(DType::i32, {3})};
  return true;
}

bool infer_SpecAcceptSample(InferCtx& ctx) {
  ctx.result_label = "spec_accept_sample_c6";  // spec_accept_sample_c6: result [D+2] i32
  const ir::Type& draft = ctx.operands[0];
  const ir::Type& tp = ctx.operands[1];
  const ir::Type& dp = ctx.operands[2];
  const ir::Type& au = ctx.operands[3];
  const ir::Type& ru = ctx.operands[4];
  // spec_accept_sample_c1: draft is a rank-1 i32 tensor of D token ids.
  if (!is_i32_tensor(draft, 1))
    return ctx.fail("draft must be a rank-1 tensor of i32 (token ids), got " + ir::to_string(draft),
                    "spec_accept_sample_c1");
  const int64_t depth = draft.shape[0];
  // spec_accept_sample_c2: target_probs is [D+1, V] of a float type (not tf32), V >= 1.
  if (!is_prob_tensor(tp, 2) || !dims_match(tp.shape[0], plus(depth, 1)) || tp.shape[1] == 0)
    return ctx.fail(
        "target_probs must be (D+1) x V f32 (one extra bonus row), got " + ir::to_string(tp),
        "spec_accept_sample_c2");
  // spec_accept_sample_c3: draft_probs is [D, V] of target_probs' element type.
  if (!is_prob_tensor(dp, 2) || dp.dtype != tp.dtype || !dims_match(dp.shape[0], depth) ||
      !dims_match(dp.shape[1], tp.shape[1]))
    return ctx.fail("draft_probs must be D x V of target_probs' element type, got " +
                        ir::to_string(dp) + " with target_probs " + ir::to_string(tp),
                    "spec_accept_sample_c3");
  // spec_accept_sample_c4: accept_u is [D] of the same element type.
  if (!is_prob_tensor(au, 1) || au.dtype != tp.dtype || !dims_match(au.shape[0], depth))
    return ctx.fail("accept_u must be a tensor of D uniforms of target_probs' element type, got " +
                        ir::to_string(au),
                    "spec_accept_sample_c4");
  // spec_accept_sample_c5: resid_u is [1] of the same element type.
  if (!is_prob_tensor(ru, 1) || ru.dtype != tp.dtype || !dims_match(ru.shape[0], 1))
    return ctx.fail(
        "resid_u must be tensor<1xf32> (of target_probs' element type), got " + ir::to_string(ru),
        "spec_accept_sample_c5");
  ctx.results = {ir::Type::tensor(DType::i32, {plus(depth, 2)})};
  return true;
}

bool infer_SpecAcceptTreeSample(InferCtx& ctx) {
  ctx.result_label = "spec_accept_tree_sample_c3";  // spec_accept_tree_sample_c3: tensor<2xi32>
  const ir::Type& t = ctx.operands[0];
  // spec_accept_tree_sample_c1: target_log_probs is [P, D] of a float type (not tf32), P >= 1.
  if (!is_prob_tensor(t, 2) || t.shape[0] == 0)
    return ctx.fail(
        "target_log_probs must be a P x D float tensor with P >= 1, got " + ir::to_string(t),
        "spec_accept_tree_sample_c1");
  // spec_accept_tree_sample_c2: draft_log_probs and accept_u have its shape and element type.
  for (size_t k = 1; k < 3; ++k) {
    const ir::Type& o = ctx.operands[k];
    const bool same = is_prob_tensor(o, 2) && o.dtype == t.dtype &&
                      dims_match(o.shape[0], t.shape[0]) && dims_match(o.shape[1], t.shape[1]);
    if (!same)
      return ctx.fail(std::string(k == 1 ? "draft_log_probs" : "accept_u") +
                          " must match target_log_probs " + ir::to_string(t) + ", got " +
                          ir::to_string(o),
                      "spec_accept_tree_sample_c2");
  }
  ctx.results = {ir::Type::tensor(DType::i32, {2})};
  return true;
}

}  // namespace tessera::ops
