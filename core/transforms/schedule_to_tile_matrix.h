// Matrices in scalar kernels (schedule_to_tile_linalg.cpp, _svd.cpp): element access through
// a memref with batch indices, and loops without carried values.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms::matrix_text {

using scalar_text::Text;
using Str = const std::string&;

// Element (i, j) of a matrix in memref `mem`: the batch indices `b` (none for a shared buffer),
// then i and j; `transposed`: (i, j) reads and writes element (j, i).
struct Mat {
  Text* e;
  std::string mem, memref;
  DType t;
  std::vector<std::string> b;
  bool transposed = false;
  std::vector<std::string> at(Str i, Str j) const {
    std::vector<std::string> a = b;
    a.push_back(transposed ? j : i);
    a.push_back(transposed ? i : j);
    return a;
  }
  std::string get(Str i, Str j) const { return e->load(mem, memref, t, at(i, j)); }
  void set(Str v, Str i, Str j) const { e->store(v, t, mem, memref, at(i, j)); }
  Mat t_view() const {
    Mat m = *this;
    m.transposed = !transposed;
    return m;
  }
};

// for i in [lo, hi) without carried values.
inline void each(Text& e, Str lo, Str hi, const std::function<void(Str)>& f) {
  e.loop(lo, hi, {}, [&](Str i, const std::vector<std::string>&) {
    f(i);
    return std::vector<std::string>{};
  });
}

// The checks every kernel here shares: f32 or f64 operands of static shape, rank >= 2, the
// first an m x n matrix (square unless `any_shape`), every operand with the same batch dims;
// `batch` and its count.
inline std::string check_matrices(const ir::Op& group, const ir::Op& op,
                                  std::vector<int64_t>& batch, int64_t& count, int64_t& m,
                                  int64_t& n, bool any_shape) {
  if (op.attrs.get("numeric_policy")) return "a numeric policy";
  const ir::Type& a = group.operands[0]->type;
  if (a.dtype != DType::f32 && a.dtype != DType::f64)
    return std::string(op.name) + " of " + dtype_mlir_name(a.dtype);
  for (const ir::Value* v : group.operands)
    if (!v->type.is_tensor() || !v->type.has_static_shape() || v->type.rank() < 2)
      return "not a static shape of rank >= 2";
  n = a.shape.back();
  m = a.shape[a.shape.size() - 2];
  if (!any_shape && m != n) return "not a square matrix";
  batch.assign(a.shape.begin(), a.shape.end() - 2);
  for (const ir::Value* v : group.operands)
    if (std::vector<int64_t>(v->type.shape.begin(), v->type.shape.end() - 2) != batch)
      return "operands with different batch dims";
  const std::optional<int64_t> e = a.num_elements();
  if (!e) return "too many elements";
  if (*e == 0) return "an empty tensor";
  count = *e / (m * n);
  return "";
}

}  // namespace tessera::transforms::matrix_text
