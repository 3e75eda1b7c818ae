// Every rounding mode on hand-derived cases, for each destination format family.
#include <doctest/doctest.h>

#include <initializer_list>

#include "core/numerics/convert.h"

using namespace tessera;
using namespace tessera::num;

namespace {
ConvertOptions mode(RoundingMode m, Profile p = Profile::kOcp, bool sat = false) {
  ConvertOptions o;
  o.rounding = m;
  o.profile = p;
  o.saturate = sat;
  return o;
}
constexpr RoundingMode kRne = RoundingMode::kNearestEven, kRtz = RoundingMode::kTowardZero,
                       kUp = RoundingMode::kUp, kDown = RoundingMode::kDown,
                       kRna = RoundingMode::kNearestAway, kSr = RoundingMode::kStochastic;
}  // namespace

TEST_CASE("e4m3_modes_on_a_tie") {
  // 1.0625 lies halfway between 1.0 (0x38) and 1.125 (0x39).
  for (Profile p : {Profile::kOcp, Profile::kCuda}) {
    CHECK(from_float<E4M3>(1.0625f, mode(kRne, p)) == 0x38);
    CHECK(from_float<E4M3>(1.0625f, mode(kRna, p)) == 0x39);
    CHECK(from_float<E4M3>(1.0625f, mode(kRtz, p)) == 0x38);
    CHECK(from_float<E4M3>(1.0625f, mode(kUp, p)) == 0x39);
    CHECK(from_float<E4M3>(1.0625f, mode(kDown, p)) == 0x38);
    CHECK(from_float<E4M3>(-1.0625f, mode(kRne, p)) == 0xB8);
    CHECK(from_float<E4M3>(-1.0625f, mode(kRna, p)) == 0xB9);
    CHECK(from_float<E4M3>(-1.0625f, mode(kUp, p)) == 0xB8);
    CHECK(from_float<E4M3>(-1.0625f, mode(kDown, p)) == 0xB9);
    // 1.1875 ties between 1.125 (odd) and 1.25 (even).
    CHECK(from_float<E4M3>(1.1875f, mode(kRne, p)) == 0x3A);
    CHECK(from_float<E4M3>(1.1875f, mode(kRtz, p)) == 0x39);
    // Just above the tie rounds up in every nearest mode.
    CHECK(from_float<E4M3>(f32_from_bits(0x3F880001u), mode(kRne, p)) == 0x39);
  }
}

TEST_CASE("e4m3_modes_in_the_subnormal_range") {
  // min subnormal 2^-9; 1.5 * 2^-9 ties between 1 and 2 units; 2^-10 ties between 0 and 1.
  const float t = 1.5f / 512.0f, h = 1.0f / 1024.0f;
  CHECK(from_float<E4M3>(t, mode(kRne)) == 0x02);
  CHECK(from_float<E4M3>(t, mode(kRtz)) == 0x01);
  CHECK(from_float<E4M3>(t, mode(kRna)) == 0x02);
  CHECK(from_float<E4M3>(h, mode(kRne)) == 0x00);
  CHECK(from_float<E4M3>(h, mode(kRna)) == 0x01);
  CHECK(from_float<E4M3>(h, mode(kUp)) == 0x01);
  CHECK(from_float<E4M3>(h, mode(kDown)) == 0x00);
  CHECK(from_float<E4M3>(-h, mode(kRne)) == 0x80);
  CHECK(from_float<E4M3>(-h, mode(kDown)) == 0x81);
  CHECK(from_float<E4M3>(-h, mode(kUp)) == 0x80);
  // 7/8 of min normal 2^-6 = 7 * 2^-9 is the largest subnormal 0x07; 15 * 2^-10 ties to 0x08.
  CHECK(from_float<E4M3>(15.0f / 1024.0f, mode(kRne)) == 0x08);
}

TEST_CASE("e4m3_modes_at_overflow_ocp") {
  CHECK(from_float<E4M3>(480.0f, mode(kRne)) == 0x7F);
  CHECK(from_float<E4M3>(480.0f, mode(kRtz)) == 0x7E);
  CHECK(from_float<E4M3>(449.0f, mode(kUp)) == 0x7F);
  CHECK(from_float<E4M3>(-449.0f, mode(kUp)) == 0xFE);
  CHECK(from_float<E4M3>(-449.0f, mode(kDown)) == 0xFF);
  CHECK(from_float<E4M3>(464.0f, mode(kRna)) == 0x7F);  // tie away lands on 480 -> NaN
  CHECK(from_float<E4M3>(464.0f, mode(kRna, Profile::kOcp, true)) == 0x7E);
}

TEST_CASE("e5m2_f16_bf16_tf32_modes") {
  CHECK(from_float<E5M2>(61440.0f, mode(kRne)) == 0x7C);
  CHECK(from_float<E5M2>(61440.0f, mode(kRtz)) == 0x7B);
  CHECK(from_float<E5M2>(1.125f, mode(kRne)) == 0x3C);  // tie 1.0 / 1.25 -> even 1.0
  CHECK(from_float<E5M2>(1.125f, mode(kRna)) == 0x3D);
  CHECK(from_float<F16>(65520.0f, mode(kRne)) == 0x7C00);
  CHECK(from_float<F16>(65520.0f, mode(kRtz)) == 0x7BFF);
  CHECK(from_float<F16>(-65520.0f, mode(kUp)) == 0xFBFF);
  CHECK(from_float<F16>(-65520.0f, mode(kDown)) == 0xFC00);
  CHECK(from_float<BF16>(f32_from_bits(0x3F808000u), mode(kRne)) == 0x3F80);
  CHECK(from_float<BF16>(f32_from_bits(0x3F818000u), mode(kRne)) == 0x3F82);
  CHECK(from_float<BF16>(f32_from_bits(0x3F808000u), mode(kRna)) == 0x3F81);
  CHECK(from_float<BF16>(f32_from_bits(0x3F800001u), mode(kUp)) == 0x3F81);
  CHECK(from_float<BF16>(f32_from_bits(0xBF800001u), mode(kUp)) == 0xBF80);
  CHECK(from_float<TF32>(f32_from_bits(0x3F801000u), mode(kRne)) == 0x3F800000u);
  CHECK(from_float<TF32>(f32_from_bits(0x3F801000u), mode(kRna)) == 0x3F802000u);
  CHECK(from_float<TF32>(f32_from_bits(0x3F801FFFu), mode(kRtz)) == 0x3F800000u);
}

TEST_CASE("fp6_fp4_modes") {
  CHECK(from_float<E2M1>(0.25f, mode(kRne)) == 0x0);
  CHECK(from_float<E2M1>(0.25f, mode(kRna)) == 0x1);
  CHECK(from_float<E2M1>(0.75f, mode(kRne)) == 0x2);
  CHECK(from_float<E2M1>(5.0f, mode(kRne)) == 0x6);
  CHECK(from_float<E2M1>(5.0f, mode(kRna)) == 0x7);
  CHECK(from_float<E2M1>(5.9f, mode(kRtz)) == 0x6);
  CHECK(from_float<E2M1>(4.1f, mode(kUp)) == 0x7);
  CHECK(from_float<E2M1>(-4.1f, mode(kDown)) == 0xF);
  CHECK(from_float<E2M1>(100.0f, mode(kUp)) == 0x7);   // always saturates
  CHECK(from_float<E2M3>(7.25f, mode(kRne)) == 0x1E);  // tie 7.0 (0x1E) / 7.5 (0x1F) -> even
  CHECK(from_float<E2M3>(7.25f, mode(kRna)) == 0x1F);
  CHECK(from_float<E3M2>(26.0f, mode(kRne)) == 0x1E);  // tie 24 (0x1E) / 28 (0x1F) -> even
  CHECK(from_float<E3M2>(26.0f, mode(kUp)) == 0x1F);
  CHECK(from_float<E3M2>(0.03125f, mode(kRne)) == 0x00);  // half of min subnormal 2^-4
  CHECK(from_float<E3M2>(0.03125f, mode(kRna)) == 0x01);
}

TEST_CASE("e8m0_modes") {
  CHECK(from_float<E8M0>(0.75f, mode(kRne)) == 0x7F);
  CHECK(from_float<E8M0>(1.5f, mode(kRne)) == 0x80);
  CHECK(from_float<E8M0>(0.3f, mode(kRne)) == 0x7D);
  CHECK(from_float<E8M0>(1.9f, mode(kRtz)) == 0x7F);
  CHECK(from_float<E8M0>(1.1f, mode(kUp)) == 0x80);
  CHECK(from_float<E8M0>(1.1f, mode(kDown)) == 0x7F);
  CHECK(from_float<E8M0>(1.5f, mode(kRna)) == 0x80);
}

TEST_CASE("f64_sources_round_once") {
  // 1.0625 + 2^-40 is just above an e4m3 tie: correct rounding goes up; via f32 it would tie.
  const double x = 1.0625 + 0x1p-40;
  CHECK(from_double(DType::f8e4m3, x) == 0x39);
  CHECK(from_float<E4M3>(float(x)) == 0x38);
  CHECK(from_double(DType::f32, 1.0 + 0x1p-24) == 0x3F800000u);
  CHECK(from_double(DType::f32, 1.0 + 0x1p-24 + 0x1p-52) == 0x3F800001u);
  ConvertOptions o = mode(kRtz);
  CHECK(from_double(DType::f32, 1.0 + 0x1p-24 + 0x1p-52, o) == 0x3F800000u);
}

TEST_CASE("stochastic_carry_rule") {
  // 1.0625 -> e4m3 discards 20 bits equal to 0x80000 (one half): carry iff rbits >= 0x80000.
  const ConvertOptions o = mode(kSr);
  CHECK(from_float<E4M3>(1.0625f, o, 0x7FFFFu) == 0x38);
  CHECK(from_float<E4M3>(1.0625f, o, 0x80000u) == 0x39);
  CHECK(from_float<E4M3>(1.0625f, o, 0xFFF00000u) == 0x38);  // only the low 20 bits count
  // 1 + 2^-23: the discarded field is 1, so only all-ones random bits carry.
  CHECK(from_float<E4M3>(f32_from_bits(0x3F800001u), o, 0xFFFFEu) == 0x38);
  CHECK(from_float<E4M3>(f32_from_bits(0x3F800001u), o, 0xFFFFFu) == 0x39);
  // Exact values never move.
  CHECK(from_float<E4M3>(1.0f, o, 0xFFFFFFFFu) == 0x38);
  // bf16 uses 16 bits, f16 13 bits.
  CHECK(from_float<BF16>(f32_from_bits(0x3F80C000u), o, 0x3FFFu) == 0x3F80);
  CHECK(from_float<BF16>(f32_from_bits(0x3F80C000u), o, 0x4000u) == 0x3F81);
  CHECK(from_float<F16>(f32_from_bits(0x3F801000u), o, 0x0FFFu) == 0x3C00);
  CHECK(from_float<F16>(f32_from_bits(0x3F801000u), o, 0x1000u) == 0x3C01);
  // Negative values round away from zero on carry (magnitude rule).
  CHECK(from_float<E4M3>(-1.0625f, o, 0x80000u) == 0xB9);
  // e2m1 (22 bits): 0.75 is half way between 0.5 and 1.0.
  CHECK(from_float<E2M1>(0.75f, o, 0x1FFFFFu) == 0x1);
  CHECK(from_float<E2M1>(0.75f, o, 0x200000u) == 0x2);
  // Subnormal result: 1.25 * 2^-9 keeps 1 unit, discards a quarter: top 20 discarded bits
  // are 0x40000, carry iff rbits >= 0xC0000.
  CHECK(from_float<E4M3>(1.25f / 512.0f, o, 0xBFFFFu) == 0x01);
  CHECK(from_float<E4M3>(1.25f / 512.0f, o, 0xC0000u) == 0x02);
}

TEST_CASE("flush_denormals") {
  ConvertOptions o;
  o.flush_input_denormals = true;
  CHECK(convert_bits(DType::f32, 0x00000001u, DType::f64, o) == 0);
  CHECK(convert_bits(DType::f32, 0x80000001u, DType::f64, o) == 0x8000000000000000ull);
  CHECK(convert_bits(DType::f8e4m3, 0x01, DType::f32, o) == 0);
  ConvertOptions q;
  q.flush_output_denormals = true;
  CHECK(from_float<E4M3>(3.0f / 512.0f, q) == 0x00);
  CHECK(from_float<E4M3>(-3.0f / 512.0f, q) == 0x80);
  CHECK(from_float<E4M3>(1.0f / 64.0f, q) == 0x08);  // min normal stays
  CHECK(from_float<F16>(1e-6f, q) == 0x0000);
  CHECK(from_float<F16>(1e-6f) != 0x0000);
}

TEST_CASE("integer_rules") {
  const ConvertOptions o;
  // float -> int: truncation toward zero, saturation, NaN -> 0.
  CHECK(convert_bits(DType::f32, f32_bits(2.9f), DType::i8, o) == 2);
  CHECK(convert_bits(DType::f32, f32_bits(-2.9f), DType::i8, o) == 0xFE);
  CHECK(convert_bits(DType::f32, f32_bits(300.0f), DType::i8, o) == 0x7F);
  CHECK(convert_bits(DType::f32, f32_bits(-300.0f), DType::i8, o) == 0x80);
  CHECK(convert_bits(DType::f32, 0x7FC00000u, DType::i32, o) == 0);
  CHECK(convert_bits(DType::f32, 0xFF800000u, DType::i64, o) == 0x8000000000000000ull);
  CHECK(convert_bits(DType::f32, f32_bits(-5.0f), DType::u8, o) == 0);
  CHECK(convert_bits(DType::f32, f32_bits(9.0f), DType::i4, o) == 0x7);
  CHECK(convert_bits(DType::f32, f32_bits(-9.0f), DType::i4, o) == 0x8);
  CHECK(convert_bits(DType::f32, f32_bits(0.1f), DType::i1, o) == 1);
  CHECK(convert_bits(DType::f32, 0x80000000u, DType::i1, o) == 0);
  // int -> int wraps; int -> bool is != 0.
  CHECK(convert_bits(DType::i32, 300, DType::i8, o) == 44);
  CHECK(convert_bits(DType::i8, 0xFF, DType::i32, o) == 0xFFFFFFFFu);
  CHECK(convert_bits(DType::i8, 0x09, DType::i4, o) == 0x9);
  CHECK(convert_bits(DType::i8, 0x10, DType::i1, o) == 1);
  // int -> float rounds with the mode.
  CHECK(convert_bits(DType::i32, 17, DType::f8e4m3, o) == from_float<E4M3>(17.0f));
  CHECK(convert_bits(DType::i64, (1ull << 24) + 1, DType::f32, o) == 0x4B800000u);
  ConvertOptions up = o;
  up.rounding = RoundingMode::kUp;
  CHECK(convert_bits(DType::i64, (1ull << 24) + 1, DType::f32, up) == 0x4B800001u);
  CHECK(convert_bits(DType::u64, ~0ull, DType::f32, o) == 0x5F800000u);
  CHECK(convert_bits(DType::i4, 0x8, DType::f32, o) == f32_bits(-8.0f));
}
