// Verifier hooks of tessera.kv_cache.append and tessera.kv_cache.read (docs/ops/graph/kv_cache.md).
#include "core/ops/infer_util.h"
#include "core/ops/kv_handle.h"

namespace tessera::ops {
namespace {

/// The sequence axis: integer attribute `axis` (default -2) of a cache of rank >= 1.
std::optional<int64_t> seq_axis(InferCtx& ctx, const char* label) {
  const ir::Type& c = ctx.operands[0];
  const ir::Attr* a = ctx.attr("axis");
  if (c.rank() == 0 || (a && a->kind != ir::Attr::Kind::integer)) {
    ctx.fail("needs a cache of rank >= 1 and an integer 'axis'", label);
    return std::nullopt;
  }
  const int64_t axis = a ? a->i : -2;
  auto n = normalize_axis(axis, c.rank());
  if (!n)
    ctx.fail(
        "axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(c.rank()),
        label);
  return n;
}

/// The position operand `k` is a rank-0 tensor of an integer type.
bool position_operand(InferCtx& ctx, size_t k, const char* label) {
  const ir::Type& t = ctx.operands[k];
  if (t.is_tensor() && t.rank() == 0 && dtype_is_int(t.dtype) && t.dtype != DType::i1 &&
      t.dtype != DType::i4)
    return true;
  return ctx.fail("the position must be a rank-0 integer tensor, got " + ir::to_string(t), label);
}

}  // namespace

bool infer_KvCacheAppend(InferCtx& ctx) {
  // The handle form (%h, %k, %v) of upstream's stateful cache (kv_cache.md, "Handles").
  if (is_kv_handle(ctx.operands[0])) return infer_kv_append_handle(ctx);
  ctx.result_label = "kv_cache_append_c4";  // kv_cache_append_c4: the result is the cache's type
  if (!require_tensor(ctx, 0, "kv_cache_append_c1") ||
      !require_tensor(ctx, 1, "kv_cache_append_c2"))
    return false;
  // kv_cache_append_c1: the cache has rank >= 1; `axis` (default -2) is in range.
  auto axis = seq_axis(ctx, "kv_cache_append_c1");
  if (!axis) return false;
  // kv_cache_append_c2: the new entries have the cache's element type and rank, and its dims
  // except along `axis`.
  const ir::Type& c = ctx.operands[0];
  const ir::Type& n = ctx.operands[1];
  bool same = n.dtype == c.dtype && n.rank() == c.rank() && c.dtype != DType::i4;
  for (size_t d = 0; same && d < c.shape.size(); ++d)
    same = int64_t(d) == *axis || n.shape[d] == c.shape[d] || n.shape[d] == ir::kDynamic ||
           c.shape[d] == ir::kDynamic;
  if (!same)
    return ctx.fail("new entries " + ir::to_string(n) + " do not fit cache " + ir::to_string(c),
                    "kv_cache_append_c2");
  // kv_cache_append_c3: the position is a rank-0 integer tensor.
  if (!position_operand(ctx, 2, "kv_cache_append_c3")) return false;
  ctx.results = {c};
  return true;
}

bool infer_KvCacheRead(InferCtx& ctx) {
  ctx.result_label = "kv_cache_read_c4";  // kv_cache_read_c4: the cache's type, axis dim = length
  if (!require_tensor(ctx, 0, "kv_cache_read_c1")) return false;
  // kv_cache_read_c1: the cache has rank >= 1 (not i4); `axis` (default -2) is in range.
  auto axis = seq_axis(ctx, "kv_cache_read_c1");
  if (!axis) return false;
  const ir::Type& c = ctx.operands[0];
  if (c.dtype == DType::i4) return ctx.fail("i4 caches are not supported", "kv_cache_read_c1");
  // kv_cache_read_c2: the start is a rank-0 integer tensor.
  if (!position_operand(ctx, 1, "kv_cache_read_c2")) return false;
  // kv_cache_read_c3: `length` is a required integer in [0, S].
  const ir::Attr* l = ctx.attr("length");
  const int64_t s = c.shape[size_t(*axis)];
  if (!l || l->kind != ir::Attr::Kind::integer || l->i < 0 || (s != ir::kDynamic && l->i > s))
    return ctx.fail("needs an integer attribute 'length' in [0, " + std::to_string(s) + "]",
                    "kv_cache_read_c3");
  auto shape = c.shape;
  shape[size_t(*axis)] = l->i;
  ctx.results = {ir::Type::tensor(c.dtype, shape)};
  return true;
}

}  // namespace tessera::ops
