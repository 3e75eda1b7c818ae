// Verifier hooks of softmax, log_softmax, layer_norm and rmsnorm (docs/ops/graph/normalization.md).
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// `<prefix>_c1`: operand 0 is a float tensor (not tf32).
bool require_norm_input(InferCtx& ctx, const std::string& c1) {
  if (!require_float(ctx, 0, c1.c_str())) return false;
  if (ctx.operands[0].dtype == DType::tf32)
    return ctx.fail("element type tf32 is not supported", c1.c_str());
  return true;
}

/// `<prefix>_c2`: the integer attribute `axis` (default -1) lies in [-rank, rank).
std::optional<int64_t> read_axis(InferCtx& ctx, const char* c2) {
  const ir::Attr* a = ctx.attr("axis");
  if (a && a->kind != ir::Attr::Kind::integer) {
    ctx.fail("attribute 'axis' must be an integer", c2);
    return std::nullopt;
  }
  int64_t axis = a ? a->i : -1;
  auto n = normalize_axis(axis, ctx.operands[0].rank());
  if (!n)
    ctx.fail("axis " + std::to_string(axis) + " is out of range for rank " +
                 std::to_string(ctx.operands[0].rank()),
             c2);
  return n;
}

/// Softmax and log_softmax: softmax_c1..c3.
bool infer_softmax(InferCtx& ctx) {
  ctx.result_label = "softmax_c3";  // softmax_c3: the result has the operand's type
  if (!require_norm_input(ctx, "softmax_c1")) return false;
  if (!read_axis(ctx, "softmax_c2")) return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

/// Cites layer_norm_c1 layer_norm_c2 layer_norm_c3 layer_norm_c4 layer_norm_c5 and rmsnorm_c1
/// rmsnorm_c2 rmsnorm_c3 rmsnorm_c4 rmsnorm_c5 through the prefix p.
/// layer_norm / rmsnorm (`p` = label prefix): c1 input, c2 axis, c3 scale/shift operands,
/// c4 epsilon, c5 result type.
bool infer_normalize(InferCtx& ctx, const std::string& p) {
  ctx.result_label = p == "layer_norm" ? "layer_norm_c5" : "rmsnorm_c5";
  if (!require_norm_input(ctx, p + "_c1")) return false;
  auto axis = read_axis(ctx, (p + "_c2").c_str());
  if (!axis) return false;
  const ir::Type& x = ctx.operands[0];
  std::vector<int64_t> norm_shape(x.shape.begin() + *axis, x.shape.end());
  // c3: gamma (and beta) have x's element type and the normalised shape x.shape[axis:].
  for (size_t k = 1; k < ctx.operands.size(); ++k) {
    const char* what = k == 1 ? "gamma" : "beta";
    if (!require_tensor(ctx, k, (p + "_c3").c_str())) return false;
    const ir::Type& g = ctx.operands[k];
    if (g.dtype != x.dtype)
      return ctx.fail(std::string(what) + " has element type " + dtype_mlir_name(g.dtype) +
                          " but x has " + dtype_mlir_name(x.dtype),
                      (p + "_c3").c_str());
    bool ok = g.shape.size() == norm_shape.size();
    for (size_t d = 0; ok && d < norm_shape.size(); ++d)
      ok = g.shape[d] == norm_shape[d] || g.shape[d] == ir::kDynamic ||
           norm_shape[d] == ir::kDynamic;
    if (!ok)
      return ctx.fail(std::string(what) + " has shape " + shape_str(g.shape) +
                          " but the normalised dims of x are " + shape_str(norm_shape),
                      (p + "_c3").c_str());
  }
  // c4: epsilon (default 1e-5) is a finite number >= 0.
  const ir::Attr* eps = ctx.attr("epsilon");
  if (eps && (!eps->is_number() || !std::isfinite(eps->as_double()) || eps->as_double() < 0))
    return ctx.fail("attribute 'epsilon' must be a finite number >= 0, got " + ir::to_string(*eps),
                    (p + "_c4").c_str());
  ctx.results = {x};
  return true;
}

}  // namespace

bool infer_Softmax(InferCtx& c) { return infer_softmax(c); }
bool infer_LogSoftmax(InferCtx& c) { return infer_softmax(c); }
bool infer_LayerNorm(InferCtx& c) { return infer_normalize(c, "layer_norm"); }
bool infer_RmsNorm(InferCtx& c) { return infer_normalize(c, "rmsnorm"); }

}  // namespace tessera::ops
