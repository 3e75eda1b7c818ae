// Run-time ISA selection: CPU detection plus the TESSERA_ISA override.
#include "interp/graph/isa.h"

#include <cstdlib>
#include <string>

#include "core/support/error.h"

namespace tessera::interp {
namespace {

/// The ISA TESSERA_ISA asks for, or the detected one; a message instead when the request is bad.
struct IsaChoice {
  Isa isa = Isa::kAvx2;
  std::string error;
};

IsaChoice choose_isa() {
  IsaChoice c;
  c.isa = detected_isa();
  const char* env = std::getenv("TESSERA_ISA");
  if (!env || !*env) return c;
  auto want = parse_isa(env);
  if (!want) {
    c.error = std::string("TESSERA_ISA=") + env + " names no ISA (expected scalar, avx2 or avx512)";
  } else if (!isa_available(*want)) {
    c.error = std::string("TESSERA_ISA=") + env + ": this CPU cannot run " + isa_name(*want);
  } else {
    c.isa = *want;
  }
  return c;
}

}  // namespace

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::kScalar:
      return "scalar";
    case Isa::kAvx2:
      return "avx2";
    case Isa::kAvx512:
      return "avx512";
  }
  return "?";
}

std::optional<Isa> parse_isa(std::string_view name) {
  for (Isa i : {Isa::kScalar, Isa::kAvx2, Isa::kAvx512})
    if (name == isa_name(i)) return i;
  return std::nullopt;
}

bool isa_available(Isa isa) { return isa != Isa::kAvx512 || __builtin_cpu_supports("avx512f"); }

Isa detected_isa() { return isa_available(Isa::kAvx512) ? Isa::kAvx512 : Isa::kAvx2; }

Isa active_isa() {
  static const IsaChoice choice = choose_isa();  // the process's configuration, read once
  if (!choice.error.empty()) throw Error(choice.error);
  return choice.isa;
}

}  // namespace tessera::interp
