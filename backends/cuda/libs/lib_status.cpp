// Results of the library wrappers: dtype names and CUDA runtime status texts.
#include "backends/cuda/libs/lib_status.h"

#include <cuda_runtime_api.h>

#include "backends/cuda/nvrtc_compile.h"

namespace tessera::cuda::libs {

const char* dtype_name(LibDtype t) {
  switch (t) {
    case LibDtype::kF32:
      return "f32";
    case LibDtype::kBF16:
      return "bf16";
    case LibDtype::kF16:
      return "f16";
    case LibDtype::kF8E4M3:
      return "f8E4M3FN";
    case LibDtype::kF8E5M2:
      return "f8E5M2";
    case LibDtype::kI32:
      return "i32";
  }
  return "?";
}

int64_t dtype_bytes(LibDtype t) {
  switch (t) {
    case LibDtype::kF32:
    case LibDtype::kI32:
      return 4;
    case LibDtype::kBF16:
    case LibDtype::kF16:
      return 2;
    case LibDtype::kF8E4M3:
    case LibDtype::kF8E5M2:
      return 1;
  }
  return 0;
}

bool parse_dtype(const std::string& name, LibDtype* out) {
  static constexpr LibDtype kAll[] = {LibDtype::kF32,    LibDtype::kBF16,   LibDtype::kF16,
                                      LibDtype::kF8E4M3, LibDtype::kF8E5M2, LibDtype::kI32};
  for (LibDtype t : kAll) {
    if (name == dtype_name(t)) {
      *out = t;
      return true;
    }
  }
  return false;
}

bool checked_mul(int64_t a, int64_t b, int64_t* out) {
  if (a < 0 || b < 0) return false;
  return !__builtin_mul_overflow(a, b, out);
}

std::string call_name(const char* expression) {
  std::string e(expression);
  return e.substr(0, e.find('('));
}

std::string cuda_text(const char* call, int status) {
  auto e = static_cast<cudaError_t>(status);
  const char* name = cudaGetErrorName(e);
  const char* text = cudaGetErrorString(e);
  return std::string(call) + " returned " + (name ? name : "unknown CUDA error") + " (" +
         (text ? text : "no description") + ", code " + std::to_string(status) + ")";
}

Status cuda_check(const char* call, int status) {
  if (status == cudaSuccess) return {};
  (void)cudaGetLastError();  // clear a sticky error so later calls start clean
  return Status::error(cuda_text(call, status));
}

Status load_nvrtc_library(const std::string& source, const char* name, const char* what, int sm,
                          void** library) {
  NvrtcOutput compiled = nvrtc_compile(source, name, sm, {});
  if (!compiled.ok) return Status::error(std::string(what) + ": " + compiled.error);
  cudaLibrary_t lib = nullptr;
  if (Status s = cuda_check("cudaLibraryLoadData",
                            cudaLibraryLoadData(&lib, compiled.cubin.data(), nullptr, nullptr, 0,
                                                nullptr, nullptr, 0));
      !s.ok())
    return s;
  *library = lib;
  return {};
}

}  // namespace tessera::cuda::libs
