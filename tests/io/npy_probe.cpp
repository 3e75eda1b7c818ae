// Test probe for tests/io/test_npy_numpy.py: reads .npy files with tessera_io and writes them back.
#include <cstdio>
#include <exception>
#include <string>

#include "core/numerics/dtype.h"
#include "core/support/error.h"
#include "interp/io/npy.h"

namespace {

/// Looks a dtype up by its MLIR spelling (f32, bf16, f8E4M3FN, i4, ...).
bool dtype_by_name(const std::string& name, tessera::DType& out) {
  for (int i = 0; i < tessera::kNumDTypes; ++i) {
    auto d = static_cast<tessera::DType>(i);
    if (name == tessera::dtype_mlir_name(d)) {
      out = d;
      return true;
    }
  }
  return false;
}

int usage() {
  std::fprintf(stderr,
               "usage: npy_probe info FILE            print 'DTYPE d0 d1 ...'\n"
               "       npy_probe copy IN OUT [DTYPE]  read IN (reinterpret as DTYPE), write OUT\n");
  return tessera::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  std::string cmd = argv[1];
  try {
    if (cmd == "info" && argc == 3) {
      tessera::interp::HostTensor t = tessera::io::read_npy(argv[2]);
      std::printf("%s", tessera::dtype_mlir_name(t.dtype));
      for (int64_t d : t.shape) std::printf(" %lld", static_cast<long long>(d));
      std::printf("\n");
      return tessera::kExitOk;
    }
    if (cmd == "copy" && (argc == 4 || argc == 5)) {
      tessera::interp::HostTensor t = tessera::io::read_npy(argv[2]);
      if (argc == 5) {
        tessera::DType target;
        if (!dtype_by_name(argv[4], target)) return usage();
        tessera::io::reinterpret_as(t, target);
      }
      tessera::io::write_npy(argv[3], t);
      return tessera::kExitOk;
    }
    return usage();
  } catch (const tessera::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return tessera::kExitInputError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return 70;
  }
}
