// The vector exp against the spec's scalar expf (core/numerics/expf.h), bit for bit, on both
// vector ISAs over all 2^32 inputs; and the row maximum against the sequential ieee_max chain.
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <doctest/doctest.h>
#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"

#include "interp/graph/ieee_minmax.h"
#include "interp/graph/isa.h"
#include "interp/graph/row_simd.h"
#include "interp/graph/vexp.h"

using tessera::interp::Isa;

namespace {

std::vector<Isa> vector_isas() {
  std::vector<Isa> v{Isa::kAvx2};
  if (tessera::interp::isa_available(Isa::kAvx512)) v.push_back(Isa::kAvx512);
  return v;
}

float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

/// Counts the elements whose bits differ from the scalar expf's (NaN: both NaN).
int64_t mismatches(const std::vector<float>& in, Isa isa, size_t offset) {
  std::vector<float> out(in.size() + offset, 7.0f);
  tessera::interp::exp_f32_vector(in.data(), out.data() + offset, static_cast<int64_t>(in.size()),
                                  isa);
  int64_t bad = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const float want = tessera::num::expf(in[i]);
    if (std::memcmp(&want, &out[i + offset], 4) != 0) ++bad;
  }
  return bad;
}

}  // namespace

// The sanitizer build (scripts/ci_asan.sh) runs the same kernels ~50x slower; there the exhaustive
// sweep becomes every 31st chunk of 2^16 patterns (all exponents and signs still covered: the chunk
// index is the high 16 bits). The plain build in the same CI run checks all 2^32 inputs.
#if defined(__SANITIZE_ADDRESS__)
constexpr uint64_t kChunkStride = 31;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr uint64_t kChunkStride = 31;
#else
constexpr uint64_t kChunkStride = 1;
#endif
#else
constexpr uint64_t kChunkStride = 1;
#endif

TEST_CASE("vector exp equals the scalar expf on all 2^32 inputs") {
  // Chunks of 2^16 consecutive bit patterns in parallel: every chunk through the widest vector
  // ISA, every 7th chunk (odd stride: all high-bit patterns mod 7) through the others too.
  const std::vector<Isa> isas = vector_isas();
  std::atomic<int64_t> bad{0}, checked{0};
  tbb::parallel_for(tbb::blocked_range<uint64_t>(0, uint64_t{1} << 16), [&](auto r) {
    std::vector<float> in(1 << 16), want(1 << 16), out(1 << 16);
    for (uint64_t c = r.begin(); c < r.end(); ++c) {
      if (c % kChunkStride != 0) continue;
      for (uint32_t j = 0; j < (1u << 16); ++j) {
        in[j] = from_bits(uint32_t(c << 16 | j));
        want[j] = tessera::num::expf(in[j]);
      }
      for (size_t k = 0; k < isas.size(); ++k) {
        if (k + 1 < isas.size() && c % 7 != 0) continue;
        tessera::interp::exp_f32_vector(in.data(), out.data(), 1 << 16, isas[k]);
        int64_t b = 0;
        for (uint32_t j = 0; j < (1u << 16); ++j)
          b += std::memcmp(&want[j], &out[j], 4) != 0 && !(want[j] != want[j] && out[j] != out[j]);
        bad += b;
        checked += 1 << 16;
      }
    }
  });
  CHECK(bad.load() == 0);
  CHECK(checked.load() >= (int64_t{1} << 32) / int64_t(kChunkStride));
}

TEST_CASE("vector exp: unaligned starts, tails and specials") {
  std::vector<float> in;
  for (float f = -104.5f; f < 89.5f; f = std::nextafter(f, 100.0f) + 1e-2f) in.push_back(f);
  for (float f : {88.0f, -88.0f, 88.72283f, 88.72284f, -103.97208f, -103.97207f, -103.27893f, 0.0f,
                  -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1e-45f, -1e-45f, 1e-38f})
    in.push_back(f);
  for (Isa isa : vector_isas()) {
    INFO("isa=" << tessera::interp::isa_name(isa));
    for (size_t offset : {0, 3}) CHECK(mismatches(in, isa, offset) == 0);
    // Lengths that end inside a vector.
    for (int64_t n = 0; n < 40; ++n) {
      std::vector<float> part(in.begin() + 1000, in.begin() + 1000 + n);
      CHECK(mismatches(part, isa, 0) == 0);
    }
  }
}

TEST_CASE("vector exp runs in place") {
  std::vector<float> x(1000);
  for (size_t i = 0; i < x.size(); ++i) x[i] = -50.0f + 0.1f * float(i);
  x[17] = NAN;
  x[18] = 95.0f;
  for (Isa isa : vector_isas()) {
    std::vector<float> y = x;
    tessera::interp::exp_f32_vector(y.data(), y.data(), static_cast<int64_t>(y.size()), isa);
    for (size_t i = 0; i < x.size(); ++i) {
      const float want = tessera::num::expf(x[i]);
      CHECK(std::memcmp(&want, &y[i], 4) == 0);
    }
  }
}

TEST_CASE("vector row maximum equals the ieee_max chain or defers") {
  std::mt19937 gen(5);
  std::normal_distribution<float> nd;
  for (int trial = 0; trial < 300; ++trial) {
    const int64_t n = 1 + trial % 70;
    std::vector<float> x(static_cast<size_t>(n));
    for (auto& v : x) v = nd(gen);
    if (trial % 5 == 1) x[static_cast<size_t>(trial % n)] = NAN;
    if (trial % 7 == 2) x[static_cast<size_t>(trial % n)] = INFINITY;
    if (trial % 11 == 3)
      for (auto& v : x) v = (trial & 1) ? -0.0f : -std::fabs(v) - 1.0f;
    if (trial % 13 == 4) x[0] = 0.0f;
    float chain = x[0];
    for (int64_t j = 1; j < n; ++j) chain = tessera::interp::ieee_max(chain, x[size_t(j)]);
    for (Isa isa : vector_isas()) {
      auto got = tessera::interp::row_max_f32(x.data(), n, isa);
      if (!got) {  // it may defer only on a NaN or a zero maximum
        CHECK((std::isnan(chain) || chain == 0.0f));
        continue;
      }
      CHECK(std::memcmp(&*got, &chain, 4) == 0);
    }
  }
}
