// Vector expf reproducing glibc's algorithm: x * 32/ln2 = k + r, 2^(k/32) from a table, a cubic
// in r, all in f64 with the FMAs glibc's x86-64 FMA build uses, one rounding to f32 at the end.
#include "interp/graph/vexp.h"

#include <cmath>
#include <cstring>
#include <vector>

#include <immintrin.h>

namespace tessera::interp {
namespace {

constexpr double kInvLn2N = 0x1.71547652b82fep+5;  // 32 / ln 2
constexpr double kShift = 0x1.8p+52;               // rounds to an integer in the low bits
constexpr double kC0 = 0x1.c6af84b912394p-20;      // cubic of 2^(r/32), scaled by 32^-k
constexpr double kC1 = 0x1.ebfce50fac4f3p-13;
constexpr double kC2 = 0x1.62e42ff0c52d6p-6;
constexpr uint32_t kSpecialTop = 0x42a;  // (bits >> 20) & 0x7ff of 88.0f: |x| >= 88, Inf, NaN

/// tab[i] = bits(2^(i/32)) - (i << 47): the exponent of 2^k is added back as ki << 47.
struct Table {
  alignas(64) uint64_t t[32];
};

Table make_table() {
  Table tb{};
  for (int i = 0; i < 32; ++i) {
    const double v = std::exp2(i / 32.0);
    uint64_t b;
    std::memcpy(&b, &v, 8);
    tb.t[i] = b - (static_cast<uint64_t>(i) << 47);
  }
  return tb;
}

const Table& table() {
  static const Table tb = make_table();
  return tb;
}

uint32_t top12(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return (b >> 20) & 0x7ff;
}

/// The scalar form of the main path (for the tails of the AVX2 loop).
float exp_main_scalar(float x, const uint64_t* tab) {
  const double xd = x;
  double kd = std::fma(kInvLn2N, xd, kShift);
  uint64_t ki;
  std::memcpy(&ki, &kd, 8);
  kd -= kShift;
  const double r = std::fma(kInvLn2N, xd, -kd);
  uint64_t t = tab[ki % 32] + (ki << 47);
  double s;
  std::memcpy(&s, &t, 8);
  const double z = std::fma(r, kC0, kC1);
  const double r2 = r * r;
  double y = std::fma(r, kC2, 1.0);
  y = std::fma(z, r2, y);
  return static_cast<float>(y * s);
}

float exp_one(float x, const uint64_t* tab) {
  return top12(x) >= kSpecialTop ? std::exp(x) : exp_main_scalar(x, tab);
}

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
      if (special >> l & 1) y[i + l] = std::exp(xs[l]);
  }
  for (; i < n; ++i) y[i] = exp_one(x[i], tab);
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
  for (int q = 0; q < 4; ++q) tabv[q] = _mm512_load_si512(tab + 8 * q);
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
      if (special >> l & 1) y[i + l] = std::exp(xs[l]);
  }
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/// Inputs that cover the main path's every binade and both signs, its boundaries and the
/// special cases.
std::vector<float> sample_inputs() {
  std::vector<float> v;
  for (uint64_t b = 0; b < 0x100000000ull; b += 0x10001) {  // 65536 patterns over all bits
    float f;
    const auto bits = static_cast<uint32_t>(b);
    std::memcpy(&f, &bits, 4);
    v.push_back(f);
  }
  for (float f = -104.0f; f < 89.0f; f += 0.0137f) v.push_back(f);
  for (float f : {88.0f, -88.0f, 88.72283f, -103.97208f, -103.27893f, 0.0f, -0.0f, INFINITY,
                  -INFINITY, NAN, 1e-45f, -1e-45f})
    v.push_back(f);
  return v;
}

bool check_exact() {
  const std::vector<float> in = sample_inputs();
  std::vector<float> out(in.size());
  for (Isa isa : {Isa::kAvx2, Isa::kAvx512}) {
    if (!isa_available(isa)) continue;
    exp_f32_vector(in.data(), out.data(), static_cast<int64_t>(in.size()), isa);
    for (size_t i = 0; i < in.size(); ++i) {
      const float want = std::exp(in[i]);
      if (std::memcmp(&want, &out[i], 4) != 0) return false;
    }
  }
  return true;
}

}  // namespace

void exp_f32_vector(const float* x, float* y, int64_t n, Isa isa) {
  const uint64_t* tab = table().t;
  if (isa == Isa::kAvx512) return exp_avx512(x, y, n, tab);
  if (isa == Isa::kAvx2) return exp_avx2(x, y, n, tab);
  for (int64_t i = 0; i < n; ++i) y[i] = std::exp(x[i]);
}

bool vexp_is_exact() {
  static const bool exact = check_exact();  // the C library does not change while we run
  return exact;
}

void exp_f32(const float* x, float* y, int64_t n, Isa isa) {
  if (isa != Isa::kScalar && vexp_is_exact()) return exp_f32_vector(x, y, n, isa);
  for (int64_t i = 0; i < n; ++i) y[i] = std::exp(x[i]);
}

}  // namespace tessera::interp
