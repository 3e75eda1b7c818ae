// Philox4x32-10 known answers (Random123 / Salmon et al.) and index-keyed stream properties.
#include <doctest/doctest.h>

#include "core/numerics/philox.h"

using namespace tessera::num;

TEST_CASE("philox_known_answer_zero") {
  const Philox4 r = philox4x32_10(Philox4{{0, 0, 0, 0}}, 0, 0);
  CHECK(r.v[0] == 0x6627e8d5u);
  CHECK(r.v[1] == 0xe169c58du);
  CHECK(r.v[2] == 0xbc57ac4cu);
  CHECK(r.v[3] == 0x9b00dbd8u);
}

TEST_CASE("philox_known_answer_all_ones") {
  const Philox4 r = philox4x32_10(Philox4{{~0u, ~0u, ~0u, ~0u}}, ~0u, ~0u);
  CHECK(r.v[0] == 0x408f276du);
  CHECK(r.v[1] == 0x41c83b0eu);
  CHECK(r.v[2] == 0xa20bc7c6u);
  CHECK(r.v[3] == 0x6d5451fdu);
}

TEST_CASE("philox_known_answer_pi") {
  // Random123's kat_vectors: counter and key from the hex digits of pi.
  const Philox4 r = philox4x32_10(Philox4{{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}},
                                  0xa4093822u, 0x299f31d0u);
  CHECK(r.v[0] == 0xd16cfe09u);
  CHECK(r.v[1] == 0x94fdccebu);
  CHECK(r.v[2] == 0x5001e420u);
  CHECK(r.v[3] == 0x24126ea1u);
}

TEST_CASE("random_bits_layout") {
  // Element i takes word i % 4 of the block with counter (i / 4, 0, stream, 0) and key = seed.
  const Philox4 b0 = philox4x32_10(Philox4{{0, 0, 0, 0}}, 0, 0);
  for (int i = 0; i < 4; ++i) CHECK(random_bits(0, 0, uint64_t(i)) == b0.v[i]);
  const Philox4 b5 = philox4x32_10(Philox4{{5, 0, 7, 0}}, 11, 0);
  CHECK(random_bits(11, 7, 22) == b5.v[2]);
  CHECK(random_bits(1, 0, 0) != random_bits(0, 0, 0));
  CHECK(random_bits(0, 1, 0) != random_bits(0, 0, 0));
}
