// Derivative rules of the linear algebra ops (docs/ops/graph/linalg.md, "Derivatives"): spmm.
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

}  // namespace tessera::transforms::autodiff
