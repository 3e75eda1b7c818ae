// A byte-matrix transpose on the device: the fp8 rhs [K, N] of a default-mode matmul rewritten as
// [N, K], the only fp8 layout cuBLASLt takes (TN). NVRTC-compiled, loaded with the runtime's
// library API, like the fold kernels.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "backends/cuda/libs/lib_status.h"

namespace tessera::cuda::libs {

/// The CUDA C++ of the transpose kernel (`tsr_transpose_u8`, 32x32 tiles through shared memory).
const std::string& transpose_kernel_source();

class TransposeKernel {
 public:
  /// NVRTC-compiles the source for sm_<sm> and loads it into the current device.
  static Status load(int sm, std::unique_ptr<TransposeKernel>* out);
  ~TransposeKernel();
  TransposeKernel(const TransposeKernel&) = delete;
  TransposeKernel& operator=(const TransposeKernel&) = delete;

  /// out[z][c][r] = in[z][r][c] for `batch` row-major byte matrices of rows x cols, on `stream`.
  Status transpose_u8(const void* in, void* out, int64_t batch, int64_t rows, int64_t cols,
                      cudaStream_t stream);

 private:
  TransposeKernel() = default;
  void* library_ = nullptr;  // cudaLibrary_t
};

}  // namespace tessera::cuda::libs
