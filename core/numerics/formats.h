// Format descriptors: one description struct plus one small traits class per element format.
#pragma once

#include <cstdint>

#include "core/numerics/bits.h"
#include "core/numerics/dtype.h"

namespace tessera::num {

/// How a floating format spends its all-ones exponent field.
enum class Specials : uint8_t {
  kIeee,  ///< all-ones exponent: mantissa 0 = Inf, otherwise NaN (f64, f32, f16, bf16, e5m2, tf32).
  kFnNan,  ///< "fn": no Inf; only S.1111.111 is NaN, the rest of the top binade is finite (e4m3fn).
  kFnNone,    ///< "fn" without NaN: every pattern is finite (e2m3fn, e3m2fn, e2m1fn).
  kExponent,  ///< e8m0fnu: unsigned, no zero, no Inf, 0xFF = NaN.
};

/// Everything the conversion code needs to know about one floating format. The value of a normal
/// pattern is (-1)^s * 1.m * 2^(e - bias); subnormals (exponent field 0) are 0.m * 2^(1 - bias).
struct FloatDesc {
  DType dtype;
  int exp_bits;
  int man_bits;
  int bias;
  Specials specials;
  bool has_sign;
  int sr_bits;  ///< random bits per element for stochastic rounding (see docs/numerics.md)

  TESSERA_HD constexpr int storage_bits() const { return exp_bits + man_bits + (has_sign ? 1 : 0); }
  TESSERA_HD constexpr uint64_t sign_bit() const {
    return has_sign ? (1ull << (exp_bits + man_bits)) : 0;
  }
  TESSERA_HD constexpr int exp_field_max() const { return (1 << exp_bits) - 1; }
  /// Unbiased exponent of the smallest normal number.
  TESSERA_HD constexpr int emin() const {
    return specials == Specials::kExponent ? -bias : 1 - bias;
  }
  /// Bits (sign excluded) of the largest finite value.
  TESSERA_HD constexpr uint64_t max_finite_bits() const {
    switch (specials) {
      case Specials::kIeee:
        return (uint64_t(exp_field_max() - 1) << man_bits) | low_mask(man_bits);
      case Specials::kFnNan:
        return (uint64_t(exp_field_max()) << man_bits) | (low_mask(man_bits) - 1);
      case Specials::kFnNone:
        return (uint64_t(exp_field_max()) << man_bits) | low_mask(man_bits);
      case Specials::kExponent:
        return 0xFE;
    }
    return 0;
  }
  /// Unbiased exponent of the largest finite value.
  TESSERA_HD constexpr int emax() const { return int(max_finite_bits() >> man_bits) - bias; }
};

// Each format: one traits class, its encoding stated beside it. `Storage` is the unsigned integer
// a single element occupies in memory (sub-byte formats use a byte, high bits zero).

/// IEEE binary64: s.eeeeeeeeeee.m{52}, bias 1023, Inf/NaN in the all-ones exponent.
struct F64 {
  using Storage = uint64_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f64, 11, 52, 1023, Specials::kIeee, true, 32};
  }
};
/// IEEE binary32: s.eeeeeeee.m{23}, bias 127.
struct F32 {
  using Storage = uint32_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f32, 8, 23, 127, Specials::kIeee, true, 29};
  }
};
/// IEEE binary16: s.eeeee.m{10}, bias 15, max 65504.
struct F16 {
  using Storage = uint16_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f16, 5, 10, 15, Specials::kIeee, true, 13};
  }
};
/// bfloat16: s.eeeeeeee.m{7}, bias 127, the top half of an f32.
struct BF16 {
  using Storage = uint16_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::bf16, 8, 7, 127, Specials::kIeee, true, 16};
  }
};
/// TF32 compute mode: s.eeeeeeee.m{10}, bias 127; stored as an f32 whose low 13 bits are zero.
struct TF32 {
  using Storage = uint32_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::tf32, 8, 10, 127, Specials::kIeee, true, 13};
  }
};
/// OCP fp8 E4M3FN: s.eeee.mmm, bias 7, no Inf, NaN = s.1111.111, max 448, min sub 2^-9.
struct E4M3 {
  using Storage = uint8_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f8e4m3, 4, 3, 7, Specials::kFnNan, true, 20};
  }
};
/// OCP fp8 E5M2: s.eeeee.mm, bias 15, Inf = s.11111.00, NaN = s.11111.{01,10,11}, max 57344.
struct E5M2 {
  using Storage = uint8_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f8e5m2, 5, 2, 15, Specials::kIeee, true, 21};
  }
};
/// OCP fp6 E2M3FN: s.ee.mmm in the low 6 bits, bias 1, no Inf/NaN, max 7.5, min sub 0.125.
struct E2M3 {
  using Storage = uint8_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f6e2m3, 2, 3, 1, Specials::kFnNone, true, 20};
  }
};
/// OCP fp6 E3M2FN: s.eee.mm in the low 6 bits, bias 3, no Inf/NaN, max 28, min sub 0.0625.
struct E3M2 {
  using Storage = uint8_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f6e3m2, 3, 2, 3, Specials::kFnNone, true, 21};
  }
};
/// OCP fp4 E2M1FN: s.ee.m in the low 4 bits, bias 1, no Inf/NaN, values 0 0.5 1 1.5 2 3 4 6.
struct E2M1 {
  using Storage = uint8_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::f4e2m1, 2, 1, 1, Specials::kFnNone, true, 22};
  }
};
/// OCP E8M0FNU scale: eeeeeeee, value 2^(e - 127), no sign, no zero, no Inf, 0xFF = NaN.
struct E8M0 {
  using Storage = uint8_t;
  TESSERA_HD static constexpr FloatDesc desc() {
    return FloatDesc{DType::e8m0, 8, 0, 127, Specials::kExponent, false, 23};
  }
};

/// Descriptor of a floating DType (tf32 included). Calling it with an integer DType is a bug.
TESSERA_HD constexpr FloatDesc float_desc(DType t) {
  switch (t) {
    case DType::f64:
      return F64::desc();
    case DType::f32:
      return F32::desc();
    case DType::f16:
      return F16::desc();
    case DType::bf16:
      return BF16::desc();
    case DType::tf32:
      return TF32::desc();
    case DType::f8e4m3:
      return E4M3::desc();
    case DType::f8e5m2:
      return E5M2::desc();
    case DType::f6e2m3:
      return E2M3::desc();
    case DType::f6e3m2:
      return E3M2::desc();
    case DType::f4e2m1:
      return E2M1::desc();
    case DType::e8m0:
      return E8M0::desc();
    default:
      return F32::desc();
  }
}

/// Integer formats: width in bits and signedness. bool (i1) is unsigned width 1.
struct IntDesc {
  int bits;
  bool is_signed;
};

TESSERA_HD constexpr IntDesc int_desc(DType t) {
  switch (t) {
    case DType::i1:
      return {1, false};
    case DType::i4:
      return {4, true};
    case DType::i8:
      return {8, true};
    case DType::i16:
      return {16, true};
    case DType::i32:
      return {32, true};
    case DType::i64:
    case DType::index:
      return {64, true};
    case DType::u8:
      return {8, false};
    case DType::u16:
      return {16, false};
    case DType::u32:
      return {32, false};
    case DType::u64:
      return {64, false};
    default:
      return {32, true};
  }
}

/// Largest finite value of a floating format as a double (exact for every format).
TESSERA_HD inline double max_finite_value(DType t) {
  const FloatDesc d = float_desc(t);
  if (d.specials == Specials::kExponent) return f64_from_bits(uint64_t(127 + 1023) << 52);
  const uint64_t b = d.max_finite_bits();
  const uint64_t mant = b & low_mask(d.man_bits);
  const int e = d.emax();
  // 1.m * 2^e with m placed at the top of an f64 mantissa.
  return f64_from_bits((uint64_t(e + 1023) << 52) | (mant << (52 - d.man_bits)));
}

}  // namespace tessera::num
