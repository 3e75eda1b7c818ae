// The spec's f32 exp: one table-driven algorithm that every level (Graph, Tile, Target) and the
// CUDA prelude evaluate bit for bit (docs/numerics.md, "exp").
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "core/numerics/exp64.h"

namespace tessera::num {

/// tab[i] = bits(2^(i/32)) - (i << 47), 2^(i/32) correctly rounded to f64 (values checked with
/// mpmath by tests/numerics/expf_test.cpp). 2^(k/32) for an integer k is then
/// double(tab[k % 32] + (k << 47)): the k / 32 part goes into the exponent field.
inline constexpr uint64_t kExpTable[32] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540};

inline constexpr double kExpInvLn2N = 0x1.71547652b82fep+5;  // 32 / ln 2
inline constexpr double kExpShift = 0x1.8p+52;               // x + shift rounds x to an integer
inline constexpr double kExpC0 = 0x1.c6af84b912394p-20;      // cubic of 2^(r/32) in r
inline constexpr double kExpC1 = 0x1.ebfce50fac4f3p-13;
inline constexpr double kExpC2 = 0x1.62e42ff0c52d6p-6;
inline constexpr float kExpOverflow = 0x1.62e42ep6f;    // above: +Inf (log(2^128) ~ 88.72)
inline constexpr float kExpUnderflow = -0x1.9fe368p6f;  // below: +0 (log(2^-150) ~ -103.97)
/// (bits >> 20) & 0x7ff of 88.0f: at or above it (|x| >= 88, Inf, NaN) the special cases apply.
inline constexpr uint32_t kExpSpecialTop = 0x42a;

/// The main path for |x| < 88 (and for the finite x in [kExpUnderflow, kExpOverflow]): in f64,
/// k + r = x * 32/ln2 with k an integer (round to nearest even through kExpShift) and
/// |r| <= 1/2, exp(x) = 2^(k/32) * p(r) with p(r) = ((C0 r + C1) r^2) + (C2 r + 1), rounded to f32
/// once. Every step is written out: fma is a fused multiply-add (one rounding), every other
/// operation an f64 operation rounded to nearest even; nothing may be contracted or reordered.
inline float expf_main(float x) {
  const double xd = x;
  double kd = std::fma(kExpInvLn2N, xd, kExpShift);
  uint64_t ki;
  std::memcpy(&ki, &kd, 8);
  kd = kd - kExpShift;
  const double r = std::fma(kExpInvLn2N, xd, -kd);
  const uint64_t t = kExpTable[ki % 32] + (ki << 47);
  double s;
  std::memcpy(&s, &t, 8);
  const double z = std::fma(r, kExpC0, kExpC1);
  const double r2 = r * r;
  double y = std::fma(r, kExpC2, 1.0);
  y = std::fma(z, r2, y);
  return static_cast<float>(y * s);
}

/// The spec's exp of an f32 (docs/numerics.md, "exp"): -Inf -> +0; NaN -> NaN
/// (x + x, quieted); +Inf -> +Inf; x > kExpOverflow -> +Inf; x < kExpUnderflow -> +0; otherwise
/// expf_main. This is glibc's expf (2.28 and later) as built with FMA on x86-64; it is within
/// 1 ulp of the exact exp (tests/numerics/expf_test.cpp).
inline float expf(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  if (((b >> 20) & 0x7ff) >= kExpSpecialTop) [[unlikely]] {
    if (b == 0xff800000u) return 0.0f;
    if (((b >> 20) & 0x7ff) >= 0x7f8) return x + x;
    if (x > kExpOverflow) return INFINITY;
    if (x < kExpUnderflow) return 0.0f;
  }
  return expf_main(x);
}

/// The spec's exp in the compute type: expf above for f32, exp64 (exp64.h) for f64.
inline float spec_exp(float x) { return expf(x); }
inline double spec_exp(double x) { return exp64(x); }

}  // namespace tessera::num
