// Rounding modes, conversion options and the exact unpacked value every conversion goes through.
#pragma once

#include <cstdint>

#include "core/numerics/bits.h"

namespace tessera::num {

/// Rounding modes of every float-producing conversion.
enum class RoundingMode : uint8_t {
  kNearestEven = 0,  ///< rne: to nearest, ties to even (IEEE default, PTX .rn)
  kTowardZero = 1,   ///< rtz: truncate (PTX .rz)
  kUp = 2,           ///< rup: toward +Inf (PTX .rp)
  kDown = 3,         ///< rdown: toward -Inf (PTX .rm)
  kNearestAway = 4,  ///< rna: to nearest, ties away from zero (PTX .rna, tf32)
  kStochastic = 5,   ///< PTX .rs: add random bits to the discarded bits, keep the carry
};
inline constexpr int kNumRoundingModes = 6;

/// Which reference a conversion mirrors where references disagree (NaN, Inf, saturation).
enum class Profile : uint8_t {
  kOcp = 0,   ///< ml_dtypes 0.5/0.6 behaviour
  kCuda = 1,  ///< PTX cvt ... .satfinite and cuda_fp8.h / cuda_fp6.h / cuda_fp4.h behaviour
};

/// Options of one conversion. Defaults equal ml_dtypes `astype`.
struct ConvertOptions {
  Profile profile = Profile::kOcp;
  RoundingMode rounding = RoundingMode::kNearestEven;
  bool saturate = false;                ///< finite overflow -> max finite (cuda: .satfinite)
  bool flush_input_denormals = false;   ///< subnormal inputs read as signed zero
  bool flush_output_denormals = false;  ///< results whose exact magnitude < min normal -> signed 0
  uint64_t seed = 0;                    ///< stochastic rounding: Philox key
  uint64_t stream = 0;  ///< stochastic rounding: independent stream (tensor id, step, ...)

  /// The GPU conversion: cuda profile, RNE, .satfinite.
  TESSERA_HD static constexpr ConvertOptions cuda() {
    ConvertOptions o;
    o.profile = Profile::kCuda;
    o.saturate = true;
    return o;
  }
};

/// Class of an unpacked value.
enum class ValueClass : uint8_t { kZero, kFinite, kInf, kNan };

/// An exact value: finite ones are sig * 2^(exp - 63) with bit 63 of sig set. A NaN keeps its
/// mantissa field left-aligned in sig (quiet bit at bit 63) and its source format in `src`, for
/// the payload rules of the ocp profile.
struct Unpacked {
  ValueClass cls = ValueClass::kZero;
  bool neg = false;
  int32_t exp = 0;
  uint64_t sig = 0;
  DType src = DType::f32;
};

/// Discarded part of a significand after a right shift: `disc` holds the discarded bits
/// left-aligned (bit 63 = the half-ulp bit), `sticky` is set when non-zero bits fell below it.
struct Discard {
  uint64_t disc = 0;
  bool sticky = false;
};

/// Shifts `sig` right by `shift` (>= 0) and returns the kept part; the rest goes to `d`.
TESSERA_HD inline uint64_t shift_right_discard(uint64_t sig, int shift, Discard& d) {
  if (shift <= 0) {
    d = Discard{};
    return sig;
  }
  if (shift < 64) {
    d.disc = sig << (64 - shift);
    d.sticky = false;
    return sig >> shift;
  }
  if (shift == 64) {
    d.disc = sig;
    d.sticky = false;
    return 0;
  }
  if (shift < 128) {
    d.disc = sig >> (shift - 64);
    d.sticky = (sig & low_mask(shift - 64)) != 0;
    return 0;
  }
  d.disc = 0;
  d.sticky = sig != 0;
  return 0;
}

/// Whether to add one ulp to the truncated magnitude. `lsb` is the kept last bit; `rbits` the
/// random bits (low `rcount` bits used) for stochastic rounding. Stochastic rounding adds the
/// random bits to the top `rcount` discarded bits and rounds up on carry; discarded bits below
/// those are ignored (truncated), which biases toward zero by less than 2^-rcount ulp.
TESSERA_HD inline bool round_up(RoundingMode m, bool neg, bool lsb, const Discard& d,
                                uint32_t rbits, int rcount) {
  const bool inexact = d.disc != 0 || d.sticky;
  const uint64_t half = 1ull << 63;
  switch (m) {
    case RoundingMode::kNearestEven:
      return d.disc > half || (d.disc == half && (d.sticky || lsb));
    case RoundingMode::kNearestAway:
      return d.disc >= half;
    case RoundingMode::kTowardZero:
      return false;
    case RoundingMode::kUp:
      return !neg && inexact;
    case RoundingMode::kDown:
      return neg && inexact;
    case RoundingMode::kStochastic: {
      const uint64_t top = d.disc >> (64 - rcount);
      const uint64_t r = uint64_t(rbits) & low_mask(rcount);
      return ((top + r) >> rcount) != 0;
    }
  }
  return false;
}

/// True when `m` rounding a value of sign `neg` that overflows must stop at max finite (IEEE 754
/// 7.4: rtz, and the directed mode that points back toward zero).
TESSERA_HD inline bool overflow_stops_at_max(RoundingMode m, bool neg) {
  return m == RoundingMode::kTowardZero || (m == RoundingMode::kUp && neg) ||
         (m == RoundingMode::kDown && !neg);
}

}  // namespace tessera::num
