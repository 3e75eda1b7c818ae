// Verifier hooks of tessera.qr and tessera.lu (docs/ops/graph/qr_lu.md).
#include "core/ops/train_util.h"

namespace tessera::ops {
namespace {

/// <p>_c1: a float tensor (not tf32) of rank >= 2 (leading dims are a batch).
bool matrix_operand(InferCtx& ctx, const char* label) {
  if (!require_float(ctx, 0, label)) return false;
  const ir::Type& a = ctx.operands[0];
  if (a.dtype == DType::tf32 || a.rank() < 2)
    return ctx.fail("expects a float matrix (rank >= 2, not tf32), got " + ir::to_string(a), label);
  return true;
}

}  // namespace

bool infer_Qr(InferCtx& ctx) {
  ctx.result_label = "qr_c3";
  if (!matrix_operand(ctx, "qr_c1")) return false;
  const ir::Type& a = ctx.operands[0];
  const int64_t m = a.shape[a.shape.size() - 2], n = a.shape.back();
  // qr_c2: M >= N (the reduced factorization has a square N x N R).
  if (m != ir::kDynamic && n != ir::kDynamic && m < n)
    return ctx.fail("expects M >= N (the reduced QR of an M x N matrix), got " + ir::to_string(a),
                    "qr_c2");
  // qr_c3: Q has A's type; R is N x N (square, of order N) with A's batch dims and element type.
  std::vector<int64_t> r = a.shape;
  r[r.size() - 2] = n;
  ctx.results = {a, ir::Type::tensor(a.dtype, r)};
  return true;
}

bool infer_Lu(InferCtx& ctx) {
  ctx.result_label = "lu_c3";
  if (!matrix_operand(ctx, "lu_c1")) return false;
  const ir::Type& a = ctx.operands[0];
  const int64_t m = a.shape[a.shape.size() - 2], n = a.shape.back();
  // lu_c2: the matrix is square.
  if (m != ir::kDynamic && n != ir::kDynamic && m != n)
    return ctx.fail("expects a square matrix, got " + ir::to_string(a), "lu_c2");
  // lu_c3: the packed factors have A's type; the pivots are i32 of shape [batch..., N].
  std::vector<int64_t> p(a.shape.begin(), a.shape.end() - 1);
  if (p.back() == ir::kDynamic) p.back() = n;
  ctx.results = {a, ir::Type::tensor(DType::i32, p)};
  return true;
}

}  // namespace tessera::ops
