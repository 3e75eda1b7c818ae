// MLIR-style `expected-error` checking for verifier tests (tessera-interp verify
// --verify-diagnostics).
#pragma once

#include <string>

namespace tessera::cli {

/// Splits `text` at lines `// -----`, parses and verifies each chunk, and matches the produced
/// errors and warnings against annotations in the chunk:
///   // expected-error {{substring}}      on the line of the annotation
///   // expected-error@+N {{substring}}   N lines below (also @-N)
///   // expected-warning ...              likewise for warnings
/// Returns the number of mismatches; `report` receives a description of each.
int check_expected_diagnostics(const std::string& text, const std::string& name,
                               std::string& report);

}  // namespace tessera::cli
