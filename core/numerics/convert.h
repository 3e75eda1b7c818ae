// Scalar conversions between every pair of formats: decode to an exact value, round, encode.
#pragma once

#include <cstdint>

#include "core/numerics/bits.h"
#include "core/numerics/formats.h"
#include "core/numerics/rounding.h"

namespace tessera::num {

/// Reads `bits` of floating format `f` as an exact value. tf32 is read as the f32 it is stored as.
TESSERA_HD inline Unpacked decode(const FloatDesc& f, uint64_t bits, bool flush_denormals) {
  if (f.dtype == DType::tf32) return decode(F32::desc(), bits, flush_denormals);
  Unpacked u;
  u.src = f.dtype;
  if (f.specials == Specials::kExponent) {
    const uint32_t b = uint32_t(bits & 0xFF);
    if (b == 0xFF) {
      u.cls = ValueClass::kNan;
      return u;
    }
    u.cls = ValueClass::kFinite;
    u.sig = 1ull << 63;
    u.exp = int32_t(b) - 127;
    return u;
  }
  const int m = f.man_bits;
  u.neg = f.has_sign && ((bits >> (f.exp_bits + m)) & 1);
  const int ef = int((bits >> m) & low_mask(f.exp_bits));
  const uint64_t mf = bits & low_mask(m);
  if (f.specials == Specials::kIeee && ef == f.exp_field_max()) {
    u.cls = mf == 0 ? ValueClass::kInf : ValueClass::kNan;
    u.sig = mf << (64 - m);
    return u;
  }
  if (f.specials == Specials::kFnNan && ef == f.exp_field_max() && mf == low_mask(m)) {
    u.cls = ValueClass::kNan;
    return u;
  }
  if (ef == 0) {
    if (mf == 0 || flush_denormals) {
      u.cls = ValueClass::kZero;
      return u;
    }
    const int lz = clz64(mf);
    u.cls = ValueClass::kFinite;
    u.sig = mf << lz;
    u.exp = (1 - f.bias - m) + (63 - lz);
    return u;
  }
  u.cls = ValueClass::kFinite;
  u.sig = (1ull << 63) | (mf << (63 - m));
  u.exp = ef - f.bias;
  return u;
}

/// Parameters of one encode: options plus the random bits of this element.
struct EncodeParams {
  Profile profile = Profile::kOcp;
  RoundingMode rounding = RoundingMode::kNearestEven;
  bool saturate = false;
  bool flush_output = false;
  uint32_t rbits = 0;
};

TESSERA_HD inline EncodeParams encode_params(const ConvertOptions& o, uint32_t rbits) {
  return EncodeParams{o.profile, o.rounding, o.saturate, o.flush_output_denormals, rbits};
}

/// How the ocp profile (numpy / ml_dtypes) carries a NaN payload between IEEE formats.
enum class NanPayload : uint8_t { kCanonical, kExact, kQuiet, kTruncateNonzero };

TESSERA_HD inline NanPayload ocp_nan_payload(DType from, DType to) {
  if (from == to) return NanPayload::kExact;
  if (from == DType::f16 && (to == DType::f32 || to == DType::f64)) return NanPayload::kExact;
  if (from == DType::bf16 && to == DType::f32) return NanPayload::kExact;
  if ((from == DType::f32 || from == DType::bf16) && to == DType::f64) return NanPayload::kQuiet;
  if (from == DType::f64 && to == DType::f32) return NanPayload::kQuiet;
  if ((from == DType::f32 || from == DType::f64) && to == DType::f16) {
    return NanPayload::kTruncateNonzero;
  }
  return NanPayload::kCanonical;
}

/// The NaN a conversion produces from NaN `u` (see the profile table in docs/numerics.md).
TESSERA_HD inline uint64_t nan_bits(const FloatDesc& f, const Unpacked& u, Profile p) {
  const bool neg = u.neg;
  const int m = f.man_bits;
  const uint64_t sign = neg ? f.sign_bit() : 0;
  switch (f.specials) {
    case Specials::kExponent:
      return 0xFF;
    case Specials::kFnNan:  // e4m3fn: S.1111.111; cuda drops the sign
      return (p == Profile::kCuda ? 0 : sign) | (uint64_t(f.exp_field_max()) << m) | low_mask(m);
    case Specials::kFnNone:  // no NaN: ml_dtypes gives zero with the sign flipped; cuda +max
      if (p == Profile::kCuda) return f.max_finite_bits();
      return neg ? 0 : f.sign_bit();
    case Specials::kIeee:
      if (p == Profile::kCuda) {  // canonical positive all-ones NaN
        if (f.dtype == DType::tf32) return 0x7FFFFFFF;
        return low_mask(f.exp_bits + m);
      }
      {
        const uint64_t top = uint64_t(f.exp_field_max()) << m;
        const bool ieee_src = u.src == DType::f64 || u.src == DType::f32 || u.src == DType::f16 ||
                              u.src == DType::bf16;
        const NanPayload rule = (ieee_src || u.src == f.dtype) ? ocp_nan_payload(u.src, f.dtype)
                                                               : NanPayload::kCanonical;
        uint64_t payload = u.sig >> (64 - m);
        switch (rule) {
          case NanPayload::kCanonical:
            payload = 1ull << (m - 1);
            break;
          case NanPayload::kExact:
            break;
          case NanPayload::kQuiet:
            payload |= 1ull << (m - 1);
            break;
          case NanPayload::kTruncateNonzero:
            payload = payload == 0 ? 1 : payload;
            break;
        }
        return sign | top | payload;
      }
  }
  return 0;
}

/// The result of an infinite input.
TESSERA_HD inline uint64_t inf_bits(const FloatDesc& f, bool neg, const EncodeParams& p) {
  const uint64_t sign = neg ? f.sign_bit() : 0;
  const bool cuda = p.profile == Profile::kCuda;
  switch (f.specials) {
    case Specials::kExponent:
      return cuda && p.saturate ? 0xFE : 0xFF;
    case Specials::kFnNone:
      return sign | f.max_finite_bits();
    case Specials::kFnNan:  // no Inf: ocp -> NaN always; cuda -> max with .satfinite, else NaN
      if (cuda && p.saturate) return sign | f.max_finite_bits();
      return sign | (uint64_t(f.exp_field_max()) << f.man_bits) | low_mask(f.man_bits);
    case Specials::kIeee:  // ml_dtypes keeps Inf even when saturating; cuda .satfinite clamps
      if (cuda && p.saturate) return sign | f.max_finite_bits();
      return sign | (uint64_t(f.exp_field_max()) << f.man_bits);
  }
  return 0;
}

/// The result of a finite value whose rounded magnitude exceeds max finite.
TESSERA_HD inline uint64_t overflow_bits(const FloatDesc& f, bool neg, const EncodeParams& p) {
  const uint64_t sign = neg ? f.sign_bit() : 0;
  if (p.saturate || f.specials == Specials::kFnNone || overflow_stops_at_max(p.rounding, neg)) {
    return f.specials == Specials::kExponent ? 0xFE : (sign | f.max_finite_bits());
  }
  switch (f.specials) {
    case Specials::kExponent:
      return 0xFF;
    case Specials::kFnNan:
      return sign | (uint64_t(f.exp_field_max()) << f.man_bits) | low_mask(f.man_bits);
    default:
      return sign | (uint64_t(f.exp_field_max()) << f.man_bits);
  }
}

/// Encodes a positive finite value into e8m0 (power of two, no zero, no subnormals).
TESSERA_HD inline uint64_t encode_e8m0(const Unpacked& u, const EncodeParams& p) {
  Discard d;
  shift_right_discard(u.sig, 63, d);  // keep the leading 1, discard the fraction
  int e = u.exp;
  // The only kept significand bit is the implicit 1, so the "lsb" is odd and ties round up
  // (ml_dtypes: 0.75 -> 1, 1.5 -> 2).
  if (round_up(p.rounding, false, true, d, p.rbits, E8M0::desc().sr_bits)) ++e;
  // ml_dtypes quirk (ocp, nearest modes): every value strictly between 2^-127 and 2^-126 gives
  // 2^-126, not only those at or above the midpoint.
  if (p.profile == Profile::kOcp && u.exp == -127 && u.sig != (1ull << 63) &&
      (p.rounding == RoundingMode::kNearestEven || p.rounding == RoundingMode::kNearestAway)) {
    return 0x01;
  }
  if (e < -127) return 0x00;
  if (e > 127) return (p.saturate || overflow_stops_at_max(p.rounding, false)) ? 0xFE : 0xFF;
  return uint64_t(e + 127);
}

/// Rounds and encodes an exact value into floating format `f` (storage bits returned).
TESSERA_HD inline uint64_t encode(const FloatDesc& f, const Unpacked& u, const EncodeParams& p) {
  if (f.dtype == DType::tf32) {  // round to 10 mantissa bits, store as f32 with low 13 bits zero
    const uint64_t b = encode(FloatDesc{DType::f32, 8, 10, 127, Specials::kIeee, true, 13}, u, p);
    if (u.cls == ValueClass::kNan && p.profile == Profile::kCuda) return 0x7FFFFFFF;
    return b << 13;
  }
  const bool cuda = p.profile == Profile::kCuda;
  if (u.cls == ValueClass::kNan) return nan_bits(f, u, p.profile);
  if (u.cls == ValueClass::kInf) return inf_bits(f, u.neg, p);
  if (f.specials == Specials::kExponent) {
    // cuda reads |x| (sign dropped) and maps 0 to 0x00; ml_dtypes gives NaN (0x00 if saturating).
    if (u.cls == ValueClass::kZero || (u.neg && !cuda)) return (cuda || p.saturate) ? 0x00 : 0xFF;
    return encode_e8m0(u, p);
  }
  const uint64_t sign = u.neg ? f.sign_bit() : 0;
  if (u.cls == ValueClass::kZero) return sign;
  const int m = f.man_bits;
  const int emin = f.emin();
  if (p.flush_output && u.exp < emin) return sign;
  int e = u.exp;
  int shift = 63 - m;
  if (e < emin) {
    shift += emin - e;
    e = emin;
  }
  Discard d;
  uint64_t q = shift_right_discard(u.sig, shift, d);
  if (round_up(p.rounding, u.neg, q & 1, d, p.rbits, f.sr_bits)) ++q;
  if (q >> (m + 1)) {
    q >>= 1;
    ++e;
  }  // carried into the next binade
  uint64_t mag;
  if (q >> m) {
    if (e > f.emax()) return overflow_bits(f, u.neg, p);
    mag = (uint64_t(e + f.bias) << m) | (q & low_mask(m));
    if (mag > f.max_finite_bits()) return overflow_bits(f, u.neg, p);
  } else {
    mag = q;  // subnormal (or zero after rounding down)
  }
  return sign | mag;
}

/// Float -> integer rule: truncate toward zero, saturate at the integer range, NaN -> 0;
/// bool: any non-zero value (NaN included) -> 1.
TESSERA_HD inline uint64_t float_to_int(const Unpacked& u, const IntDesc& t) {
  if (t.bits == 1) return u.cls == ValueClass::kZero ? 0 : 1;
  if (u.cls == ValueClass::kNan || u.cls == ValueClass::kZero) return 0;
  const uint64_t max_pos = t.is_signed ? low_mask(t.bits - 1) : low_mask(t.bits);
  const uint64_t max_neg = t.is_signed ? (1ull << (t.bits - 1)) : 0;  // magnitude of min
  uint64_t mag;
  if (u.cls == ValueClass::kInf || u.exp >= 64) {
    mag = ~0ull;
  } else if (u.exp < 0) {
    mag = 0;
  } else {
    mag = u.sig >> (63 - u.exp);
  }
  uint64_t r;
  if (u.neg) {
    const uint64_t m = mag > max_neg ? max_neg : mag;
    r = 0 - m;
  } else {
    r = mag > max_pos ? max_pos : mag;
  }
  return r & low_mask(t.bits);
}

/// Reads integer storage bits as (negative?, magnitude).
TESSERA_HD inline void int_value(uint64_t bits, const IntDesc& t, bool& neg, uint64_t& mag) {
  bits &= low_mask(t.bits);
  neg = t.is_signed && ((bits >> (t.bits - 1)) & 1);
  if (neg) {
    const uint64_t ext = bits | ~low_mask(t.bits);  // sign-extend to 64 bits
    mag = 0 - ext;
  } else {
    mag = bits;
  }
}

/// Exact unpacked value of an integer.
TESSERA_HD inline Unpacked int_to_unpacked(uint64_t bits, const IntDesc& t) {
  Unpacked u;
  uint64_t mag;
  int_value(bits, t, u.neg, mag);
  if (mag == 0) {
    u.cls = ValueClass::kZero;
    u.neg = false;
    return u;
  }
  const int lz = clz64(mag);
  u.cls = ValueClass::kFinite;
  u.sig = mag << lz;
  u.exp = 63 - lz;
  return u;
}

/// Integer -> integer: wrap (keep the low bits of the two's complement value); -> bool: != 0.
TESSERA_HD inline uint64_t int_to_int(uint64_t bits, const IntDesc& from, const IntDesc& to) {
  bool neg;
  uint64_t mag;
  int_value(bits, from, neg, mag);
  if (to.bits == 1) return mag != 0 ? 1 : 0;
  const uint64_t v = neg ? 0 - mag : mag;
  return v & low_mask(to.bits);
}

/// Converts one element of `from` (storage bits, i4 as one nibble) to `to`. `rbits` are the
/// random bits used when `o.rounding` is stochastic (see stochastic_bits in philox.h).
TESSERA_HD inline uint64_t convert_bits(DType from, uint64_t bits, DType to,
                                        const ConvertOptions& o, uint32_t rbits = 0) {
  const EncodeParams p = encode_params(o, rbits);
  if (dtype_is_float(from)) {
    const Unpacked u = decode(float_desc(from), bits, o.flush_input_denormals);
    if (dtype_is_float(to)) return encode(float_desc(to), u, p);
    return float_to_int(u, int_desc(to));
  }
  if (dtype_is_float(to)) return encode(float_desc(to), int_to_unpacked(bits, int_desc(from)), p);
  return int_to_int(bits, int_desc(from), int_desc(to));
}

/// Typed conversion between two float formats known at compile time.
template <class To, class From>
TESSERA_HD inline typename To::Storage convert(typename From::Storage bits,
                                               const ConvertOptions& o = {}, uint32_t rbits = 0) {
  const Unpacked u = decode(From::desc(), bits, o.flush_input_denormals);
  return typename To::Storage(encode(To::desc(), u, encode_params(o, rbits)));
}

/// Converts an f32 value to format `To` (storage bits).
template <class To>
TESSERA_HD inline typename To::Storage from_float(float x, const ConvertOptions& o = {},
                                                  uint32_t rbits = 0) {
  return convert<To, F32>(f32_bits(x), o, rbits);
}

/// Widens format `From` to f32 (exact for every format narrower than f32).
template <class From>
TESSERA_HD inline float to_float(typename From::Storage bits, const ConvertOptions& o = {}) {
  return f32_from_bits(uint32_t(encode(
      F32::desc(), decode(From::desc(), bits, o.flush_input_denormals), encode_params(o, 0))));
}

/// Exact value of a floating pattern as a double (NaN -> quiet NaN with the sign).
TESSERA_HD inline double to_double(DType t, uint64_t bits) {
  if (dtype_is_int(t)) {
    const Unpacked u = int_to_unpacked(bits, int_desc(t));
    return f64_from_bits(encode(F64::desc(), u, EncodeParams{}));
  }
  return f64_from_bits(encode(F64::desc(), decode(float_desc(t), bits, false), EncodeParams{}));
}

/// Correctly rounded (single rounding) conversion of a double to any format.
TESSERA_HD inline uint64_t from_double(DType t, double x, const ConvertOptions& o = {},
                                       uint32_t rbits = 0) {
  return convert_bits(DType::f64, f64_bits(x), t, o, rbits);
}

}  // namespace tessera::num
