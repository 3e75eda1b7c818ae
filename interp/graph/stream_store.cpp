// Non-temporal block copies for streamed kernel outputs: AVX2 (the build's baseline) and AVX-512
// (per-function target).
#include "interp/graph/stream_store.h"

#include <immintrin.h>

#include <cstring>

namespace tessera::interp {
namespace {

constexpr uintptr_t kLine = 64;

/// dst[0 .. bytes) = src[0 .. bytes) where dst is 64-byte aligned and bytes a multiple of 64.
void stream_lines_avx2(std::byte* dst, const std::byte* src, size_t bytes) {
  for (size_t k = 0; k < bytes; k += kLine) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + k));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + k + 32));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + k), a);
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + k + 32), b);
  }
}

__attribute__((target("avx512f"))) void stream_lines_avx512(std::byte* dst, const std::byte* src,
                                                            size_t bytes) {
  for (size_t k = 0; k < bytes; k += kLine)
    _mm512_stream_si512(reinterpret_cast<__m512i*>(dst + k),
                        _mm512_loadu_si512(reinterpret_cast<const void*>(src + k)));
}

}  // namespace

void stream_copy(void* dst, const void* src, size_t bytes, Isa isa) {
  auto* d = static_cast<std::byte*>(dst);
  const auto* s = static_cast<const std::byte*>(src);
  if (isa == Isa::kScalar) {
    std::memcpy(d, s, bytes);
    return;
  }
  // Plain stores up to the first line boundary and after the last whole line.
  const uintptr_t at = reinterpret_cast<uintptr_t>(d);
  const size_t head = std::min<size_t>(bytes, (kLine - at % kLine) % kLine);
  const size_t body = (bytes - head) / kLine * kLine;
  std::memcpy(d, s, head);
  if (isa == Isa::kAvx512)
    stream_lines_avx512(d + head, s + head, body);
  else
    stream_lines_avx2(d + head, s + head, body);
  std::memcpy(d + head + body, s + head + body, bytes - head - body);
}

void stream_fence() { _mm_sfence(); }

}  // namespace tessera::interp
