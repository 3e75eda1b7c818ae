// Streamed output writes (interp/graph/stream_store.h): stream_copy on every ISA writes exactly
// the source bytes at any alignment and length (plain head and tail, streamed lines between),
// and for_output hands every element to its fill exactly once, streamed or not.
#include <cstdint>
#include <cstring>
#include <vector>

#include <doctest/doctest.h>

#include "interp/graph/isa.h"
#include "interp/graph/stream_store.h"

using tessera::interp::Isa;

TEST_CASE("stream_copy writes the source bytes at every alignment and length") {
  std::vector<Isa> isas{Isa::kScalar, Isa::kAvx2};
  if (tessera::interp::isa_available(Isa::kAvx512)) isas.push_back(Isa::kAvx512);
  constexpr size_t kMax = 700;
  std::vector<unsigned char> src(kMax), dst(kMax + 128), want(kMax + 128);
  for (size_t k = 0; k < kMax; ++k) src[k] = static_cast<unsigned char>(k * 131 + 7);
  for (Isa isa : isas)
    for (size_t off = 0; off < 64; off += 3)
      for (size_t len : {size_t{0}, size_t{1}, size_t{63}, size_t{64}, size_t{65}, size_t{127},
                         size_t{128}, size_t{300}, kMax}) {
        std::memset(dst.data(), 0xA5, dst.size());
        want.assign(dst.begin(), dst.end());
        // dst + off at a known alignment: the vector's data is 16-byte aligned at least.
        const size_t pad = (64 - reinterpret_cast<uintptr_t>(dst.data()) % 64) % 64;
        unsigned char* d = dst.data() + (pad + off) % 64;
        std::memcpy(want.data() + (d - dst.data()), src.data(), len);
        tessera::interp::stream_copy(d, src.data(), len, isa);
        tessera::interp::stream_fence();
        CHECK_MESSAGE(dst == want, "isa ", tessera::interp::isa_name(isa), " off ", off, " len ",
                      len);
      }
}

TEST_CASE_TEMPLATE("for_output fills every element once, below and above the threshold", R, uint8_t,
                   uint16_t, float, double) {
  for (int64_t n : {int64_t{1}, int64_t{4097},
                    static_cast<int64_t>(tessera::interp::kStreamFromBytes / sizeof(R)) + 37}) {
    std::vector<R> out(static_cast<size_t>(n));
    std::vector<uint8_t> seen(static_cast<size_t>(n), 0);
    auto value = [](int64_t i) { return static_cast<R>((i * 2654435761u) >> 7); };
    tessera::interp::for_output(out.data(), n, 4096, [&](int64_t lo, int64_t len, R* d) {
      for (int64_t i = 0; i < len; ++i) {
        d[i] = value(lo + i);
        ++seen[static_cast<size_t>(lo + i)];  // each element belongs to one block of one task
      }
    });
    int64_t bad = 0;
    for (int64_t i = 0; i < n; ++i)
      bad += out[static_cast<size_t>(i)] != value(i) || seen[static_cast<size_t>(i)] != 1;
    CHECK_MESSAGE(bad == 0, "n ", n);
  }
}
