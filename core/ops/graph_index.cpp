// Verifier hooks of gather, scatter, embedding and topk (docs/ops/graph/indexing.md).
#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// Element types an index operand may have: signed or unsigned integers of 8..64 bits, index.
bool is_index_dtype(DType t) { return dtype_is_int(t) && t != DType::i1 && t != DType::i4; }

bool require_index(InferCtx& ctx, size_t k, const char* label) {
  if (!require_tensor(ctx, k, label)) return false;
  if (is_index_dtype(ctx.operands[k].dtype)) return true;
  return ctx.fail("operand #" + std::to_string(k) + " must have an integer element type, got " +
                      ir::to_string(ctx.operands[k]),
                  label);
}

/// The integer attribute `axis` (default `dflt`) normalised against `rank`; reports `label`.
std::optional<int64_t> read_axis(InferCtx& ctx, int64_t rank, int64_t dflt, const char* label) {
  const ir::Attr* a = ctx.attr("axis");
  if (a && a->kind != ir::Attr::Kind::integer) {
    ctx.fail("attribute 'axis' must be an integer", label);
    return std::nullopt;
  }
  const int64_t axis = a ? a->i : dflt;
  auto n = normalize_axis(axis, rank);
  if (!n)
    ctx.fail("axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank),
             label);
  return n;
}

/// src.shape[:axis] + idx.shape + src.shape[axis+1:].
std::vector<int64_t> take_shape(const std::vector<int64_t>& src, const std::vector<int64_t>& idx,
                                int64_t axis) {
  std::vector<int64_t> s(src.begin(), src.begin() + axis);
  s.insert(s.end(), idx.begin(), idx.end());
  s.insert(s.end(), src.begin() + axis + 1, src.end());
  return s;
}

bool dims_match(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  if (a.size() != b.size()) return false;
  for (size_t d = 0; d < a.size(); ++d)
    if (a[d] != b[d] && a[d] != ir::kDynamic && b[d] != ir::kDynamic) return false;
  return true;
}

}  // namespace

bool infer_Gather(InferCtx& ctx) {
  ctx.result_label = "gather_c3";  // gather_c3: the result type (take_shape, src's element type)
  if (!require_tensor(ctx, 0, "gather_c1")) return false;
  // gather_c1: the indices are a tensor of an integer element type.
  if (!require_index(ctx, 1, "gather_c1")) return false;
  const ir::Type& src = ctx.operands[0];
  // gather_c2: `axis` (default 0) is an integer in [-rank, rank) of a source of rank >= 1.
  if (src.rank() == 0) return ctx.fail("the source must have rank >= 1", "gather_c2");
  auto axis = read_axis(ctx, src.rank(), 0, "gather_c2");
  if (!axis) return false;
  ctx.results = {ir::Type::tensor(src.dtype, take_shape(src.shape, ctx.operands[1].shape, *axis))};
  return true;
}

bool infer_Embedding(InferCtx& ctx) {
  ctx.result_label = "embedding_c3";  // embedding_c3: ids.shape + [D], the table's element type
  // embedding_c1: the table is a rank-2 tensor [V, D].
  if (!require_tensor(ctx, 0, "embedding_c1")) return false;
  const ir::Type& table = ctx.operands[0];
  if (table.rank() != 2)
    return ctx.fail("the table must have rank 2, got " + ir::to_string(table), "embedding_c1");
  // embedding_c2: the ids are a tensor of an integer element type.
  if (!require_index(ctx, 1, "embedding_c2")) return false;
  ctx.results = {ir::Type::tensor(table.dtype, take_shape(table.shape, ctx.operands[1].shape, 0))};
  return true;
}

bool infer_Scatter(InferCtx& ctx) {
  ctx.result_label = "scatter_c5";  // scatter_c5: the result type is the destination's
  if (!require_tensor(ctx, 0, "scatter_c1") || !require_tensor(ctx, 2, "scatter_c1")) return false;
  // scatter_c1: the indices are a tensor of an integer element type.
  if (!require_index(ctx, 1, "scatter_c1")) return false;
  const ir::Type& dst = ctx.operands[0];
  const ir::Type& upd = ctx.operands[2];
  // scatter_c2: `axis` (default 0) is in range for the destination (rank >= 1); the updates have
  // the destination's element type.
  if (dst.rank() == 0) return ctx.fail("the destination must have rank >= 1", "scatter_c2");
  auto axis = read_axis(ctx, dst.rank(), 0, "scatter_c2");
  if (!axis) return false;
  if (upd.dtype != dst.dtype)
    return ctx.fail("updates " + ir::to_string(upd) + " and destination " + ir::to_string(dst) +
                        " differ in element type",
                    "scatter_c2");
  if (dst.dtype == DType::i4 || dst.dtype == DType::tf32)
    return ctx.fail("element type " + ir::to_string(dst) + " is not supported", "scatter_c2");
  // scatter_c3: updates.shape = dst.shape[:axis] + idx.shape + dst.shape[axis+1:].
  auto want = take_shape(dst.shape, ctx.operands[1].shape, *axis);
  if (!dims_match(upd.shape, want))
    return ctx.fail(
        "updates have shape " + shape_str(upd.shape) + " but the indices give " + shape_str(want),
        "scatter_c3");
  // scatter_c4: `reduction` (default "none") is "none" or "add".
  const ir::Attr* r = ctx.attr("reduction");
  if (r && (r->kind != ir::Attr::Kind::string || (r->s != "none" && r->s != "add")))
    return ctx.fail("attribute 'reduction' must be \"none\" or \"add\", got " + ir::to_string(*r),
                    "scatter_c4");
  if (r && r->s == "add" && dst.dtype == DType::i1)
    return ctx.fail("reduction \"add\" is not defined on i1", "scatter_c4");
  ctx.results = {dst};
  return true;
}

bool infer_Topk(InferCtx& ctx) {
  ctx.result_label = "topk_c5";  // topk_c5: values (x's type, axis dim k) and i64 indices
  // topk_c1: the operand is a float tensor (not tf32) of rank >= 1.
  if (!require_float(ctx, 0, "topk_c1")) return false;
  const ir::Type& x = ctx.operands[0];
  if (x.dtype == DType::tf32 || x.rank() == 0)
    return ctx.fail(
        "the operand must be a float tensor of rank >= 1 other than tf32, got " + ir::to_string(x),
        "topk_c1");
  // topk_c3: `axis` (default -1) is in range.
  auto axis = read_axis(ctx, x.rank(), -1, "topk_c3");
  if (!axis) return false;
  // topk_c2: `k` is an integer with 0 <= k <= x.shape[axis].
  const ir::Attr* k = ctx.attr("k");
  if (!k || k->kind != ir::Attr::Kind::integer)
    return ctx.fail("needs an integer attribute 'k'", "topk_c2");
  const int64_t n = x.shape[size_t(*axis)];
  if (k->i < 0 || (n != ir::kDynamic && k->i > n))
    return ctx.fail("k = " + std::to_string(k->i) + " is outside [0, " + std::to_string(n) + "]",
                    "topk_c2");
  // topk_c4: `largest` (default true) is a boolean.
  const ir::Attr* l = ctx.attr("largest");
  if (l && l->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'largest' must be a boolean", "topk_c4");
  auto shape = x.shape;
  shape[size_t(*axis)] = k->i;
  ctx.results = {ir::Type::tensor(x.dtype, shape), ir::Type::tensor(DType::i64, shape)};
  return true;
}

}  // namespace tessera::ops
