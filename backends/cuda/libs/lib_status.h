// Results of the library wrappers (cuBLASLt, cuDNN, NCCL): success, or a message naming the failing
// call and the library's own error string. Nothing in backends/cuda/libs/ aborts or throws.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace tessera::cuda::libs {

/// Success, or an error message ("cublasLtMatmul returned CUBLAS_STATUS_... (...)").
class [[nodiscard]] Status {
 public:
  Status() = default;
  static Status error(std::string message) { return Status(std::move(message)); }
  bool ok() const { return !failed_; }
  const std::string& message() const { return message_; }

 private:
  explicit Status(std::string message) : failed_(true), message_(std::move(message)) {}
  bool failed_ = false;
  std::string message_;
};

/// Element types the libraries take (a subset of Tessera's).
enum class LibDtype : uint8_t { kF32, kBF16, kF16, kF8E4M3, kF8E5M2, kI32 };

/// The MLIR spelling ("f32", "bf16", "f16", "f8E4M3FN", "f8E5M2", "i32").
const char* dtype_name(LibDtype t);

/// Bytes per element.
int64_t dtype_bytes(LibDtype t);

/// Parses the MLIR spelling; false for a type the libraries do not take.
bool parse_dtype(const std::string& name, LibDtype* out);

/// a * b into *out, false on overflow or a negative operand.
bool checked_mul(int64_t a, int64_t b, int64_t* out);

/// The function name of a stringized call expression ("cublasLtCreate(&h)" -> "cublasLtCreate").
std::string call_name(const char* expression);

/// "call returned cudaErrorX (description, code N)" for a CUDA runtime status.
std::string cuda_text(const char* call, int status);

/// Status of a CUDA runtime call (cudaSuccess -> ok).
Status cuda_check(const char* call, int status);

/// NVRTC-compiles `source` (file name `name`) for sm_`sm` and loads the CUBIN as a CUDA library
/// (`*library` is a cudaLibrary_t). `what` names the kernels in a compile error.
Status load_nvrtc_library(const std::string& source, const char* name, const char* what, int sm,
                          void** library);

}  // namespace tessera::cuda::libs
