// Accumulation models on hand-derived cases: alignment truncation, chaining, 13-bit FP8 output.
#include <doctest/doctest.h>

#include <cmath>

#include "core/numerics/accumulate.h"

using namespace tessera;
using namespace tessera::num;

TEST_CASE("tc_alignment_truncates_small_terms") {
  // c = 1, four products of 2^-25: Hopper (n = 25) keeps each one unit of 2^-25 and sums them
  // to 2^-23; Ampere (n = 24) and Volta (n = 23) truncate each to zero.
  const float a[4] = {0x1p-25f, 0x1p-25f, 0x1p-25f, 0x1p-25f};
  const float b[4] = {1, 1, 1, 1};
  CHECK(tc_dot(tc_model(TcArch::kHopper), a, b, 4, 1.0f) == 1.0f + 0x1p-23f);
  CHECK(tc_dot(tc_model(TcArch::kAmpere), a, b, 4, 1.0f) == 1.0f);
  CHECK(tc_dot(tc_model(TcArch::kVolta), a, b, 4, 1.0f) == 1.0f);
  // The sequential FMA chain rounds each step to nearest: 1 + 2^-25 -> 1 every time.
  AccumModel seq;
  CHECK(accumulate(seq, a, b, 4, 1.0f) == 1.0f);
  // Pairwise sums the products first: 2^-23 survives.
  AccumModel pw;
  pw.kind = AccumKind::kPairwise;
  CHECK(accumulate(pw, a, b, 4, 1.0f) == 1.0f + 0x1p-23f);
}

TEST_CASE("tc_truncation_is_toward_zero_and_output_rtz") {
  const float a[1] = {-0x1p-25f}, b[1] = {1};
  // Exact 1 - 2^-25 would round (RTZ) to 1 - 2^-24; the aligned term truncates to 0 instead.
  CHECK(tc_dot(tc_model(TcArch::kAmpere), a, b, 1, 1.0f) == 1.0f);
  // Hopper keeps -2^-25 exactly; the sum 1 - 2^-25 is then rounded toward zero in f32.
  CHECK(tc_dot(tc_model(TcArch::kHopper), a, b, 1, 1.0f) == 1.0f - 0x1p-24f);
  // 1 + 2^-24 + 2^-25 = 1 + 0.75 ulp: RTZ gives 1 (RNE would give 1 + 2^-23).
  const float a2[2] = {0x1p-24f, 0x1p-25f}, b2[2] = {1, 1};
  CHECK(tc_dot(tc_model(TcArch::kHopper), a2, b2, 2, 1.0f) == 1.0f);
}

TEST_CASE("tc_ampere_chains_two_halves") {
  // 16 f16 products = two steps of 8. Step 1: 1 + 2^-24 -> RTZ 1. Step 2 likewise. A single
  // fused step of 16 with the same n would keep both: 1 + 2^-23.
  float a[16] = {}, b[16] = {};
  a[0] = 1;
  b[0] = 1;
  a[1] = 0x1p-24f;
  b[1] = 1;
  a[8] = 0x1p-24f;
  b[8] = 1;
  const TcModel amp = tc_model(TcArch::kAmpere, DType::f16);
  CHECK(amp.k_step == 8);
  CHECK(tc_dot(amp, a, b, 16, 0.0f) == 1.0f);
  TcModel fused = amp;
  fused.k_step = 16;
  CHECK(tc_dot(fused, a, b, 16, 0.0f) == 1.0f + 0x1p-23f);
}

TEST_CASE("tc_fp8_13_bit_accumulation") {
  const TcModel h = tc_model(TcArch::kHopperFp8, DType::f8e4m3);
  CHECK(h.frac_bits == 13);
  // 2^-13 survives alignment to 1.0, 2^-14 does not.
  const float a[1] = {0x1p-13f}, a2[1] = {0x1p-14f}, b[1] = {1};
  CHECK(tc_dot(h, a, b, 1, 1.0f) == 1.0f + 0x1p-13f);
  CHECK(tc_dot(h, a2, b, 1, 1.0f) == 1.0f);
  // Three terms of 2 - 2^-13 sum exactly to 6 - 3 * 2^-13; the output keeps 13 mantissa bits
  // (ulp 2^-11 in [4, 8)), truncating to 6 - 2^-11. Without the cut f32 holds it exactly.
  const float x = 2.0f - 0x1p-13f;
  const float a3[3] = {x, x, x}, b3[3] = {1, 1, 1};
  CHECK(tc_dot(h, a3, b3, 3, 0.0f) == 6.0f - 0x1p-11f);
  CHECK(tc_dot(tc_model(TcArch::kHopper), a3, b3, 3, 0.0f) == 6.0f - 3 * 0x1p-13f);
}

TEST_CASE("tc_f16_output_rounds_to_nearest_even") {
  const TcModel amp = tc_model(TcArch::kAmpere);
  const float tie[1] = {0x1p-11f}, above[1] = {3 * 0x1p-12f}, b[1] = {1};
  CHECK(tc_dot(amp, tie, b, 1, 1.0f, DType::f16) == 1.0f);
  CHECK(tc_dot(amp, above, b, 1, 1.0f, DType::f16) == 1.0f + 0x1p-10f);
  CHECK(tc_dot(amp, above, b, 1, 1.0f, DType::f32) == 1.0f + 3 * 0x1p-12f);
}

TEST_CASE("tc_nan_and_inf_rules") {
  const TcModel m = tc_model(TcArch::kHopper);
  const float inf = INFINITY;
  const float a[2] = {inf, 1}, b[2] = {0, 1};
  CHECK(f32_bits(tc_dot(m, a, b, 2, 0.0f)) == 0x7FFFFFFFu);  // Inf * 0
  const float a2[2] = {inf, -inf}, b2[2] = {1, 1};
  CHECK(f32_bits(tc_dot(m, a2, b2, 2, 0.0f)) == 0x7FFFFFFFu);  // Inf - Inf
  const float a3[2] = {inf, 5}, b3[2] = {1, 1};
  CHECK(tc_dot(m, a3, b3, 2, 0.0f) == inf);
  const float a4[1] = {NAN}, b4[1] = {1};
  CHECK(f32_bits(tc_dot(m, a4, b4, 1, 0.0f)) == 0x7FFFFFFFu);
  CHECK(f32_bits(tc_dot(m, a4, b4, 1, 0.0f, DType::f16)) == f32_bits(to_float<F16>(0x7FFF)));
}

TEST_CASE("tc_block_scaled_groups") {
  // mxf4nvf4: groups of 16 e2m1 products summed exactly, times the two scales, then aligned.
  const TcModel m = tc_model(TcArch::kBlackwellMxf4Nvf4, DType::f4e2m1);
  CHECK(m.frac_bits == 35);
  float a[64], b[64];
  for (int i = 0; i < 64; ++i) {
    a[i] = 0.5f;
    b[i] = 0.5f;
  }
  const float sa[4] = {1, 2, 4, 8}, sb[4] = {1, 1, 1, 0.5f};
  // Each group sums to 16 * 0.25 = 4; scaled: 4 + 8 + 16 + 16 = 44.
  CHECK(tc_dot(m, a, b, 64, 0.0f, DType::f32, sa, sb) == 44.0f);
  // mxf8f6f4: one scale pair per 32 products.
  const TcModel m8 = tc_model(TcArch::kBlackwellMxf8f6f4, DType::f8e4m3);
  const float s8a[1] = {0x1p-3f}, s8b[1] = {1};
  CHECK(tc_dot(m8, a, b, 32, 1.0f, DType::f32, s8a, s8b) == 2.0f);
}

TEST_CASE("sequential_is_an_fma_chain") {
  // c = -1 first, then fma adds the exact product (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24.
  const float a[2] = {-1.0f, 1.0f + 0x1p-12f}, b[2] = {1.0f, 1.0f + 0x1p-12f};
  AccumModel seq;
  CHECK(accumulate(seq, a, b, 2, 0.0f) == 0x1p-11f + 0x1p-24f);
  AccumModel pw;
  pw.kind = AccumKind::kPairwise;  // the rounded product loses 2^-24
  CHECK(accumulate(pw, a, b, 2, 0.0f) == 0x1p-11f);
}

TEST_CASE("pairwise_tree_shape") {
  // Five terms split 2 | 3, then 1 | 2: ((x0 + x1) + (x2 + (x3 + x4))). With x = {1, 2^-24,
  // 2^-24, 2^-24, 2^-24} in f32: 1 + 2^-24 -> 1 (tie to even); x2 + (x3 + x4) = 3 * 2^-24
  // exactly; 1 + 1.5 ulp ties to even -> 1 + 2^-22. A left-to-right sum would give 1.
  const float a[5] = {1, 0x1p-24f, 0x1p-24f, 0x1p-24f, 0x1p-24f}, b[5] = {1, 1, 1, 1, 1};
  AccumModel pw;
  pw.kind = AccumKind::kPairwise;
  CHECK(accumulate(pw, a, b, 5, 0.0f) == 1.0f + 0x1p-22f);
}
