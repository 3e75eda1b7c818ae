// Verifier hooks of Graph IR shape ops (docs/ops/graph/shape.md).
#include <algorithm>

#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

bool infer_transpose_like(InferCtx& ctx) {
  ctx.result_label = "transpose_c3";
  if (!require_tensor(ctx, 0, "transpose_c1")) return false;
  const ir::Type& in = ctx.operands[0];
  // transpose_c1: `perm` is an array of integers; tessera.transpose without it follows
  // upstream's dim names, else reverses the dims (numpy.transpose); tessera.permute needs it.
  std::string why;
  auto perm = transpose_perm(ctx.op, in.rank(), &why);
  if (!perm) return ctx.fail(why, "transpose_c1");
  // transpose_c2: `perm` is a permutation of [0, rank).
  std::vector<int64_t> sorted = *perm;
  std::sort(sorted.begin(), sorted.end());
  bool is_perm = static_cast<int64_t>(sorted.size()) == in.rank();
  for (size_t k = 0; is_perm && k < sorted.size(); ++k) is_perm = sorted[k] == int64_t(k);
  if (!is_perm)
    return ctx.fail("'perm' " + shape_str(*perm) + " is not a permutation of the " +
                        std::to_string(in.rank()) + " dims of " + ir::to_string(in),
                    "transpose_c2");
  std::vector<int64_t> shape;
  for (int64_t p : *perm) shape.push_back(in.shape[size_t(p)]);
  ctx.results = {ir::Type::tensor(in.dtype, shape)};
  return true;
}

}  // namespace

bool infer_Transpose(InferCtx& c) { return infer_transpose_like(c); }
bool infer_Permute(InferCtx& c) { return infer_transpose_like(c); }

bool infer_Reshape(InferCtx& ctx) {
  ctx.result_label = "reshape_c2";
  if (!require_tensor(ctx, 0, "reshape_c1")) return false;
  const ir::Type& in = ctx.operands[0];
  const ir::Type& want = ctx.declared[0];
  // reshape_c1: the result is a tensor of the operand's element type.
  if (!want.is_tensor() || want.dtype != in.dtype)
    return ctx.fail("result must be a tensor of " + std::string(dtype_mlir_name(in.dtype)) +
                        ", got " + ir::to_string(want),
                    "reshape_c1");
  std::vector<int64_t> shape = want.shape;
  int dynamic = 0;
  int64_t known = 1;
  for (int64_t s : shape) {
    if (s == ir::kDynamic)
      ++dynamic;
    else
      known = mul_dims(known, s);
  }
  // reshape_c2: at most one result dim is dynamic; it is solved from the element count.
  if (dynamic > 1) return ctx.fail("result may have at most one dynamic dim", "reshape_c2");
  auto n = in.num_elements();
  if (n && known != ir::kDynamic) {
    if (dynamic == 1) {
      if (known == 0 || *n % known != 0)
        return ctx.fail(std::to_string(*n) + " elements cannot fill " + ir::to_string(want),
                        "reshape_c2");
      for (int64_t& s : shape)
        if (s == ir::kDynamic) s = *n / known;
    } else if (known != *n) {
      // reshape_c2: element counts agree.
      return ctx.fail("operand has " + std::to_string(*n) + " elements but the result " +
                          ir::to_string(want) + " has " + std::to_string(known),
                      "reshape_c2");
    }
  }
  ctx.results = {ir::Type::tensor(in.dtype, shape)};
  return true;
}

bool infer_Broadcast(InferCtx& ctx) {
  ctx.result_label = "broadcast_c3";
  if (!require_tensor(ctx, 0, "broadcast_c1")) return false;
  const ir::Type& in = ctx.operands[0];
  const ir::Type& want = ctx.declared[0];
  // broadcast_c1: the result is a tensor of the operand's element type, of rank >= the operand's.
  if (!want.is_tensor() || want.dtype != in.dtype || want.rank() < in.rank())
    return ctx.fail("result must be a tensor of " + std::string(dtype_mlir_name(in.dtype)) +
                        " with rank >= " + std::to_string(in.rank()) + ", got " +
                        ir::to_string(want),
                    "broadcast_c1");
  bool bad = false;
  auto dims = int_array_attr(ctx, "broadcast_dimensions", "broadcast_c2", bad);
  if (bad) return false;
  std::vector<int64_t> map(size_t(in.rank()));
  if (dims) {
    // broadcast_c2: one strictly increasing result dim per operand dim.
    bool ok = int64_t(dims->size()) == in.rank();
    for (size_t k = 0; ok && k < dims->size(); ++k)
      ok = (*dims)[k] >= 0 && (*dims)[k] < want.rank() && (k == 0 || (*dims)[k] > (*dims)[k - 1]);
    if (!ok)
      return ctx.fail("'broadcast_dimensions' " + shape_str(*dims) +
                          " must map each operand dim to a strictly increasing result dim",
                      "broadcast_c2");
    map = *dims;
  } else {
    for (size_t k = 0; k < map.size(); ++k) map[k] = want.rank() - in.rank() + int64_t(k);
  }
  std::vector<int64_t> shape = want.shape;
  for (size_t k = 0; k < map.size(); ++k) {
    int64_t s = in.shape[k], &o = shape[size_t(map[k])];
    if (s == 1 || s == ir::kDynamic) continue;
    if (o == ir::kDynamic) o = s;
    // broadcast_c3: each operand dim is 1 or equals its result dim.
    else if (o != s)
      return ctx.fail("operand dim " + std::to_string(k) + " (" + std::to_string(s) +
                          ") cannot broadcast to result dim " + std::to_string(map[k]) + " (" +
                          std::to_string(o) + ")",
                      "broadcast_c3");
  }
  ctx.results = {ir::Type::tensor(in.dtype, shape)};
  return true;
}

bool infer_Concat(InferCtx& ctx) {
  ctx.result_label = "concat_c4";
  for (size_t k = 0; k < ctx.operands.size(); ++k)
    if (!require_tensor(ctx, k, "concat_c1")) return false;
  const ir::Type& first = ctx.operands[0];
  // concat_c1: operands share element type and rank (rank >= 1).
  if (first.rank() == 0) return ctx.fail("operands must have rank >= 1", "concat_c1");
  for (const ir::Type& t : ctx.operands)
    if (t.dtype != first.dtype || t.rank() != first.rank())
      return ctx.fail("operands differ in element type or rank (" + ir::to_string(first) + " vs " +
                          ir::to_string(t) + ")",
                      "concat_c1");
  // concat_c2: `axis` is an integer in [-rank, rank).
  const ir::Attr* ax = ctx.attr("axis");
  if (!ax || !ax->is_int()) return ctx.fail("needs an integer attribute 'axis'", "concat_c2");
  auto axis = normalize_axis(ax->i, first.rank());
  if (!axis)
    return ctx.fail("axis " + std::to_string(ax->i) + " is out of range for rank " +
                        std::to_string(first.rank()),
                    "concat_c2");
  std::vector<int64_t> shape = first.shape;
  shape[size_t(*axis)] = 0;
  for (const ir::Type& t : ctx.operands) {
    for (size_t d = 0; d < shape.size(); ++d) {
      if (int64_t(d) == *axis) continue;
      if (shape[d] == ir::kDynamic) shape[d] = t.shape[d];
      // concat_c3: all dims other than `axis` agree.
      else if (t.shape[d] != ir::kDynamic && t.shape[d] != shape[d])
        return ctx.fail("operand shapes " + shape_str(first.shape) + " and " + shape_str(t.shape) +
                            " differ outside axis " + std::to_string(*axis),
                        "concat_c3");
    }
    int64_t& s = shape[size_t(*axis)];
    s = (s == ir::kDynamic || t.shape[size_t(*axis)] == ir::kDynamic) ? ir::kDynamic
                                                                      : s + t.shape[size_t(*axis)];
  }
  ctx.results = {ir::Type::tensor(first.dtype, shape)};
  return true;
}

bool infer_Slice(InferCtx& ctx) {
  ctx.result_label = "slice_c4";
  if (!require_tensor(ctx, 0, "slice_c1")) return false;
  const ir::Type& in = ctx.operands[0];
  const size_t r = size_t(in.rank());
  bool bad = false;
  auto start = int_array_attr(ctx, "start", "slice_c1", bad);
  auto limit = int_array_attr(ctx, "limit", "slice_c1", bad);
  auto sizes = int_array_attr(ctx, "sizes", "slice_c1", bad);
  auto strides = int_array_attr(ctx, "strides", "slice_c1", bad);
  if (bad) return false;
  // slice_c1: `start` and exactly one of `limit` / `sizes` are given, and every array given has
  // one entry per dim.
  if (!start || (limit.has_value() == sizes.has_value()))
    return ctx.fail("needs 'start' and exactly one of 'limit' or 'sizes'", "slice_c1");
  std::vector<int64_t> lim = limit ? *limit : std::vector<int64_t>{};
  std::vector<int64_t> str = strides ? *strides : std::vector<int64_t>(r, 1);
  if (sizes) {
    lim.resize(sizes->size());
    for (size_t d = 0; d < sizes->size() && d < start->size(); ++d) {
      if ((*sizes)[d] < 0) return ctx.fail("'sizes' must be non-negative", "slice_c3");
      if (__builtin_add_overflow((*start)[d], (*sizes)[d], &lim[d]))
        return ctx.fail("'start' + 'sizes' overflows", "slice_c3");
    }
  }
  if (start->size() != r || lim.size() != r || str.size() != r)
    return ctx.fail(
        "'start', 'limit'/'sizes' and 'strides' need " + std::to_string(r) + " entries each",
        "slice_c1");
  std::vector<int64_t> shape(r);
  for (size_t d = 0; d < r; ++d) {
    // slice_c2: strides are positive.
    if (str[d] <= 0) return ctx.fail("'strides' must be positive", "slice_c2");
    // slice_c3: 0 <= start <= limit <= dim.
    const int64_t dim = in.shape[d];
    if ((*start)[d] < 0 || (*start)[d] > lim[d] || (dim != ir::kDynamic && lim[d] > dim))
      return ctx.fail("dim " + std::to_string(d) + ": need 0 <= start (" +
                          std::to_string((*start)[d]) + ") <= limit (" + std::to_string(lim[d]) +
                          ") <= " + std::to_string(dim),
                      "slice_c3");
    shape[d] = (lim[d] - (*start)[d] + str[d] - 1) / str[d];
  }
  ctx.results = {ir::Type::tensor(in.dtype, shape)};
  return true;
}

bool infer_Constant(InferCtx& ctx) {
  ctx.result_label = "constant_c2";
  const ir::Attr* v = ctx.attr("value");
  // constant_c1: `value` is a dense elements attribute.
  if (!v || v->kind != ir::Attr::Kind::dense)
    return ctx.fail("needs a dense attribute 'value'", "constant_c1");
  // constant_c2: the result type is the attribute's type (generic comparison below).
  ctx.results = {v->type};
  return true;
}

}  // namespace tessera::ops
