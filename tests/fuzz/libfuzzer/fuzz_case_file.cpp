// libFuzzer target: the conformance case-file reader refuses bad files with tessera::Error.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "conformance/lib/case_file.h"
#include "core/support/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // load_case_file reads a path (npy: payloads are relative to it): one scratch file per process.
  static const std::string path = "/tmp/tessera_fuzz_case_" + std::to_string(getpid()) + ".mlir";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    for (const auto& c : tessera::conform::load_case_file(path)) {
      for (const auto& t : c.inputs) (void)tessera::conform::tensor_type_string(t);
    }
  } catch (const tessera::Error&) {
  }
  std::remove(path.c_str());
  return 0;
}
