// Verifier hooks of Graph IR elementwise ops (docs/ops/graph/elementwise.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// Element types elementwise ops accept: every float format but tf32 (a compute mode, not a
/// storage type) and every integer type but i4 (packed two per byte).
bool elementwise_dtype(DType t) { return t != DType::tf32 && t != DType::i4; }

/// Shared by binary ops (labels binary_c*) and comparisons (labels compare_c*): c1 both operands
/// are tensors of one supported element type, c2 their shapes broadcast.
bool infer_broadcast_pair(InferCtx& ctx, bool float_only, const char* c1, const char* c2) {
  if (!require_tensor(ctx, 0, c1) || !require_tensor(ctx, 1, c1)) return false;
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  if (a.dtype != b.dtype)
    return ctx.fail("operands have different element types (" + ir::to_string(a) + " vs " +
                        ir::to_string(b) + ")",
                    c1);
  if (!elementwise_dtype(a.dtype))
    return ctx.fail(std::string("element type ") + dtype_mlir_name(a.dtype) +
                        " is not supported by elementwise ops",
                    c1);
  if (float_only && !dtype_is_float(a.dtype))
    return ctx.fail("needs float operands, got " + ir::to_string(a), c1);
  auto shape = broadcast_shapes(a.shape, b.shape);
  if (!shape)
    return ctx.fail(
        "shapes " + shape_str(a.shape) + " and " + shape_str(b.shape) + " do not broadcast", c2);
  ctx.results = {ir::Type::tensor(a.dtype, *shape)};
  return true;
}

/// binary_c1..c3; div and pow need float operands (binary_c1).
bool infer_binary(InferCtx& ctx, bool float_only) {
  ctx.result_label = "binary_c3";  // binary_c3: the result type is the broadcast operand type
  return infer_broadcast_pair(ctx, float_only, "binary_c1", "binary_c2");
}

/// compare_c1..c3: like binary ops, but the result holds i1.
bool infer_compare(InferCtx& ctx) {
  ctx.result_label = "compare_c3";  // compare_c3: result is i1 with the broadcast shape
  if (!infer_broadcast_pair(ctx, false, "compare_c1", "compare_c2")) return false;
  // compare_c4: the optional `signedness` is "signed" or "unsigned", on integer operands only.
  if (const ir::Attr* s = ctx.attr("signedness")) {
    if (s->kind != ir::Attr::Kind::string || (s->s != "signed" && s->s != "unsigned"))
      return ctx.fail("attribute 'signedness' must be \"signed\" or \"unsigned\"", "compare_c4");
    if (!dtype_is_int(ctx.operands[0].dtype) || ctx.operands[0].dtype == DType::i1)
      return ctx.fail("attribute 'signedness' applies to integer operands, got " +
                          ir::to_string(ctx.operands[0]),
                      "compare_c4");
  }
  ctx.results[0].dtype = DType::i1;
  return true;
}

/// unary_c1: the operand is a float tensor; unary_c2: the result has its type.
bool infer_unary(InferCtx& ctx) {
  ctx.result_label = "unary_c2";
  if (!require_float(ctx, 0, "unary_c1")) return false;
  if (ctx.operands[0].dtype == DType::tf32)
    return ctx.fail("element type tf32 is not supported by elementwise ops", "unary_c1");
  ctx.results = {ctx.operands[0]};
  return true;
}

}  // namespace

bool infer_Add(InferCtx& c) { return infer_binary(c, false); }
bool infer_Sub(InferCtx& c) { return infer_binary(c, false); }
bool infer_Mul(InferCtx& c) { return infer_binary(c, false); }
bool infer_Div(InferCtx& c) { return infer_binary(c, true); }
bool infer_Max(InferCtx& c) { return infer_binary(c, false); }
bool infer_Min(InferCtx& c) { return infer_binary(c, false); }
bool infer_Pow(InferCtx& c) { return infer_binary(c, true); }
bool infer_CmpEq(InferCtx& c) { return infer_compare(c); }
bool infer_CmpNe(InferCtx& c) { return infer_compare(c); }
bool infer_CmpLt(InferCtx& c) { return infer_compare(c); }
bool infer_CmpLe(InferCtx& c) { return infer_compare(c); }
bool infer_CmpGt(InferCtx& c) { return infer_compare(c); }
bool infer_CmpGe(InferCtx& c) { return infer_compare(c); }

bool infer_Select(InferCtx& ctx) {
  ctx.result_label = "select_c4";  // select_c4: branch element type, broadcast shape
  for (size_t k = 0; k < 3; ++k)
    if (!require_tensor(ctx, k, "select_c1")) return false;
  // select_c1: the condition holds i1.
  if (ctx.operands[0].dtype != DType::i1)
    return ctx.fail("condition must hold i1, got " + ir::to_string(ctx.operands[0]), "select_c1");
  // select_c2: both branches have one supported element type.
  if (ctx.operands[1].dtype != ctx.operands[2].dtype)
    return ctx.fail("branches have different element types", "select_c2");
  if (!elementwise_dtype(ctx.operands[1].dtype))
    return ctx.fail(std::string("element type ") + dtype_mlir_name(ctx.operands[1].dtype) +
                        " is not supported by elementwise ops",
                    "select_c2");
  // select_c3: the three shapes broadcast together.
  auto s = broadcast_shapes(ctx.operands[1].shape, ctx.operands[2].shape);
  if (s) s = broadcast_shapes(ctx.operands[0].shape, *s);
  if (!s) return ctx.fail("condition and branch shapes do not broadcast", "select_c3");
  ctx.results = {ir::Type::tensor(ctx.operands[1].dtype, *s)};
  return true;
}

bool infer_Neg(InferCtx& c) { return infer_unary(c); }
bool infer_Abs(InferCtx& c) { return infer_unary(c); }
bool infer_Exp(InferCtx& c) { return infer_unary(c); }
bool infer_Log(InferCtx& c) { return infer_unary(c); }
bool infer_Sqrt(InferCtx& c) { return infer_unary(c); }
bool infer_Rsqrt(InferCtx& c) { return infer_unary(c); }
bool infer_Tanh(InferCtx& c) { return infer_unary(c); }
bool infer_Relu(InferCtx& c) { return infer_unary(c); }
bool infer_Silu(InferCtx& c) { return infer_unary(c); }
bool infer_Sigmoid(InferCtx& c) { return infer_unary(c); }

bool infer_Gelu(InferCtx& ctx) {
  if (!infer_unary(ctx)) return false;
  // gelu_c1: `approximate`, if present, is the string "none" (erf form) or "tanh".
  const ir::Attr* a = ctx.attr("approximate");
  if (a && (a->kind != ir::Attr::Kind::string || (a->s != "none" && a->s != "tanh")))
    return ctx.fail(
        "attribute 'approximate' must be \"none\" or \"tanh\", got " + ir::to_string(*a),
        "gelu_c1");
  return true;
}

}  // namespace tessera::ops
