// `!tessera.kv_cache` handles (docs/ops/graph/kv_cache.md, "Handles"): what the verifier hooks
// and the kernels share about them.
#pragma once

#include <cstdint>

#include "core/ir/ir.h"
#include "core/ops/registry.h"

namespace tessera::ops {

inline constexpr const char* kKvCacheType = "!tessera.kv_cache";

/// Whether `t` is the handle type.
bool is_kv_handle(const ir::Type& t);

/// The handle type (what the handle ops' results are).
ir::Type kv_handle_type();

/// What the program states about the cache a handle value came from: the attributes of the
/// tessera.kv_cache.create it was threaded from (through append, prune, commit and rollback), or
/// nothing known when it reaches a function argument or another op.
struct KvCacheInfo {
  int64_t max_seq = -1;   ///< -1: unknown
  int64_t head_dim = -1;  ///< -1: unknown or not given
  bool rolling = false;   ///< eviction = "rolling_window"
};
KvCacheInfo kv_cache_origin(const ir::Value* handle);

/// The handle form of tessera.kv_cache.append (%h, %k, %v) -> handle; the tensor form's hook
/// (graph_kv_cache.cpp) calls it when operand 0 is a handle.
bool infer_kv_append_handle(InferCtx& ctx);

}  // namespace tessera::ops
