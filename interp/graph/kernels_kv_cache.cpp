// tessera.kv_cache.append / read kernels (docs/ops/graph/kv_cache.md): byte moves along the
// sequence axis, any element type as stored.
#include <cstring>

#include "interp/graph/index_read.h"
#include "interp/graph/kernel.h"
#include "interp/graph/kv_handle.h"

namespace tessera::interp {
namespace {

struct Layout {
  int64_t outer, seq, inner;  ///< dims before the axis (product), along it, after it (product)
  size_t esize;
};

Layout layout(const KernelCtx& c, const Tensor& t) {
  int64_t axis = c.op.attrs.get_int("axis", -2);
  if (axis < 0) axis += t.rank();
  if (axis < 0 || axis >= t.rank()) c.fail("axis out of range");
  Layout l{1, t.dim(axis), 1, size_t(dtype_bits(t.dtype())) / 8};
  for (int64_t d = 0; d < axis; ++d) l.outer *= t.dim(d);
  for (int64_t d = axis + 1; d < t.rank(); ++d) l.inner *= t.dim(d);
  return l;
}

/// The rank-0 position operand, checked: 0 <= pos and pos + count <= seq; fails citing `label`.
int64_t position(const KernelCtx& c, const Tensor& t, int64_t count, int64_t seq,
                 const char* label) {
  int64_t pos = 0;
  // Any value in [0, seq - count] is valid: checked_index reports the rest.
  with_indices(c, t, [&](const auto* p) { pos = checked_index(c, p, 0, seq - count + 1, label); });
  return pos;
}

}  // namespace

void kernel_KvCacheAppend(KernelCtx& c) {
  if (c.op.operands[0]->type.kind == ir::TypeKind::opaque) return kernel_kv_append_handle(c);
  const Tensor& cache = c.input(0);
  const Tensor& add = c.input(1);
  const Layout l = layout(c, cache);
  const int64_t t = layout(c, add).seq;
  if (t > l.seq)
    c.fail("appending " + std::to_string(t) + " entries to a cache of " + std::to_string(l.seq) +
           " (kv_cache_append_c5)");
  // kv_cache_append_c5: 0 <= pos and pos + T <= S.
  const int64_t pos = position(c, c.input(2), t, l.seq, "kv_cache_append_c5");
  std::byte* out = c.output().bytes();
  std::memcpy(out, cache.bytes(), cache.nbytes());
  const size_t row = size_t(l.inner) * l.esize;
  for (int64_t o = 0; o < l.outer; ++o)
    std::memcpy(out + size_t(o * l.seq + pos) * row, add.bytes() + size_t(o * t) * row,
                size_t(t) * row);
}

void kernel_KvCacheRead(KernelCtx& c) {
  const Tensor& cache = c.input(0);
  const Layout l = layout(c, cache);
  const int64_t len = c.op.attrs.get_int("length", 0);
  if (len < 0 || len > l.seq)
    c.fail("length " + std::to_string(len) + " is outside [0, " + std::to_string(l.seq) +
           "] (kv_cache_read_c3)");
  // kv_cache_read_c5: 0 <= start and start + length <= S.
  const int64_t start = position(c, c.input(1), len, l.seq, "kv_cache_read_c5");
  const size_t row = size_t(l.inner) * l.esize;
  for (int64_t o = 0; o < l.outer; ++o)
    std::memcpy(c.output().bytes() + size_t(o * len) * row,
                cache.bytes() + size_t(o * l.seq + start) * row, size_t(len) * row);
}

}  // namespace tessera::interp
