// Vector helpers for row kernels: AVX2 (the build's baseline) and AVX-512 (per-function target).
#include "interp/graph/row_simd.h"

#include <cmath>

#include <immintrin.h>

namespace tessera::interp {
namespace {

// The masked forms with every lane set: GCC 12 warns (-Wmaybe-uninitialized) about the undefined
// source vector of the unmasked AVX-512 intrinsics inside target("avx512f") functions.
constexpr __mmask16 kAll = 0xFFFF;

/// Without NaN, the IEEE maximum is associative and commutative except for the sign of a zero
/// maximum (max_ps returns its second operand for +0 vs -0): both cases go back to the caller.
std::optional<float> finish_max(float m, bool has_nan) {
  if (has_nan || m == 0.0f) return std::nullopt;
  return m;
}

std::optional<float> row_max_avx2(const float* x, int64_t n) {
  __m256 m = _mm256_set1_ps(-INFINITY);
  __m256 nan = _mm256_setzero_ps();
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    const __m256 v = _mm256_loadu_ps(x + j);
    nan = _mm256_or_ps(nan, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    m = _mm256_max_ps(m, v);
  }
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, m);
  float r = lanes[0];
  for (int l = 1; l < 8; ++l) r = lanes[l] > r ? lanes[l] : r;
  bool has_nan = _mm256_movemask_ps(nan) != 0;
  for (; j < n; ++j) {
    has_nan |= std::isnan(x[j]);
    r = x[j] > r ? x[j] : r;
  }
  return finish_max(r, has_nan);
}

__attribute__((target("avx512f"))) std::optional<float> row_max_avx512(const float* x, int64_t n) {
  __m512 m = _mm512_set1_ps(-INFINITY);
  __mmask16 nan = 0;
  int64_t j = 0;
  for (; j + 16 <= n; j += 16) {
    const __m512 v = _mm512_loadu_ps(x + j);
    nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    m = _mm512_mask_max_ps(m, kAll, m, v);
  }
  if (j < n) {
    const __mmask16 tail = static_cast<__mmask16>((1u << (n - j)) - 1u);
    const __m512 v = _mm512_mask_loadu_ps(_mm512_set1_ps(-INFINITY), tail, x + j);
    nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    m = _mm512_mask_max_ps(m, kAll, m, v);
  }
  alignas(64) float lanes[16];  // (_mm512_reduce_max_ps trips -Wuninitialized in GCC 12)
  _mm512_store_ps(lanes, m);
  float r = lanes[0];
  for (int l = 1; l < 16; ++l) r = lanes[l] > r ? lanes[l] : r;
  return finish_max(r, nan != 0);
}

__attribute__((target("avx512f"))) void row_div_avx512(float* y, int64_t n, float s) {
  const __m512 d = _mm512_set1_ps(s);
  int64_t j = 0;
  for (; j + 16 <= n; j += 16)
    _mm512_storeu_ps(y + j, _mm512_mask_div_ps(d, kAll, _mm512_loadu_ps(y + j), d));
  if (j < n) {
    const __mmask16 tail = static_cast<__mmask16>((1u << (n - j)) - 1u);
    _mm512_mask_storeu_ps(y + j, tail,
                          _mm512_mask_div_ps(d, kAll, _mm512_maskz_loadu_ps(tail, y + j), d));
  }
}

}  // namespace

std::optional<float> row_max_f32(const float* x, int64_t n, Isa isa) {
  return isa == Isa::kAvx512 ? row_max_avx512(x, n) : row_max_avx2(x, n);
}

void row_div_f32(float* y, int64_t n, float s, Isa isa) {
  if (isa == Isa::kAvx512) return row_div_avx512(y, n, s);
  const __m256 d = _mm256_set1_ps(s);
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) _mm256_storeu_ps(y + j, _mm256_div_ps(_mm256_loadu_ps(y + j), d));
  for (; j < n; ++j) y[j] = y[j] / s;
}

}  // namespace tessera::interp
