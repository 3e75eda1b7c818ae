// The vector paths of the numerics report's statistics (compute_stats on f32) and of the shadow
// comparisons (compare_split) against plain loops written here from their definitions.
#include <cmath>
#include <limits>
#include <map>
#include <random>

#include <doctest/doctest.h>

#include "interp/numerics/shadow.h"
#include "interp/numerics/stats.h"

namespace tn = tessera::interp::numerics;
using tessera::DType;
using tessera::interp::Tensor;

namespace {

/// 1003 f32 values (vector blocks and a tail) with every special class in several places.
Tensor special_f32() {
  Tensor t(DType::f32, {1003});
  std::mt19937 gen(11);
  std::normal_distribution<float> nd;
  std::uniform_int_distribution<int> ex(-140, 120);
  float* x = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) x[i] = std::ldexp(nd(gen), ex(gen));
  const float specials[] = {NAN,
                            -NAN,
                            INFINITY,
                            -INFINITY,
                            0.0f,
                            -0.0f,
                            1e-40f,
                            -3e-45f,
                            std::numeric_limits<float>::max(),
                            std::numeric_limits<float>::min()};
  for (int k = 0; k < 40; ++k) x[(k * 97 + 5) % 1003] = specials[k % 10];
  return t;
}

}  // namespace

TEST_CASE("compute_stats on f32 equals the definition") {
  const Tensor t = special_f32();
  const tn::ValueStats s = tn::compute_stats(t, nullptr);
  uint64_t nan = 0, pinf = 0, ninf = 0, zero = 0, sub = 0;
  double lo = INFINITY, hi = -INFINITY, am = 0;
  std::map<int, uint64_t> hist;
  for (int64_t i = 0; i < t.numel(); ++i) {
    const double v = t.data<float>()[i];
    if (std::isnan(v)) {
      ++nan;
    } else if (std::isinf(v)) {
      ++(v > 0 ? pinf : ninf);
    } else {
      zero += v == 0;
      sub += v != 0 && std::fabs(v) < std::ldexp(1.0, -126);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      am = std::max(am, std::fabs(v));
      int e = 0;
      if (v != 0) std::frexp(v, &e), ++hist[e - 1];
    }
  }
  CHECK(s.count == 1003);
  CHECK(s.nan == nan);
  CHECK(s.pos_inf == pinf);
  CHECK(s.neg_inf == ninf);
  CHECK(s.zero == zero);
  CHECK(s.subnormal == sub);
  CHECK(s.min == lo);
  CHECK(s.max == hi);
  CHECK(s.absmax == am);
  for (size_t k = 0; k < s.exp_hist.size(); ++k) {
    const int e = static_cast<int>(k) + tn::kExpLo;
    INFO("exponent " << e);
    CHECK(s.exp_hist[k] == (hist.count(e) ? hist[e] : 0));
  }
}

TEST_CASE("compare_split on f32 equals the definition (sums up to their order)") {
  const Tensor x = special_f32();
  Tensor local(DType::f64, {1003}), ref(DType::f64, {1003});
  for (int64_t i = 0; i < x.numel(); ++i) {
    const double v = x.data<float>()[i];
    local.data<double>()[i] = v * (1 + 1e-9 * double(i % 7)) + (i % 13 == 0 ? 1e-300 : 0.0);
    ref.data<double>()[i] = i % 101 == 0 ? NAN : v * (1 - 3e-8 * double(i % 5));
  }
  const tn::SplitErrors got = tn::compare_split(x, local, ref);
  // ulps of f32 at r: 2^(max(floor(log2|r|), -126) - 23).
  auto expect = [](const Tensor& a, const Tensor& r) {
    tn::ErrorStats e;
    for (int64_t i = 0; i < a.numel(); ++i) {
      const double v = a.dtype() == DType::f32 ? double(a.data<float>()[i]) : a.data<double>()[i];
      const double w = r.data<double>()[i];
      if (!std::isfinite(v) || !std::isfinite(w)) {
        e.mismatched += !((std::isnan(v) && std::isnan(w)) || v == w);
        continue;
      }
      int ex = 0;
      std::frexp(w, &ex);
      const int er = w == 0 ? -126 : std::max(ex - 1, -126);
      const double ulps = std::fabs(v - w) / std::ldexp(1.0, er - 23);
      e.max_ulp = std::max(e.max_ulp, ulps);
      e.sum_ulp += ulps;
      ++e.n;
      if (w != 0) {
        e.max_rel = std::max(e.max_rel, std::fabs(v - w) / std::fabs(w));
        e.sum_rel += std::fabs(v - w) / std::fabs(w);
        ++e.n_rel;
      }
    }
    return e;
  };
  const tn::ErrorStats want[3] = {expect(x, ref), expect(x, local), expect(local, ref)};
  const tn::ErrorStats have[3] = {got.total, got.own, got.inherited};
  for (int k = 0; k < 3; ++k) {
    INFO("comparison " << k);
    CHECK(have[k].n == want[k].n);
    CHECK(have[k].n_rel == want[k].n_rel);
    CHECK(have[k].mismatched == want[k].mismatched);
    CHECK(have[k].max_ulp == want[k].max_ulp);
    CHECK(have[k].max_rel == want[k].max_rel);
    CHECK(have[k].sum_ulp == doctest::Approx(want[k].sum_ulp).epsilon(1e-12));
    CHECK(have[k].sum_rel == doctest::Approx(want[k].sum_rel).epsilon(1e-12));
  }
}
