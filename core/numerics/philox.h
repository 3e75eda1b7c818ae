// Philox4x32-10 counter-based random numbers (Salmon et al. 2011) from Random123, keyed by seed,
// stream and index.
#pragma once

#include <Random123/philox.h>

#include <cstdint>

#include "core/numerics/dtype.h"

// Random123 names its 10-round entry point with a function-like macro; ours is a function.
#undef philox4x32

namespace tessera::num {

/// Four 32-bit words: a Philox counter or output block.
struct Philox4 {
  uint32_t v[4];
};

/// Philox4x32-10 of counter `ctr` under key (k0, k1): Random123's philox4x32_R with 10 rounds.
TESSERA_HD inline Philox4 philox4x32_10(Philox4 ctr, uint32_t k0, uint32_t k1) {
  const philox4x32_ctr_t c = {{ctr.v[0], ctr.v[1], ctr.v[2], ctr.v[3]}};
  const philox4x32_key_t k = {{k0, k1}};
  const philox4x32_ctr_t r = philox4x32_R(10, c, k);
  return Philox4{{r.v[0], r.v[1], r.v[2], r.v[3]}};
}

/// 32 random bits for logical element `index` of the stream (seed, stream). One Philox block
/// serves four consecutive elements: counter = (index/4 low, index/4 high, stream low, stream
/// high), key = (seed low, seed high), word = index % 4. The result depends only on these values,
/// never on threads or chunking.
TESSERA_HD inline uint32_t random_bits(uint64_t seed, uint64_t stream, uint64_t index) {
  const uint64_t block = index >> 2;
  const Philox4 ctr{
      {uint32_t(block), uint32_t(block >> 32), uint32_t(stream), uint32_t(stream >> 32)}};
  return philox4x32_10(ctr, uint32_t(seed), uint32_t(seed >> 32)).v[index & 3];
}

}  // namespace tessera::num
