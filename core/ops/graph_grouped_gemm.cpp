// Verifier hook of tessera.grouped_gemm (docs/ops/graph/grouped_gemm.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {

bool infer_GroupedGemm(InferCtx& ctx) {
  ctx.result_label = "grouped_gemm_c3";  // grouped_gemm_c3: the result is [M, N], x's type or f32
  // grouped_gemm_c1: x [M, K] and w [G, K, N] are float tensors (not tf32) of one element type
  // with the same K.
  if (!require_float(ctx, 0, "grouped_gemm_c1") || !require_float(ctx, 1, "grouped_gemm_c1"))
    return false;
  const ir::Type& x = ctx.operands[0];
  const ir::Type& w = ctx.operands[1];
  const auto dyn_eq = [](int64_t a, int64_t b) {
    return a == b || a == ir::kDynamic || b == ir::kDynamic;
  };
  if (x.rank() != 2 || w.rank() != 3 || x.dtype != w.dtype || x.dtype == DType::tf32 ||
      !dyn_eq(x.shape[1], w.shape[1]))
    return ctx.fail("needs x [M, K] and w [G, K, N] of one float type, got " + ir::to_string(x) +
                        " and " + ir::to_string(w),
                    "grouped_gemm_c1");
  // grouped_gemm_c2: group_sizes is a rank-1 integer tensor of length G.
  const ir::Type& g = ctx.operands[2];
  if (!g.is_tensor() || g.rank() != 1 || !dtype_is_int(g.dtype) || g.dtype == DType::i1 ||
      g.dtype == DType::i4 || !dyn_eq(g.shape[0], w.shape[0]))
    return ctx.fail(
        "group sizes must be a rank-1 integer tensor of length G, got " + ir::to_string(g),
        "grouped_gemm_c2");
  // grouped_gemm_c3: the result is [M, N] of x's element type, or f32 when x is a format
  // narrower than f32 (the f32 accumulator kept, as upstream's bf16 -> f32 programs write it).
  DType rt = x.dtype;
  if (ctx.declared.size() == 1 && ctx.declared[0].dtype == DType::f32 && x.dtype != DType::f64)
    rt = DType::f32;
  ctx.results = {ir::Type::tensor(rt, {x.shape[0], w.shape[2]})};
  return true;
}

}  // namespace tessera::ops
