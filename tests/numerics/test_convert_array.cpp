// Bulk conversion: fast paths bit-identical to the scalar path; results independent of chunking.
#include <doctest/doctest.h>

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
    st ^= st << 13; st ^= st >> 7; st ^= st << 17;
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
  for (DType to : {DType::bf16, DType::f8e4m3, DType::f8e5m2, DType::f6e2m3, DType::f6e3m2,
                   DType::f4e2m1}) {
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
    CHECK(whole[i] == convert_bits(DType::f32, src[i], DType::f8e4m3, o,
                                   random_bits(42, 7, i)));
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
