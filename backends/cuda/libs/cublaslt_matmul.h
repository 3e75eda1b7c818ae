// cuBLASLt matrix products in Tessera's row-major convention: out[M,N] = A[M,K] x B[K,N]
// (tessera.matmul, docs/ops/graph/contractions.md), f32 accumulation, over device pointers.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "backends/cuda/libs/lib_status.h"

namespace tessera::cuda::libs {

/// One product (optionally a strided batch). Pointers are device pointers on the current device.
struct MatmulArgs {
  int64_t m = 0, n = 0, k = 0;
  int64_t batch = 1;  ///< Number of products; an operand with batch stride 0 is shared by all.
  bool transpose_a = false;  ///< lhs is stored [K, M] (tessera.matmul's transpose_a).
  bool transpose_b = false;  ///< rhs is stored [N, K] (transpose_b).
  LibDtype a_type = LibDtype::kBF16, b_type = LibDtype::kBF16, out_type = LibDtype::kF32;
  const void* a = nullptr;
  const void* b = nullptr;
  void* out = nullptr;
  int64_t batch_stride_a = 0, batch_stride_b = 0, batch_stride_out = 0;  ///< In elements.
  /// fp8 only: device pointers to one f32 each, multiplying the decoded A and B (null = 1).
  const float* a_scale = nullptr;
  const float* b_scale = nullptr;
  /// Block scaling (tessera.scaled_matmul in default mode, sm_100+): 32 = MX, one e8m0 scale per
  /// 32 elements along K (CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0); 0 = none. The scales are
  /// then a_block_scale / b_block_scale, device bytes in cuBLASLt's tiled layout (block_scale.h;
  /// rows M and N, K / 32 columns); a_scale and b_scale must be null.
  int block = 0;
  const void* a_block_scale = nullptr;
  const void* b_block_scale = nullptr;
};

/// Host-side check of a product: shapes, overflow of every size, dtype combination and the
/// layout cuBLASLt needs. Needs no device; every rejection names what is wrong.
Status check_matmul_args(const MatmulArgs& args);

/// A cuBLASLt handle with a workspace and a cache of plans (descriptors and the heuristic's
/// algorithm) per shape and type combination. One per device; not thread-safe.
class CublasLt {
 public:
  /// Creates the handle (cublasLtCreate) and a workspace of `workspace_bytes` on the current
  /// device. Fails cleanly (no device, no driver) with the call's status text.
  static Status create(size_t workspace_bytes, std::unique_ptr<CublasLt>* out);
  ~CublasLt();
  CublasLt(const CublasLt&) = delete;
  CublasLt& operator=(const CublasLt&) = delete;

  /// out = A x B on `stream`. Checks `args` first; an unsupported combination (no algorithm from
  /// the heuristic) is an error naming cublasLtMatmulAlgoGetHeuristic and its status.
  Status matmul(const MatmulArgs& args, cudaStream_t stream);

  /// cuBLASLt's version number (cublasLtGetVersion).
  static size_t version();
  /// The algorithm matmul(args) runs (planning it if needed), as algo_config_text writes it:
  /// for benchmarks to show whether this path and a direct cuBLASLt call use the same kernel.
  Status algo_text(const MatmulArgs& args, std::string* out);

  struct Plan;

 private:
  CublasLt() = default;
  // Shape, types, transposes, batch strides, scales, and the pointers' alignments (the heuristic
  // only offers algorithms that work with them).
  using Key = std::tuple<int64_t, int64_t, int64_t, int64_t, int, int, int, int, int, int64_t,
                         int64_t, int64_t, bool, uint32_t, uint32_t, uint32_t, int>;
  Status plan_for(const MatmulArgs& args, Plan** out);
  void* handle_ = nullptr;  // cublasLtHandle_t
  void* workspace_ = nullptr;
  size_t workspace_bytes_ = 0;
  std::map<Key, std::unique_ptr<Plan>> plans_;
};

/// "call returned CUBLAS_STATUS_X (description)" for a cuBLAS status (an int cublasStatus_t).
std::string cublas_text(const char* call, int status);

/// "algo 21 tile 24 stages 22 splitK 1 reduction 0 swizzle 0 custom 0 inner 0 cluster 0" for a
/// cublasLtMatmulAlgo_t (passed as `const void*`; cublasLtMatmulAlgoConfigGetAttribute).
std::string algo_config_text(const void* algo);

}  // namespace tessera::cuda::libs
