// Verifier hooks of upstream's rope / composite ops (docs/ops/graph/rope.md): tessera.rope,
// tessera.ntk_rope and tessera.target_verify.
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

/// A float tensor other than tf32 (label `c1` of the op).
bool require_rope_float(InferCtx& ctx, size_t k, const char* label) {
  if (!require_float(ctx, k, label)) return false;
  if (ctx.operands[k].dtype == DType::tf32)
    return ctx.fail("element type tf32 is not supported", label);
  return true;
}

/// rope / ntk_rope constraints c1..c4 under the label prefix `p` (c5 is ntk_rope's own).
bool infer_rope_common(InferCtx& ctx, const std::string& p) {
  const std::string c1 = p + "_c1", c2 = p + "_c2", c3 = p + "_c3";
  // c1: x and theta are float tensors (not tf32) of one element type.
  if (!require_rope_float(ctx, 0, c1.c_str()) || !require_rope_float(ctx, 1, c1.c_str()))
    return false;
  const ir::Type& x = ctx.operands[0];
  const ir::Type& th = ctx.operands[1];
  if (x.dtype != th.dtype)
    return ctx.fail("x and theta must share one element type, got " + ir::to_string(x) + " and " +
                        ir::to_string(th),
                    c1.c_str());
  // c2: x has rank >= 1 and an even (or dynamic) last dim.
  if (x.rank() == 0 || (x.shape.back() != ir::kDynamic && x.shape.back() % 2 != 0))
    return ctx.fail("x must have rank >= 1 and an even last dim, got " + ir::to_string(x),
                    c2.c_str());
  // c3: theta's shape is a suffix of x's (theta broadcasts over x's leading dims), rank >= 1.
  bool ok = th.rank() >= 1 && th.rank() <= x.rank();
  for (int64_t d = 1; ok && d <= th.rank(); ++d)
    ok = dims_match(th.shape[size_t(th.rank() - d)], x.shape[size_t(x.rank() - d)]);
  if (!ok)
    return ctx.fail(
        "theta shape " + shape_str(th.shape) + " must be a suffix of x shape " + shape_str(x.shape),
        c3.c_str());
  // c4 (result_label): the result has x's type.
  ctx.results = {x};
  return true;
}

}  // namespace

bool infer_Rope(InferCtx& ctx) {
  ctx.result_label = "rope_c4";  // rope_c4: the result has x's type (rank preserved)
  // Cites rope_c1 rope_c2 rope_c3 through the prefix.
  return infer_rope_common(ctx, "rope");
}

bool infer_NtkRope(InferCtx& ctx) {
  ctx.result_label = "ntk_rope_c4";  // ntk_rope_c4: the result has x's type
  // Cites ntk_rope_c1 ntk_rope_c2 ntk_rope_c3 through the prefix.
  if (!infer_rope_common(ctx, "ntk_rope")) return false;
  // ntk_rope_c5: scale (default 1.0) is a finite number > 0; a scale other than 1 needs a
  // statically shaped theta (upstream rewrites the op to rope(x, theta / scale) at compile time).
  const ir::Attr* s = ctx.attr("scale");
  double scale = 1.0;
  if (s) {
    if (!s->is_number() || !std::isfinite(s->as_double()) || s->as_double() <= 0)
      return ctx.fail("attribute 'scale' must be a finite number > 0, got " + ir::to_string(*s),
                      "ntk_rope_c5");
    scale = s->as_double();
  }
  if (scale != 1.0 && !ctx.runtime)
    for (int64_t d : ctx.operands[1].shape)
      if (d == ir::kDynamic)
        return ctx.fail("scale " + ir::to_string(*s) +
                            " needs a statically shaped theta (rope(x, theta / scale)), got " +
                            ir::to_string(ctx.operands[1]),
                        "ntk_rope_c5");
  return true;
}

bool infer_TargetVerify(InferCtx& ctx) {
  ctx.result_label = "target_verify_c3";  // target_verify_c3: the result has logits' type
  // target_verify_c1: tokens is a rank-1 i32 tensor [S].
  if (!require_tensor(ctx, 0, "target_verify_c1")) return false;
  const ir::Type& t = ctx.operands[0];
  if (t.rank() != 1 || t.dtype != DType::i32)
    return ctx.fail("tokens must be rank-1 i32, got " + ir::to_string(t), "target_verify_c1");
  // target_verify_c2: logits is an [S, V] float tensor (not tf32) with S matching tokens.
  if (!require_rope_float(ctx, 1, "target_verify_c2")) return false;
  const ir::Type& l = ctx.operands[1];
  if (l.rank() != 2 || !dims_match(l.shape[0], t.shape[0]))
    return ctx.fail(
        "logits must be S x V with S = " + shape_str(t.shape) + ", got " + ir::to_string(l),
        "target_verify_c2");
  ir::Type r = l;
  if (r.shape[0] == ir::kDynamic) r.shape[0] = t.shape[0];
  ctx.results = {r};
  return true;
}

}  // namespace tessera::ops
