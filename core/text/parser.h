// Parser for Tessera's MLIR text: modules, func.func, the generic op form and the custom form.
#pragma once

#include <memory>
#include <string_view>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::text {

/// Limits that keep hostile input from exhausting the stack or memory.
inline constexpr int kMaxNesting = 200;

/// Parses a whole buffer (registered in `sm` under `name`). On error returns nullptr and leaves
/// diagnostics in `diag`; never throws for bad input.
std::unique_ptr<ir::Module> parse_module(std::string_view text, const std::string& name,
                                         SourceManager& sm, DiagnosticEngine& diag);

/// Parses a standalone type spelling such as `tensor<4x?xf32>`; nullopt if malformed.
std::optional<ir::Type> parse_type(std::string_view text);

}  // namespace tessera::text
