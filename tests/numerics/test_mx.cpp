// MX block scaling (both scale rules), NVFP4 and the per-tensor amax scale on hand cases.
#include <doctest/doctest.h>

#include <initializer_list>

#include <cmath>
#include <vector>

#include "core/numerics/convert_array.h"

using namespace tessera;
using namespace tessera::num;

TEST_CASE("mx_scale_rules") {
  // e4m3 (emax 8): amax 1 -> floor(0) - 8 = -8 -> 119 under both rules (1 / 448 < 2^-8).
  CHECK(mx_scale_bits(DType::f8e4m3, 1.0f, MxScaleRule::kOcp) == 119);
  CHECK(mx_scale_bits(DType::f8e4m3, 1.0f, MxScaleRule::kCeil) == 119);
  // amax 500: ocp floor(log2 500) - 8 = 0; ceil(log2(500 / 448)) = 1.
  CHECK(mx_scale_bits(DType::f8e4m3, 500.0f, MxScaleRule::kOcp) == 127);
  CHECK(mx_scale_bits(DType::f8e4m3, 500.0f, MxScaleRule::kCeil) == 128);
  // amax exactly 448 needs no extra step under ceil.
  CHECK(mx_scale_bits(DType::f8e4m3, 448.0f, MxScaleRule::kCeil) == 127);
  CHECK(mx_scale_bits(DType::f8e5m2, 1.0f, MxScaleRule::kOcp) == 127 - 15);
  CHECK(mx_scale_bits(DType::f6e3m2, 1.0f, MxScaleRule::kOcp) == 127 - 4);
  CHECK(mx_scale_bits(DType::f6e2m3, 1.0f, MxScaleRule::kOcp) == 127 - 2);
  CHECK(mx_scale_bits(DType::f4e2m1, 7.0f, MxScaleRule::kOcp) == 127);
  CHECK(mx_scale_bits(DType::f4e2m1, 7.0f, MxScaleRule::kCeil) == 128);
  CHECK(mx_scale_bits(DType::f4e2m1, 0.0f, MxScaleRule::kOcp) == 0);
  CHECK(mx_scale_bits(DType::f4e2m1, NAN, MxScaleRule::kOcp) == 0xFF);
  CHECK(mx_scale_bits(DType::f4e2m1, INFINITY, MxScaleRule::kCeil) == 0xFF);
  CHECK(mx_scale_bits(DType::f8e4m3, 0x1p-140f, MxScaleRule::kOcp) == 0);  // clamped at -127
  CHECK(mx_scale_bits(DType::f4e2m1, 0x1p127f, MxScaleRule::kOcp) == 127 + 125);
}

TEST_CASE("mx_quantize_elements") {
  std::vector<float> x(64, 0.0f);
  x[0] = 7.0f;
  x[1] = -3.5f;
  x[2] = 0.25f;  // block 0, amax 7
  x[32] = 500.0f;
  x[33] = 1.0f;  // block 1, amax 500
  std::vector<uint8_t> q(64), s(2);
  mx_quantize(DType::f4e2m1, x.data(), 64, q.data(), s.data(), MxScaleRule::kOcp, {});
  CHECK(s[0] == 127);
  CHECK(q[0] == 0x7);  // 7 clamps to 6
  CHECK(q[1] == 0xE);  // -3.5 ties to even -> -4
  CHECK(q[2] == 0x0);  // 0.25 ties to 0
  mx_quantize(DType::f4e2m1, x.data(), 64, q.data(), s.data(), MxScaleRule::kCeil, {});
  CHECK(s[0] == 128);
  CHECK(q[0] == 0x6);  // 3.5 -> 4
  CHECK(q[1] == 0xC);  // -1.75 ties -1.5 / -2 -> even -2
  mx_quantize(DType::f8e4m3, x.data(), 64, q.data(), s.data(), MxScaleRule::kCeil, {});
  CHECK(s[1] == 128);
  CHECK(q[32] == 0x78);  // 250 rounds to 256
  CHECK(q[33] == 0x30);  // 0.5
  std::vector<float> back(64);
  mx_dequantize(DType::f8e4m3, q.data(), s.data(), 64, back.data());
  CHECK(back[32] == 512.0f);
  CHECK(back[33] == 1.0f);
  CHECK(back[40] == 0.0f);
}

TEST_CASE("mx_fast_path_matches_block_reference") {
  std::vector<float> x(32 * 67);
  uint32_t st = 12345;
  for (float& v : x) {
    st = st * 1664525u + 1013904223u;
    v = std::ldexp(float(int32_t(st) >> 8), int(st % 40) - 40);
  }
  for (DType e : {DType::f8e4m3, DType::f8e5m2, DType::f6e2m3, DType::f6e3m2, DType::f4e2m1}) {
    for (MxScaleRule r : {MxScaleRule::kOcp, MxScaleRule::kCeil}) {
      for (Profile p : {Profile::kOcp, Profile::kCuda}) {
        ConvertOptions o;
        o.profile = p;
        std::vector<uint8_t> q(x.size()), s(67), q2(x.size()), s2(67);
        mx_quantize(e, x.data(), x.size(), q.data(), s.data(), r, o);
        for (size_t b = 0; b < 67; ++b) {
          mx_quantize_block(e, x.data() + 32 * b, 32, r, o, q2.data() + 32 * b, &s2[b]);
        }
        CHECK(q == q2);
        CHECK(s == s2);
      }
    }
  }
}

TEST_CASE("nvfp4_blocks") {
  float x[32] = {};
  x[0] = 6.0f;
  x[1] = -1.0f;  // block 0: amax 6 -> scale 1.0 (0x38)
  x[16] = 12.0f;
  x[17] = 5.0f;  // block 1: amax 12 -> scale 2.0 (0x40); 5 / 2 = 2.5 -> 2
  uint8_t q[32], s[2];
  nvfp4_quantize(x, 32, 1.0f, {}, q, s);
  CHECK(s[0] == 0x38);
  CHECK(q[0] == 0x7);
  CHECK(q[1] == 0xA);
  CHECK(s[1] == 0x40);
  CHECK(q[16] == 0x7);
  CHECK(q[17] == 0x4);
  float back[32];
  nvfp4_dequantize(q, s, 32, 1.0f, back);
  CHECK(back[16] == 12.0f);
  CHECK(back[17] == 4.0f);
  CHECK(nvfp4_global_scale(2688.0f) == 1.0f);
}

TEST_CASE("amax_scale") {
  CHECK(amax_scale(DType::f8e4m3, 896.0f) == 2.0f);
  CHECK(amax_scale(DType::f8e5m2, 57344.0f) == 1.0f);
  CHECK(amax_scale(DType::f4e2m1, 0.0f) == 1.0f);
  CHECK(max_finite_value(DType::e8m0) == std::ldexp(1.0, 127));
  CHECK(max_finite_value(DType::f6e2m3) == 7.5);
  CHECK(max_finite_value(DType::bf16) == 0x1.FEp127);
}
