// MX block scaling (OCP MX v1.0, e8m0 scales), NVFP4 (e4m3 scales per 16) and per-tensor amax.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/numerics/convert.h"
#include "core/numerics/philox.h"

namespace tessera::num {

/// MX block size (elements sharing one e8m0 scale).
inline constexpr int kMxBlock = 32;
/// NVFP4 block size (elements sharing one e4m3 scale).
inline constexpr int kNvfp4Block = 16;

/// How the shared exponent of an MX block is chosen.
enum class MxScaleRule : uint8_t {
  kOcp = 0,   ///< floor(log2(amax)) - emax(element)   (OCP MX v1.0 reference)
  kCeil = 1,  ///< ceil(log2(amax / max_finite(element))): no element ever clamps
};

/// Largest |x| of a block; NaN if any element is NaN.
TESSERA_HD inline float block_amax(const float* x, int n) {
  float m = 0.0f;
  for (int i = 0; i < n; ++i) {
    const float a = f32_from_bits(f32_bits(x[i]) & 0x7FFFFFFFu);
    if (a != a) return a;
    if (a > m) m = a;
  }
  return m;
}

/// The e8m0 scale bits for a block of element format `elem` with largest magnitude `amax`.
/// NaN or Inf amax -> 0xFF (NaN); zero amax -> 0x00 (2^-127); exponent clamped to [-127, 127].
TESSERA_HD inline uint8_t mx_scale_bits(DType elem, float amax, MxScaleRule rule) {
  const Unpacked a = decode(F32::desc(), f32_bits(amax), false);
  if (a.cls == ValueClass::kNan || a.cls == ValueClass::kInf) return 0xFF;
  if (a.cls == ValueClass::kZero) return 0x00;
  const FloatDesc d = float_desc(elem);
  int e = a.exp - d.emax();
  if (rule == MxScaleRule::kCeil) {
    // amax > max_elem * 2^e exactly when amax's significand exceeds max_elem's.
    const uint64_t max_sig =
        (1ull << 63) | ((d.max_finite_bits() & low_mask(d.man_bits)) << (63 - d.man_bits));
    if (a.sig > max_sig) ++e;
  }
  if (e < -127) e = -127;
  if (e > 127) e = 127;
  return uint8_t(e + 127);
}

/// Quantizes one block (n <= 32) of f32 to MX: writes n element patterns and one scale.
/// Elements are x / 2^(scale - 127) (exact) converted with `o` but always saturating finite
/// overflow. Element i uses random bits of logical index first_index + i (stochastic mode).
TESSERA_HD inline void mx_quantize_block(DType elem, const float* x, int n, MxScaleRule rule,
                                         const ConvertOptions& o, uint8_t* q, uint8_t* scale,
                                         uint64_t first_index = 0) {
  const uint8_t s = mx_scale_bits(elem, block_amax(x, n), rule);
  *scale = s;
  const FloatDesc d = float_desc(elem);
  EncodeParams p = encode_params(o, 0);
  p.saturate = true;
  for (int i = 0; i < n; ++i) {
    Unpacked u = decode(F32::desc(), f32_bits(x[i]), o.flush_input_denormals);
    if (s == 0xFF) u.cls = ValueClass::kNan;
    if (u.cls == ValueClass::kFinite) u.exp -= int(s) - 127;
    if (o.rounding == RoundingMode::kStochastic) {
      p.rbits = random_bits(o.seed, o.stream, first_index + i);
    }
    q[i] = uint8_t(encode(d, u, p));
  }
}

/// Dequantizes one MX block: element value * 2^(scale - 127), rounded to f32 (exact unless the
/// product leaves the f32 range); scale 0xFF gives NaN.
TESSERA_HD inline void mx_dequantize_block(DType elem, const uint8_t* q, int n, uint8_t scale,
                                           float* out) {
  const FloatDesc d = float_desc(elem);
  for (int i = 0; i < n; ++i) {
    Unpacked u = decode(d, q[i], false);
    if (scale == 0xFF) u.cls = ValueClass::kNan;
    if (u.cls == ValueClass::kFinite) u.exp += int(scale) - 127;
    out[i] = f32_from_bits(uint32_t(encode(F32::desc(), u, EncodeParams{})));
  }
}

/// NVFP4 global decode scale for a tensor: amax / (448 * 6), so block scales use the e4m3 range.
TESSERA_HD inline float nvfp4_global_scale(float tensor_amax) {
  return tensor_amax > 0.0f ? tensor_amax / (448.0f * 6.0f) : 1.0f;
}

/// Quantizes one NVFP4 block (n <= 16). Scale rule: stored = e4m3_rn_satfinite(amax / 6 / g);
/// decode factor f = e4m3_value(stored) * g; element = e2m1(x / f) (f32 quotient, then RNE with
/// saturation; f == 0 gives zero elements). g is the per-tensor global scale (1 for none).
TESSERA_HD inline void nvfp4_quantize_block(const float* x, int n, float g, const ConvertOptions& o,
                                            uint8_t* q, uint8_t* scale, uint64_t first_index = 0) {
  const float amax = block_amax(x, n);
  ConvertOptions so = ConvertOptions::cuda();
  const uint8_t s = from_float<E4M3>(amax / 6.0f / g, so);
  *scale = s;
  const float f = to_float<E4M3>(s) * g;
  ConvertOptions eo = o;
  eo.saturate = true;
  for (int i = 0; i < n; ++i) {
    const float v = f == 0.0f ? 0.0f : x[i] / f;
    const uint32_t r = o.rounding == RoundingMode::kStochastic
                           ? random_bits(o.seed, o.stream, first_index + i)
                           : 0;
    q[i] = from_float<E2M1>(v, eo, r);
  }
}

/// Dequantizes one NVFP4 block: e2m1 value * e4m3 scale * g (f32 products, left to right).
TESSERA_HD inline void nvfp4_dequantize_block(const uint8_t* q, int n, uint8_t scale, float g,
                                              float* out) {
  const float f = to_float<E4M3>(scale);
  for (int i = 0; i < n; ++i) out[i] = to_float<E2M1>(q[i]) * f * g;
}

/// Per-tensor scale: amax / max_finite(fmt) as an f32 quotient (1 when amax is 0 or not finite).
/// Quantize with x / scale, dequantize with q * scale.
TESSERA_HD inline float amax_scale(DType fmt, float amax) {
  if (!(amax > 0.0f) || amax == INFINITY) return 1.0f;
  return amax / float(max_finite_value(fmt));
}

}  // namespace tessera::num
