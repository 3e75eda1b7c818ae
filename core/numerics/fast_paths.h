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

/// The constants of the f32 -> F (fp8 / fp6 / fp4) RNE conversion: one definition for
/// f32_to_small and its AVX2 twin (fast_paths_avx2.h).
template <class F, bool kCuda, bool kSat>
struct SmallCast {
  static constexpr FloatDesc d = F::desc();
  static constexpr int kM = d.man_bits;
  static constexpr int kShift = 23 - kM;
  static constexpr int kSignShift = 31 - (d.exp_bits + kM);
  static constexpr uint32_t kSignBit = uint32_t(d.sign_bit());
  static constexpr uint32_t kMinNormal = uint32_t(127 + d.emin()) << 23;
  /// An f32 whose ulp is F's smallest subnormal.
  static constexpr uint32_t kMagic = uint32_t(127 + d.emin() - kM + 23) << 23;
  static constexpr uint32_t kMax = uint32_t(d.max_finite_bits());
  static constexpr uint32_t kRebias = uint32_t(127 - d.bias) << kM;
  static constexpr bool kNone = d.specials == Specials::kFnNone;
  static constexpr bool kFn = d.specials == Specials::kFnNan;
  static constexpr uint32_t kExpAll = uint32_t(d.exp_field_max()) << kM;
  static constexpr uint32_t kAllOnes = kExpAll | ((1u << kM) - 1);  ///< The fn formats' NaN.
  /// Overflow (finite or Inf): saturating formats and .satfinite clamp; otherwise Inf / NaN.
  static constexpr uint32_t kOvf = (kSat || kNone) ? kMax : (kFn ? kAllOnes : kExpAll);
};

/// f32 -> small float format F (fp8 / fp6 / fp4), RNE. Normal results round with an integer add
/// on the f32 pattern; subnormal results use one f32 addition of a constant whose ulp is the
/// target's smallest subnormal (exact RNE in the default FP environment).
template <class F, bool kCuda, bool kSat>
inline uint8_t f32_to_small(uint32_t u) {
  using C = SmallCast<F, kCuda, kSat>;
  const uint32_t sign = (u >> C::kSignShift) & C::kSignBit;
  const uint32_t a = u & 0x7FFFFFFFu;
  const uint32_t r = (a + ((1u << (C::kShift - 1)) - 1u) + ((a >> C::kShift) & 1u)) >> C::kShift;
  const uint32_t normal = r - C::kRebias;
  const float magic = __builtin_bit_cast(float, C::kMagic);
  const float f = __builtin_bit_cast(float, a) + magic;
  const uint32_t sub = __builtin_bit_cast(uint32_t, f) - C::kMagic;
  uint32_t res = a < C::kMinNormal ? sub : normal;
  res = ((a >= C::kMinNormal) & (normal > C::kMax)) ? C::kOvf : res;
  if constexpr (C::kFn && !kCuda) {  // Inf -> NaN
    res = a == 0x7F800000u ? C::kAllOnes : res;
  }
  if constexpr (!C::kFn && !C::kNone && !(kCuda && kSat)) {  // Inf stays Inf
    res = a == 0x7F800000u ? C::kExpAll : res;
  }
  res |= sign;
  uint32_t nan;
  if constexpr (C::kNone)
    nan = kCuda ? C::kMax : (sign ^ C::kSignBit);
  else if constexpr (kCuda)
    nan = C::kAllOnes;
  else
    nan = sign | C::kExpAll | (C::kFn ? ((1u << C::kM) - 1) : (1u << (C::kM - 1)));
  return uint8_t(a > 0x7F800000u ? nan : res);
}

}  // namespace tessera::num::fast
