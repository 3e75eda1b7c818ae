// libFuzzer target: parse, verify and print any text. Every module that parses must print without
// a crash; a module that also verifies must print, reparse and print again to the same text
// (pretty and generic forms).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/support/diagnostics.h"
#include "core/text/parser.h"
#include "core/text/printer.h"
#include "core/verify/verifier.h"

namespace {

// Parses `text`; nullptr when it does not parse (diagnostics are the expected outcome).
std::unique_ptr<tessera::ir::Module> parse(const std::string& text, tessera::SourceManager& sm) {
  tessera::DiagnosticEngine diag(&sm);
  return tessera::text::parse_module(text, "fuzz.mlir", sm, diag);
}

[[noreturn]] void finding(const char* what, const std::string& a, const std::string& b) {
  std::fprintf(stderr, "fuzz_text: %s\n--- first\n%s\n--- second\n%s\n", what, a.c_str(),
               b.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  tessera::SourceManager sm;
  auto m = parse(text, sm);
  if (!m) return 0;
  tessera::DiagnosticEngine diag(&sm);
  const bool valid = tessera::verify::verify_module(*m, diag);
  (void)diag.render();
  for (bool generic : {false, true}) {
    tessera::text::PrintOptions opts;
    opts.generic = generic;
    std::string printed = tessera::text::print_module(*m, opts);
    // Any parsed module prints without crashing; the round trip is the contract of modules that
    // verify (an ill-formed one, e.g. with a dangling operand, has no faithful text).
    if (!valid) continue;
    tessera::SourceManager sm2;
    auto again = parse(printed, sm2);
    if (!again) finding("printed module does not parse", text, printed);
    std::string reprinted = tessera::text::print_module(*again, opts);
    if (reprinted != printed) finding("print(parse(print(m))) != print(m)", printed, reprinted);
  }
  return 0;
}
