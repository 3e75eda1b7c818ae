// The spec's f64 cos for randn's Box-Muller step (docs/ops/graph/random.md): cos(x) correctly
// rounded for the arguments randn forms, from f64 +, -, * and comparisons only (no fma, no bit
// access), so that a Tile IR kernel can repeat it op for op and the CUDA prelude can compile it.
// Argument reduction by Cody and Waite with pi/2 in four parts, then the Taylor series of cos or
// sin in double-double arithmetic (Dekker's products, Knuth's sums), rounded once to f64.
#pragma once

#include "core/numerics/dd.h"
#include "core/numerics/dtype.h"

namespace tessera::num {

namespace cos64_detail {

/// a + b of two double-doubles with both tails' sums kept (TwoSum of the heads and of the tails;
/// more accurate than dd_add when the tails cancel).
TESSERA_HD inline DD add(DD a, DD b) {
  const DD s = dd_two_sum(a.hi, b.hi), t = dd_two_sum(a.lo, b.lo);
  DD r = dd_fast_two_sum(s.hi, s.lo + t.hi);
  return dd_fast_two_sum(r.hi, r.lo + t.lo);
}

// pi/2 = kPio2[0] + kPio2[1] + kPio2[2] + kPio2[3] within 2^-159; the first three have at most
// 32 significant bits, so k * kPio2[i] is exact for k < 2^21.
inline constexpr double kPio2[4] = {0x1.921fb544p+0, 0x1.0b4611a6p-34, 0x1.3198a2ep-69,
                                    0x1.b839a252049c1p-104};
inline constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;

// The series of cos(r) and sin(r) / r in z = r^2: (-1)^n / (2n)! and (-1)^n / (2n+1)!, n = 0 .. 8,
// as double-doubles (head), and their tails n = 9 .. 15 (cos) and 9 .. 14 (sin) in f64 (those
// terms are below 2^-58 on |r| <= pi/4 + 2^-40, so an f64 rounding there is below 2^-110). The
// tables are locals of functions so that device code sees them; the Tile IR form of cos64
// (core/transforms/schedule_to_tile_cos64.cpp) reads them through these functions too.
TESSERA_HD constexpr DD cos_head(int n) {
  constexpr DD h[9] = {{0x1p+0, 0.0},
                       {-0x1p-1, 0.0},
                       {0x1.5555555555555p-5, 0x1.5555555555555p-59},
                       {-0x1.6c16c16c16c17p-10, 0x1.f49f49f49f49fp-65},
                       {0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76},
                       {-0x1.27e4fb7789f5cp-22, -0x1.cbbc05b4fa99ap-76},
                       {0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83},
                       {-0x1.93974a8c07c9dp-37, -0x1.05d6f8a2efd1fp-92},
                       {0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101}};
  return h[n];
}
TESSERA_HD constexpr double cos_tail(int m) {
  constexpr double t[7] = {-0x1.6827863b97d97p-53, 0x1.e542ba4020225p-62,  -0x1.0ce396db7f853p-70,
                           0x1.f2cf01972f578p-80,  -0x1.88e85fc6a4e5ap-89, 0x1.0a18a2635085dp-98,
                           -0x1.3932c5047d60ep-108};
  return t[m];
}
TESSERA_HD constexpr DD sin_head(int n) {
  constexpr DD h[9] = {{0x1p+0, 0.0},
                       {-0x1.5555555555555p-3, -0x1.5555555555555p-57},
                       {0x1.1111111111111p-7, 0x1.1111111111111p-63},
                       {-0x1.a01a01a01a01ap-13, -0x1.a01a01a01a01ap-73},
                       {0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73},
                       {-0x1.ae64567f544e4p-26, 0x1.c062e06d1f209p-80},
                       {0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87},
                       {-0x1.ae7f3e733b81fp-41, -0x1.1d8656b0ee8cbp-97},
                       {0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103}};
  return h[n];
}
TESSERA_HD constexpr double sin_tail(int m) {
  constexpr double t[6] = {-0x1.2f49b46814157p-57, 0x1.71b8ef6dcf572p-66,  -0x1.761b41316381ap-75,
                           0x1.3f3ccdd165fa9p-84,  -0x1.d1ab1c2dccea3p-94, 0x1.259f98b4358adp-103};
  return t[m];
}
inline constexpr int kCosTerms = 7, kSinTerms = 6;  // tail lengths

/// sum_n head(n) z^n + z^9 sum_m tail(m) z^m by Horner: the tail in f64 on z.hi, the head in
/// double-double.
template <bool Sin>
TESSERA_HD inline DD series(DD z) {
  constexpr int T = Sin ? kSinTerms : kCosTerms;
  double p = Sin ? sin_tail(T - 1) : cos_tail(T - 1);
  for (int m = T - 2; m >= 0; --m) p = p * z.hi + (Sin ? sin_tail(m) : cos_tail(m));
  DD s{p, 0.0};
  for (int n = 8; n >= 0; --n) s = add(dd_mul(s, z), Sin ? sin_head(n) : cos_head(n));
  return s;
}

}  // namespace cos64_detail

/// cos(x) of an f64 with |x| < 2^20 (randn's arguments lie in [0, 2 pi)); NaN, +-Inf and
/// |x| >= 2^20 give NaN (no reduction for large arguments yet). Steps: k = the integer
/// part of |x| * (2/pi) + 1/2 (in f64), r = |x| - k pi/2 as a double-double (|x| - k kPio2[0]
/// exact by Sterbenz, the rest by TwoSum), then by k mod 4 cos(r), -sin(r), -cos(r) or sin(r)
/// from the series (relative error below 2^-100), rounded once to f64: correctly rounded
/// unless cos(x) lies within 2^-100 (relative) of a midpoint of two f64 values; checked on
/// every x = 6.283185307179586 * (j * 2^-24) (randn's arguments) against 113-bit quadmath
/// and on a sample against mpmath (tests/numerics/test_cos64_oracle.py).
TESSERA_HD inline double cos64(double x) {
  namespace d = cos64_detail;
  using d::kPio2;
  using d::kTwoOverPi;
  const double ax = x < 0.0 ? -x : x;
  if (!(ax < 0x1p20)) return __builtin_nan("");  // NaN, +-Inf, |x| >= 2^20
  const long long k = static_cast<long long>(ax * kTwoOverPi + 0.5);
  const double kd = static_cast<double>(k);
  const double a = ax - kd * kPio2[0];  // exact
  const DD s = dd_two_sum(a, -(kd * kPio2[1]));
  const double t = (s.lo - kd * kPio2[2]) - kd * kPio2[3];
  const DD r = dd_fast_two_sum(s.hi, t);
  const DD z = dd_mul(r, r);
  const int q = static_cast<int>(k & 3);
  const DD v = (q & 1) ? dd_mul(d::series<true>(z), r) : d::series<false>(z);
  const double y = v.hi + v.lo;
  return (q == 1 || q == 2) ? -y : y;
}

}  // namespace tessera::num
