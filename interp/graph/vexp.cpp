// Vector form of the spec's f32 exp (core/numerics/expf.h): x * 32/ln2 = k + r, 2^(k/32) from a
// table, a cubic in r, all in f64 with the spec's FMAs, one rounding to f32 at the end; the lanes
// of the special cases (|x| >= 88, Inf, NaN) go through the scalar num::expf.
#include "interp/graph/vexp.h"

#include <cstring>

#include <immintrin.h>

#include "core/numerics/expf.h"

namespace tessera::interp {
namespace {

using num::kExpTable;
constexpr double kInvLn2N = num::kExpInvLn2N;
constexpr uint32_t kSpecialTop = num::kExpSpecialTop;
constexpr double kShift = num::kExpShift;
constexpr double kC0 = num::kExpC0;
constexpr double kC1 = num::kExpC1;
constexpr double kC2 = num::kExpC2;

float exp_one(float x) { return num::expf(x); }

/// Four lanes of the main path in f64 (AVX2).
__m128 exp4_avx2(__m128 x, const uint64_t* tab) {
  const __m256d xd = _mm256_cvtps_pd(x);
  __m256d kd = _mm256_fmadd_pd(_mm256_set1_pd(kInvLn2N), xd, _mm256_set1_pd(kShift));
  const __m256i ki = _mm256_castpd_si256(kd);
  kd = _mm256_sub_pd(kd, _mm256_set1_pd(kShift));
  const __m256d r = _mm256_fmsub_pd(_mm256_set1_pd(kInvLn2N), xd, kd);
  const __m256i idx = _mm256_and_si256(ki, _mm256_set1_epi64x(31));
  __m256i t = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(tab), idx, 8);
  t = _mm256_add_epi64(t, _mm256_slli_epi64(ki, 47));
  const __m256d s = _mm256_castsi256_pd(t);
  const __m256d z = _mm256_fmadd_pd(r, _mm256_set1_pd(kC0), _mm256_set1_pd(kC1));
  const __m256d r2 = _mm256_mul_pd(r, r);
  __m256d y = _mm256_fmadd_pd(r, _mm256_set1_pd(kC2), _mm256_set1_pd(1.0));
  y = _mm256_fmadd_pd(z, r2, y);
  return _mm256_cvtpd_ps(_mm256_mul_pd(y, s));
}

void exp_avx2(const float* x, float* y, int64_t n, const uint64_t* tab) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    const __m256i top =
        _mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(v), 20), _mm256_set1_epi32(0x7ff));
    const int special = _mm256_movemask_ps(_mm256_castsi256_ps(
        _mm256_cmpgt_epi32(top, _mm256_set1_epi32(static_cast<int>(kSpecialTop) - 1))));
    float xs[8];
    if (special) _mm256_storeu_ps(xs, v);  // x may be y
    const __m128 lo = exp4_avx2(_mm256_castps256_ps128(v), tab);
    const __m128 hi = exp4_avx2(_mm256_extractf128_ps(v, 1), tab);
    _mm256_storeu_ps(y + i, _mm256_set_m128(hi, lo));
    for (int l = 0; special && l < 8; ++l)
      if (special >> l & 1) y[i + l] = num::expf(xs[l]);
  }
  for (; i < n; ++i) y[i] = exp_one(x[i]);
}

// GCC 12 warns (-Wmaybe-uninitialized) about the undefined source vector that its headers pass
// to many unmasked AVX-512 intrinsics when they are inlined into target("avx512f") functions
// (a header artefact: the value is never used).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
constexpr __mmask8 kAll8 = 0xFF;
constexpr __mmask16 kAll16 = 0xFFFF;

/// Eight lanes of the main path in f64 (AVX-512): the table lives in four registers.
__attribute__((target("avx512f"))) __m256 exp8_avx512(__m256 x, const __m512i* tabv) {
  const __m512d xd = _mm512_maskz_cvtps_pd(kAll8, x);
  __m512d kd = _mm512_fmadd_pd(_mm512_set1_pd(kInvLn2N), xd, _mm512_set1_pd(kShift));
  const __m512i ki = _mm512_castpd_si512(kd);
  kd = _mm512_sub_pd(kd, _mm512_set1_pd(kShift));
  const __m512d r = _mm512_fmsub_pd(_mm512_set1_pd(kInvLn2N), xd, kd);
  const __m512i lo = _mm512_permutex2var_epi64(tabv[0], ki, tabv[1]);  // entries 0..15
  const __m512i hi = _mm512_permutex2var_epi64(tabv[2], ki, tabv[3]);  // entries 16..31
  const __mmask8 upper = _mm512_test_epi64_mask(ki, _mm512_set1_epi64(16));
  __m512i t = _mm512_mask_blend_epi64(upper, lo, hi);
  t = _mm512_add_epi64(t, _mm512_slli_epi64(ki, 47));
  const __m512d s = _mm512_castsi512_pd(t);
  const __m512d z = _mm512_fmadd_pd(r, _mm512_set1_pd(kC0), _mm512_set1_pd(kC1));
  const __m512d r2 = _mm512_mul_pd(r, r);
  __m512d y = _mm512_fmadd_pd(r, _mm512_set1_pd(kC2), _mm512_set1_pd(1.0));
  y = _mm512_fmadd_pd(z, r2, y);
  return _mm512_maskz_cvtpd_ps(kAll8, _mm512_mul_pd(y, s));
}

__attribute__((target("avx512f"))) void exp_avx512(const float* x, float* y, int64_t n,
                                                   const uint64_t* tab) {
  __m512i tabv[4];
  for (int q = 0; q < 4; ++q) tabv[q] = _mm512_loadu_si512(tab + 8 * q);
  int64_t i = 0;
  for (; i < n; i += 16) {
    const __mmask16 live = n - i >= 16 ? kAll16 : static_cast<__mmask16>((1u << (n - i)) - 1u);
    const __m512 v = _mm512_maskz_loadu_ps(live, x + i);
    const __m512i top =
        _mm512_and_si512(_mm512_srli_epi32(_mm512_castps_si512(v), 20), _mm512_set1_epi32(0x7ff));
    const __mmask16 special =
        _mm512_cmpge_epu32_mask(top, _mm512_set1_epi32(static_cast<int>(kSpecialTop))) & live;
    alignas(64) float xs[16];
    if (special) _mm512_store_ps(xs, v);  // x may be y
    const __m256 e0 = exp8_avx512(_mm512_castps512_ps256(v), tabv);
    const __m256 e1 =
        exp8_avx512(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)), tabv);
    const __m512 e = _mm512_castpd_ps(
        _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(e0)), _mm256_castps_pd(e1), 1));
    _mm512_mask_storeu_ps(y + i, live, e);
    for (int l = 0; special && l < 16; ++l)
      if (special >> l & 1) y[i + l] = num::expf(xs[l]);
  }
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace

void exp_f32_vector(const float* x, float* y, int64_t n, Isa isa) {
  const uint64_t* tab = kExpTable;
  if (isa == Isa::kAvx512) return exp_avx512(x, y, n, tab);
  if (isa == Isa::kAvx2) return exp_avx2(x, y, n, tab);
  for (int64_t i = 0; i < n; ++i) y[i] = num::expf(x[i]);
}

void exp_f32(const float* x, float* y, int64_t n, Isa isa) { exp_f32_vector(x, y, n, isa); }

}  // namespace tessera::interp
