// Vectorisable f32 -> bf16 / fp8 / fp4 kernels (RNE), bit-identical to the scalar reference path.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/numerics/formats.h"

namespace tessera::num::fast {

/// f32 -> bf16, RNE; NaN -> quiet NaN (ocp: sign kept, cuda: 0x7FFF); overflow -> Inf (or max).
template <bool kCuda, bool kSat>
inline uint16_t f32_to_bf16(uint32_t u) {
  const uint32_t sign = (u >> 16) & 0x8000u;
  const uint32_t a = u & 0x7FFFFFFFu;
  uint32_t r = (a + 0x7FFFu + ((a >> 16) & 1u)) >> 16;
  // ml_dtypes keeps Inf when saturating; .satfinite clamps it.
  if (kSat) r = (r > 0x7F7Fu && (kCuda || a != 0x7F800000u)) ? 0x7F7Fu : r;
  r |= sign;
  const uint32_t nan = kCuda ? 0x7FFFu : (sign | 0x7FC0u);
  return uint16_t(a > 0x7F800000u ? nan : r);
}

/// f32 -> small float format F (fp8 / fp6 / fp4), RNE. Normal results round with an integer add
/// on the f32 pattern; subnormal results use one f32 addition of a constant whose ulp is the
/// target's smallest subnormal (exact RNE in the default FP environment).
template <class F, bool kCuda, bool kSat>
inline uint8_t f32_to_small(uint32_t u) {
  constexpr FloatDesc d = F::desc();
  constexpr int kM = d.man_bits;
  constexpr int kShift = 23 - kM;
  constexpr uint32_t kSignShift = 31 - (d.exp_bits + kM);
  constexpr uint32_t kMinNormal = uint32_t(127 + d.emin()) << 23;
  constexpr uint32_t kMagic = uint32_t(127 + d.emin() - kM + 23) << 23;
  constexpr uint32_t kMax = uint32_t(d.max_finite_bits());
  constexpr uint32_t kRebias = uint32_t(127 - d.bias) << kM;
  constexpr bool kNone = d.specials == Specials::kFnNone;
  constexpr bool kFn = d.specials == Specials::kFnNan;
  constexpr uint32_t kExpAll = uint32_t(d.exp_field_max()) << kM;
  const uint32_t sign = (u >> kSignShift) & uint32_t(d.sign_bit());
  const uint32_t a = u & 0x7FFFFFFFu;
  const uint32_t r = (a + ((1u << (kShift - 1)) - 1u) + ((a >> kShift) & 1u)) >> kShift;
  const uint32_t normal = r - kRebias;
  const float magic = __builtin_bit_cast(float, kMagic);
  const float f = __builtin_bit_cast(float, a) + magic;
  const uint32_t sub = __builtin_bit_cast(uint32_t, f) - kMagic;
  uint32_t res = a < kMinNormal ? sub : normal;
  // Overflow (finite or Inf): saturating formats and .satfinite clamp; otherwise Inf / NaN.
  constexpr uint32_t kOvf = (kSat || kNone) ? kMax : (kFn ? (kExpAll | ((1u << kM) - 1)) : kExpAll);
  res = ((a >= kMinNormal) & (normal > kMax)) ? kOvf : res;
  if constexpr (kFn && !kCuda) {  // Inf -> NaN
    res = a == 0x7F800000u ? (kExpAll | ((1u << kM) - 1)) : res;
  }
  if constexpr (!kFn && !kNone && !(kCuda && kSat)) {  // Inf stays Inf
    res = a == 0x7F800000u ? kExpAll : res;
  }
  res |= sign;
  uint32_t nan;
  if constexpr (kNone)
    nan = kCuda ? kMax : (sign ^ uint32_t(d.sign_bit()));
  else if constexpr (kCuda)
    nan = kExpAll | ((1u << kM) - 1);
  else
    nan = sign | kExpAll | (kFn ? ((1u << kM) - 1) : (1u << (kM - 1)));
  return uint8_t(a > 0x7F800000u ? nan : res);
}

}  // namespace tessera::num::fast
