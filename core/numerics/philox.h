// Philox4x32-10 counter-based random numbers (Salmon et al. 2011), keyed by seed, stream and index.
#pragma once

#include <cstdint>

#include "core/numerics/dtype.h"

namespace tessera::num {

/// Four 32-bit words: a Philox counter or output block.
struct Philox4 {
  uint32_t v[4];
};

/// Philox4x32 with `rounds` rounds (10 is the standard); key is two 32-bit words.
TESSERA_HD inline Philox4 philox4x32(Philox4 ctr, uint32_t k0, uint32_t k1, int rounds = 10) {
  constexpr uint32_t kMul0 = 0xD2511F53u, kMul1 = 0xCD9E8D57u;
  constexpr uint32_t kWeyl0 = 0x9E3779B9u, kWeyl1 = 0xBB67AE85u;
  for (int r = 0; r < rounds; ++r) {
    if (r > 0) {
      k0 += kWeyl0;
      k1 += kWeyl1;
    }
    const uint64_t p0 = uint64_t(kMul0) * ctr.v[0];
    const uint64_t p1 = uint64_t(kMul1) * ctr.v[2];
    const uint32_t hi0 = uint32_t(p0 >> 32), lo0 = uint32_t(p0);
    const uint32_t hi1 = uint32_t(p1 >> 32), lo1 = uint32_t(p1);
    ctr = Philox4{{hi1 ^ ctr.v[1] ^ k0, lo1, hi0 ^ ctr.v[3] ^ k1, lo0}};
  }
  return ctr;
}

/// 32 random bits for logical element `index` of the stream (seed, stream). One Philox block
/// serves four consecutive elements: counter = (index/4 low, index/4 high, stream low, stream
/// high), key = (seed low, seed high), word = index % 4. The result depends only on these values,
/// never on threads or chunking.
TESSERA_HD inline uint32_t random_bits(uint64_t seed, uint64_t stream, uint64_t index) {
  const uint64_t block = index >> 2;
  const Philox4 ctr{
      {uint32_t(block), uint32_t(block >> 32), uint32_t(stream), uint32_t(stream >> 32)}};
  return philox4x32(ctr, uint32_t(seed), uint32_t(seed >> 32)).v[index & 3];
}

}  // namespace tessera::num
