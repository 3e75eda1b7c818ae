// Bitwise element counts for --diff-backend.
#include "conformance/runner/bitdiff.h"

#include <algorithm>
#include <cstring>

#include "core/numerics/convert.h"

namespace tessera::conform {
namespace {

int64_t numel(const plugins::HostTensor& t) {
  int64_t n = 1;
  for (int64_t d : t.shape) n *= d;
  return n;
}

/// Element i's storage bits (little-endian, w bytes).
uint64_t element(const std::byte* p, int64_t i, size_t w) {
  uint64_t v = 0;
  std::memcpy(&v, p + static_cast<size_t>(i) * w, w);
  return v;
}

bool is_nan(DType t, uint64_t bits) {
  return dtype_is_float(t) &&
         num::decode(num::float_desc(t), bits, false).cls == num::ValueClass::kNan;
}

}  // namespace

BitDiff bitwise_diff(const plugins::HostTensor& a, const plugins::HostTensor& b) {
  BitDiff d;
  const int64_t na = numel(a), nb = numel(b);
  const int bits = dtype_bits(a.dtype);
  const size_t want = static_cast<size_t>((static_cast<unsigned __int128>(na) * bits + 7) / 8);
  if (a.dtype != b.dtype || a.shape != b.shape || a.data.size() != want || b.data.size() != want) {
    d.total = std::max(na, nb);
    d.differing = d.total;
    d.first = d.total > 0 ? 0 : -1;
    return d;
  }
  d.total = na;
  const std::byte* pa = a.data.data();
  const std::byte* pb = b.data.data();
  for (int64_t i = 0; i < na; ++i) {
    bool same;
    if (bits < 8) {  // i4: element i is nibble i % 2 of byte i / 2, low nibble first
      const auto shift = static_cast<unsigned>((i % 2) * 4);
      const auto ba = static_cast<unsigned>(pa[i / 2]) >> shift;
      const auto bb = static_cast<unsigned>(pb[i / 2]) >> shift;
      same = ((ba ^ bb) & 0xfu) == 0;
    } else {
      const size_t w = static_cast<size_t>(bits / 8);
      same = std::memcmp(pa + static_cast<size_t>(i) * w, pb + static_cast<size_t>(i) * w, w) == 0;
      if (!same && w <= 8) {
        const uint64_t ea = element(pa, i, w), eb = element(pb, i, w);
        if (is_nan(a.dtype, ea) && is_nan(a.dtype, eb)) {
          if (d.first_nan < 0) {
            d.first_nan = i;
            d.nan_a = ea;
            d.nan_b = eb;
          }
          ++d.nan_payload;
          continue;
        }
      }
    }
    if (same) continue;
    if (d.first < 0) d.first = i;
    ++d.differing;
  }
  return d;
}

}  // namespace tessera::conform
