// Test probe for test_casefile.py: loads a case file and prints each tensor's type and raw bytes.
#include <cstdio>
#include <exception>

#include "conformance/lib/case_file.h"
#include "core/support/error.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: case_probe FILE.mlir\n");
    return tessera::kExitUsage;
  }
  try {
    for (const auto& c : tessera::conform::load_case_file(argv[1])) {
      std::printf("CASE %s %d %s\n", c.name.c_str(), static_cast<int>(c.rule.kind),
                  c.entry.c_str());
      for (const auto* list : {&c.inputs, &c.expected}) {
        for (const auto& t : *list) {
          std::printf("%s %s ", list == &c.inputs ? "INPUT" : "EXPECT",
                      tessera::conform::tensor_type_string(t).c_str());
          for (std::byte b : t.data) std::printf("%02x", static_cast<unsigned>(b));
          std::printf("\n");
        }
      }
    }
  } catch (const tessera::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return tessera::kExitInputError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return 70;
  }
  return tessera::kExitOk;
}
