// The Philox4x32-10 of core/transforms/schedule_to_tile_philox.h (Tile IR integer ops) run by the
// Tile IR interpreter and, lowered by tile_to_target, by the Target IR interpreter: Random123's
// published known-answer vectors (kat_vectors, "philox4x32 10", copied by hand) and
// num::random_bits (core/numerics/philox.h) over streams and indices whose words carry.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/numerics/philox.h"
#include "core/support/diagnostics.h"
#include "core/transforms/schedule_to_tile_philox.h"
#include "core/transforms/tile_to_target.h"
#include "interp/session.h"

using namespace tessera;
using transforms::scalar_text::Text;

namespace {

constexpr DType I64 = DType::i64;

/// A module whose @main launches kernel `kernel` (one group) on `n` i64 inputs, giving [1, m].
std::string module_of(const std::string& kernel, int n, int m) {
  const std::string in = "tensor<" + std::to_string(n) + "xi64>";
  const std::string out = "tensor<1x" + std::to_string(m) + "xi64>";
  return "module {\n" + kernel + "  func.func @main(%a: " + in + ") -> " + out +
         " {\n    %o = tile.launch %a {callee = @k, grid = [1], lanes = 32, tiles = 1} : (" + in +
         ") -> " + out + "\n    return %o : " + out + "\n  }\n}\n";
}

/// Runs `text` on the i64 values `in` at Tile IR (`target`: after tile_to_target); the result.
std::vector<int64_t> run(const std::string& text, const std::vector<int64_t>& in, bool target) {
  auto lm = interp::load_module(text, "philox.mlir");
  if (target) {
    DiagnosticEngine diag(&lm->sm);
    REQUIRE(transforms::tile_to_target(*lm->module, diag));
  }
  interp::Tensor a(I64, {int64_t(in.size())});
  for (size_t i = 0; i < in.size(); ++i) a.data<int64_t>()[i] = in[i];
  interp::RunOptions ro;
  ro.threads = 1;
  const std::vector<interp::Tensor> out = interp::run_function(*lm, {a}, ro);
  REQUIRE(out.size() == 1);
  const int64_t* p = out[0].data<int64_t>();
  return std::vector<int64_t>(p, p + out[0].numel());
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

TEST_CASE("philox_text: Random123's known-answer vectors at Tile and Target IR") {
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

TEST_CASE("philox_text: a counter bit flip changes the output (the check can fail)") {
  const std::vector<int64_t> got = run(block_kernel(0), {1, 0, 0, 0}, false);
  CHECK(got[0] != int64_t(kKat[0].out[0]));
}

TEST_CASE("philox_text: word() is num::random_bits for streams and indices across carries") {
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
