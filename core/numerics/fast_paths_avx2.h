// AVX2 versions of the fast_paths.h kernels (host only), lane for lane the same arithmetic.
#pragma once

#include "core/numerics/fast_paths.h"

#if defined(__AVX2__) && !defined(__CUDA_ARCH__)
#include <immintrin.h>

#define TESSERA_NUMERICS_AVX2 1

namespace tessera::num::fast::avx2 {

/// Eight f32 patterns -> eight small-format patterns in the low byte of each 32-bit lane; the
/// same steps as fast::f32_to_small (see there), one instruction per scalar operation.
template <class F, bool kCuda, bool kSat>
inline __m256i f32_to_small8(__m256i u) {
  using C = SmallCast<F, kCuda, kSat>;
  const auto set = [](uint32_t v) { return _mm256_set1_epi32(int(v)); };
  const __m256i sign = _mm256_and_si256(_mm256_srli_epi32(u, C::kSignShift), set(C::kSignBit));
  const __m256i a = _mm256_and_si256(u, set(0x7FFFFFFFu));
  // Normal results: round to nearest even by an integer add on the pattern, then rebias.
  const __m256i odd = _mm256_and_si256(_mm256_srli_epi32(a, C::kShift), set(1));
  const __m256i r = _mm256_srli_epi32(
      _mm256_add_epi32(_mm256_add_epi32(a, set((1u << (C::kShift - 1)) - 1u)), odd), C::kShift);
  const __m256i normal = _mm256_sub_epi32(r, set(C::kRebias));
  // Subnormal results: one f32 addition of the magic constant.
  const __m256 f = _mm256_add_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(set(C::kMagic)));
  const __m256i sub = _mm256_sub_epi32(_mm256_castps_si256(f), set(C::kMagic));
  // a < 2^31, so signed compares are exact; normal < 2^31 whenever a >= C::kMinNormal.
  const __m256i is_sub = _mm256_cmpgt_epi32(set(C::kMinNormal), a);
  __m256i res = _mm256_blendv_epi8(normal, sub, is_sub);
  const __m256i ovf = _mm256_andnot_si256(is_sub, _mm256_cmpgt_epi32(normal, set(C::kMax)));
  res = _mm256_blendv_epi8(res, set(C::kOvf), ovf);
  const __m256i is_inf = _mm256_cmpeq_epi32(a, set(0x7F800000u));
  if constexpr (C::kFn && !kCuda) {
    res = _mm256_blendv_epi8(res, set(C::kAllOnes), is_inf);
  }
  if constexpr (!C::kFn && !C::kNone && !(kCuda && kSat)) {
    res = _mm256_blendv_epi8(res, set(C::kExpAll), is_inf);
  }
  res = _mm256_or_si256(res, sign);
  __m256i nan;
  if constexpr (C::kNone)
    nan = kCuda ? set(C::kMax) : _mm256_xor_si256(sign, set(C::kSignBit));
  else if constexpr (kCuda)
    nan = set(C::kAllOnes);
  else
    nan = _mm256_or_si256(sign,
                          set(C::kExpAll | (C::kFn ? ((1u << C::kM) - 1) : (1u << (C::kM - 1)))));
  return _mm256_blendv_epi8(res, nan, _mm256_cmpgt_epi32(a, set(0x7F800000u)));
}

/// Packs four vectors of byte-valued 32-bit lanes into 32 bytes in element order.
inline __m256i pack_bytes(__m256i v0, __m256i v1, __m256i v2, __m256i v3) {
  const __m256i p01 = _mm256_packus_epi32(v0, v1);  // lanes stay within 128-bit halves
  const __m256i p23 = _mm256_packus_epi32(v2, v3);
  const __m256i b = _mm256_packus_epi16(p01, p23);
  return _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/// s[0..n) -> d[0..n): 32 elements per step, the scalar kernel for the tail.
template <class F, bool kCuda, bool kSat>
inline void f32_to_small_n(const uint32_t* s, uint8_t* d, size_t n) {
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const auto* p = reinterpret_cast<const __m256i*>(s + i);
    const __m256i v0 = f32_to_small8<F, kCuda, kSat>(_mm256_loadu_si256(p));
    const __m256i v1 = f32_to_small8<F, kCuda, kSat>(_mm256_loadu_si256(p + 1));
    const __m256i v2 = f32_to_small8<F, kCuda, kSat>(_mm256_loadu_si256(p + 2));
    const __m256i v3 = f32_to_small8<F, kCuda, kSat>(_mm256_loadu_si256(p + 3));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + i), pack_bytes(v0, v1, v2, v3));
  }
  for (; i < n; ++i) d[i] = f32_to_small<F, kCuda, kSat>(s[i]);
}

/// Eight f32 patterns -> eight bf16 patterns in the low half of each lane (fast::f32_to_bf16).
template <bool kCuda, bool kSat>
inline __m256i f32_to_bf16_8(__m256i u) {
  const auto set = [](uint32_t v) { return _mm256_set1_epi32(int(v)); };
  const __m256i sign = _mm256_and_si256(_mm256_srli_epi32(u, 16), set(0x8000u));
  const __m256i a = _mm256_and_si256(u, set(0x7FFFFFFFu));
  const __m256i odd = _mm256_and_si256(_mm256_srli_epi32(a, 16), set(1));
  __m256i r = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(a, set(0x7FFFu)), odd), 16);
  if constexpr (kSat) {
    __m256i over = _mm256_cmpgt_epi32(r, set(0x7F7Fu));
    if constexpr (!kCuda) over = _mm256_andnot_si256(_mm256_cmpeq_epi32(a, set(0x7F800000u)), over);
    r = _mm256_blendv_epi8(r, set(0x7F7Fu), over);
  }
  r = _mm256_or_si256(r, sign);
  const __m256i nan = kCuda ? set(0x7FFFu) : _mm256_or_si256(sign, set(0x7FC0u));
  return _mm256_blendv_epi8(r, nan, _mm256_cmpgt_epi32(a, set(0x7F800000u)));
}

template <bool kCuda, bool kSat>
inline void f32_to_bf16_n(const uint32_t* s, uint16_t* d, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const auto* p = reinterpret_cast<const __m256i*>(s + i);
    const __m256i v0 = f32_to_bf16_8<kCuda, kSat>(_mm256_loadu_si256(p));
    const __m256i v1 = f32_to_bf16_8<kCuda, kSat>(_mm256_loadu_si256(p + 1));
    const __m256i w = _mm256_permute4x64_epi64(_mm256_packus_epi32(v0, v1), 0xD8);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + i), w);
  }
  for (; i < n; ++i) d[i] = f32_to_bf16<kCuda, kSat>(s[i]);
}

/// Bits of the largest |x| of 32 floats as an integer max of the magnitude patterns: equal to
/// the f32 maximum for finite inputs, above 0x7F800000 when any element is NaN.
inline uint32_t amax_bits32(const float* x) {
  const __m256i m = _mm256_set1_epi32(0x7FFFFFFF);
  const auto* p = reinterpret_cast<const __m256i*>(x);
  __m256i a = _mm256_max_epu32(_mm256_and_si256(_mm256_loadu_si256(p), m),
                               _mm256_and_si256(_mm256_loadu_si256(p + 1), m));
  a = _mm256_max_epu32(a, _mm256_max_epu32(_mm256_and_si256(_mm256_loadu_si256(p + 2), m),
                                           _mm256_and_si256(_mm256_loadu_si256(p + 3), m)));
  __m128i h = _mm_max_epu32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
  h = _mm_max_epu32(h, _mm_shuffle_epi32(h, 0x4E));
  h = _mm_max_epu32(h, _mm_shuffle_epi32(h, 0xB1));
  return uint32_t(_mm_cvtsi128_si32(h));
}

/// One full MX block: the 32 elements x * factor converted with saturation.
template <class F, bool kCuda>
inline void mx_block32(const float* x, float factor, uint8_t* d) {
  const __m256 fv = _mm256_set1_ps(factor);
  __m256i v[4];
  for (int k = 0; k < 4; ++k) {
    const __m256 y = _mm256_mul_ps(_mm256_loadu_ps(x + 8 * k), fv);
    v[k] = f32_to_small8<F, kCuda, true>(_mm256_castps_si256(y));
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d), pack_bytes(v[0], v[1], v[2], v[3]));
}

}  // namespace tessera::num::fast::avx2

#endif
