// The shadow's f64 matrix product (interp/numerics/shadow_gemm.h): its readable definition against
// hand-derived chains, and the packed register tiles of every ISA this CPU runs against that
// definition, bit for bit (f32 and f64 operands, transposed strides, edge tiles, specials, two left
// operands sharing one right operand).
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <doctest/doctest.h>

#include "interp/graph/isa.h"
#include "interp/numerics/shadow_gemm.h"

namespace tn = tessera::interp::numerics;
using tessera::interp::Isa;

namespace {

/// Values with mixed exponents, and NaN, +-Inf, +-0 and subnormals sprinkled in.
template <typename T>
std::vector<T> values(size_t n, unsigned seed, bool specials) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> nd;
  std::uniform_int_distribution<int> ex(-20, 20);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(std::ldexp(nd(gen), ex(gen)));
  if (specials && n > 40) {
    const T sp[] = {std::numeric_limits<T>::quiet_NaN(),
                    std::numeric_limits<T>::infinity(),
                    -std::numeric_limits<T>::infinity(),
                    T(0),
                    -T(0),
                    std::numeric_limits<T>::denorm_min()};
    for (size_t k = 0; k < 6; ++k) v[(k * 37 + 11) % n] = sp[k];
  }
  return v;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::bit_cast<uint64_t>(a[i]) != std::bit_cast<uint64_t>(b[i])) return false;
  return true;
}

}  // namespace

TEST_CASE("shadow_gemm_reference is the sequential FMA chain (hand-derived values)") {
  // Increasing k, one rounding per step: 1e16 + 1 rounds back to 1e16, so the sum is 0, not 1.
  const double a1[] = {1e16, 1.0, -1e16}, b1[] = {1.0, 1.0, 1.0};
  double c = -1;
  tn::shadow_gemm_reference(1, 1, 3, {nullptr, a1, 3, 1}, {nullptr, b1, 1, 1}, &c);
  CHECK(c == 0.0);
  // Fused: (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60 exactly (a multiply then add would give 0).
  const double e = std::ldexp(1.0, -30);
  const double a2[] = {-1.0, 1.0 + e}, b2[] = {1.0, 1.0 - e};
  tn::shadow_gemm_reference(1, 1, 2, {nullptr, a2, 2, 1}, {nullptr, b2, 1, 1}, &c);
  CHECK(c == -std::ldexp(1.0, -60));
  // k = 0: +0.
  tn::shadow_gemm_reference(1, 1, 0, {nullptr, a2, 0, 1}, {nullptr, b2, 1, 1}, &c);
  CHECK(std::bit_cast<uint64_t>(c) == 0);
}

TEST_CASE("shadow_gemm equals its readable definition on every ISA, bit for bit") {
  struct Shape {
    int64_t m, n, k;
  };
  const Shape shapes[] = {{1, 1, 1},     {13, 17, 5}, {24, 32, 64},
                          {37, 50, 129}, {6, 8, 0},   {5, 3, 2}};
  for (const Isa isa : {Isa::kScalar, Isa::kAvx2, Isa::kAvx512}) {
    if (!tessera::interp::isa_available(isa)) continue;
    std::vector<double> scratch;  // reused across calls, as the monitor does
    for (const Shape& s : shapes)
      for (int form = 0; form < 4; ++form) {  // f32/f64 A, transposed A/B
        const bool a32 = form & 1, trans = form & 2;
        INFO("isa " << tessera::interp::isa_name(isa) << " m " << s.m << " n " << s.n << " k "
                    << s.k << " form " << form);
        const size_t na = static_cast<size_t>(s.m * s.k), nb = static_cast<size_t>(s.k * s.n);
        const auto af = values<float>(na, 1, true);
        const auto ad = values<double>(na, 2, true), a2 = values<double>(na, 3, false);
        const auto bf = values<float>(nb, 4, s.m > 20);
        tn::GemmOperand a0{a32 ? af.data() : nullptr, a32 ? nullptr : ad.data(), trans ? 1 : s.k,
                           trans ? s.m : 1};
        tn::GemmOperand a1{nullptr, a2.data(), trans ? 1 : s.k, trans ? s.m : 1};
        tn::GemmOperand b{bf.data(), nullptr, trans ? 1 : s.n, trans ? s.k : 1};
        const size_t nc = static_cast<size_t>(s.m * s.n);
        std::vector<double> want0(nc), want1(nc), got0(nc, -7), got1(nc, -7);
        tn::shadow_gemm_reference(s.m, s.n, s.k, a0, b, want0.data());
        tn::shadow_gemm_reference(s.m, s.n, s.k, a1, b, want1.data());
        const tn::GemmOperand as[] = {a0, a1};
        double* const cs[] = {got0.data(), got1.data()};
        tn::shadow_gemm(isa, s.m, s.n, s.k, as, b, cs, scratch);
        CHECK(same_bits(got0, want0));
        CHECK(same_bits(got1, want1));
        std::vector<double> one(nc, -7);  // one left operand alone
        double* const c1[] = {one.data()};
        tn::shadow_gemm(isa, s.m, s.n, s.k, {as, 1}, b, c1, scratch);
        CHECK(same_bits(one, want0));
      }
  }
}
