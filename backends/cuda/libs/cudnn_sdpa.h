// cuDNN's fused scaled-dot-product attention (cuDNN 9 graph API through the cuDNN frontend):
// forward, causal or not, bf16/f16, tensors [B, H, S, D] contiguous (tessera.flash_attn).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <tuple>

#include "backends/cuda/libs/lib_status.h"

namespace tessera::cuda::libs {

/// One attention: out[b,h,i,:] = softmax_j(scale * q[b,h,i,:] . k[b,h,j,:]) v[b,h,:,:], with the
/// causal mask aligned to the top-left corner (docs/ops/graph/attention.md).
struct SdpaArgs {
  int64_t b = 0, h = 0, s_q = 0, s_kv = 0, d = 0;  ///< q [b,h,s_q,d], k and v [b,h,s_kv,d].
  LibDtype dtype = LibDtype::kBF16;                ///< q, k, v and out.
  bool causal = false;
  float scale = 0;  ///< The attribute rounded to f32 (callers pass 1/sqrt(D) by default).
  const void* q = nullptr;
  const void* k = nullptr;
  const void* v = nullptr;
  void* out = nullptr;
};

/// Host-side check: sizes, overflow, dtype and the head dimension cuDNN takes. Needs no device.
Status check_sdpa_args(const SdpaArgs& args);

/// A cuDNN handle and the built graphs (plans), one per shape, dtype, mask and scale.
/// One per device; not thread-safe.
class CudnnSdpa {
 public:
  /// cudnnCreate on the current device; fails cleanly without a device.
  static Status create(std::unique_ptr<CudnnSdpa>* out);
  ~CudnnSdpa();
  CudnnSdpa(const CudnnSdpa&) = delete;
  CudnnSdpa& operator=(const CudnnSdpa&) = delete;

  /// Runs the attention on `stream`. The first call per shape builds the cuDNN graph (heuristic
  /// plans, support check); a shape cuDNN cannot run is an error naming the frontend step.
  Status forward(const SdpaArgs& args, cudaStream_t stream);

  /// cudnnGetVersion().
  static size_t version();

  struct Built;

 private:
  CudnnSdpa() = default;
  using Key = std::tuple<int64_t, int64_t, int64_t, int64_t, int64_t, int, bool, float>;
  Status build(const SdpaArgs& args, Built** out);
  Status run(const SdpaArgs& args, cudaStream_t stream);
  void* handle_ = nullptr;  // cudnnHandle_t
  void* workspace_ = nullptr;
  size_t workspace_bytes_ = 0;
  std::map<Key, std::unique_ptr<Built>> built_;
};

/// "call returned CUDNN_STATUS_X (code N)" for a cuDNN status.
std::string cudnn_text(const char* call, int status);

}  // namespace tessera::cuda::libs
