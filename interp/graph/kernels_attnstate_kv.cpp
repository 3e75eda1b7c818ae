// Kernels of the KV-cache handle ops (docs/ops/graph/kv_cache.md, "Handles"). In the Graph
// interpreter a `!tessera.kv_cache` value is the cache's bookkeeping: its length, the number of
// tokens it holds, stored as one f32 element (exact below 2^24, which kv_handle_c7 enforces).
// The capacity and eviction rule come from the kv_cache.create the handle was threaded from.
#include "interp/graph/kv_handle.h"

#include <algorithm>
#include <type_traits>

#include "core/ops/kv_handle.h"
#include "interp/graph/index_read.h"

namespace tessera::interp {
namespace {

constexpr int64_t kMaxLength = int64_t{1} << 24;

int64_t length_of(const KernelCtx& c) {
  const float v = c.input(0).data<float>()[0];
  if (!(v >= 0.0f) || v > float(kMaxLength) || float(int64_t(v)) != v)
    c.fail("operand #0 is not a valid !tessera.kv_cache handle (kv_handle_c7)");
  return int64_t(v);
}

void set_length(const KernelCtx& c, int64_t n) {
  if (n < 0 || n > kMaxLength)
    c.fail("a cache length of " + std::to_string(n) + " is outside [0, 2^24] (kv_handle_c7)");
  c.output().data<float>()[0] = float(n);
}

/// The count operand (index, integer scalar or rank-0 integer tensor) as int64.
int64_t count_of(const KernelCtx& c) {
  int64_t n = 0;
  with_indices(c, c.input(1), [&](const auto* p) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(p)>>;
    if constexpr (std::is_unsigned_v<T>) {
      if (uint64_t(p[0]) > uint64_t(kMaxLength)) c.fail("the count is too large (kv_handle_c7)");
    }
    n = int64_t(p[0]);
  });
  return n;
}

}  // namespace

void kernel_KvCacheCreate(KernelCtx& c) { set_length(c, 0); }

void kernel_KvCachePrune(KernelCtx& c) {
  // Keeps the newest `window` tokens.
  set_length(c, std::min(length_of(c), c.op.attrs.get_int("window", 1)));
}

void kernel_CacheCommit(KernelCtx& c) {
  const int64_t len = length_of(c), n = count_of(c);
  // kv_handle_c7: the accepted prefix is within the cache.
  if (n < 0 || n > len)
    c.fail("commit of " + std::to_string(n) + " tokens is outside [0, " + std::to_string(len) +
           "] (kv_handle_c7)");
  set_length(c, n);
}

void kernel_CacheRollback(KernelCtx& c) {
  const int64_t len = length_of(c), n = count_of(c);
  // kv_handle_c7: the number of rejected tokens is not negative; it is clamped to the length.
  if (n < 0) c.fail("rollback count " + std::to_string(n) + " is negative (kv_handle_c7)");
  set_length(c, len - std::min(n, len));
}

void kernel_kv_append_handle(KernelCtx& c) {
  const ops::KvCacheInfo info = ops::kv_cache_origin(c.op.operands[0]);
  const int64_t len = length_of(c), t = c.input(1).dim(0);
  int64_t next = len + t;  // both below 2^24 + the tensor's extent: no overflow
  if (info.max_seq > 0 && next > info.max_seq) {
    // kv_handle_c7: without rolling_window eviction the cache may not overflow.
    if (!info.rolling)
      c.fail("appending " + std::to_string(t) + " tokens to a cache holding " +
             std::to_string(len) + " of max_seq " + std::to_string(info.max_seq) +
             " (kv_handle_c7)");
    next = info.max_seq;
  }
  set_length(c, next);
}

}  // namespace tessera::interp
