// Checks shared by the verifier hooks of the attnstate ops (graph_attnstate_common.h).
#include "core/ops/graph_attnstate_common.h"

namespace tessera::ops::attnstate {

bool require_state_float(InferCtx& ctx, size_t k, const char* label) {
  if (!require_tensor(ctx, k, label)) return false;
  const DType t = ctx.operands[k].dtype;
  const bool ok_type = t == DType::f16 || t == DType::bf16 || t == DType::f32 || t == DType::f64;
  if (!ok_type || (k > 0 && t != ctx.operands[0].dtype))
    return ctx.fail("operand #" + std::to_string(k) + " must be an f16, bf16, f32 or f64 tensor" +
                        (k > 0 ? " of operand #0's element type" : std::string()) + ", got " +
                        ir::to_string(ctx.operands[k]),
                    label);
  return true;
}

std::optional<bool> bool_attr(InferCtx& ctx, const char* name, bool fallback, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) return fallback;
  if (a->kind == ir::Attr::Kind::boolean) return a->b;
  ctx.fail(std::string("attribute '") + name + "' must be a boolean", label);
  return std::nullopt;
}

std::optional<int64_t> positive_int_attr(InferCtx& ctx, const char* name, const char* label,
                                         bool& ok) {
  ok = true;
  const ir::Attr* a = ctx.attr(name);
  if (!a) return std::nullopt;
  if (a->kind != ir::Attr::Kind::integer || a->i <= 0) {
    ok = false;
    ctx.fail(std::string("attribute '") + name + "' must be a positive integer", label);
    return std::nullopt;
  }
  return a->i;
}

bool qkv_only_segments(InferCtx& ctx, size_t groups, const char* label) {
  const ir::Attr* seg = ctx.attr("operandSegmentSizes");
  if (!seg) return true;
  std::vector<int64_t> want(groups, 0);
  want[0] = want[1] = want[2] = 1;
  const auto v = seg->kind == ir::Attr::Kind::dense_array ? seg->as_int_array() : std::nullopt;
  if (v && *v == want) return true;
  std::string spelled = "array<i32: 1, 1, 1";
  for (size_t g = 3; g < groups; ++g) spelled += ", 0";
  return ctx.fail("operandSegmentSizes must be " + spelled +
                      "> (q, k, v; the optional operands are not supported), got " +
                      ir::to_string(*seg),
                  label);
}

}  // namespace tessera::ops::attnstate
