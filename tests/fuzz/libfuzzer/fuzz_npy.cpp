// libFuzzer target: the .npy reader refuses bad bytes with tessera::Error; a file it accepts
// encodes and reads back to the same tensor.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "core/support/error.h"
#include "interp/io/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  tessera::interp::HostTensor t;
  try {
    t = tessera::io::parse_npy(bytes, "fuzz.npy", uint64_t{1} << 24);
  } catch (const tessera::Error&) {
    return 0;
  }
  std::vector<std::byte> encoded = tessera::io::encode_npy(t);
  tessera::interp::HostTensor back = tessera::io::parse_npy(encoded, "re-encoded.npy");
  if (back.dtype != t.dtype || back.shape != t.shape || back.data != t.data) {
    std::fprintf(stderr, "fuzz_npy: encode_npy(parse_npy(x)) does not read back the same\n");
    std::abort();
  }
  return 0;
}
