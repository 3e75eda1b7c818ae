// Verifier hook of tessera.flash_attn (docs/ops/graph/attention.md).
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {

bool infer_FlashAttn(InferCtx& ctx) {
  ctx.result_label = "flash_attn_c4";
  // flash_attn_c1: q, k, v are float tensors of one element type and one rank, 4 ([B, H, S, D])
  // or, as upstream writes it, 3 ([B*H, S, D]) or 2 ([S, D]).
  const int64_t r = ctx.operands[0].rank();
  for (size_t k = 0; k < 3; ++k) {
    if (!require_float(ctx, k, "flash_attn_c1")) return false;
    const int64_t rk = ctx.operands[k].rank();
    if (rk < 2 || rk > 4 || rk != r)
      return ctx.fail("operand #" + std::to_string(k) +
                          " must have rank 4 [B, H, S, D], 3 [B*H, S, D] or 2 [S, D] like q, got " +
                          ir::to_string(ctx.operands[k]),
                      "flash_attn_c1");
    if (ctx.operands[k].dtype != ctx.operands[0].dtype)
      return ctx.fail("q, k and v must share one element type", "flash_attn_c1");
  }
  // flash_attn_c6: upstream's `operandSegmentSizes` (q, k, v and its optional mask) names the
  // three operands and no mask.
  if (const ir::Attr* seg = ctx.attr("operandSegmentSizes")) {
    const auto v = seg->kind == ir::Attr::Kind::dense_array ? seg->as_int_array() : std::nullopt;
    if (!v || *v != std::vector<int64_t>{1, 1, 1, 0})
      return ctx.fail(
          "operandSegmentSizes must be array<i32: 1, 1, 1, 0> (q, k, v; no mask), got " +
              ir::to_string(*seg),
          "flash_attn_c6");
  }
  // Ranks 3 and 2 read as rank 4 with leading dims 1 (the leading dim is the head group).
  auto as4 = [](std::vector<int64_t> s) {
    while (s.size() < 4) s.insert(s.begin(), 1);
    return s;
  };
  const auto q = as4(ctx.operands[0].shape);
  const auto k = as4(ctx.operands[1].shape);
  const auto v = as4(ctx.operands[2].shape);
  auto same = [](int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; };
  // flash_attn_c2: B and H agree, k and v have the same Sk, q and k the same D.
  if (!same(q[0], k[0]) || !same(q[0], v[0]) || !same(q[1], k[1]) || !same(q[1], v[1]) ||
      !same(k[2], v[2]) || !same(q[3], k[3]))
    return ctx.fail("shapes q " + shape_str(ctx.operands[0].shape) + ", k " +
                        shape_str(ctx.operands[1].shape) + ", v " +
                        shape_str(ctx.operands[2].shape) +
                        " do not fit [B, H, Sq, D], [B, H, Sk, D], [B, H, Sk, Dv]",
                    "flash_attn_c2");
  // flash_attn_c3: `causal` is a boolean and `scale` a finite number.
  const ir::Attr* causal = ctx.attr("causal");
  if (causal && causal->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'causal' must be true or false", "flash_attn_c3");
  const ir::Attr* scale = ctx.attr("scale");
  if (scale && (!scale->is_number() || !std::isfinite(scale->as_double())))
    return ctx.fail("attribute 'scale' must be a finite number", "flash_attn_c3");
  // flash_attn_c5: upstream's `dropout_p` is 0 (no dropout: flash_attn here is deterministic;
  // `tessera.dropout` is the seeded op) and `head_dim`, an integer, equals D where D is static.
  if (const ir::Attr* p = ctx.attr("dropout_p"); p && (!p->is_number() || p->as_double() != 0.0))
    return ctx.fail(
        "attribute 'dropout_p' must be 0 (flash_attn has no dropout; apply "
        "tessera.dropout to its operands or result)",
        "flash_attn_c5");
  if (const ir::Attr* h = ctx.attr("head_dim")) {
    if (h->kind != ir::Attr::Kind::integer || h->i < 1)
      return ctx.fail("attribute 'head_dim' must be an integer >= 1", "flash_attn_c5");
    if (q[3] != ir::kDynamic && q[3] != h->i)
      return ctx.fail("attribute 'head_dim' is " + std::to_string(h->i) + " but q's D is " +
                          std::to_string(q[3]),
                      "flash_attn_c5");
  }
  // flash_attn_c7: upstream's window_left / window_right are -1 (no window) and softcap is 0 (no
  // cap) here; dropout_seed is an integer (read by no one while dropout_p is 0).
  for (const char* w : {"window_left", "window_right"})
    if (const ir::Attr* a = ctx.attr(w); a && (a->kind != ir::Attr::Kind::integer || a->i != -1))
      return ctx.fail(std::string("attribute '") + w +
                          "' must be -1 (no window; tessera.flash_attn attends to every key, or "
                          "with causal to the keys up to the query)",
                      "flash_attn_c7");
  if (const ir::Attr* a = ctx.attr("softcap"); a && (!a->is_number() || a->as_double() != 0.0))
    return ctx.fail("attribute 'softcap' must be 0 (no logit cap)", "flash_attn_c7");
  if (const ir::Attr* a = ctx.attr("dropout_seed"); a && a->kind != ir::Attr::Kind::integer)
    return ctx.fail("attribute 'dropout_seed' must be an integer", "flash_attn_c7");
  auto pick = [](int64_t a, int64_t b) { return a == ir::kDynamic ? b : a; };
  std::vector<int64_t> out = {pick(q[0], pick(k[0], v[0])), pick(q[1], pick(k[1], v[1])), q[2],
                              v[3]};
  out.erase(out.begin(), out.begin() + (4 - r));
  // flash_attn_c4: q's element type, or f32 declared for bf16/f16 operands (the result is
  // computed in f32 and kept there).
  DType et = ctx.operands[0].dtype;
  if ((et == DType::bf16 || et == DType::f16) && !ctx.declared.empty() &&
      ctx.declared[0].dtype == DType::f32)
    et = DType::f32;
  ctx.results = {ir::Type::tensor(et, out)};
  return true;
}

}  // namespace tessera::ops
