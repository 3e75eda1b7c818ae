// tessera.matmul with f64 accumulation (the blocked path shadow runs use) against the readable
// sequential FMA chain over k, bit for bit, on edge shapes, transposes and thread counts.
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "interp/api.h"

namespace {

using tessera::interp::HostTensor;

HostTensor f64_tensor(int64_t r, int64_t c, uint32_t seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> nd;
  std::uniform_int_distribution<int> ex(-40, 40);
  HostTensor t;
  t.dtype = tessera::DType::f64;
  t.shape = {r, c};
  t.data.resize(static_cast<size_t>(r * c) * 8);
  auto* p = reinterpret_cast<double*>(t.data.data());
  for (int64_t i = 0; i < r * c; ++i) p[i] = std::ldexp(nd(gen), ex(gen));
  return t;
}

void check(int64_t m, int64_t n, int64_t k, bool ta, bool tb, int threads) {
  const HostTensor a = ta ? f64_tensor(k, m, 7) : f64_tensor(m, k, 7);
  const HostTensor b = tb ? f64_tensor(n, k, 8) : f64_tensor(k, n, 8);
  auto ty = [](int64_t r, int64_t c) {
    return "tensor<" + std::to_string(r) + "x" + std::to_string(c) + "xf64>";
  };
  const std::string at = ty(a.shape[0], a.shape[1]), bt = ty(b.shape[0], b.shape[1]);
  const std::string text =
      "func.func @main(%a: " + at + ", %b: " + bt + ") -> " + ty(m, n) +
      " {\n  %c = \"tessera.matmul\"(%a, %b) {transpose_a = " + (ta ? "true" : "false") +
      ", transpose_b = " + (tb ? "true" : "false") + "} : (" + at + ", " + bt + ") -> " + ty(m, n) +
      "\n  return %c : " + ty(m, n) + "\n}\n";
  tessera::interp::RunOptions opts;
  opts.threads = threads;
  const auto out = tessera::interp::run_module_text(text, {a, b}, opts);
  const auto* pa = reinterpret_cast<const double*>(a.data.data());
  const auto* pb = reinterpret_cast<const double*>(b.data.data());
  std::vector<double> ref(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0.0;
      for (int64_t p = 0; p < k; ++p)
        acc = std::fma(ta ? pa[p * m + i] : pa[i * k + p], tb ? pb[j * k + p] : pb[p * n + j], acc);
      ref[static_cast<size_t>(i * n + j)] = acc;
    }
  INFO("m=" << m << " n=" << n << " k=" << k << " ta=" << ta << " tb=" << tb);
  REQUIRE(out.size() == 1);
  CHECK(std::memcmp(out[0].data.data(), ref.data(), ref.size() * 8) == 0);
}

}  // namespace

TEST_CASE("f64 matmul equals the sequential FMA chain on edge shapes") {
  for (int64_t m : {1, 3, 4, 5, 9})
    for (int64_t n : {1, 15, 16, 17, 33})
      for (int64_t k : {1, 2, 31})
        for (int t : {1, 3}) check(m, n, k, (m + n) % 2 == 1, (n + k) % 2 == 0, t);
  check(12, 48, 64, false, false, 2);
  check(12, 48, 64, true, true, 2);
}
