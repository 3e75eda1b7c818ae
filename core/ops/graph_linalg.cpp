// Verifier hooks of cholesky, svd and spmm (docs/ops/graph/linalg.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

bool float_matrix(InferCtx& ctx, size_t k, const char* label) {
  if (!require_float(ctx, k, label)) return false;
  const ir::Type& a = ctx.operands[k];
  if (a.rank() < 2 || a.dtype == DType::tf32)
    return ctx.fail(
        "needs a float tensor [..., M, N] of rank >= 2 other than tf32, got " + ir::to_string(a),
        label);
  return true;
}

bool int_vector(const ir::Type& t) {
  return t.is_tensor() && t.rank() == 1 && dtype_is_int(t.dtype) && t.dtype != DType::i1 &&
         t.dtype != DType::i4;
}

/// `label`: operand k is a float tensor [..., n, n] (square in its last two dims).
bool square(InferCtx& ctx, size_t k, const char* label) {
  if (!float_matrix(ctx, k, label)) return false;
  const ir::Type& a = ctx.operands[k];
  const int64_t m = a.shape[a.shape.size() - 2], n = a.shape.back();
  if (m != n && m != ir::kDynamic && n != ir::kDynamic)
    return ctx.fail("the matrices must be square, got " + ir::to_string(a), label);
  return true;
}

/// `label`: each named attribute, where present, is a boolean.
bool booleans(InferCtx& ctx, std::initializer_list<const char*> names, const char* label) {
  for (const char* n : names)
    if (const ir::Attr* a = ctx.attr(n); a && a->kind != ir::Attr::Kind::boolean)
      return ctx.fail(std::string("attribute '") + n + "' must be true or false", label);
  return true;
}

/// `label`: b [..., n, k] has a's element type, batch dims and n (a is [..., n, n]).
bool rhs_fits(InferCtx& ctx, const char* label) {
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  if (!require_float(ctx, 1, label)) return false;
  bool ok = b.rank() == a.rank() && b.dtype == a.dtype;
  for (size_t d = 0; ok && d + 1 < a.shape.size(); ++d)
    ok = a.shape[d] == b.shape[d] || a.shape[d] == ir::kDynamic || b.shape[d] == ir::kDynamic;
  if (!ok)
    return ctx.fail("the right-hand side must be [..., n, k] of a's type, batch dims and n, got " +
                        ir::to_string(b) + " for " + ir::to_string(a),
                    label);
  return true;
}

}  // namespace

bool infer_Cholesky(InferCtx& ctx) {
  ctx.result_label = "cholesky_c2";  // cholesky_c2: the result has the operand's type
  // cholesky_c1: a float tensor [..., n, n] (square in its last two dims); `lower` a boolean.
  if (!square(ctx, 0, "cholesky_c1") || !booleans(ctx, {"lower"}, "cholesky_c1")) return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_TriSolve(InferCtx& ctx) {
  ctx.result_label = "tri_solve_c3";  // tri_solve_c3: the result has b's type
  // tri_solve_c1: a is a float tensor [..., n, n]; lower, trans, unit_diag are booleans.
  if (!square(ctx, 0, "tri_solve_c1") ||
      !booleans(ctx, {"lower", "trans", "unit_diag"}, "tri_solve_c1"))
    return false;
  // tri_solve_c2: b is [..., n, k] with a's element type and batch dims.
  if (!rhs_fits(ctx, "tri_solve_c2")) return false;
  ctx.results = {ctx.operands[1]};
  return true;
}

bool infer_CholeskySolve(InferCtx& ctx) {
  ctx.result_label = "cholesky_solve_c3";  // cholesky_solve_c3: the result has b's type
  // cholesky_solve_c1: a is a float tensor [..., n, n]; lower is a boolean.
  if (!square(ctx, 0, "cholesky_solve_c1") || !booleans(ctx, {"lower"}, "cholesky_solve_c1"))
    return false;
  // cholesky_solve_c2: b is [..., n, k] with a's element type and batch dims.
  if (!rhs_fits(ctx, "cholesky_solve_c2")) return false;
  ctx.results = {ctx.operands[1]};
  return true;
}

bool infer_Svd(InferCtx& ctx) {
  ctx.result_label = "svd_c2";  // svd_c2: U [..., m, k], S [..., k], Vt [..., k, n]
  // svd_c1: a float tensor [..., m, n] of rank >= 2.
  if (!float_matrix(ctx, 0, "svd_c1")) return false;
  const ir::Type& a = ctx.operands[0];
  const size_t r = a.shape.size();
  const int64_t m = a.shape[r - 2], n = a.shape[r - 1];
  const int64_t k = m == ir::kDynamic || n == ir::kDynamic ? ir::kDynamic : std::min(m, n);
  std::vector<int64_t> batch(a.shape.begin(), a.shape.end() - 2);
  auto with = [&](std::initializer_list<int64_t> tail) {
    auto s = batch;
    s.insert(s.end(), tail);
    return ir::Type::tensor(a.dtype, s);
  };
  ctx.results = {with({m, k}), with({k}), with({k, n})};
  return true;
}

bool infer_Spmm(InferCtx& ctx) {
  ctx.result_label = "spmm_c4";  // spmm_c4: the result is [M, N] of the values' type
  // spmm_c1: values [nnz] and dense [K, N] are float tensors (not tf32) of one element type.
  if (!require_float(ctx, 0, "spmm_c1") || !require_float(ctx, 3, "spmm_c1")) return false;
  const ir::Type& v = ctx.operands[0];
  const ir::Type& b = ctx.operands[3];
  if (v.rank() != 1 || b.rank() != 2 || v.dtype != b.dtype || v.dtype == DType::tf32)
    return ctx.fail("needs values [nnz] and dense [K, N] of one float type, got " +
                        ir::to_string(v) + " and " + ir::to_string(b),
                    "spmm_c1");
  // spmm_c2: col_indices is a rank-1 integer tensor of length nnz.
  const ir::Type& ci = ctx.operands[1];
  if (!int_vector(ci) ||
      (ci.shape[0] != v.shape[0] && ci.shape[0] != ir::kDynamic && v.shape[0] != ir::kDynamic))
    return ctx.fail(
        "column indices must be a rank-1 integer tensor of length nnz, got " + ir::to_string(ci),
        "spmm_c2");
  // spmm_c3: row_ptr is a rank-1 integer tensor of length M + 1 >= 1.
  const ir::Type& rp = ctx.operands[2];
  if (!int_vector(rp) || rp.shape[0] == 0)
    return ctx.fail(
        "row pointers must be a rank-1 integer tensor of length M + 1, got " + ir::to_string(rp),
        "spmm_c3");
  const int64_t rows = rp.shape[0] == ir::kDynamic ? ir::kDynamic : rp.shape[0] - 1;
  ctx.results = {ir::Type::tensor(v.dtype, {rows, b.shape[1]})};
  return true;
}

}  // namespace tessera::ops
