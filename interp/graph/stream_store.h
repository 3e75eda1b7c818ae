// Output writes of elementwise kernels: large outputs stream past the caches (non-temporal
// stores), small ones are written in place.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <tbb/parallel_for.h>

#include "interp/graph/isa.h"

namespace tessera::interp {

/// Outputs from this many bytes on are streamed: their writes would evict the inputs from a
/// last-level cache of this size anyway, and the next op cannot find them there. A non-temporal
/// store skips the read-for-ownership of each output line (3 memory streams for a binary op
/// instead of 4). Below it the output stays in the cache for the next op.
inline constexpr size_t kStreamFromBytes = size_t{8} << 20;

/// Bytes an elementwise kernel computes at a time before it streams them out: one 4 KB block
/// fits the L1 cache, and block boundaries keep every streamed block 64-byte aligned.
inline constexpr int64_t kStreamBlockBytes = 4096;

/// Copies `bytes` from `src` to `dst` with non-temporal stores (`isa`'s widest; plain stores for
/// the part of `dst` outside whole 64-byte lines, and memcpy for Isa::kScalar). The bytes written
/// are the bytes of src; only the cache traffic differs. Call stream_fence() before the written
/// memory is handed to another thread.
void stream_copy(void* dst, const void* src, size_t bytes, Isa isa);

/// Orders this thread's earlier non-temporal stores before its later stores (sfence).
void stream_fence();

/// Whether an output of `bytes` is streamed under `isa` (never for the scalar reference path).
inline bool stream_output(size_t bytes, Isa isa) {
  return isa != Isa::kScalar && bytes >= kStreamFromBytes;
}

/// Writes the n elements of `out` in parallel: fill(lo, len, d) stores the values of elements
/// lo .. lo + len - 1 at d[0 .. len). `d` is out + lo itself, or (for a streamed output) a
/// cache-resident block that is then streamed to out + lo. Elements do not depend on each
/// other, so any split gives the same bits; `grain` is the smallest split in elements.
template <typename R, typename Fill>
void for_output(R* out, int64_t n, int64_t grain, Fill fill) {
  const Isa isa = active_isa();
  if (n <= 0) return;
  if (!stream_output(static_cast<size_t>(n) * sizeof(R), isa)) {
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, grain), [&](const auto& r) {
      fill(r.begin(), r.end() - r.begin(), out + r.begin());
    });
    return;
  }
  constexpr int64_t kBlock = kStreamBlockBytes / static_cast<int64_t>(sizeof(R));
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  // Whole blocks per task: each task streams whole 64-byte lines of the (aligned) output.
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, blocks, std::max<int64_t>(1, grain / kBlock)),
                    [&](const auto& r) {
                      alignas(64) R buf[kBlock];
                      for (int64_t b = r.begin(); b < r.end(); ++b) {
                        const int64_t lo = b * kBlock, len = std::min(kBlock, n - lo);
                        fill(lo, len, buf);
                        stream_copy(out + lo, buf, static_cast<size_t>(len) * sizeof(R), isa);
                      }
                      stream_fence();
                    });
}

}  // namespace tessera::interp
