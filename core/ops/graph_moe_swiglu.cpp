// Verifier hook of tessera.moe_swiglu_block (docs/ops/graph/moe_swiglu.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

bool is_float_tensor(const ir::Type& t, int64_t rank) {
  return t.is_tensor() && t.rank() == rank && dtype_is_float(t.dtype) && t.dtype != DType::tf32;
}

/// moe_swiglu_c5: the grouped-layout attributes, where present, are well formed.
bool check_layout_attrs(InferCtx& ctx) {
  if (const ir::Attr* k = ctx.attr("grouped_kind")) {
    const bool ok = k->kind == ir::Attr::Kind::string && (k->s == "dense" || k->s == "contiguous" ||
                                                          k->s == "masked" || k->s == "k_grouped");
    if (!ok)
      return ctx.fail("grouped_kind must be one of {dense, contiguous, masked, k_grouped}, got " +
                          ir::to_string(*k),
                      "moe_swiglu_c5");
  }
  if (const ir::Attr* a = ctx.attr("grouped_alignment")) {
    if (!a->is_int() || a->i <= 0 || (a->i & (a->i - 1)) != 0)
      return ctx.fail("grouped_alignment must be a positive power of two, got " + ir::to_string(*a),
                      "moe_swiglu_c5");
  }
  if (const ir::Attr* q = ctx.attr("quant"); q && q->kind != ir::Attr::Kind::string)
    return ctx.fail("quant must be a string naming a format, got " + ir::to_string(*q),
                    "moe_swiglu_c5");
  if (const ir::Attr* s = ctx.attr("scale_layout"); s && s->kind != ir::Attr::Kind::dict)
    return ctx.fail("scale_layout must be a dictionary, got " + ir::to_string(*s), "moe_swiglu_c6");
  return true;
}

/// moe_swiglu_c6: the four scale operands are [M, 1] (x) and [E, 1] (each weight), float, and
/// come with a scale_layout.
bool check_scales(InferCtx& ctx, int64_t m, int64_t e) {
  if (ctx.operands.size() == 5) return true;
  if (ctx.operands.size() != 9)
    return ctx.fail("takes 5 operands, or 9 with the scales(x, w_gate, w_up, w_down) clause, got " +
                        std::to_string(ctx.operands.size()),
                    "moe_swiglu_c6");
  // A numeric_policy naming a storage format fixes that format's scale layout instead.
  const ir::Attr* policy = ctx.attr("numeric_policy");
  const bool policy_storage = policy && policy->get("storage");
  if (!ctx.attr("scale_layout") && !policy_storage)
    return ctx.fail(
        "LAYOUT_LEGALITY_SCALE_WITHOUT_LAYOUT: scale operands need a scale_layout attribute or a "
        "numeric_policy storage format",
        "moe_swiglu_c6");
  for (size_t k = 5; k < 9; ++k) {
    const ir::Type& s = ctx.operands[k];
    const int64_t rows = k == 5 ? m : e;
    if (!is_float_tensor(s, 2) || !dims_match(s.shape[0], rows) || !dims_match(s.shape[1], 1))
      return ctx.fail("scale operand #" + std::to_string(k - 5) + " must be a float tensor [" +
                          (k == 5 ? std::string("M") : std::string("E")) + ", 1], got " +
                          ir::to_string(s),
                      "moe_swiglu_c6");
  }
  return true;
}

}  // namespace

bool infer_MoeSwigluBlock(InferCtx& ctx) {
  ctx.result_label = "moe_swiglu_c7";  // moe_swiglu_c7: the result is [M, N]
  if (!check_layout_attrs(ctx)) return false;
  const ir::Type& x = ctx.operands[0];
  const ir::Type& wg = ctx.operands[1];
  const ir::Type& wu = ctx.operands[2];
  const ir::Type& wd = ctx.operands[3];
  // moe_swiglu_c1: x [M, K] and the weights [E, ., .] share one float element type (not tf32).
  bool ok = is_float_tensor(x, 2);
  for (const ir::Type* w : {&wg, &wu, &wd})
    ok = ok && is_float_tensor(*w, 3) && w->dtype == x.dtype;
  if (!ok || !dims_match(wg.shape[0], wu.shape[0]) || !dims_match(wg.shape[0], wd.shape[0]))
    return ctx.fail(
        "needs x [M, K] and w_gate/w_up [E, K, F], w_down [E, F, N] of one float "
        "type, got " +
            ir::to_string(x) + ", " + ir::to_string(wg) + ", " + ir::to_string(wu) + ", " +
            ir::to_string(wd),
        "moe_swiglu_c1");
  // moe_swiglu_c2: one contraction extent K.
  if (!dims_match(x.shape[1], wg.shape[1]) || !dims_match(x.shape[1], wu.shape[1]))
    return ctx.fail("contracting dim mismatch: x K vs w_gate/w_up K (" + shape_str(x.shape) + ", " +
                        shape_str(wg.shape) + ", " + shape_str(wu.shape) + ")",
                    "moe_swiglu_c2");
  // moe_swiglu_c3: one hidden extent F.
  if (!dims_match(wg.shape[2], wu.shape[2]) || !dims_match(wg.shape[2], wd.shape[1]))
    return ctx.fail("hidden-dim mismatch: w_gate F / w_up F / w_down K (" + shape_str(wg.shape) +
                        ", " + shape_str(wu.shape) + ", " + shape_str(wd.shape) + ")",
                    "moe_swiglu_c3");
  // moe_swiglu_c4: group_sizes is a rank-1 integer tensor of length E.
  const ir::Type& g = ctx.operands[4];
  if (!g.is_tensor() || g.rank() != 1 || !dtype_is_int(g.dtype) || g.dtype == DType::i1 ||
      g.dtype == DType::i4 || !dims_match(g.shape[0], wg.shape[0]))
    return ctx.fail(
        "group_sizes must be a rank-1 integer tensor of length E, got " + ir::to_string(g),
        "moe_swiglu_c4");
  if (!check_scales(ctx, x.shape[0], wg.shape[0])) return false;
  // moe_swiglu_c7: [M, N] of x's type, or f32 for a format narrower than f32.
  DType rt = x.dtype;
  if (ctx.declared.size() == 1 && ctx.declared[0].dtype == DType::f32 && x.dtype != DType::f64)
    rt = DType::f32;
  ctx.results = {ir::Type::tensor(rt, {x.shape[0], wd.shape[2]})};
  return true;
}

}  // namespace tessera::ops
