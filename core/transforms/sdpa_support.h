// What the default mode's fused attention library (cuDNN SDPA, backends/cuda/libs) takes: the one
// predicate that both the compile-time choice (library_groups.cpp: keep a flash_attn group whole
// for the library, or lower it to generated kernels) and the run-time call (libs::attention and
// check_sdpa_args) ask, so a group left for the library is one the library runs (docs/cuda.md,
// "Modes"). Header-only: backends/cuda/libs links no core library.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::transforms {

/// An attention operand or result: element type (MLIR spelling) and shape.
struct SdpaTensor {
  std::string dtype;
  std::vector<int64_t> shape;
};

/// The scale the library applies: the attribute, or 1/sqrt(D) in f64, rounded to f32
/// (docs/ops/graph/attention.md).
inline float sdpa_scale(std::optional<double> attr, int64_t d) {
  return static_cast<float>(attr ? *attr : 1.0 / std::sqrt(static_cast<double>(d)));
}

/// Why cuDNN SDPA declines q [b, h, s_q, d], k and v [b, h, s_kv, d] of element type `dtype`;
/// empty when it takes them.
inline std::string sdpa_dims_decline(const std::string& dtype, int64_t b, int64_t h, int64_t s_q,
                                     int64_t s_kv, int64_t d, bool causal, float scale) {
  const std::string dims = "B = " + std::to_string(b) + ", H = " + std::to_string(h) +
                           ", Sq = " + std::to_string(s_q) + ", Skv = " + std::to_string(s_kv) +
                           ", D = " + std::to_string(d);
  if (dtype != "bf16" && dtype != "f16")
    return "cuDNN SDPA: unsupported element type " + dtype + " (bf16 or f16)";
  if (b < 1 || h < 1 || s_q < 1 || s_kv < 1 || d < 1)
    return "cuDNN SDPA: every size must be at least 1 (" + dims + ")";
  if (d % 8 != 0 || d > 256)
    return "cuDNN SDPA: the head dimension must be a multiple of 8 up to 256 (" + dims + ")";
  if (causal && s_q > s_kv)
    return "cuDNN SDPA: a causal mask with more queries than keys leaves rows without keys (" +
           dims + ")";
  if (!std::isfinite(scale)) return "cuDNN SDPA: the scale must be finite";
  for (int64_t s : {s_q, s_kv}) {
    int64_t n = 0, bytes = 0;  // 2-byte elements
    if (__builtin_mul_overflow(b, h, &n) || __builtin_mul_overflow(n, s, &n) ||
        __builtin_mul_overflow(n, d, &n) || __builtin_mul_overflow(n, int64_t{2}, &bytes) ||
        n > INT32_MAX)
      return "cuDNN SDPA: a tensor has more than 2^31 - 1 elements (" + dims + ")";
  }
  return {};
}

/// Why cuDNN SDPA declines flash attention `in` = (q, k, v) -> `out` with `causal` and the
/// `scale` attribute (nullopt: the default); empty when it takes it.
inline std::string sdpa_decline(const std::vector<SdpaTensor>& in, const SdpaTensor& out,
                                bool causal, std::optional<double> scale) {
  if (in.size() != 3) return "flash attention takes q, k, v";
  for (const SdpaTensor* x : {&in[0], &in[1], &in[2], &out}) {
    if (x->shape.size() != 4) return "attention tensors of rank other than 4";
    if (x->dtype != in[0].dtype) return "q, k, v and the result differ in type";
  }
  const std::vector<int64_t>& q = in[0].shape;
  const int64_t s_kv = in[1].shape[2];
  if (in[1].shape != std::vector<int64_t>{q[0], q[1], s_kv, q[3]} || in[2].shape != in[1].shape ||
      out.shape != q)
    return "cuDNN SDPA here takes k, v [B, H, Skv, D] with Dv = D";
  return sdpa_dims_decline(in[0].dtype, q[0], q[1], q[2], s_kv, q[3], causal,
                           sdpa_scale(scale, q[3]));
}

}  // namespace tessera::transforms
