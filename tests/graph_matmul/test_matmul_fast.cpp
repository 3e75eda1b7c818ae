// The packed AVX2 matmul against the plain FMA-chain reference, bit for bit, at any thread count.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <doctest/doctest.h>
#include <tbb/task_arena.h>

#include "interp/graph/matmul_microkernel.h"

using tessera::interp::MatView;

namespace {

std::vector<float> random_floats(size_t n, uint32_t seed, bool wide_exponents) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> nd;
  std::uniform_int_distribution<int> ex(-30, 30);
  std::vector<float> v(n);
  for (auto& x : v) x = wide_exponents ? std::ldexp(nd(gen), ex(gen)) : nd(gen);
  return v;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

/// Runs both paths on an m x k by k x n product with the given transposes.
void check(int64_t m, int64_t n, int64_t k, bool ta, bool tb, uint32_t seed, int threads = 2) {
  auto a = random_floats(size_t(m * k), seed, true);
  auto b = random_floats(size_t(k * n), seed + 1, true);
  MatView va = ta ? MatView{a.data(), 1, m} : MatView{a.data(), k, 1};
  MatView vb = tb ? MatView{b.data(), 1, k} : MatView{b.data(), n, 1};
  std::vector<float> fast(size_t(m * n), 1234.5f), ref(size_t(m * n), -1.0f);
  tbb::task_arena arena(threads);
  tessera::interp::sgemm_reference(m, n, k, va, vb, ref.data(), n);
  // Every register tile this CPU can run (AVX2 always, AVX-512 where present) gives the bits of
  // the reference.
  using tessera::interp::GemmIsa;
  for (GemmIsa isa : {GemmIsa::kAvx2, GemmIsa::kAvx512}) {
    if (!tessera::interp::gemm_isa_available(isa)) continue;
    std::fill(fast.begin(), fast.end(), 1234.5f);
    arena.execute([&] { tessera::interp::sgemm_fast(m, n, k, va, vb, fast.data(), n, isa); });
    INFO("m=" << m << " n=" << n << " k=" << k << " ta=" << ta << " tb=" << tb
              << " isa=" << static_cast<int>(isa));
    CHECK(same_bits(fast, ref));
  }
}

}  // namespace

TEST_CASE("fast matmul equals the reference chain on edge shapes") {
  uint32_t seed = 1;
  for (int64_t m : {1, 5, 6, 7, 13, 97, 100})
    for (int64_t n : {1, 15, 16, 17, 40, 257})
      for (int64_t k : {1, 3, 255, 256, 257, 600}) check(m, n, k, false, false, seed++);
}

TEST_CASE("fast matmul honours transposes") {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) check(37, 45, 300, ta, tb, 99);
}

TEST_CASE("fast matmul packs a transposed B in 8 x 8 blocks and their remainders") {
  // Strips of 16 / 32 columns with 8-column blocks and a remainder; k panels with 8-row blocks
  // and a remainder (the backward of a matmul, x @ w^T, takes this path).
  for (int64_t n : {8, 33, 64, 71})
    for (int64_t k : {8, 19, 264}) check(29, n, k, false, true, uint32_t(n * 1000 + k));
}

TEST_CASE("fast matmul packs a transposed A by rows of k") {
  // Full and partial row strips of A^T (a weight gradient, x^T @ g, takes this path).
  for (int64_t m : {5, 12, 29, 100})
    for (int64_t k : {1, 7, 260}) check(m, 37, k, true, false, uint32_t(m * 1000 + k));
}

TEST_CASE("fast matmul spans several column panels and task blocks") {
  check(200, 2100, 70, false, false, 7);
}

TEST_CASE("fast matmul is bit-identical for 1 and 2 threads") {
  const int64_t m = 150, n = 300, k = 520;
  auto a = random_floats(size_t(m * k), 5, false);
  auto b = random_floats(size_t(k * n), 6, false);
  std::vector<float> c1(size_t(m * n)), c2(size_t(m * n));
  for (int t : {1, 2}) {
    tbb::task_arena arena(t);
    arena.execute([&] {
      tessera::interp::sgemm_fast(m, n, k, {a.data(), k, 1}, {b.data(), n, 1},
                                  (t == 1 ? c1 : c2).data(), n);
    });
  }
  CHECK(same_bits(c1, c2));
}

TEST_CASE("the chain is an FMA chain from +0, not a plain sum") {
  // x = 1 + 2^-23. Terms: (1 + 2^-22) * -1, then x * x. A fused step keeps x * x exact:
  // x^2 - (1 + 2^-22) = 2^-46, where round(x * x) - (1 + 2^-22) would be 0.
  const float x = 1.0f + std::ldexp(1.0f, -23);
  std::vector<float> a = {1.0f + std::ldexp(1.0f, -22), x};
  std::vector<float> b = {-1.0f, x};
  float c = 7.0f, r = 7.0f;
  tessera::interp::sgemm_fast(1, 1, 2, {a.data(), 2, 1}, {b.data(), 1, 1}, &c, 1);
  tessera::interp::sgemm_reference(1, 1, 2, {a.data(), 2, 1}, {b.data(), 1, 1}, &r, 1);
  CHECK(c == std::ldexp(1.0f, -46));
  CHECK(r == c);
  // A single -0 product starts from +0: the result is +0.
  float z = 7.0f;
  std::vector<float> neg = {-0.0f}, zero = {0.0f};
  tessera::interp::sgemm_fast(1, 1, 1, {neg.data(), 1, 1}, {zero.data(), 1, 1}, &z, 1);
  CHECK(z == 0.0f);
  CHECK(!std::signbit(z));
}

TEST_CASE("NaN and Inf follow IEEE fma in both paths") {
  std::vector<float> a = {INFINITY, 0.0f, NAN, 1.0f, 2.0f, -INFINITY};
  std::vector<float> b = {1.0f, INFINITY, 2.0f, 3.0f, 1.0f, 1.0f};
  // 2x3 by 3x2 with specials spread around.
  std::vector<float> fast(4), ref(4);
  tessera::interp::sgemm_fast(2, 2, 3, {a.data(), 3, 1}, {b.data(), 2, 1}, fast.data(), 2);
  tessera::interp::sgemm_reference(2, 2, 3, {a.data(), 3, 1}, {b.data(), 2, 1}, ref.data(), 2);
  CHECK(same_bits(fast, ref));
  CHECK(std::isnan(fast[0]));
}
