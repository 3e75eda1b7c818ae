// The ocp and cuda profile rules of facts/NUMERICS.md, one hand case per rule.
#include <doctest/doctest.h>

#include <initializer_list>

#include "core/numerics/convert.h"

using namespace tessera;
using namespace tessera::num;

namespace {
constexpr float kInf = __builtin_inff();
const float kNan = f32_from_bits(0x7FC00000u);
const float kNegNan = f32_from_bits(0xFFC00000u);
ConvertOptions ocp(bool sat = false) {
  ConvertOptions o;
  o.saturate = sat;
  return o;
}
ConvertOptions cuda(bool sat = true) {
  ConvertOptions o = ConvertOptions::cuda();
  o.saturate = sat;
  return o;
}
ConvertOptions with_mode(ConvertOptions o, RoundingMode m) {
  o.rounding = m;
  return o;
}
}  // namespace

TEST_CASE("ocp_e4m3_rules") {
  CHECK(from_float<E4M3>(448.0f, ocp()) == 0x7E);
  CHECK(from_float<E4M3>(464.0f, ocp()) == 0x7E);
  CHECK(from_float<E4M3>(465.0f, ocp()) == 0x7F);
  CHECK(from_float<E4M3>(-465.0f, ocp()) == 0xFF);
  CHECK(from_float<E4M3>(kInf, ocp()) == 0x7F);
  CHECK(from_float<E4M3>(-kInf, ocp(true)) == 0xFF);  // Inf -> NaN even when saturating
  CHECK(from_float<E4M3>(1000.0f, ocp(true)) == 0x7E);
  CHECK(from_float<E4M3>(-1000.0f, ocp(true)) == 0xFE);
  CHECK(from_float<E4M3>(kNan, ocp()) == 0x7F);
  CHECK(from_float<E4M3>(kNegNan, ocp()) == 0xFF);
}

TEST_CASE("ocp_e5m2_rules") {
  CHECK(from_float<E5M2>(61439.0f, ocp()) == 0x7B);
  CHECK(from_float<E5M2>(61440.0f, ocp()) == 0x7C);
  CHECK(from_float<E5M2>(kInf, ocp(true)) == 0x7C);  // Inf stays Inf with saturation
  CHECK(from_float<E5M2>(70000.0f, ocp(true)) == 0x7B);
  CHECK(from_float<E5M2>(kNan, ocp()) == 0x7E);
  CHECK(from_float<E5M2>(kNegNan, ocp()) == 0xFE);
}

TEST_CASE("ocp_fp6_fp4_rules") {
  CHECK(from_float<E2M1>(7.0f, ocp()) == 0x7);
  CHECK(from_float<E2M1>(-kInf, ocp()) == 0xF);
  CHECK(from_float<E2M1>(kNan, ocp()) == 0x8);     // +NaN -> -0
  CHECK(from_float<E2M1>(kNegNan, ocp()) == 0x0);  // -NaN -> +0
  CHECK(from_float<E2M3>(kNan, ocp()) == 0x20);
  CHECK(from_float<E3M2>(kNegNan, ocp()) == 0x00);
  CHECK(from_float<E2M3>(100.0f, ocp()) == 0x1F);
  CHECK(from_float<E3M2>(-100.0f, ocp()) == 0x3F);
}

TEST_CASE("ocp_e8m0_rules") {
  CHECK(from_float<E8M0>(0.0f, ocp()) == 0xFF);
  CHECK(from_float<E8M0>(0.0f, ocp(true)) == 0x00);
  CHECK(from_float<E8M0>(-1.0f, ocp()) == 0xFF);
  CHECK(from_float<E8M0>(0x1p-128f, ocp()) == 0x00);
  CHECK(from_float<E8M0>(0x1.8p127f, ocp()) == 0xFF);
  CHECK(from_float<E8M0>(0x1.7p127f, ocp()) == 0xFE);
  CHECK(from_float<E8M0>(kInf, ocp()) == 0xFF);
  CHECK(from_float<E8M0>(kNan, ocp()) == 0xFF);
}

TEST_CASE("ocp_bf16_nan") {
  CHECK(from_float<BF16>(f32_from_bits(0x7F800001u), ocp()) == 0x7FC0);
  CHECK(from_float<BF16>(f32_from_bits(0xFFA00000u), ocp()) == 0xFFC0);
}

TEST_CASE("cuda_satfinite_fp8") {
  CHECK(from_float<E4M3>(kInf, cuda()) == 0x7E);
  CHECK(from_float<E4M3>(-kInf, cuda()) == 0xFE);
  CHECK(from_float<E4M3>(465.0f, cuda()) == 0x7E);
  CHECK(from_float<E4M3>(464.0f, cuda()) == 0x7E);  // the tie stays at 448
  CHECK(from_float<E5M2>(kInf, cuda()) == 0x7B);
  CHECK(from_float<E5M2>(-61440.0f, cuda()) == 0xFB);
  CHECK(from_float<E5M2>(61439.0f, cuda()) == 0x7B);
}

TEST_CASE("cuda_nosat_fp8") {
  CHECK(from_float<E4M3>(465.0f, cuda(false)) == 0x7F);
  CHECK(from_float<E4M3>(-kInf, cuda(false)) == 0xFF);  // sign kept on overflow
  CHECK(from_float<E5M2>(61440.0f, cuda(false)) == 0x7C);
  CHECK(from_float<E5M2>(-kInf, cuda(false)) == 0xFC);
}

TEST_CASE("cuda_nan_is_canonical_and_unsigned") {
  for (bool sat : {true, false}) {
    CHECK(from_float<E4M3>(kNegNan, cuda(sat)) == 0x7F);
    CHECK(from_float<E5M2>(kNegNan, cuda(sat)) == 0x7F);
    CHECK(from_float<F16>(kNegNan, cuda(sat)) == 0x7FFF);
    CHECK(from_float<BF16>(kNegNan, cuda(sat)) == 0x7FFF);
    CHECK(from_float<E8M0>(kNegNan, cuda(sat)) == 0xFF);
    CHECK(from_float<E2M1>(kNegNan, cuda(sat)) == 0x7);  // +max finite
    CHECK(from_float<E2M3>(kNegNan, cuda(sat)) == 0x1F);
    CHECK(from_float<E3M2>(kNan, cuda(sat)) == 0x1F);
  }
  CHECK(from_double(DType::f32, -__builtin_nan(""), cuda()) == 0x7FFFFFFFu);
}

TEST_CASE("cuda_f16_bf16_satfinite") {
  CHECK(from_float<F16>(kInf, cuda(true)) == 0x7BFF);
  CHECK(from_float<F16>(1e6f, cuda(true)) == 0x7BFF);
  CHECK(from_float<F16>(1e6f, cuda(false)) == 0x7C00);
  CHECK(from_float<BF16>(-kInf, cuda(true)) == 0xFF7F);
}

TEST_CASE("cuda_fp4_fp6_always_finite") {
  CHECK(from_float<E2M1>(kInf, cuda(false)) == 0x7);
  CHECK(from_float<E2M1>(-kInf, cuda(true)) == 0xF);
  CHECK(from_float<E2M1>(5.0f, with_mode(cuda(), RoundingMode::kTowardZero)) == 0x6);
  CHECK(from_float<E2M1>(5.0f, cuda()) == 0x6);
  CHECK(from_float<E3M2>(-30.0f, cuda()) == 0x3F);
}

TEST_CASE("cuda_e8m0_rz_rp") {
  const ConvertOptions rz = with_mode(cuda(), RoundingMode::kTowardZero);
  const ConvertOptions rp = with_mode(cuda(), RoundingMode::kUp);
  CHECK(from_float<E8M0>(3.0f, rz) == 0x80);
  CHECK(from_float<E8M0>(-3.0f, rz) == 0x80);  // sign dropped
  CHECK(from_float<E8M0>(3.0f, rp) == 0x81);
  CHECK(from_float<E8M0>(2.0f, rp) == 0x80);
  CHECK(from_float<E8M0>(0.0f, rz) == 0x00);
  CHECK(from_float<E8M0>(-0.0f, rp) == 0x00);
  CHECK(from_float<E8M0>(kInf, rz) == 0xFE);
  CHECK(from_float<E8M0>(kInf, with_mode(cuda(false), RoundingMode::kTowardZero)) == 0xFF);
  CHECK(from_float<E8M0>(0x1.8p127f, rp) == 0xFE);
  CHECK(from_float<E8M0>(0x1.8p127f, with_mode(cuda(false), RoundingMode::kUp)) == 0xFF);
  CHECK(from_float<E8M0>(0x1p-130f, rp) == 0x00);
}

TEST_CASE("cuda_widening_nan") {
  CHECK(convert_bits(DType::f8e4m3, 0xFF, DType::f32, cuda()) == 0x7FFFFFFFu);
  CHECK(convert_bits(DType::f8e4m3, 0xFF, DType::f32, ocp()) == 0xFFC00000u);
  CHECK(convert_bits(DType::f8e5m2, 0xFC, DType::f32, cuda(false)) == 0xFF800000u);
  // .satfinite clamps Inf in every direction, widening included.
  CHECK(convert_bits(DType::f8e5m2, 0xFC, DType::f32, cuda(true)) == 0xFF7FFFFFu);
}
