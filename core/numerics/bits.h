// Bit-level helpers shared by every numerics header; usable in host and CUDA device code.
#pragma once

#include <cstdint>
#include <cstring>

#include "core/numerics/dtype.h"

namespace tessera::num {

/// Reinterprets the bytes of `from` as a `To` of the same size (memcpy form works in both
/// compilers).
template <class To, class From>
TESSERA_HD inline To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast needs equal sizes");
  To to;
  memcpy(&to, &from, sizeof(To));
  return to;
}

/// Count of leading zero bits of a non-zero 64-bit value.
TESSERA_HD inline int clz64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __clzll(static_cast<long long>(x));
#else
  return __builtin_clzll(x);
#endif
}

/// Count of trailing zero bits of a non-zero 64-bit value.
TESSERA_HD inline int ctz64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __ffsll(static_cast<long long>(x)) - 1;
#else
  return __builtin_ctzll(x);
#endif
}

/// Mask with the low `n` bits set, for 0 <= n <= 64.
TESSERA_HD constexpr uint64_t low_mask(int n) { return n >= 64 ? ~0ull : ((1ull << n) - 1ull); }

TESSERA_HD inline uint32_t f32_bits(float f) { return bit_cast<uint32_t>(f); }
TESSERA_HD inline float f32_from_bits(uint32_t b) { return bit_cast<float>(b); }
TESSERA_HD inline uint64_t f64_bits(double f) { return bit_cast<uint64_t>(f); }
TESSERA_HD inline double f64_from_bits(uint64_t b) { return bit_cast<double>(b); }

}  // namespace tessera::num
