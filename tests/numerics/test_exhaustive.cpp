// Every bit pattern of every small format: value formula, round trips, and every midpoint.
#include <doctest/doctest.h>

#include <initializer_list>

#include <cmath>

#include "core/numerics/convert.h"

using namespace tessera;
using namespace tessera::num;

namespace {

/// Value of a pattern from the textbook formula (independent of decode()); NaN for specials.
template <class F>
double formula_value(uint32_t p) {
  constexpr FloatDesc d = F::desc();
  if (d.specials == Specials::kExponent) return p == 0xFF ? NAN : std::ldexp(1.0, int(p) - 127);
  const int m = int(p & ((1u << d.man_bits) - 1));
  const int e = int((p >> d.man_bits) & ((1u << d.exp_bits) - 1));
  const bool neg = (p >> (d.man_bits + d.exp_bits)) & 1;
  const int emax_field = (1 << d.exp_bits) - 1;
  if (d.specials == Specials::kIeee && e == emax_field) {
    return m == 0 ? (neg ? -INFINITY : INFINITY) : NAN;
  }
  if (d.specials == Specials::kFnNan && e == emax_field && m == (1 << d.man_bits) - 1) return NAN;
  const double v = e == 0 ? std::ldexp(double(m), 1 - d.bias - d.man_bits)
                          : std::ldexp(1.0 + std::ldexp(double(m), -d.man_bits), e - d.bias);
  return neg ? -v : v;
}

template <class F>
uint32_t count() {
  return 1u << F::desc().storage_bits();
}

const RoundingMode kModes[] = {RoundingMode::kNearestEven, RoundingMode::kTowardZero,
                               RoundingMode::kUp,          RoundingMode::kDown,
                               RoundingMode::kNearestAway, RoundingMode::kStochastic};

}  // namespace

#define SMALL_FORMATS E4M3, E5M2, E2M3, E3M2, E2M1, E8M0, F16, BF16

TEST_CASE_TEMPLATE("every_pattern_decodes_to_its_formula_value", F, SMALL_FORMATS) {
  for (uint32_t p = 0; p < count<F>(); ++p) {
    const double want = formula_value<F>(p);
    const double got = to_double(F::desc().dtype, p);
    if (std::isnan(want)) {
      CHECK(std::isnan(got));
    } else {
      CHECK(got == want);
      CHECK(std::signbit(got) == std::signbit(want));
    }
  }
}

TEST_CASE_TEMPLATE("every_pattern_round_trips_in_every_mode_and_profile", F, SMALL_FORMATS) {
  for (Profile prof : {Profile::kOcp, Profile::kCuda}) {
    for (RoundingMode m : kModes) {
      for (bool sat : {false, true}) {
        ConvertOptions o;
        o.profile = prof;
        o.rounding = m;
        o.saturate = sat;
        for (uint32_t p = 0; p < count<F>(); ++p) {
          if (std::isnan(formula_value<F>(p))) continue;
          if (F::desc().specials == Specials::kIeee && std::isinf(formula_value<F>(p)) && sat &&
              prof == Profile::kCuda) {
            continue;  // .satfinite turns Inf into max finite
          }
          const uint64_t w = convert_bits(F::desc().dtype, p, DType::f32, o, 0xFFFFFFFFu);
          const uint64_t back = convert_bits(DType::f32, w, F::desc().dtype, o, 0xFFFFFFFFu);
          const uint64_t d = convert_bits(F::desc().dtype, p, DType::f64, o);
          const uint64_t back64 = convert_bits(DType::f64, d, F::desc().dtype, o, 0xFFFFFFFFu);
          if (back != p || back64 != p) {
            CHECK(back == p);
            CHECK(back64 == p);
          }
        }
      }
    }
  }
}

TEST_CASE_TEMPLATE("every_midpoint_rounds_by_mode", F, SMALL_FORMATS) {
  // Positive finite patterns increase with their value; check the exact midpoint of each
  // consecutive pair (and its negation) in every deterministic mode.
  constexpr FloatDesc d = F::desc();
  const uint32_t top = d.has_sign ? uint32_t(d.sign_bit()) : count<F>();
  const uint32_t sign = uint32_t(d.sign_bit());
  for (uint32_t p = 0; p + 1 < top; ++p) {
    const double lo = formula_value<F>(p), hi = formula_value<F>(p + 1);
    if (std::isnan(hi) || std::isinf(hi)) break;
    const double mid = (lo + hi) / 2;
    // e8m0 has no mantissa: its only significand bit is odd, so ties go up.
    const uint32_t even = d.specials == Specials::kExponent ? p + 1 : ((p & 1) ? p + 1 : p);
    struct Case {
      RoundingMode m;
      uint32_t pos;
      uint32_t neg;
    };
    const Case cases[] = {{RoundingMode::kNearestEven, even, even},
                          {RoundingMode::kNearestAway, p + 1, p + 1},
                          {RoundingMode::kTowardZero, p, p},
                          {RoundingMode::kUp, p + 1, p},
                          {RoundingMode::kDown, p, p + 1}};
    for (const Case& c : cases) {
      ConvertOptions o;
      o.rounding = c.m;
      CHECK(from_double(d.dtype, mid, o) == c.pos);
      if (d.has_sign) CHECK(from_double(d.dtype, -mid, o) == (c.neg | sign));
    }
  }
}
