// Philox4x32-10 (Random123's philox4x32_R(10, ...), core/numerics/philox.h) in Tile IR scalar
// integer ops, so a lowered random op draws num::random_bits(seed, stream, i) bit for bit
// (docs/ops/schedule/lowering.md, "Philox"). Tile IR has no unsigned 32-bit arithmetic: a 32-bit
// word is an i64 value in [0, 2^32); the 32x32 -> 64-bit product is an i64 arith.muli (wrapping,
// so its 64 bits are the unsigned product's), its high word arith.shrsi by 32 then arith.andi
// 0xffffffff, its low word arith.andi 0xffffffff. The key is the op's `seed` attribute, so the
// ten round keys are constants computed here.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms::philox {

/// Four i64 values in [0, 2^32): a Philox counter or output block.
using Block = std::array<std::string, 4>;

/// The ten (k0, k1) round keys of key (seed low word, seed high word): Random123's bump adds the
/// Weyl constants 0x9E3779B9 and 0xBB67AE85 modulo 2^32 before every round after the first.
std::array<std::array<uint32_t, 2>, 10> round_keys(uint64_t seed);

/// Appends the ten rounds of Philox4x32-10 of counter `ctr` under the key of `seed` to `t` and
/// returns the output block (Random123's word order).
Block block(scalar_text::Text& t, const Block& ctr, uint64_t seed);
/// The same rounds under a run-time key `key` (low word, high word: i64 values in [0, 2^32)):
/// round r's key words are (key + r Weyl) mod 2^32 by arith.addi and arith.andi.
Block block_keyed(scalar_text::Text& t, const Block& ctr, const std::array<std::string, 2>& key);

/// The stream words (low, high) of an i64 value `stream` (its 64 bits read as unsigned).
std::array<std::string, 2> split64(scalar_text::Text& t, const std::string& stream);

/// num::random_bits(seed, stream, index) for an `index` value `i` >= 0 and the stream words
/// `s` of split64: word i % 4 of the block of counter (i / 4 low, i / 4 high, s[0], s[1]). An
/// i64 value in [0, 2^32).
std::string word(scalar_text::Text& t, uint64_t seed, const std::array<std::string, 2>& s,
                 const std::string& i);

/// Words 2i and 2i + 1 (one Philox block: i / 2, words 2 (i % 2) and 2 (i % 2) + 1), for the
/// 53-bit uniform u53(i) of docs/ops/graph/random.md.
std::array<std::string, 2> word_pair(scalar_text::Text& t, uint64_t seed,
                                     const std::array<std::string, 2>& s, const std::string& i);

/// u24(w) = (w >> 8) * 2^-24 of a word `w` as a value of `to` (f32 or f64; exact in both).
std::string u24(scalar_text::Text& t, const std::string& w, DType to);

/// u53 = ((w0 >> 5) * 2^26 + (w1 >> 6)) * 2^-53 of the words of word_pair, an f64 (exact).
std::string u53(scalar_text::Text& t, const std::array<std::string, 2>& w);

}  // namespace tessera::transforms::philox
