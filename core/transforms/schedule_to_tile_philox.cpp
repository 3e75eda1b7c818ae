// The Philox4x32-10 emission of schedule_to_tile_philox.h. The round (Salmon et al. 2011, and
// Random123's _philox4x32round): with (hi0, lo0) = M0 * c0 and (hi1, lo1) = M1 * c2,
// the next counter is (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0).
#include "core/transforms/schedule_to_tile_philox.h"

namespace tessera::transforms::philox {

using scalar_text::Text;

namespace {

constexpr DType I64 = DType::i64;
constexpr int64_t kM0 = 0xD2511F53, kM1 = 0xCD9E8D57;
constexpr uint32_t kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u;

/// The word constants a block needs, emitted once per block (values defined in one region).
struct Consts {
  std::string mask, m0, m1, c32;
  explicit Consts(Text& t)
      : mask(t.int_cst(0xFFFFFFFFLL, I64)),
        m0(t.int_cst(kM0, I64)),
        m1(t.int_cst(kM1, I64)),
        c32(t.int_cst(32, I64)) {}
};

/// (high word, low word) of the 64-bit product of two words.
std::array<std::string, 2> mulhilo(Text& t, const Consts& c, const std::string& m,
                                   const std::string& x) {
  const std::string p = t.bin("arith.muli", m, x, I64);
  const std::string shifted = t.bin("arith.shrsi", p, c.c32, I64);
  const std::string hi = t.bin("arith.andi", shifted, c.mask, I64);
  const std::string lo = t.bin("arith.andi", p, c.mask, I64);
  return {hi, lo};
}

/// `a` ^ key word `k` (no op for a zero key word).
std::string xor_key(Text& t, const std::string& a, uint32_t k) {
  if (k == 0) return a;
  const std::string kc = t.int_cst(int64_t(k), I64);
  return t.bin("arith.xori", a, kc, I64);
}

/// `sel == k` for an `index` value `sel` and constant k.
std::string is(Text& t, const std::string& sel, int64_t k) {
  const std::string kc = t.icst(k);
  return t.cmpi("eq", sel, kc);
}

}  // namespace

std::array<std::array<uint32_t, 2>, 10> round_keys(uint64_t seed) {
  std::array<std::array<uint32_t, 2>, 10> keys{};
  uint32_t k0 = uint32_t(seed), k1 = uint32_t(seed >> 32);
  for (auto& k : keys) {
    k = {k0, k1};
    k0 += kW0;  // unsigned: wraps modulo 2^32
    k1 += kW1;
  }
  return keys;
}

namespace {

/// The ten rounds; `keyed(round, a, b)` returns (a ^ k0, b ^ k1) of the round's key.
template <typename Keyed>
Block rounds(Text& t, const Block& ctr, Keyed keyed) {
  const Consts c(t);
  Block x = ctr;
  for (int r = 0; r < 10; ++r) {
    const auto [hi0, lo0] = mulhilo(t, c, c.m0, x[0]);
    const auto [hi1, lo1] = mulhilo(t, c, c.m1, x[2]);
    const std::string a = t.bin("arith.xori", hi1, x[1], I64);
    const std::string b = t.bin("arith.xori", hi0, x[3], I64);
    const auto [ak, bk] = keyed(r, a, b);
    x = {ak, lo1, bk, lo0};
  }
  return x;
}

}  // namespace

Block block(Text& t, const Block& ctr, uint64_t seed) {
  const auto keys = round_keys(seed);
  return rounds(t, ctr, [&](int r, const std::string& a, const std::string& b) {
    const std::string ak = xor_key(t, a, keys[size_t(r)][0]);
    return std::array<std::string, 2>{ak, xor_key(t, b, keys[size_t(r)][1])};
  });
}

Block block_keyed(Text& t, const Block& ctr, const std::array<std::string, 2>& key) {
  const std::string mask = t.int_cst(0xFFFFFFFFLL, I64);
  return rounds(t, ctr, [&](int r, const std::string& a, const std::string& b) {
    // Round r's key: (k + r W) mod 2^32, r W < 2^36 (no i64 overflow).
    std::array<std::string, 2> out;
    for (int w = 0; w < 2; ++w) {
      const int64_t bump = int64_t(r) * int64_t(w == 0 ? kW0 : kW1);
      const std::string kr =
          r == 0 ? key[size_t(w)]
                 : t.bin("arith.andi",
                         t.bin("arith.addi", key[size_t(w)], t.int_cst(bump, I64), I64), mask, I64);
      out[size_t(w)] = t.bin("arith.xori", w == 0 ? a : b, kr, I64);
    }
    return out;
  });
}

std::array<std::string, 2> split64(Text& t, const std::string& stream) {
  const std::string mask = t.int_cst(0xFFFFFFFFLL, I64);
  const std::string c32 = t.int_cst(32, I64);
  const std::string lo = t.bin("arith.andi", stream, mask, I64);
  const std::string shifted = t.bin("arith.shrsi", stream, c32, I64);
  const std::string hi = t.bin("arith.andi", shifted, mask, I64);
  return {lo, hi};
}

namespace {

/// The block of counter (q low, q high, s[0], s[1]) for an `index` value q >= 0.
Block block_at(Text& t, uint64_t seed, const std::array<std::string, 2>& s, const std::string& q) {
  const std::string q64 = t.un("arith.index_cast", q, DType::index, I64);
  const auto [lo, hi] = split64(t, q64);
  return block(t, {lo, hi, s[0], s[1]}, seed);
}

}  // namespace

std::string word(Text& t, uint64_t seed, const std::array<std::string, 2>& s,
                 const std::string& i) {
  const std::string three = t.icst(3);
  const std::string two = t.icst(2);
  const std::string q = t.idx("arith.shrsi", i, two);
  const std::string sel = t.idx("arith.andi", i, three);
  const Block b = block_at(t, seed, s, q);
  const std::string is0 = is(t, sel, 0), is1 = is(t, sel, 1), is2 = is(t, sel, 2);
  const std::string w23 = t.select(is2, b[2], b[3], I64);
  const std::string w123 = t.select(is1, b[1], w23, I64);
  return t.select(is0, b[0], w123, I64);
}

std::array<std::string, 2> word_pair(Text& t, uint64_t seed, const std::array<std::string, 2>& s,
                                     const std::string& i) {
  const std::string one = t.icst(1);
  const std::string q = t.idx("arith.shrsi", i, one);
  const std::string odd = t.idx("arith.andi", i, one);
  const Block b = block_at(t, seed, s, q);
  const std::string high = is(t, odd, 1);
  const std::string w0 = t.select(high, b[2], b[0], I64);
  const std::string w1 = t.select(high, b[3], b[1], I64);
  return {w0, w1};
}

std::string u24(Text& t, const std::string& w, DType to) {
  const std::string c8 = t.int_cst(8, I64);
  const std::string top = t.bin("arith.shrsi", w, c8, I64);  // w >= 0: the logical shift
  const std::string f = t.un("arith.sitofp", top, I64, to);  // < 2^24: exact
  const std::string scale = t.fcst(0x1p-24, to);
  return t.bin("arith.mulf", f, scale, to);  // a power of two: exact
}

std::string u53(Text& t, const std::array<std::string, 2>& w) {
  const std::string c5 = t.int_cst(5, I64);
  const std::string c6 = t.int_cst(6, I64);
  const std::string c26 = t.int_cst(26, I64);
  const std::string a = t.bin("arith.shrsi", w[0], c5, I64);
  const std::string b = t.bin("arith.shrsi", w[1], c6, I64);
  const std::string high = t.bin("arith.shli", a, c26, I64);
  const std::string v = t.bin("arith.ori", high, b, I64);  // a * 2^26 + b < 2^53
  const std::string f = t.un("arith.sitofp", v, I64, DType::f64);
  const std::string scale = t.fcst(0x1p-53, DType::f64);
  return t.bin("arith.mulf", f, scale, DType::f64);
}

}  // namespace tessera::transforms::philox
