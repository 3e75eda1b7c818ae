// Errors of the CUDA runtime layer.
#include "backends/cuda/runtime/failure.h"

#include <cuda_runtime_api.h>

#include "backends/cuda/cuda_status.h"

namespace tessera::cuda {

std::string at_op(const SourceManager& sm, const ir::Op& op, const std::string& message) {
  DiagnosticEngine d(&sm);
  d.op_error(op, message, nullptr);
  return d.render();
}

void check_cuda(const char* call, int status) {
  if (status == cudaSuccess) return;
  const auto e = static_cast<cudaError_t>(status);
  TesseraErrorCode code = TESSERA_ERROR_INTERNAL;
  if (e == cudaErrorMemoryAllocation) code = TESSERA_ERROR_RESOURCE_EXHAUSTED;
  if (e == cudaErrorNoKernelImageForDevice || e == cudaErrorInsufficientDriver ||
      e == cudaErrorNoDevice || e == cudaErrorUnsupportedPtxVersion)
    code = TESSERA_ERROR_UNAVAILABLE;
  throw Failure(code, runtime_status_text(call, status));
}

void unimplemented(const std::string& what) { throw Failure(TESSERA_ERROR_UNIMPLEMENTED, what); }

}  // namespace tessera::cuda
