// The device prelude's bf16 / f16 / fp8 / fp6 / fp4 / e8m0 conversions
// (backends/cuda/codegen/device/narrow.h), compiled as host C++, against core/numerics (the
// interpreters' functions): every 4-, 6-, 8- and 16-bit pattern widened (narrow_register) and
// stored back; f32 -> narrow storage (narrow_storage) and truncf (convert_bits, default options) on
// every rounding midpoint of each format and its f32 neighbours, the overflow thresholds, Inf, NaNs
// of many payloads and both signs, f32 subnormals, and a deterministic stride through all 2^32 f32
// patterns.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#define TSR_HD inline
#include "backends/cuda/codegen/device/narrow.h"
#include "core/numerics/accumulate.h"
#include "core/numerics/convert.h"
#include "core/numerics/convert_pack.h"

namespace {

using namespace tessera;
using tsr::nar::f2u;
using tsr::nar::u2f;

struct Format {
  DType t;
  int bits;
  float (*value)(uint32_t);
  uint32_t (*store)(float);
};

const Format kFormats[] = {
    {DType::bf16, 16, tsr::nar::bf16_value, tsr::nar::bf16_bits},
    {DType::f16, 16, tsr::nar::f16_value, tsr::nar::f16_bits},
    {DType::f8e4m3, 8, tsr::nar::e4m3_value, tsr::nar::e4m3_bits},
    {DType::f8e5m2, 8, tsr::nar::e5m2_value, tsr::nar::e5m2_bits},
    {DType::f6e2m3, 6, tsr::nar::e2m3_value, tsr::nar::e2m3_bits},
    {DType::f6e3m2, 6, tsr::nar::e3m2_value, tsr::nar::e3m2_bits},
    {DType::f4e2m1, 4, tsr::nar::e2m1_value, tsr::nar::e2m1_bits},
    {DType::e8m0, 8, tsr::nar::e8m0_value, tsr::nar::e8m0_bits},
};

/// f32 inputs that exercise every rounding decision of `f`: for each pattern, the midpoint to the
/// next pattern of larger magnitude and its two f32 neighbours, plus the pattern itself.
void add_midpoints(const Format& f, std::vector<uint32_t>& out) {
  const uint32_t n = 1u << f.bits;
  for (uint32_t b = 0; b < n; ++b) {
    const double v = double(num::narrow_register(f.t, b));
    const double w = double(num::narrow_register(f.t, b + 1 < n ? b + 1 : b));
    if (std::isnan(v) || std::isinf(v)) continue;
    out.push_back(f2u(float(v)));
    if (std::isnan(w) || std::isinf(w) || std::signbit(v) != std::signbit(w)) {
      // The step past max finite: where overflow starts (v + half an ulp). In fp6 / fp4 (no
      // Inf, no NaN) the pattern after the largest positive one is -0.
      if (b == 0 || std::isnan(w) || std::isinf(w) || (std::signbit(w) && b > 0)) {
        const double prev = double(num::narrow_register(f.t, b - 1));
        const float m = float(v + (v - prev) / 2);
        for (uint32_t d = 0; d < 3; ++d) out.push_back(f2u(m) - 1 + d);
      }
      continue;
    }
    const float m = float((v + w) / 2);  // exact: one more significand bit than the format
    REQUIRE(double(m) == (v + w) / 2);
    for (uint32_t d = 0; d < 3; ++d) out.push_back(f2u(m) - 1 + d);
  }
}

std::vector<uint32_t> f32_inputs() {
  std::vector<uint32_t> in;
  for (const Format& f : kFormats) add_midpoints(f, in);
  const size_t mids = in.size();
  for (size_t i = 0; i < mids; ++i) in.push_back(in[i] ^ 0x80000000u);  // negatives
  const uint32_t specials[] = {0x00000000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu,
                               0x7f800000u, 0x7f800001u, 0x7fc00000u, 0x7fffffffu, 0x7fa00000u,
                               0x7f802000u, 0x7f801fffu, 0x7f810000u, 0x7fe00000u, 0x7f900000u,
                               0x7f8fffffu, 0x7fdfe000u, 0x47800000u, 0x477ff000u, 0x477fefffu,
                               0x43e80000u, 0x43e7ffffu, 0x43e00000u, 0x476fffffu, 0x47700000u};
  for (uint32_t s : specials) {
    in.push_back(s);
    in.push_back(s | 0x80000000u);
  }
  // A stride through every f32 pattern (odd step: each exponent and mantissa region is hit).
  for (uint64_t k = 0; k < (1u << 22); ++k) in.push_back(uint32_t(k * 0x9E3779B1ull + 12345u));
  return in;
}

}  // namespace

TEST_CASE("widening every pattern is narrow_register, and storing it back gives the pattern") {
  for (const Format& f : kFormats) {
    const uint32_t n = 1u << f.bits;
    int bad = 0;
    for (uint32_t b = 0; b < n; ++b) {
      const uint32_t got = f2u(f.value(b));
      const uint32_t want = f2u(num::narrow_register(f.t, b));
      if (got != want && ++bad <= 5) FAIL_CHECK(dtype_short_name(f.t) << " value of " << b);
      if (f.store(f.value(b)) != b && ++bad <= 5)
        FAIL_CHECK(dtype_short_name(f.t) << " round trip " << b);
    }
    CHECK(bad == 0);
  }
}

TEST_CASE("f32 -> storage bits is narrow_storage; truncf bf16/f16 is convert_bits") {
  const std::vector<uint32_t> in = f32_inputs();
  num::ConvertOptions plain;
  int bad = 0;
  for (uint32_t u : in) {
    const float x = u2f(u);
    for (const Format& f : kFormats) {
      const uint64_t want = num::narrow_storage(f.t, x);
      if (f.store(x) != want && ++bad <= 10)
        FAIL_CHECK(dtype_short_name(f.t) << " storage of 0x" << std::hex << u << ": got 0x"
                                         << f.store(x) << " want 0x" << want);
    }
    const uint64_t wb = num::convert_bits(DType::f32, u, DType::bf16, plain);
    const uint64_t wh = num::convert_bits(DType::f32, u, DType::f16, plain);
    if (tsr::nar::bf16_cvt(x) != wb && ++bad <= 10) FAIL_CHECK("bf16 truncf 0x" << std::hex << u);
    if (tsr::nar::f16_cvt(x) != wh && ++bad <= 10) FAIL_CHECK("f16 truncf 0x" << std::hex << u);
    // A register-tile cell rounded to its type (the interpreter's round_to_accum).
    const float rb = tsr::nar::bf16_value(tsr::nar::bf16_cvt(x));
    const float rh = tsr::nar::f16_value(tsr::nar::f16_cvt(x));
    if (f2u(rb) != f2u(num::round_to_accum(x, DType::bf16)) && !std::isnan(x) && ++bad <= 10)
      FAIL_CHECK("bf16 round_to 0x" << std::hex << u);
    if (f2u(rh) != f2u(num::round_to_accum(x, DType::f16)) && !std::isnan(x) && ++bad <= 10)
      FAIL_CHECK("f16 round_to 0x" << std::hex << u);
  }
  CHECK(bad == 0);
  CHECK(in.size() > (1u << 22));
}

TEST_CASE("hand-checked fp6 / fp4 / e8m0 values (the OCP MX spec, ml_dtypes' rules)") {
  using namespace tsr::nar;
  // e2m1: 0, 0.5, 1, 1.5, 2, 3, 4, 6; sign at bit 3.
  CHECK(e2m1_value(0x7u) == 6.0f);
  CHECK(e2m1_value(0x1u) == 0.5f);
  CHECK(e2m1_value(0xdu) == -3.0f);
  CHECK(e2m1_bits(6.0f) == 0x7u);
  CHECK(e2m1_bits(1e30f) == 0x7u);  // finite overflow saturates
  CHECK(e2m1_bits(-INFINITY) == 0xfu);
  CHECK(e2m1_bits(0.25f) == 0x0u);             // tie between 0 and 0.5: even 0
  CHECK(e2m1_bits(0.75f) == 0x2u);             // tie between 0.5 and 1: even 1.0
  CHECK(e2m1_bits(5.0f) == 0x6u);              // tie between 4 and 6: even 4
  CHECK(e2m1_bits(u2f(0x7fc00000u)) == 0x8u);  // NaN: zero with the sign flipped
  CHECK(e2m1_bits(u2f(0xffc00000u)) == 0x0u);
  // e2m3: max 7.5 (0x1f), smallest subnormal 0.125; e3m2: max 28 (0x1f), subnormal 0.0625.
  CHECK(e2m3_value(0x1fu) == 7.5f);
  CHECK(e2m3_value(0x01u) == 0.125f);
  CHECK(e2m3_value(0x21u) == -0.125f);
  CHECK(e2m3_bits(7.75f) == 0x1fu);
  CHECK(e3m2_value(0x1fu) == 28.0f);
  CHECK(e3m2_value(0x01u) == 0.0625f);
  CHECK(e3m2_bits(30.0f) == 0x1fu);
  CHECK(e3m2_bits(-0.09375f) == 0x22u);  // tie between 0.0625 and 0.125: even 0.125
  // e8m0: 2^(e - 127), 0xFF NaN; ties round up; zero, negatives, Inf and NaN give 0xFF.
  CHECK(e8m0_value(0x7fu) == 1.0f);
  CHECK(f2u(e8m0_value(0x00u)) == 0x00400000u);  // 2^-127, an f32 subnormal
  CHECK(f2u(e8m0_value(0xfeu)) == 0x7f000000u);  // 2^127
  CHECK(std::isnan(e8m0_value(0xffu)));
  CHECK(e8m0_bits(1.0f) == 0x7fu);
  CHECK(e8m0_bits(1.5f) == 0x80u);
  CHECK(e8m0_bits(0.75f) == 0x7fu);
  CHECK(e8m0_bits(1.4f) == 0x7fu);
  CHECK(e8m0_bits(0.0f) == 0xffu);
  CHECK(e8m0_bits(-1.0f) == 0xffu);
  CHECK(e8m0_bits(INFINITY) == 0xffu);
  CHECK(e8m0_bits(0x1.8p127f) == 0xffu);  // rounds to 2^128: above the range
  CHECK(e8m0_bits(0x1p-127f) == 0x00u);
  CHECK(e8m0_bits(0x1.2p-127f) == 0x01u);  // ml_dtypes: (2^-127, 2^-126) gives 2^-126
  CHECK(e8m0_bits(0x1p-140f) == 0x00u);
}

TEST_CASE("hand-checked values (docs/numerics.md, the OCP fp8 spec)") {
  // e5m2: 57344 is max finite (0x7B); 61440 is the tie to Inf (0x7C), not saturated.
  CHECK(tsr::nar::e5m2_bits(57344.0f) == 0x7bu);
  CHECK(tsr::nar::e5m2_bits(61439.0f) == 0x7bu);
  CHECK(tsr::nar::e5m2_bits(61440.0f) == 0x7cu);
  CHECK(tsr::nar::e5m2_bits(-INFINITY) == 0xfcu);
  CHECK(tsr::nar::e5m2_bits(1e30f) == 0x7cu);
  // e4m3fn: 448 = 0x7E; 464 ties to even 448; above -> NaN with the sign; Inf -> NaN.
  CHECK(tsr::nar::e4m3_bits(448.0f) == 0x7eu);
  CHECK(tsr::nar::e4m3_bits(464.0f) == 0x7eu);
  CHECK(tsr::nar::e4m3_bits(-465.0f) == 0xffu);
  CHECK(tsr::nar::e4m3_bits(INFINITY) == 0x7fu);
  CHECK(tsr::nar::e4m3_bits(0x1p-9f) == 0x01u);   // smallest subnormal
  CHECK(tsr::nar::e4m3_bits(0x1p-10f) == 0x00u);  // tie to even 0
  CHECK(tsr::nar::e4m3_bits(0x3p-10f) == 0x02u);  // 1.5 * 2^-9 ties to even 2
  CHECK(tsr::nar::e4m3_bits(0x3p-11f) == 0x01u);  // 0.75 * 2^-9 rounds up to 2^-9
  // f16: 65520 rounds to Inf; 2^-25 ties to 0; 3 * 2^-26 rounds to the smallest subnormal.
  CHECK(tsr::nar::f16_bits(65519.0f) == 0x7bffu);
  CHECK(tsr::nar::f16_bits(65520.0f) == 0x7c00u);
  CHECK(tsr::nar::f16_bits(0x1p-25f) == 0x0000u);
  CHECK(tsr::nar::f16_bits(0x3p-26f) == 0x0001u);
  // NaNs: register cells keep the pattern; truncf gives the ocp NaNs.
  CHECK(f2u(tsr::nar::f16_value(0x7c01u)) == 0x7f802000u);
  CHECK(f2u(tsr::nar::e4m3_value(0xffu)) == 0xfff00000u);
  CHECK(tsr::nar::bf16_cvt(u2f(0xffa00000u)) == 0xffc0u);
  CHECK(tsr::nar::f16_cvt(u2f(0x7f800001u)) == 0x7c01u);
  CHECK(tsr::nar::bf16_value(0x3f80u) == 1.0f);
}
