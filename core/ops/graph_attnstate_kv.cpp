// Verifier hooks of the KV-cache handle ops: tessera.kv_cache.create, kv_cache.prune,
// cache.commit, cache.rollback and the handle form of kv_cache.append (docs/ops/graph/
// kv_cache.md, "Handles").
#include "core/ops/kv_handle.h"

#include "core/ops/graph_attnstate_common.h"

namespace tessera::ops {

bool is_kv_handle(const ir::Type& t) {
  return t.kind == ir::TypeKind::opaque && t.opaque == kKvCacheType;
}

ir::Type kv_handle_type() {
  ir::Type t;
  t.kind = ir::TypeKind::opaque;
  t.opaque = kKvCacheType;
  return t;
}

KvCacheInfo kv_cache_origin(const ir::Value* handle) {
  KvCacheInfo info;
  // Each step goes to an earlier op of the same block (SSA dominance), so the walk ends.
  for (const ir::Op* d = handle ? handle->def : nullptr; d;
       d = d->operands.empty() ? nullptr : d->operands[0]->def) {
    if (d->name == "tessera.kv_cache.create") {
      info.max_seq = d->attrs.get_int("max_seq", -1);
      info.head_dim = d->attrs.get_int("head_dim", -1);
      info.rolling = d->attrs.get_string("eviction", "none") == "rolling_window";
      return info;
    }
    const bool threads = d->name == "tessera.kv_cache.append" ||
                         d->name == "tessera.kv_cache.prune" || d->name == "tessera.cache.commit" ||
                         d->name == "tessera.cache.rollback";
    if (!threads || d->operands.empty() || !is_kv_handle(d->operands[0]->type)) break;
  }
  return info;
}

namespace {

/// kv_handle_c2: operand `k` is a `!tessera.kv_cache` handle.
bool require_handle(InferCtx& ctx, size_t k) {
  if (is_kv_handle(ctx.operands[k])) return true;
  return ctx.fail("operand #" + std::to_string(k) + " must be a !tessera.kv_cache handle, got " +
                      ir::to_string(ctx.operands[k]),
                  "kv_handle_c2");
}

/// kv_handle_c4: a count is an index or integer scalar, or a rank-0 integer tensor.
bool require_count(InferCtx& ctx, size_t k) {
  const ir::Type& t = ctx.operands[k];
  const bool shape_ok = t.is_scalar() || (t.is_tensor() && t.rank() == 0);
  if (shape_ok && dtype_is_int(t.dtype) && t.dtype != DType::i1 && t.dtype != DType::i4)
    return true;
  return ctx.fail("the count must be an index or integer scalar, got " + ir::to_string(t),
                  "kv_handle_c4");
}

bool handle_result(InferCtx& ctx) {
  ctx.result_label = "kv_handle_c6";  // kv_handle_c6: the result is a !tessera.kv_cache handle
  ctx.results = {kv_handle_type()};
  return true;
}

}  // namespace

bool infer_KvCacheCreate(InferCtx& ctx) {
  // kv_handle_c1: max_seq is a required positive integer; head_dim and page_size, where given,
  // are positive integers; eviction is "none" or "rolling_window".
  const ir::Attr* m = ctx.attr("max_seq");
  if (!m || m->kind != ir::Attr::Kind::integer || m->i <= 0)
    return ctx.fail("max_seq must be positive (a required integer attribute)", "kv_handle_c1");
  bool ok = true;
  (void)attnstate::positive_int_attr(ctx, "head_dim", "kv_handle_c1", ok);
  if (!ok) return false;
  (void)attnstate::positive_int_attr(ctx, "page_size", "kv_handle_c1", ok);
  if (!ok) return false;
  if (const ir::Attr* e = ctx.attr("eviction"))
    if (e->kind != ir::Attr::Kind::string || (e->s != "none" && e->s != "rolling_window"))
      return ctx.fail("eviction must be \"none\" or \"rolling_window\"", "kv_handle_c1");
  return handle_result(ctx);
}

bool infer_KvCachePrune(InferCtx& ctx) {
  if (!require_handle(ctx, 0)) return false;
  // kv_handle_c3: window is a required positive integer.
  const ir::Attr* w = ctx.attr("window");
  if (!w || w->kind != ir::Attr::Kind::integer || w->i <= 0)
    return ctx.fail("window must be a positive integer (required)", "kv_handle_c3");
  return handle_result(ctx);
}

bool infer_CacheCommit(InferCtx& ctx) {
  return require_handle(ctx, 0) && require_count(ctx, 1) && handle_result(ctx);
}

bool infer_CacheRollback(InferCtx& ctx) {
  return require_handle(ctx, 0) && require_count(ctx, 1) && handle_result(ctx);
}

bool infer_kv_append_handle(InferCtx& ctx) {
  // kv_handle_c5: keys and values are float tensors of one type and shape [T, ..., D] (rank >= 2)
  // whose D is the cache's head_dim where the handle comes from a kv_cache.create that names it.
  for (size_t k = 1; k < 3; ++k) {
    if (!require_tensor(ctx, k, "kv_handle_c5")) return false;
    if (!dtype_is_float(ctx.operands[k].dtype) || ctx.operands[k].rank() < 2 ||
        !ir::types_compatible(ctx.operands[k], ctx.operands[1]))
      return ctx.fail("keys and values must be float tensors of one type [T, ..., D], got " +
                          ir::to_string(ctx.operands[1]) + " and " + ir::to_string(ctx.operands[k]),
                      "kv_handle_c5");
  }
  const KvCacheInfo info = kv_cache_origin(ctx.op.operands[0]);
  const int64_t d = ctx.operands[1].shape.back();
  if (info.head_dim > 0 && d != ir::kDynamic && d != info.head_dim)
    return ctx.fail("the entries' last dim " + std::to_string(d) + " is not the cache's head_dim " +
                        std::to_string(info.head_dim),
                    "kv_handle_c5");
  return handle_result(ctx);
}

}  // namespace tessera::ops
