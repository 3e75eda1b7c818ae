// The spec's f32 log: one algorithm that every level (Graph, Tile, Target) and the CUDA prelude
// evaluate bit for bit (docs/numerics.md, "log").
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/numerics/log64.h"

namespace tessera::num {

/// 1 / (2i + 1) for i = 1 .. 10, rounded to f64: the series of atanh(s) / s - 1 in z = s^2.
inline constexpr double kLogC[10] = {1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11,
                                     1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21};
inline constexpr double kLogLn2 = 0x1.62e42fefa39efp-1;  // ln 2 rounded to f64
inline constexpr uint32_t kLogSqrtHalf = 0x3f3504f3;     // bits of sqrt(1/2) rounded to f32

/// The spec's log of an f32: NaN -> NaN (x + x); +-0 -> -Inf; x < 0 -> NaN; +Inf -> +Inf.
/// Otherwise x = 2^k m with m in [sqrt(1/2), sqrt(2)) taken from the bits (subnormal x scaled
/// by 2^23 first), then in f64: f = m - 1, s = f / (2 + f) (both exact but the division, rounded
/// once), z = s * s, p = Horner of kLogC[9] .. kLogC[0] in z with fma, w = z * p,
/// lm = fma(2s, w, 2s) (= 2 atanh(s) = log m), y = fma(k, ln 2, lm), rounded to f32 once.
/// Within 1 ulp of the exact log (tests/numerics/test_logf_oracle.py).
inline float logf(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  int32_t kadj = 0;
  if (b - 0x00800000u >= 0x7f800000u - 0x00800000u) [[unlikely]] {  // not a positive normal
    if (x != x) return x + x;
    if ((b << 1) == 0) return -std::numeric_limits<float>::infinity();
    if (b >> 31) return std::numeric_limits<float>::quiet_NaN();
    if (b == 0x7f800000u) return x;
    const float scaled = x * 0x1p23f;  // a positive subnormal: exact
    std::memcpy(&b, &scaled, 4);
    kadj = -23;
  }
  const uint32_t tmp = b - kLogSqrtHalf;
  const int32_t k = static_cast<int32_t>(tmp) >> 23;
  const uint32_t mb = b - (static_cast<uint32_t>(k) << 23);
  float m;
  std::memcpy(&m, &mb, 4);
  const double f = static_cast<double>(m) - 1.0;
  const double s = f / (2.0 + f);
  const double z = s * s;
  double p = kLogC[9];
  for (int i = 8; i >= 0; --i) p = std::fma(p, z, kLogC[i]);
  const double w = z * p;
  const double t = 2.0 * s;
  const double lm = std::fma(t, w, t);
  return static_cast<float>(std::fma(static_cast<double>(k + kadj), kLogLn2, lm));
}

/// The spec's log in the compute type: logf above for f32, log64 (log64.h) for f64.
inline float spec_log(float x) { return logf(x); }
inline double spec_log(double x) { return log64(x); }

}  // namespace tessera::num
