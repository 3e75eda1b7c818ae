// Printer for Tessera's MLIR text: the custom (pretty) form and the generic form.
#pragma once

#include <string>

#include "core/ir/ir.h"

namespace tessera::text {

struct PrintOptions {
  bool generic = false;  ///< Print every op in the generic form (what mlir-opt reads).
};

/// Prints a module. Parsing the result and printing again gives the same text.
std::string print_module(const ir::Module& m, const PrintOptions& opts = {});

/// Prints one op (and its regions) in the generic form, for error messages.
std::string print_op_generic(const ir::Op& op);

}  // namespace tessera::text
