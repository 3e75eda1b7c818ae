// Bulk conversion: fast paths bit-identical to the scalar path; results independent of chunking.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>

#include <tbb/global_control.h>

#include <string>
#include <vector>

#include "core/numerics/convert_array.h"

using namespace tessera;
using namespace tessera::num;

namespace {

std::vector<uint32_t> test_patterns() {
  std::vector<uint32_t> v;
  uint64_t st = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < (1 << 20); ++i) {
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    v.push_back(uint32_t(st >> 16));
  }
  // Every exponent with a spread of mantissas, both signs, plus Inf / NaN.
  for (uint32_t e = 0; e < 256; ++e) {
    for (uint32_t m : {0u, 1u, 0x7FFFFFu, 0x400000u, 0x080000u, 0x07FFFFu, 0x080001u, 0x008000u,
                       0x018000u, 0x100000u, 0x200000u, 0x300000u, 0x0FFFFFu}) {
      v.push_back((e << 23) | m);
      v.push_back(0x80000000u | (e << 23) | m);
    }
  }
  return v;
}

}  // namespace

TEST_CASE("fast_paths_equal_reference") {
  const std::vector<uint32_t> src = test_patterns();
  const size_t n = src.size();
  for (DType to :
       {DType::bf16, DType::f8e4m3, DType::f8e5m2, DType::f6e2m3, DType::f6e3m2, DType::f4e2m1}) {
    for (Profile p : {Profile::kOcp, Profile::kCuda}) {
      for (bool sat : {false, true}) {
        ConvertOptions o;
        o.profile = p;
        o.saturate = sat;
        REQUIRE(has_fast_path(DType::f32, to, o));
        const size_t bytes = size_t(dtype_bits(to) / 8) * n;
        std::vector<uint8_t> fast(bytes), ref(bytes);
        convert_array(DType::f32, src.data(), to, fast.data(), n, o);
        convert_array_reference(DType::f32, src.data(), to, ref.data(), n, o);
        const std::string name = dtype_short_name(to);
        CAPTURE(name);
        CAPTURE(int(p));
        CAPTURE(sat);
        CHECK(fast == ref);
      }
    }
  }
}

TEST_CASE("stochastic_results_ignore_chunking_and_threads") {
  const std::vector<uint32_t> src = test_patterns();
  const size_t n = src.size();
  ConvertOptions o;
  o.rounding = RoundingMode::kStochastic;
  o.seed = 42;
  o.stream = 7;
  std::vector<uint8_t> whole(n), parts(n), one(n);
  convert_array(DType::f32, src.data(), DType::f8e4m3, whole.data(), n, o);
  const size_t cut = 12345;
  convert_array(DType::f32, src.data(), DType::f8e4m3, parts.data(), cut, o, 0);
  convert_array(DType::f32, src.data() + cut, DType::f8e4m3, parts.data() + cut, n - cut, o, cut);
  {
    tbb::global_control gc(tbb::global_control::max_allowed_parallelism, 1);
    convert_array(DType::f32, src.data(), DType::f8e4m3, one.data(), n, o);
  }
  CHECK(whole == parts);
  CHECK(whole == one);
  // Element i really uses random_bits(seed, stream, i).
  for (size_t i = 0; i < 1000; ++i) {
    CHECK(whole[i] == convert_bits(DType::f32, src[i], DType::f8e4m3, o, random_bits(42, 7, i)));
  }
  // A different seed changes some results.
  o.seed = 43;
  std::vector<uint8_t> other(n);
  convert_array(DType::f32, src.data(), DType::f8e4m3, other.data(), n, o);
  CHECK(whole != other);
}

TEST_CASE("stochastic_rounding_is_unbiased_on_average") {
  // 1 + 2^-5 lies 1/4 of the way from 1 to 1.125 in e4m3: about 25% of conversions round up.
  const size_t n = 1 << 16;
  std::vector<float> src(n, 1.0f + 0x1p-5f);
  std::vector<uint8_t> dst(n);
  ConvertOptions o;
  o.rounding = RoundingMode::kStochastic;
  o.seed = 1;
  convert_array(DType::f32, src.data(), DType::f8e4m3, dst.data(), n, o);
  size_t up = 0;
  for (uint8_t b : dst) up += b == 0x39;
  CHECK(up > n / 4 - n / 64);
  CHECK(up < n / 4 + n / 64);
}

TEST_CASE("int4_packing_low_nibble_first") {
  const int8_t src[5] = {1, -2, 7, -8, 3};
  uint8_t dst[3] = {0xFF, 0xFF, 0xFF};
  convert_array(DType::i8, src, DType::i4, dst, 5, {});
  CHECK(dst[0] == 0xE1);
  CHECK(dst[1] == 0x87);
  CHECK((dst[2] & 0xF) == 0x3);
  float back[5];
  convert_array(DType::i4, dst, DType::f32, back, 5, {});
  CHECK(back[1] == -2.0f);
  CHECK(back[3] == -8.0f);
  CHECK(back[4] == 3.0f);
}

TEST_CASE("f64_array_to_fp8_rounds_once") {
  const double src[2] = {1.0625 + 0x1p-40, -(1.0625 + 0x1p-40)};
  uint8_t dst[2];
  convert_array(DType::f64, src, DType::f8e4m3, dst, 2, {});
  CHECK(dst[0] == 0x39);
  CHECK(dst[1] == 0xB9);
}

TEST_CASE("fast_paths_equal_reference_at_every_offset_and_tail") {
  // The vector loops take 16 or 32 elements per step; misaligned starts and every tail length
  // exercise the scalar remainder and the pack order.
  const std::vector<uint32_t> all = test_patterns();
  for (DType to :
       {DType::bf16, DType::f8e4m3, DType::f8e5m2, DType::f6e2m3, DType::f6e3m2, DType::f4e2m1}) {
    for (size_t off : {size_t(1), size_t(3), size_t(17)}) {
      for (size_t n : {size_t(0), size_t(1), size_t(15), size_t(31), size_t(33), size_t(100)}) {
        ConvertOptions o;
        o.profile = off == 3 ? Profile::kCuda : Profile::kOcp;
        const size_t w = size_t(dtype_bits(to) / 8);
        std::vector<uint8_t> fast(w * n + 1), ref(w * n + 1);
        convert_array(DType::f32, all.data() + off * 997, to, fast.data(), n, o);
        convert_array_reference(DType::f32, all.data() + off * 997, to, ref.data(), n, o);
        CAPTURE(n);
        CAPTURE(off);
        CHECK(fast == ref);
      }
    }
  }
}

namespace {

/// Random MX blocks: each block has its own exponent range (including the f32 extremes, where
/// the scale saturates at 2^-127 / 2^127), random signs and mantissas, sometimes zeros,
/// subnormals, Inf or NaN.
std::vector<float> mx_test_data(size_t blocks, uint64_t seed) {
  std::vector<float> x(blocks * 32);
  uint64_t st = seed;
  auto next = [&] {
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return st;
  };
  for (size_t b = 0; b < blocks; ++b) {
    const uint64_t kind = next() % 16;
    const uint32_t e0 = uint32_t(next() % 256);
    for (size_t i = 0; i < 32; ++i) {
      uint32_t e = e0 >= 4 ? e0 - uint32_t(next() % 4) : e0;
      if (e == 255) e = 254;
      uint32_t bits = uint32_t(next() >> 32) & 0x807FFFFFu;
      bits |= e << 23;
      if (kind == 1) bits &= 0x807FFFFFu;            // zero exponent: subnormals, zeros
      if (kind == 2 && i == 5) bits = 0x7F800000u;   // Inf block
      if (kind == 3 && i == 31) bits = 0xFFC00001u;  // NaN block
      if (kind == 4) bits &= 0x80000000u;            // all zero
      if (kind == 5 && i % 3 == 0) bits = (bits & 0x80000000u) | (0x43E00000u + i);  // ~448
      std::memcpy(&x[b * 32 + i], &bits, 4);
    }
  }
  return x;
}

}  // namespace

TEST_CASE("mx_fast_path_equals_block_reference_on_random_and_boundary_blocks") {
  const size_t blocks = 4099;
  const std::vector<float> x = mx_test_data(blocks, 0x1234567887654321ull);
  for (DType e : {DType::f8e4m3, DType::f8e5m2, DType::f6e2m3, DType::f6e3m2, DType::f4e2m1}) {
    for (MxScaleRule r : {MxScaleRule::kOcp, MxScaleRule::kCeil}) {
      for (Profile p : {Profile::kOcp, Profile::kCuda}) {
        for (size_t n : {blocks * 32, blocks * 32 - 7}) {  // with and without a partial block
          ConvertOptions o;
          o.profile = p;
          const size_t nb = (n + 31) / 32;
          std::vector<uint8_t> q(n), s(nb), q2(n), s2(nb);
          mx_quantize(e, x.data(), n, q.data(), s.data(), r, o);
          for (size_t b = 0; b < nb; ++b) {
            const int len = int(std::min<size_t>(32, n - 32 * b));
            mx_quantize_block(e, x.data() + 32 * b, len, r, o, q2.data() + 32 * b, &s2[b], 32 * b);
          }
          CAPTURE(dtype_short_name(e));
          CAPTURE(int(r));
          CAPTURE(int(p));
          CAPTURE(n);
          CHECK(q == q2);
          CHECK(s == s2);
        }
      }
    }
  }
}

TEST_CASE("mx_stochastic_uses_the_given_first_element_index") {
  const std::vector<float> x = mx_test_data(64, 99);
  ConvertOptions o;
  o.rounding = RoundingMode::kStochastic;
  o.seed = 5;
  o.stream = 3;
  std::vector<uint8_t> whole(x.size()), tail(x.size() - 320), s(64), s2(54);
  mx_quantize(DType::f8e4m3, x.data(), x.size(), whole.data(), s.data(), MxScaleRule::kOcp, o);
  mx_quantize(DType::f8e4m3, x.data() + 320, x.size() - 320, tail.data(), s2.data(),
              MxScaleRule::kOcp, o, 320);
  CHECK(std::equal(tail.begin(), tail.end(), whole.begin() + 320));
  std::vector<uint8_t> at0(x.size() - 320);
  mx_quantize(DType::f8e4m3, x.data() + 320, x.size() - 320, at0.data(), s2.data(),
              MxScaleRule::kOcp, o, 0);
  CHECK(at0 != tail);
}
