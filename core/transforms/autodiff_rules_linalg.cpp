// Derivative rules of the linear algebra ops (docs/ops/graph/linalg.md, "Derivatives"): spmm,
// tri_solve and cholesky_solve (their rules emit the same solves).
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

Value* slice1(Builder& b, Value* v, int64_t start, int64_t limit) {
  ir::AttrDict a;
  a.set("start", Attr::array_attr({Attr::integer_attr(start)}));
  a.set("limit", Attr::array_attr({Attr::integer_attr(limit)}));
  return b.emit1("tessera.slice", {v}, std::move(a));
}

/// The row of each stored entry as a 0/1 matrix [nnz, M] of `dtype`: entry e is in row m when
/// row_ptr[m] <= e < row_ptr[m + 1] (run-time row pointers).
Value* entry_rows(Builder& b, Value* row_ptr, int64_t nnz, DType dtype) {
  const int64_t m = row_ptr->type.shape[0] - 1;
  std::vector<int64_t> ids(static_cast<size_t>(nnz));
  for (int64_t e = 0; e < nnz; ++e) ids[static_cast<size_t>(e)] = e;
  Value* e = b.reshape(b.int_vector(ids, row_ptr->type.dtype), {nnz, 1});
  Value* lo = b.emit1("tessera.cmp_le", {slice1(b, row_ptr, 0, m), e});
  Value* hi = b.emit1("tessera.cmp_lt", {e, slice1(b, row_ptr, 1, m + 1)});
  Value* zero = b.scalar(0.0, dtype);
  return b.select(lo, b.select(hi, b.scalar(1.0, dtype), zero), zero);
}

}  // namespace

// spmm y = A dense (A in CSR): with g_rows = R g (the cotangent row of each entry, R from
// entry_rows): d values[e] = sum_j g_rows[e, j] * dense[col[e], j]; d dense = the entries'
// values[e] * g_rows[e, :] scatter-added into rows col[e].
bool vjp_Spmm(VjpCtx& c) {
  Value *values = c.x[0], *cols = c.x[1], *dense = c.x[3];
  const int64_t nnz = values->type.shape[0];
  const DType t = values->type.dtype;
  Value* g_rows = c.b.matmul(entry_rows(c.b, c.x[2], nnz, t), c.dy[0], false, false, t);
  ir::AttrDict axis0;
  axis0.set("axis", Attr::integer_attr(0));
  if (c.wants(0)) {
    Value* picked = c.b.emit1("tessera.gather", {dense, cols}, axis0);
    c.dx[0] = c.b.reduce("sum", c.b.mul(g_rows, picked), {1}, false);
  }
  if (c.wants(3)) {
    Value* upd = c.b.mul(c.b.reshape(values, {nnz, 1}), g_rows);
    ir::AttrDict a = axis0;
    a.set("reduction", Attr::string_attr("add"));
    c.dx[3] = c.b.emit1("tessera.scatter", {c.b.zeros(dense->type), cols, upd}, std::move(a));
  }
  return c.b.ok();
}
bool jvp_Spmm(JvpCtx& c) {
  auto spmm = [&](Value* v, Value* d) { return c.b.emit1("tessera.spmm", {v, c.x[1], c.x[2], d}); };
  Value* a = c.dx[0] ? spmm(c.dx[0], c.x[3]) : nullptr;
  Value* d = c.dx[3] ? spmm(c.x[0], c.dx[3]) : nullptr;
  c.dy[0] = !a ? d : !d ? a : c.b.add(a, d);
  return c.b.ok();
}

namespace {

/// x with its last two dims swapped.
Value* swap_last(Builder& b, Value* x) {
  std::vector<int64_t> perm;
  for (size_t d = 0; d < x->type.shape.size(); ++d) perm.push_back(static_cast<int64_t>(d));
  std::swap(perm[perm.size() - 1], perm[perm.size() - 2]);
  return b.transpose(x, perm);
}

/// An [n, n] matrix of `t` whose entry (i, j) is `below` for i > j, `diag` for i == j and `above`
/// for i < j (from iotas: a rule emits no large constants).
Value* band(Builder& b, int64_t n, double below, double diag, double above, DType t) {
  std::vector<int64_t> ids(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) ids[static_cast<size_t>(i)] = i;
  Value* i = b.reshape(b.int_vector(ids), {n, 1});
  Value* j = b.reshape(b.int_vector(ids), {1, n});
  Value* rest = b.select(b.emit1("tessera.cmp_eq", {i, j}), b.scalar(diag, t), b.scalar(above, t));
  return b.select(b.emit1("tessera.cmp_gt", {i, j}), b.scalar(below, t), rest);
}

/// Whether a solve's derivatives are all zero because `a` [.., n, n] or `x` [.., n, k] is empty
/// (the rules then leave them nullptr).
bool empty_solve(const Value* a, const Value* x) {
  return a->type.shape.back() == 0 || x->type.shape.back() == 0;
}

/// `op`(a, rhs) with `op`'s attributes (the solve of the same matrix), optionally transposed.
Value* solve_like(Builder& b, const ir::Op& op, Value* a, Value* rhs, bool flip_trans = false) {
  ir::AttrDict attrs = op.attrs;
  if (flip_trans) attrs.set("trans", Attr::boolean_attr(!op.attrs.get_bool("trans", false)));
  return b.emit1(op.name.c_str(), {a, rhs}, std::move(attrs), {rhs->type});
}

/// tri_solve's T: the triangle of `da` that the op reads (the diagonal dropped with unit_diag).
Value* read_triangle(Builder& b, const ir::Op& op, Value* da) {
  const bool lower = op.attrs.get_bool("lower", true);
  const double diag = op.attrs.get_bool("unit_diag", false) ? 0 : 1;
  const int64_t n = da->type.shape.back();
  return b.mul(da, band(b, n, lower ? 1 : 0, diag, lower ? 0 : 1, da->type.dtype));
}

/// cholesky_solve's A_eff: the symmetric matrix of the triangle of `da` that `lower` names.
Value* read_symmetric(Builder& b, const ir::Op& op, Value* da) {
  const bool lower = op.attrs.get_bool("lower", true);
  const int64_t n = da->type.shape.back();
  const DType t = da->type.dtype;
  Value* tri = b.mul(da, band(b, n, lower ? 1 : 0, 1, lower ? 0 : 1, t));
  Value* strict = b.mul(da, band(b, n, lower ? 1 : 0, 0, lower ? 0 : 1, t));
  return b.add(tri, swap_last(b, strict));
}

}  // namespace

// tri_solve X = op(T)⁻¹ B: B̄ = op(T)⁻ᵀ X̄ (the same solve with `trans` flipped);
// d op(T) = -B̄ Xᵀ, so T̄ = -B̄ Xᵀ (or its transpose -X B̄ᵀ with `trans`) on the triangle the op
// reads. jvp: Ẋ = op(T)⁻¹ (Ḃ - op(Ṫ) X), Ṫ the read triangle of ȧ.
bool vjp_TriSolve(VjpCtx& c) {
  if (!c.dy[0] || empty_solve(c.x[0], c.y[0])) return true;
  Builder& b = c.b;
  Value *a = c.x[0], *x = c.y[0];
  const DType t = x->type.dtype;
  Value* bbar = solve_like(b, c.op, a, c.dy[0], true);
  if (c.wants(1)) c.dx[1] = bbar;
  if (c.wants(0)) {
    Value* g = c.op.attrs.get_bool("trans", false) ? b.matmul(x, bbar, false, true, t)
                                                   : b.matmul(bbar, x, false, true, t);
    c.dx[0] = read_triangle(b, c.op, b.neg(g));
  }
  return b.ok();
}
bool jvp_TriSolve(JvpCtx& c) {
  if (empty_solve(c.x[0], c.y[0])) return true;
  Builder& b = c.b;
  Value *a = c.x[0], *x = c.y[0], *rhs = c.dx[1];
  if (c.dx[0]) {
    Value* dt = read_triangle(b, c.op, c.dx[0]);
    Value* term =
        b.matmul(dt, x, c.op.attrs.get_bool("trans", false), false, x->type.dtype);  // op(Ṫ) X
    rhs = rhs ? b.sub(rhs, term) : b.neg(term);
  }
  if (rhs) c.dy[0] = solve_like(b, c.op, a, rhs);
  return b.ok();
}

// cholesky_solve X = A⁻¹ B, A the symmetric matrix of the triangle `lower` names (A = tril(a) +
// tril(a, -1)ᵀ): B̄ = A⁻¹ X̄ (the same solve, A symmetric), Ā = -B̄ Xᵀ, and ā the transpose of
// a -> A: G + Gᵀ on the strict read triangle, G's diagonal on the diagonal, zero elsewhere.
// jvp: Ẋ = A⁻¹ (Ḃ - Ȧ X), Ȧ the symmetric matrix of ȧ's read triangle.
bool vjp_CholeskySolve(VjpCtx& c) {
  if (!c.dy[0] || empty_solve(c.x[0], c.y[0])) return true;
  Builder& b = c.b;
  Value *a = c.x[0], *x = c.y[0];
  const DType t = x->type.dtype;
  Value* bbar = solve_like(b, c.op, a, c.dy[0]);
  if (c.wants(1)) c.dx[1] = bbar;
  if (c.wants(0)) {
    Value* g = b.neg(b.matmul(bbar, x, false, true, t));
    const bool lower = c.op.attrs.get_bool("lower", true);
    const int64_t n = a->type.shape.back();
    c.dx[0] = b.mul(b.add(g, swap_last(b, g)), band(b, n, lower ? 1 : 0, 0.5, lower ? 0 : 1, t));
  }
  return b.ok();
}
bool jvp_CholeskySolve(JvpCtx& c) {
  if (empty_solve(c.x[0], c.y[0])) return true;
  Builder& b = c.b;
  Value *a = c.x[0], *x = c.y[0], *rhs = c.dx[1];
  if (c.dx[0]) {
    Value* term = b.matmul(read_symmetric(b, c.op, c.dx[0]), x, false, false, x->type.dtype);
    rhs = rhs ? b.sub(rhs, term) : b.neg(term);
  }
  if (rhs) c.dy[0] = solve_like(b, c.op, a, rhs);
  return b.ok();
}

}  // namespace tessera::transforms::autodiff
