// Scalar math emitted as Tile IR, run by the Tile IR interpreter and, lowered by tile_to_target,
// by the Target IR interpreter: the Philox4x32-10 of core/transforms/schedule_to_tile_philox.h
// against Random123's published known-answer vectors (kat_vectors, "philox4x32 10", copied by
// hand) and num::random_bits over streams and indices whose words carry; the cos64 of
// schedule_to_tile_cos64.h bit for bit against num::cos64 (itself checked against mpmath by
// tests/numerics/test_cos64_oracle.py), and the sin and cos of schedule_to_tile_sincos64.h
// bit for bit against num::sincos64 (checked against mpmath by test_sincos64_oracle.py).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/numerics/cos64.h"
#include "core/numerics/philox.h"
#include "core/numerics/sincos64.h"
#include "core/support/diagnostics.h"
#include "core/transforms/schedule_to_tile_cos64.h"
#include "core/transforms/schedule_to_tile_philox.h"
#include "core/transforms/schedule_to_tile_sincos64.h"
#include "core/transforms/tile_to_target.h"
#include "interp/session.h"

using namespace tessera;
using transforms::scalar_text::Text;

namespace {

constexpr DType I64 = DType::i64;

/// A module whose @main launches kernel `kernel` (one group) on `n` inputs of type `et`, giving
/// [1, m] of `et`.
std::string module_of(const std::string& kernel, int n, int m, const std::string& et = "i64") {
  const std::string in = "tensor<" + std::to_string(n) + "x" + et + ">";
  const std::string out = "tensor<1x" + std::to_string(m) + "x" + et + ">";
  return "module {\n" + kernel + "  func.func @main(%a: " + in + ") -> " + out +
         " {\n    %o = tile.launch %a {callee = @k, grid = [1], lanes = 32, tiles = 1} : (" + in +
         ") -> " + out + "\n    return %o : " + out + "\n  }\n}\n";
}

/// Runs `text` on the values `in` (of type `dt`: int64_t for i64, double for f64) at Tile IR
/// (`target`: after tile_to_target); the result.
template <typename T>
std::vector<T> run_as(const std::string& text, const std::vector<T>& in, bool target, DType dt) {
  auto lm = interp::load_module(text, "scalar_math.mlir");
  if (target) {
    DiagnosticEngine diag(&lm->sm);
    REQUIRE(transforms::tile_to_target(*lm->module, diag));
  }
  interp::Tensor a(dt, {int64_t(in.size())});
  for (size_t i = 0; i < in.size(); ++i) a.data<T>()[i] = in[i];
  interp::RunOptions ro;
  ro.threads = 1;
  const std::vector<interp::Tensor> out = interp::run_function(*lm, {a}, ro);
  REQUIRE(out.size() == 1);
  const T* p = out[0].data<T>();
  return std::vector<T>(p, p + out[0].numel());
}

std::vector<int64_t> run(const std::string& text, const std::vector<int64_t>& in, bool target) {
  return run_as(text, in, target, I64);
}

/// Kernel: the block of counter (in[0..3]) under the key of `seed`, stored as out[0, 0..3].
std::string block_kernel(uint64_t seed) {
  Text t;
  t.k << transforms::scalar_text::header("k", {I64}, I64);
  transforms::philox::Block ctr;
  for (int j = 0; j < 4; ++j) ctr[size_t(j)] = t.load("%in0", I64, t.icst(j));
  const transforms::philox::Block b = transforms::philox::block(t, ctr, seed);
  for (int j = 0; j < 4; ++j) t.store(b[size_t(j)], I64, "%c0", t.icst(j));
  return module_of(t.end(), 4, 4);
}

/// Kernel: for q in [0, n): out[0, q] = random_bits(seed, in[2q], in[2q + 1]) (stream, index).
std::string word_kernel(uint64_t seed, int n) {
  Text t;
  t.k << transforms::scalar_text::header("k", {I64}, I64);
  const std::string nc = t.icst(n), two = t.icst(2);
  t.each("%c0", nc, "%c1", [&](const std::string& q) {
    const std::string at = t.idx("arith.muli", q, two);
    const std::string stream = t.load("%in0", I64, at);
    const std::string at1 = t.idx("arith.addi", at, "%c1");
    const std::string idx = t.un("arith.index_cast", t.load("%in0", I64, at1), I64, DType::index);
    const auto s = transforms::philox::split64(t, stream);
    t.store(transforms::philox::word(t, seed, s, idx), I64, "%c0", q);
  });
  return module_of(t.end(), 2 * n, n);
}

struct Kat {
  std::array<uint32_t, 4> ctr;
  std::array<uint32_t, 2> key;
  std::array<uint32_t, 4> out;
};

// Random123 1.14, examples/kat_vectors: philox4x32 10 (counter, key, expected output).
constexpr Kat kKat[] = {
    {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0xffffffff, 0xffffffff},
     {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0xa4093822, 0x299f31d0},
     {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
};

}  // namespace

TEST_CASE("scalar_math_text: philox Random123's known-answer vectors at Tile and Target IR") {
  for (const Kat& v : kKat) {
    const uint64_t seed = uint64_t(v.key[0]) | uint64_t(v.key[1]) << 32;
    const std::string text = block_kernel(seed);
    const std::vector<int64_t> in(v.ctr.begin(), v.ctr.end());
    for (bool target : {false, true}) {
      const std::vector<int64_t> got = run(text, in, target);
      REQUIRE(got.size() == 4);
      for (size_t j = 0; j < 4; ++j) CHECK(got[j] == int64_t(v.out[j]));
    }
  }
}

TEST_CASE("scalar_math_text: philox a counter bit flip changes the output (the check can fail)") {
  const std::vector<int64_t> got = run(block_kernel(0), {1, 0, 0, 0}, false);
  CHECK(got[0] != int64_t(kKat[0].out[0]));
}

TEST_CASE(
    "scalar_math_text: philox word() is num::random_bits for streams and indices across carries") {
  const std::vector<uint64_t> seeds = {0, 42, 0xffffffffffffffffull, 0x123456789abcdef0ull};
  // (stream, index) pairs: word positions 0..3, blocks whose high word is set, 64-bit streams.
  const std::vector<std::array<uint64_t, 2>> at = {{0, 0},
                                                   {0, 1},
                                                   {0, 2},
                                                   {0, 3},
                                                   {7, 4},
                                                   {7, 4095},
                                                   {1ull << 32, 5},
                                                   {0x7fffffffffffffffull, 0x3ffffffffull},
                                                   {0xffffffffull, (1ull << 34) + 2},
                                                   {0x8000000000000001ull, 0x7ffffffffffffffull}};
  for (uint64_t seed : seeds) {
    std::vector<int64_t> in;
    for (const auto& p : at) {
      in.push_back(int64_t(p[0]));
      in.push_back(int64_t(p[1]));
    }
    const std::string text = word_kernel(seed, int(at.size()));
    for (bool target : {false, true}) {
      const std::vector<int64_t> got = run(text, in, target);
      REQUIRE(got.size() == at.size());
      for (size_t q = 0; q < at.size(); ++q)
        CHECK(got[q] == int64_t(num::random_bits(seed, at[q][0], at[q][1])));
    }
  }
}

namespace {

/// Kernel: out[0, q] = cos64(in[q]) for q in [0, n).
std::string cos64_kernel(int n) {
  Text t;
  t.k << transforms::scalar_text::header("k", {DType::f64}, DType::f64);
  const std::string nc = t.icst(n);
  t.each("%c0", nc, "%c1", [&](const std::string& q) {
    const std::string x = t.load("%in0", DType::f64, q);
    t.store(transforms::cos64_f64(t, x), DType::f64, "%c0", q);
  });
  return module_of(t.end(), n, n, "f64");
}

}  // namespace

TEST_CASE("scalar_math_text: cos64 in Tile IR is num::cos64 bit for bit at Tile and Target IR") {
  std::vector<double> x;
  for (int64_t j = 0; j < (int64_t(1) << 24); j += 16411)  // randn's arguments, a stride
    x.push_back(6.283185307179586 * (double(j) * 0x1p-24));
  for (int64_t q = 0; q < 4; ++q)  // around the quadrant boundaries
    for (int64_t d = -2; d <= 2; ++d)
      if (q * (1 << 22) + d >= 0)
        x.push_back(6.283185307179586 * (double(q * (1 << 22) + d) * 0x1p-24));
  std::mt19937_64 g(3);
  std::uniform_real_distribution<double> u(-8.0, 8.0);
  for (int i = 0; i < 300; ++i) x.push_back(u(g));
  for (double v : {0.0, -0.0, 5e-324, 1e-300, 1.5707963267948966, 3.141592653589793, 1e6, 0x1p20,
                   -1e300, double(INFINITY), -double(INFINITY), double(NAN)})
    x.push_back(v);
  const std::string text = cos64_kernel(int(x.size()));
  for (bool target : {false, true}) {
    const std::vector<double> got = run_as(text, x, target, DType::f64);
    REQUIRE(got.size() == x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      const double want = num::cos64(x[i]);
      if (std::isnan(want)) {
        CHECK(std::isnan(got[i]));
        continue;
      }
      INFO("x = " << x[i] << (target ? " at Target IR" : " at Tile IR"));
      CHECK(std::bit_cast<uint64_t>(got[i]) == std::bit_cast<uint64_t>(want));
    }
  }
}

namespace {

/// Kernel: out[0, 2q] = sin(in[q]) and out[0, 2q + 1] = cos(in[q]) by sincos64, q in [0, n).
std::string sincos64_kernel(int n) {
  Text t;
  t.k << transforms::scalar_text::header("k", {DType::f64}, DType::f64);
  const std::string nc = t.icst(n), two = t.icst(2), one = t.icst(1);
  t.each("%c0", nc, "%c1", [&](const std::string& q) {
    const std::string x = t.load("%in0", DType::f64, q);
    const auto [s, c] = transforms::sincos64_f64(t, x);
    const std::string at = t.idx("arith.muli", q, two);
    t.store(s, DType::f64, "%c0", at);
    t.store(c, DType::f64, "%c0", t.idx("arith.addi", at, one));
  });
  return module_of(t.end(), n, 2 * n, "f64");
}

}  // namespace

TEST_CASE("scalar_math_text: sincos64 in Tile IR is num::sincos64 bit for bit at Tile and Target") {
  std::vector<double> x;
  std::mt19937_64 g(14);
  std::uniform_real_distribution<double> u(-8.0, 8.0), m(1.0, 2.0);
  for (int i = 0; i < 100; ++i) x.push_back(u(g));
  for (int e = -1074; e < 1024; e += 37) x.push_back(std::ldexp(m(g), e));  // every range
  for (double v :
       {0.0, -0.0, 5e-324, 0.7853981633974483, 0.7853981633974482, 1.5707963267948966,
        3.141592653589793, -1e22, 0x1p512, 0x1.fffffffffffffp511, 0x1.fffffffffffffp1023,
        std::ldexp(6381956970095103.0, 797), double(INFINITY), -double(INFINITY), double(NAN)})
    x.push_back(v);
  const std::string text = sincos64_kernel(int(x.size()));
  for (bool target : {false, true}) {
    const std::vector<double> got = run_as(text, x, target, DType::f64);
    REQUIRE(got.size() == 2 * x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      const num::SinCos64 want = num::sincos64(x[i]);
      INFO("x = " << x[i] << (target ? " at Target IR" : " at Tile IR"));
      for (int w = 0; w < 2; ++w) {
        const double v = w == 0 ? want.sin : want.cos;
        if (std::isnan(v)) {
          CHECK(std::isnan(got[2 * i + w]));
          continue;
        }
        CHECK(std::bit_cast<uint64_t>(got[2 * i + w]) == std::bit_cast<uint64_t>(v));
      }
    }
  }
}
