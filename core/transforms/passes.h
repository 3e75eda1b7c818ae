// The pass registry: every module-to-module pass by name, for tessera-opt and the libraries.
#pragma once

#include <span>
#include <string_view>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms {

/// A pass rewrites a verified module in place; false means it reported diagnostics and the module
/// must not be used.
using PassFn = bool (*)(ir::Module&, DiagnosticEngine&);

struct PassInfo {
  const char* name;     ///< as given to `tessera-opt --pass`
  const char* summary;  ///< one line for --help
  PassFn run;
};

/// Every pass, in the order --help lists them.
std::span<const PassInfo> all_passes();
/// The pass called `name`, or nullptr.
const PassInfo* lookup_pass(std::string_view name);

}  // namespace tessera::transforms
