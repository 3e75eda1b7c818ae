// Errors of the CUDA runtime layer: a TesseraErrorCode plus the message the ABI slot returns.
#pragma once

#include <stdexcept>
#include <string>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "plugins/tessera_backend.h"

namespace tessera::cuda {

/// Thrown inside the runtime; the plugin's slots turn it into a TesseraError with this code.
class Failure : public std::runtime_error {
 public:
  Failure(TesseraErrorCode code, const std::string& what) : std::runtime_error(what), code_(code) {}
  TesseraErrorCode code() const { return code_; }

 private:
  TesseraErrorCode code_;
};

/// Throws a Failure for a CUDA runtime status (an int cudaError_t) other than cudaSuccess: the
/// message is runtime_status_text (call, error name, description, code). Out-of-memory statuses
/// become RESOURCE_EXHAUSTED, a missing kernel image UNAVAILABLE, everything else INTERNAL.
void check_cuda(const char* call, int status);

/// "file:line:col: error: 'op' op message" with the source line and caret: the text of a
/// Failure about op `op` of a module read through `sm`.
std::string at_op(const SourceManager& sm, const ir::Op& op, const std::string& message);

/// An UNIMPLEMENTED Failure.
[[noreturn]] void unimplemented(const std::string& what);

}  // namespace tessera::cuda
