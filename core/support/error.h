// User-facing errors: bad input raises tessera::Error, which tools turn into a diagnostic and
// exit 1.
#pragma once

#include <stdexcept>
#include <string>

namespace tessera {

/// Exit codes shared by every tool.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInputError = 1;  ///< A diagnosed error in the user's input.
inline constexpr int kExitUsage = 2;       ///< Bad command-line usage.
inline constexpr int kExitCheckFired = 3;  ///< A sanitizer reported at least one finding.

/// An error in the user's input (program, file, argument). The message is complete and printable
/// as is; it never signals an internal bug (those are assertions).
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& msg) : std::runtime_error(msg) {}
};

}  // namespace tessera
