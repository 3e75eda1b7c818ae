// The deterministic reduction of gathered collective data: out[i] = fold over ranks r = 0..n-1 of
// in[r * count + i] in rank order (docs/ops/mesh/, "fold"), a kernel compiled with NVRTC and
// loaded through the runtime's library API (no driver API link).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "backends/cuda/libs/lib_status.h"

namespace tessera::cuda::libs {

enum class ReduceOp : uint8_t { kSum, kProd, kMax, kMin, kAvg };

/// "sum", "prod", "max", "min", "avg".
const char* reduce_op_name(ReduceOp op);

/// Parses the names above; false otherwise.
bool parse_reduce_op(const std::string& name, ReduceOp* out);

/// The CUDA C++ of every fold kernel (no includes: bf16, f16 and fp8 conversions are written out).
const std::string& fold_kernel_source();

/// The kernel's symbol for (dtype, op): every op on f32, bf16, f16, f8E4M3FN, f8E5M2 and i32
/// (i32 avg is the spec's wrapping sum divided by n, truncating).
std::string fold_kernel_name(LibDtype t, ReduceOp op);

/// The compute capability of `device` as major * 10 + minor (the NVRTC architecture).
Status device_sm(int device, int* sm);

/// round_T(1 / ranks) as an f32 value (the float avg's pre-multiplier, NCCL's rule).
float avg_scale(LibDtype t, int ranks);

/// The fold kernels compiled for one architecture and loaded into the current device.
class FoldKernels {
 public:
  /// NVRTC-compiles fold_kernel_source() for sm_<sm> and loads it (cudaLibraryLoadData).
  static Status load(int sm, std::unique_ptr<FoldKernels>* out);
  ~FoldKernels();
  FoldKernels(const FoldKernels&) = delete;
  FoldKernels& operator=(const FoldKernels&) = delete;

  /// out[i] = fold(op, gathered[0*count + i], ..., gathered[(ranks-1)*count + i]) on `stream`.
  Status fold(LibDtype t, ReduceOp op, const void* gathered, void* out, int64_t count, int ranks,
              cudaStream_t stream);

 private:
  FoldKernels() = default;
  void* library_ = nullptr;  // cudaLibrary_t
};

}  // namespace tessera::cuda::libs
