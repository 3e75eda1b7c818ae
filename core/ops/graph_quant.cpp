// Verifier hooks of tessera.quantize and tessera.dequantize (docs/ops/graph/quantization.md).
#include "core/numerics/mx.h"
#include "core/ops/infer_util.h"
#include "core/ops/policy.h"
#include "core/support/error.h"

namespace tessera::ops {
namespace {

enum class Scheme { kTensor, kMx, kNvfp4 };

/// Reads `scheme`; reports `label` when absent or unknown.
std::optional<Scheme> read_scheme(InferCtx& ctx, const char* label) {
  const ir::Attr* a = ctx.attr("scheme");
  if (!a || a->kind != ir::Attr::Kind::string) {
    ctx.fail("needs a string attribute scheme = \"tensor\" | \"mx\" | \"nvfp4\"", label);
    return std::nullopt;
  }
  if (a->s == "tensor") return Scheme::kTensor;
  if (a->s == "mx") return Scheme::kMx;
  if (a->s == "nvfp4") return Scheme::kNvfp4;
  ctx.fail("unknown scheme \"" + a->s + "\" (expected tensor, mx or nvfp4)", label);
  return std::nullopt;
}

/// Element formats a scheme stores its values in.
bool element_ok(Scheme s, DType t) {
  switch (s) {
    case Scheme::kTensor:
      return dtype_is_low_precision_float(t) && t != DType::e8m0;
    case Scheme::kMx:
      return t == DType::f8e4m3 || t == DType::f8e5m2 || t == DType::f6e3m2 || t == DType::f6e2m3 ||
             t == DType::f4e2m1;
    case Scheme::kNvfp4:
      return t == DType::f4e2m1;
  }
  return false;
}

const char* element_list(Scheme s) {
  switch (s) {
    case Scheme::kTensor:
      return "f16, bf16, fp8, fp6 or fp4";
    case Scheme::kMx:
      return "f8E4M3FN, f8E5M2, f6E3M2FN, f6E2M3FN or f4E2M1FN";
    case Scheme::kNvfp4:
      return "f4E2M1FN";
  }
  return "";
}

/// Shape of the block-scale tensor: the last axis divided into blocks (rounded up).
std::vector<int64_t> block_scale_shape(std::vector<int64_t> shape, int64_t block) {
  int64_t& last = shape.back();
  if (last != ir::kDynamic) last = (last + block - 1) / block;
  return shape;
}

/// The scale results (quantize) or scale operands (dequantize) of a scheme for data `shape`.
std::vector<ir::Type> scale_types(Scheme s, const std::vector<int64_t>& shape) {
  const ir::Type scalar = ir::Type::tensor(DType::f32, {});
  switch (s) {
    case Scheme::kTensor:
      return {scalar};
    case Scheme::kMx:
      return {ir::Type::tensor(DType::e8m0, block_scale_shape(shape, num::kMxBlock))};
    case Scheme::kNvfp4:
      return {ir::Type::tensor(DType::f8e4m3, block_scale_shape(shape, num::kNvfp4Block)), scalar};
  }
  return {};
}

bool is_scalar_f32(const ir::Type& t) {
  return t.is_tensor() && t.dtype == DType::f32 && t.shape.empty();
}

/// quantize_c8: numeric_policy holds only fields that mean something for a quantization.
bool check_policy(InferCtx& ctx) {
  const ir::Attr* pol = ctx.attr("numeric_policy");
  if (!pol) return true;
  try {
    (void)read_policy(ctx.op);
  } catch (const Error& e) {
    std::string msg = e.what();
    auto at = msg.find("numeric_policy");
    return ctx.fail(at == std::string::npos ? msg : msg.substr(at), "quantize_c8");
  }
  for (const auto& [k, v] : pol->dict)
    if (k != "rounding" && k != "profile" && k != "seed" && k != "denorm")
      return ctx.fail("numeric_policy field '" + k +
                          "' has no meaning for a quantization "
                          "(allowed: rounding, profile, seed, denorm)",
                      "quantize_c8");
  return true;
}

}  // namespace

bool infer_Quantize(InferCtx& ctx) {
  ctx.result_label = "quantize_c4";  // quantize_c4: scale results have the scheme's types
  // quantize_c1: the data operand is an f32, f16 or bf16 tensor.
  if (!require_tensor(ctx, 0, "quantize_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.dtype != DType::f32 && x.dtype != DType::f16 && x.dtype != DType::bf16)
    return ctx.fail("operand #0 must hold f32, f16 or bf16, got " + ir::to_string(x),
                    "quantize_c1");
  // quantize_c2: a known scheme.
  auto scheme = read_scheme(ctx, "quantize_c2");
  if (!scheme) return false;
  // quantize_c5: an explicit scale operand only for scheme "tensor", as tensor<f32>.
  if (ctx.operands.size() > 1) {
    if (*scheme != Scheme::kTensor)
      return ctx.fail("takes a scale operand only with scheme \"tensor\"", "quantize_c5");
    if (!is_scalar_f32(ctx.operands[1]))
      return ctx.fail("scale operand must be tensor<f32>, got " + ir::to_string(ctx.operands[1]),
                      "quantize_c5");
  }
  // quantize_c6: block schemes need rank >= 1 (blocks run along the last axis).
  if (*scheme != Scheme::kTensor && x.shape.empty())
    return ctx.fail("block scaling needs a tensor of rank >= 1, got " + ir::to_string(x),
                    "quantize_c6");
  // quantize_c7: scale_rule only for mx, "ocp" or "ceil".
  if (const ir::Attr* r = ctx.attr("scale_rule")) {
    if (*scheme != Scheme::kMx)
      return ctx.fail("scale_rule applies only to scheme \"mx\"", "quantize_c7");
    if (r->kind != ir::Attr::Kind::string || (r->s != "ocp" && r->s != "ceil"))
      return ctx.fail("scale_rule must be \"ocp\" or \"ceil\"", "quantize_c7");
  }
  if (!check_policy(ctx)) return false;
  // quantize_c3: result #0 holds a format of the scheme, with the operand's shape.
  std::vector<ir::Type> scales = scale_types(*scheme, x.shape);
  if (ctx.declared.size() != 1 + scales.size())
    return ctx.fail("scheme \"" + ctx.attr("scheme")->s + "\" gives " +
                        std::to_string(1 + scales.size()) + " results, got " +
                        std::to_string(ctx.declared.size()),
                    "quantize_c4");
  const ir::Type& q = ctx.declared[0];
  if (!q.is_tensor() || !element_ok(*scheme, q.dtype))
    return ctx.fail(
        "result #0 must hold " + std::string(element_list(*scheme)) + ", got " + ir::to_string(q),
        "quantize_c3");
  if (!ir::types_compatible(ir::Type::tensor(q.dtype, x.shape), q))
    return ctx.fail("result #0 has type " + ir::to_string(q) + " but the operand has shape " +
                        shape_str(x.shape),
                    "quantize_c3");
  ctx.results = {ir::Type::tensor(q.dtype, x.shape)};
  for (auto& t : scales) ctx.results.push_back(t);
  return true;
}

bool infer_Dequantize(InferCtx& ctx) {
  ctx.result_label = "dequantize_c4";  // dequantize_c4: the result is f32 with q's shape
  // dequantize_c1: a known scheme.
  auto scheme = read_scheme(ctx, "dequantize_c1");
  if (!scheme) return false;
  // dequantize_c2: q holds a format of the scheme (rank >= 1 for block schemes).
  if (!require_tensor(ctx, 0, "dequantize_c2")) return false;
  const ir::Type& q = ctx.operands[0];
  if (!element_ok(*scheme, q.dtype))
    return ctx.fail(
        "operand #0 must hold " + std::string(element_list(*scheme)) + ", got " + ir::to_string(q),
        "dequantize_c2");
  if (*scheme != Scheme::kTensor && q.shape.empty())
    return ctx.fail("block scaling needs a tensor of rank >= 1, got " + ir::to_string(q),
                    "dequantize_c2");
  // dequantize_c3: the scale operands have the scheme's types.
  std::vector<ir::Type> scales = scale_types(*scheme, q.shape);
  if (ctx.operands.size() != 1 + scales.size())
    return ctx.fail("scheme \"" + ctx.attr("scheme")->s + "\" takes " +
                        std::to_string(1 + scales.size()) + " operands, got " +
                        std::to_string(ctx.operands.size()),
                    "dequantize_c3");
  for (size_t k = 0; k < scales.size(); ++k)
    if (!ir::types_compatible(scales[k], ctx.operands[k + 1]))
      return ctx.fail("operand #" + std::to_string(k + 1) + " must be " + ir::to_string(scales[k]) +
                          ", got " + ir::to_string(ctx.operands[k + 1]),
                      "dequantize_c3");
  // dequantize_c5: no numeric_policy (the f32 result is exact or rounded to nearest even).
  if (ctx.attr("numeric_policy") || ctx.attr("scale_rule"))
    return ctx.fail("takes no numeric_policy or scale_rule", "dequantize_c5");
  if (ctx.declared.size() != 1)
    return ctx.fail("has one result, got " + std::to_string(ctx.declared.size()), "dequantize_c4");
  ctx.results = {ir::Type::tensor(DType::f32, q.shape)};
  return true;
}

}  // namespace tessera::ops
