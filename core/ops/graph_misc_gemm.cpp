// Verifier hooks of upstream's GEMM variants (docs/ops/graph/misc_gemm.md): tessera.fused_epilogue
// and tessera.dequant_matmul.
#include <string>
#include <string_view>

#include "core/ops/infer_util.h"
#include "core/ops/misc_gemm.h"

namespace tessera::ops {

namespace {

bool dims_match(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }

/// A rank-2 float tensor other than tf32.
bool require_matrix(InferCtx& ctx, size_t k, const char* label) {
  if (!require_float(ctx, k, label)) return false;
  const ir::Type& t = ctx.operands[k];
  if (t.dtype == DType::tf32 || t.rank() != 2)
    return ctx.fail("operand #" + std::to_string(k) +
                        " must be a matrix of a float type other "
                        "than tf32, got " +
                        ir::to_string(t),
                    label);
  return true;
}

/// The compute type of a float element type: f64 for f64, f32 otherwise.
DType compute_type(DType t) { return t == DType::f64 ? DType::f64 : DType::f32; }

}  // namespace

int fused_epilogue_code(const ir::Attr* e) {
  if (!e) return 0;
  if (e->kind == ir::Attr::Kind::integer) return e->i >= 0 && e->i <= 2 ? int(e->i) : -1;
  if (e->kind != ir::Attr::Kind::string) return -1;
  if (e->s == "none") return 0;
  if (e->s == "relu") return 1;
  if (e->s == "gelu") return 2;
  return -1;
}

bool infer_FusedEpilogue(InferCtx& ctx) {
  ctx.result_label = "fused_epilogue_c5";  // fused_epilogue_c5: [M, N] of the program's type
  // fused_epilogue_c1: a and b are matrices of one float element type (not tf32).
  if (!require_matrix(ctx, 0, "fused_epilogue_c1") || !require_matrix(ctx, 1, "fused_epilogue_c1"))
    return false;
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  if (a.dtype != b.dtype)
    return ctx.fail(
        "a and b must share one element type, got " + ir::to_string(a) + " and " + ir::to_string(b),
        "fused_epilogue_c1");
  // fused_epilogue_c2: a is [M, K] and b [K, N].
  if (!dims_match(a.shape[1], b.shape[0]))
    return ctx.fail("contraction dims differ: " + shape_str(a.shape) + " x " + shape_str(b.shape),
                    "fused_epilogue_c2");
  const DType t = compute_type(a.dtype);
  const int64_t n = b.shape[1];
  // fused_epilogue_c3: has_bias (a boolean, default: whether there is a third operand) agrees
  // with the operands; the bias is a rank-1 [N] tensor of a's type or of the compute type.
  const ir::Attr* hb = ctx.attr("has_bias");
  if (hb && hb->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'has_bias' must be a boolean", "fused_epilogue_c3");
  const bool with_bias = ctx.operands.size() == 3;
  if (hb && hb->b != with_bias)
    return ctx.fail(std::string("has_bias = ") + (hb->b ? "true" : "false") + " but there are " +
                        std::to_string(ctx.operands.size()) + " operands",
                    "fused_epilogue_c3");
  if (with_bias) {
    if (!require_tensor(ctx, 2, "fused_epilogue_c3")) return false;
    const ir::Type& bias = ctx.operands[2];
    if ((bias.dtype != a.dtype && bias.dtype != t) || bias.rank() != 1 ||
        !dims_match(bias.shape[0], n))
      return ctx.fail("bias must be [" + std::to_string(n) + "] of " + dtype_mlir_name(a.dtype) +
                          " or " + dtype_mlir_name(t) + ", got " + ir::to_string(bias),
                      "fused_epilogue_c3");
  }
  // fused_epilogue_c4: epilogue is 0 / "none", 1 / "relu" or 2 / "gelu".
  if (fused_epilogue_code(ctx.attr("epilogue")) < 0)
    return ctx.fail("attribute 'epilogue' must be 0 (\"none\"), 1 (\"relu\") or 2 (\"gelu\")",
                    "fused_epilogue_c4");
  // fused_epilogue_c5: the result is [M, N] of a's type or of the compute type.
  DType r = t;
  if (!ctx.declared.empty() && ctx.declared[0].is_tensor() && ctx.declared[0].dtype == a.dtype)
    r = a.dtype;
  const int64_t nn = n != ir::kDynamic ? n : (with_bias ? ctx.operands[2].shape[0] : n);
  ctx.results = {ir::Type::tensor(r, {a.shape[0], nn})};
  return true;
}

std::optional<std::string_view> dequant_weight_dtype(const ir::Attr* w) {
  if (!w || w->kind != ir::Attr::Kind::string) return std::nullopt;
  for (std::string_view k : {"int4", "int8", "fp8_e4m3", "fp8_e5m2"})
    if (w->s == k) return k;
  return std::nullopt;
}

bool infer_DequantMatmul(InferCtx& ctx) {
  ctx.result_label = "dequant_matmul_c5";  // dequant_matmul_c5: [M, N] of x's type
  // dequant_matmul_c1: x is an [M, K] float matrix (not tf32).
  if (!require_matrix(ctx, 0, "dequant_matmul_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  // dequant_matmul_c2: weight_dtype is "int4", "int8", "fp8_e4m3" or "fp8_e5m2".
  const auto wd = dequant_weight_dtype(ctx.attr("weight_dtype"));
  if (!wd)
    return ctx.fail(
        "attribute 'weight_dtype' must be one of \"int4\", \"int8\", \"fp8_e4m3\", "
        "\"fp8_e5m2\"",
        "dequant_matmul_c2");
  // dequant_matmul_c3: w_codes is a [K, N] matrix: integers for int4 / int8, floats for fp8.
  if (!require_tensor(ctx, 1, "dequant_matmul_c3")) return false;
  const ir::Type& w = ctx.operands[1];
  const bool int_codes = wd->starts_with("int");
  const bool kind_ok = int_codes ? dtype_is_int(w.dtype) && w.dtype != DType::i1
                                 : dtype_is_float(w.dtype) && w.dtype != DType::tf32;
  if (!kind_ok || w.rank() != 2 || !dims_match(w.shape[0], x.shape[1]))
    return ctx.fail("w_codes must be [" + std::to_string(x.shape[1]) + ", N] of " +
                        (int_codes ? "an integer type" : "a float type") + " for " +
                        std::string(*wd) + ", got " + ir::to_string(w),
                    "dequant_matmul_c3");
  // dequant_matmul_c4: quant_group_size (default K) is an integer >= 1; the optional scale is a
  // float [ceil(K / quant_group_size), N] tensor.
  const ir::Attr* g = ctx.attr("quant_group_size");
  if (g && (g->kind != ir::Attr::Kind::integer || g->i < 1))
    return ctx.fail("attribute 'quant_group_size' must be an integer >= 1", "dequant_matmul_c4");
  if (ctx.operands.size() == 3) {
    if (!require_float(ctx, 2, "dequant_matmul_c4")) return false;
    const ir::Type& s = ctx.operands[2];
    const int64_t k = x.shape[1] != ir::kDynamic ? x.shape[1] : w.shape[0];
    int64_t groups = ir::kDynamic;
    if (k != ir::kDynamic) groups = g ? (k + g->i - 1) / g->i : 1;
    if (s.rank() != 2 || s.dtype == DType::tf32 || !dims_match(s.shape[0], groups) ||
        !dims_match(s.shape[1], w.shape[1]))
      return ctx.fail("scale must be [" + std::to_string(groups) + ", " +
                          std::to_string(w.shape[1]) + "] floats, got " + ir::to_string(s),
                      "dequant_matmul_c4");
  }
  ctx.results = {ir::Type::tensor(x.dtype, {x.shape[0], w.shape[1]})};
  return true;
}

bool infer_QuantizeFp8(InferCtx& ctx) {
  ctx.result_label = "quantize_fp8_c3";  // quantize_fp8_c3: result #0 is fp8 of x's shape
  // quantize_fp8_c1: x is a tensor of f32, f16 or bf16.
  if (!require_tensor(ctx, 0, "quantize_fp8_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.dtype != DType::f32 && x.dtype != DType::f16 && x.dtype != DType::bf16)
    return ctx.fail("x must hold f32, f16 or bf16, got " + ir::to_string(x), "quantize_fp8_c1");
  // quantize_fp8_c2: format (default "e4m3") is "e4m3" or "e5m2".
  const ir::Attr* f = ctx.attr("format");
  if (f && (f->kind != ir::Attr::Kind::string || (f->s != "e4m3" && f->s != "e5m2")))
    return ctx.fail("attribute 'format' must be \"e4m3\" or \"e5m2\", got " + ir::to_string(*f),
                    "quantize_fp8_c2");
  const DType fmt = f && f->s == "e5m2" ? DType::f8e5m2 : DType::f8e4m3;
  // quantize_fp8_c4: the scale result is f32 or tensor<f32> (default tensor<f32>).
  ir::Type scale = ir::Type::tensor(DType::f32, {});
  if (ctx.declared.size() > 1) {
    const ir::Type& s = ctx.declared[1];
    if (s.dtype != DType::f32 || !(s.is_scalar() || (s.is_tensor() && s.rank() == 0)))
      return ctx.fail("the scale result must be f32 or tensor<f32>, got " + ir::to_string(s),
                      "quantize_fp8_c4");
    scale = s;
  }
  ctx.results = {ir::Type::tensor(fmt, x.shape), scale};
  return true;
}

}  // namespace tessera::ops
