// The deterministic mode's GEMM as the CUDA backend makes it: a Graph IR tessera.matmul lowered
// through the level pipeline to Target IR, generated as CUDA C++ (backends/cuda/codegen), NVRTC-
// compiled and launched with the grid and block of its tessera_nvidia.launch. A stand-in for the
// runtime's launch path, which lives on another branch.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "backends/cuda/libs/lib_status.h"

namespace tessera::bench {

class GeneratedGemm {
 public:
  /// Lowers `module { func @main(T [n, n], T [n, n]) -> f32 [n, n] = tessera.matmul }` (T =
  /// `in_type`: "f32" or "bf16") and compiles its one kernel for sm_<sm> in deterministic mode.
  static cuda::libs::Status build(int64_t n, int sm, GeneratedGemm* out,
                                  const std::string& in_type = "f32");
  ~GeneratedGemm();

  /// out = a x b (device pointers, row-major n x n of the input type; out f32); out is zeroed
  /// first (launch.md).
  cuda::libs::Status run(const void* a, const void* b, float* out, cudaStream_t stream) const;

  std::string describe() const;  ///< "tsr_main_g0_kernel, grid [..], block [..]"

 private:
  int64_t n_ = 0;
  void* library_ = nullptr;  // cudaLibrary_t
  void* kernel_ = nullptr;   // cudaKernel_t
  std::string symbol_;
  int64_t grid_[3] = {1, 1, 1}, block_[3] = {1, 1, 1};
  int params_per_buffer_ = 1;  ///< pointer + one long long per dynamic dimension
};

}  // namespace tessera::bench
