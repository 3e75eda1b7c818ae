// The spec's pow on f64 (and, rounded once more, on f32): exp(y log|x|) in double-double with
// C99's special cases, written only with operations Tile IR has, like exp64 and log64
// (docs/numerics.md, "pow").
#pragma once

#include <limits>

#include "core/numerics/log64.h"

namespace tessera::num {

/// y an integer (any |y| >= 2^52 is one) and y an odd integer (none of |y| >= 2^53 is), for a
/// finite y, without bit access: a = |y|, t = (a + 2^52) - 2^52 (a rounded to an integer),
/// h = a / 2 (times 0.5), hh = (h + 2^52) - 2^52.
struct Pow64Int {
  bool integer;
  bool odd;
};
inline Pow64Int pow64_int(double y) {
  const double a = y < 0.0 ? -y : y;
  const double t = (a + 0x1p52) - 0x1p52;
  const double h = a * 0.5;
  const double hh = (h + 0x1p52) - 0x1p52;
  const bool integer = a >= 0x1p52 || t == a;
  return {integer, integer && a < 0x1p53 && hh != h};
}

/// The main path for finite x != 0 and finite y: p = dd_mul((y, 0), log64_dd(|x|)); +Inf when
/// p.hi > 710, +0 when p.hi < -746, else exp64_scale(exp64_reduce_dd(p.hi, p.lo)); negated
/// when x < 0 and y is odd.
inline double pow64_main(double x, double y, bool odd) {
  const double ax = x < 0.0 ? -x : x;
  const DD p = dd_mul({y, 0.0}, log64_dd(ax));
  double r;
  if (p.hi > kExp64Overflow)
    r = std::numeric_limits<double>::infinity();
  else if (p.hi < kExp64Underflow)
    r = 0.0;
  else
    r = exp64_scale(exp64_reduce_dd(p.hi, p.lo));
  return x < 0.0 && odd ? -r : r;
}

/// The spec's pow of f64 values (docs/numerics.md, "pow"), C99 F.9.4.4's cases in this order:
/// y = +-0: 1; x = 1: 1; x or y NaN: x + y; x = +-0: y < 0 gives 1 / x (odd y) or +Inf, y > 0
/// gives x (odd y) or +0; y = +-Inf: 1 for x = -1, else +Inf when (|x| < 1) == (y < 0), +0
/// otherwise; x = +Inf: +0 (y < 0) or +Inf; x = -Inf: y < 0 gives -0 (odd y) or +0, y > 0 gives
/// -Inf (odd y) or +Inf; x < 0 and y not an integer: NaN; otherwise pow64_main.
inline double pow64(double x, double y) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (y == 0.0) return 1.0;
  if (x == 1.0) return 1.0;
  if (x != x || y != y) return x + y;
  const Pow64Int yi = pow64_int(y);
  if (x == 0.0) {
    if (y < 0.0) return yi.odd ? 1.0 / x : kInf;
    return yi.odd ? x : 0.0;
  }
  if (y == kInf || y == -kInf) {
    if (x == -1.0) return 1.0;
    const bool small = x < 1.0 && x > -1.0;
    return small == (y < 0.0) ? kInf : 0.0;
  }
  if (x == kInf) return y < 0.0 ? 0.0 : kInf;
  if (x == -kInf) {
    if (y < 0.0) return yi.odd ? -0.0 : 0.0;
    return yi.odd ? -kInf : kInf;
  }
  if (x < 0.0 && !yi.integer) return std::numeric_limits<double>::quiet_NaN();
  return pow64_main(x, y, yi.odd);
}

/// The spec's pow in the compute type: f64 pow64; f32 pow64 of the widened values rounded once
/// to f32.
inline double spec_pow(double x, double y) { return pow64(x, y); }
inline float spec_pow(float x, float y) {
  return static_cast<float>(pow64(static_cast<double>(x), static_cast<double>(y)));
}

}  // namespace tessera::num
