// The spec's f32 sin and cos: one algorithm, written only with operations that Tile IR has (f64
// + - * without contraction, comparisons, selects, f32 <-> f64 conversions), so every level and
// the CUDA code compute it bit for bit (docs/numerics.md, "sin and cos").
#pragma once

#include "core/numerics/sincos64.h"

namespace tessera::num {

/// 2 / pi rounded to f64.
inline constexpr double kSinTwoOverPi = 0x1.45f306dc9c883p-1;
/// y + shift - shift rounds y to an integer (|y| < 2^51).
inline constexpr double kSinShift = 0x1.8p+52;
/// pi / 2 = P1 + P2 + P3 (Cody-Waite): P1 and P2 hold 27 bits, so k P1 and k P2 are exact for
/// |k| < 2^26; P3 is the rest rounded to f64.
inline constexpr double kSinPio2P1 = 0x1.921fb54p+0;
inline constexpr double kSinPio2P2 = 0x1.10b461p-30;
inline constexpr double kSinPio2P3 = 0x1.a62633145c06ep-58;
/// Below it (|x| <= 1e8 < (2^26 - 1/2) pi / 2) the reduction is exact up to one f64 rounding.
inline constexpr double kSinAccurateRange = 1.0e8;
/// Taylor coefficients (-1)^i / (2i + 1)! (sin) and (-1)^i / (2i)! (cos), i = 1 .. 8, in f64 (the
/// first omitted terms are below 2^-59 of the result for |r| <= pi/4).
inline constexpr int kSinTerms = 8;
inline constexpr double kSinS[kSinTerms + 1] = {
    1.0,
    -0x1.5555555555555p-3,
    0x1.1111111111111p-7,
    -0x1.a01a01a01a01ap-13,
    0x1.71de3a556c734p-19,
    -0x1.ae64567f544e4p-26,
    0x1.6124613a86d09p-33,
    -0x1.ae7f3e733b81fp-41,
    0x1.952c77030ad4ap-49,
};
inline constexpr double kSinC[kSinTerms + 1] = {
    1.0,
    -0x1.0000000000000p-1,
    0x1.5555555555555p-5,
    -0x1.6c16c16c16c17p-10,
    0x1.a01a01a01a01ap-16,
    -0x1.27e4fb7789f5cp-22,
    0x1.1eed8eff8d898p-29,
    -0x1.93974a8c07c9dp-37,
    0x1.ae7f3e733b81fp-45,
};

/// sin and cos of an f32, each rounded to f32 once (docs/numerics.md, "sin and cos"). In f64:
/// xd = x; kd = (xd (2/pi) + 0x1.8p52) - 0x1.8p52 (the nearest integer); r = ((xd - kd P1) -
/// kd P2) - kd P3 (|r| <= pi/4); z = r r; s = r (1 + z ps) and c = 1 + z pc with ps, pc the
/// Horner chains of kSinS[8..1] and kSinC[8..1] in z; the quadrant q = kd - 4 ((kd / 4 +
/// shift) - shift) in {-2, -1, 0, 1, 2} picks sin = s, c, -s, -c and cos = c, -s, -c, s for
/// q = 0, 1, +-2, -1 (selects). NaN and +-Inf give NaN (r is NaN). Correctly rounded on the
/// tests' samples for |x| <= 1e8 (tests/numerics/test_sincosf_oracle.py); beyond, k P1 is no
/// longer exact: the result is these steps' value, not within an ulp of sin(x).
struct SinCos {
  float sin, cos;
};
inline SinCos sincosf(float x) {
  const double xd = x;
  const double kd = (xd * kSinTwoOverPi + kSinShift) - kSinShift;
  const double r = ((xd - kd * kSinPio2P1) - kd * kSinPio2P2) - kd * kSinPio2P3;
  const double z = r * r;
  double ps = kSinS[kSinTerms], pc = kSinC[kSinTerms];
  for (int i = kSinTerms - 1; i >= 1; --i) {
    ps = ps * z + kSinS[i];
    pc = pc * z + kSinC[i];
  }
  const double s = r * (1.0 + z * ps);
  const double c = 1.0 + z * pc;
  const double q = kd - 4.0 * ((kd * 0.25 + kSinShift) - kSinShift);
  const bool q1 = q == 1.0, q3 = q == -1.0, q2 = q == 2.0 || q == -2.0;
  const double sn = q1 ? c : q2 ? -s : q3 ? -c : s;
  const double cs = q1 ? -s : q2 ? -c : q3 ? s : c;
  return {static_cast<float>(sn), static_cast<float>(cs)};
}

/// sin and cos in the compute type: sincosf above for f32, sincos64 (sincos64.h) for f64.
inline SinCos spec_sincos(float x) { return sincosf(x); }
struct SinCosD {
  double sin, cos;
};
inline SinCosD spec_sincos(double x) {
  const SinCos64 v = sincos64(x);
  return {v.sin, v.cos};
}

}  // namespace tessera::num
