// The default mode's entry for the CUDA runtime: run one Graph op through cuBLASLt or cuDNN, or
// say why not (then the runtime launches the generated kernel). docs/cuda.md, "Default mode".
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/cuda/libs/block_scale.h"
#include "backends/cuda/libs/cublaslt_matmul.h"
#include "backends/cuda/libs/cudnn_sdpa.h"
#include "backends/cuda/libs/lib_status.h"
#include "backends/cuda/libs/transpose_kernel.h"

namespace tessera::cuda::libs {

/// A dense row-major tensor in device memory on the current device.
struct LibTensor {
  std::string dtype;  ///< MLIR spelling: "bf16", "f32", "f8E4M3FN", ...
  std::vector<int64_t> shape;
  void* data = nullptr;
};

/// The op's attributes that the library paths read (the caller copies them from the op).
struct LibAttrs {
  bool transpose_a = false, transpose_b = false;  ///< tessera.matmul
  bool has_numeric_policy = false;  ///< tessera.matmul with a numeric_policy: never a library
  bool causal = false;              ///< tessera.flash_attn
  std::optional<double> scale;      ///< tessera.flash_attn (default 1/sqrt(D))
  /// tessera.scaled_matmul: scale_layout's block = [bn, bk] and format; whether `batching` is set.
  int64_t scale_block_n = 0, scale_block_k = 0;
  std::string scale_format;
  bool has_batching = false;
};

enum class LibOutcome : uint8_t {
  kDone,        ///< Enqueued on the stream.
  kNotHandled,  ///< Not a library case (message says why); launch the generated kernel.
  kFailed,      ///< The library was asked and failed (message names the call and status).
};

struct LibResult {
  LibOutcome outcome = LibOutcome::kNotHandled;
  std::string message;
};

/// Library handles per device, created on first use. Not thread-safe; one per runtime client.
class LibraryContext {
 public:
  LibraryContext();
  ~LibraryContext();
  Status cublaslt(int device, CublasLt** out);
  Status cudnn(int device, CudnnSdpa** out);
  Status transpose(int device, TransposeKernel** out);
  Status block_scale(int device, BlockScaleKernel** out);

 private:
  std::map<int, std::unique_ptr<CublasLt>> lt_;
  std::map<int, std::unique_ptr<CudnnSdpa>> dnn_;
  std::map<int, std::unique_ptr<TransposeKernel>> transpose_;
  std::map<int, std::unique_ptr<BlockScaleKernel>> block_scale_;
};

/// Default mode: `tessera.matmul` through cuBLASLt (bf16, f16, fp8 e4m3/e5m2 with f32 accumulation;
/// rank-2 operands or equal batch dims or a rank-2 operand; no numeric_policy; an fp8 rhs stored
/// [K, N] is first transposed into a stream-ordered temporary, since cuBLASLt takes fp8 only as
/// TN), `tessera.flash_attn` / `tessera.flash_attention` through cuDNN SDPA (bf16/f16, D = Dv, D a
/// multiple of 8 up to 256), `tessera.scaled_matmul` with MX scales (block = [1, 32], e8m0; fp8
/// operands) through cuBLASLt's VEC32_UE8M0 block scaling on devices of compute capability 10.0
/// or more (scales rewritten into cuBLASLt's tiled layout first, block_scale.h; unverified on
/// hardware, docs/cuda.md). With `deterministic` nothing is handled (generated kernels keep the
/// interpreter's order). Runs on the current device and `stream`.
LibResult try_library_kernel(LibraryContext& ctx, const std::string& op_name, const LibAttrs& attrs,
                             const std::vector<LibTensor>& inputs, const LibTensor& output,
                             bool deterministic, cudaStream_t stream);

}  // namespace tessera::cuda::libs
