// Which instruction set the interpreter's fast paths use: detected once, overridable by
// TESSERA_ISA.
#pragma once

#include <optional>
#include <string_view>

namespace tessera::interp {

/// The instruction sets the fast paths are written for. kScalar runs the readable reference
/// paths only; kAvx2 is the build's baseline (x86-64-v3); kAvx512 needs AVX-512F at run time.
/// Every choice gives the same bits (tests force each one and compare).
enum class Isa { kScalar, kAvx2, kAvx512 };

/// "scalar", "avx2" or "avx512".
const char* isa_name(Isa isa);
/// The ISA named `name` (the spellings of isa_name), or nullopt.
std::optional<Isa> parse_isa(std::string_view name);
/// Whether this CPU can run `isa`.
bool isa_available(Isa isa);
/// The best ISA this CPU runs.
Isa detected_isa();
/// The ISA of this process: TESSERA_ISA=scalar|avx2|avx512 when set, else detected_isa(). Read
/// once, at the first call, and constant afterwards (a configuration of the process, like the
/// CPU itself; it changes no result). Throws tessera::Error when TESSERA_ISA names an unknown
/// ISA or one this CPU cannot run.
Isa active_isa();

}  // namespace tessera::interp
