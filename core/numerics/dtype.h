// Element type identifiers shared by the IR, the interpreter, the numerics library and backends.
#pragma once

#include <cstdint>

#ifndef TESSERA_HD
#if defined(__CUDACC__)
#define TESSERA_HD __host__ __device__
#else
#define TESSERA_HD
#endif
#endif

namespace tessera {

/// Every element type a tensor may hold. The order is part of the plugin ABI (values are
/// passed as uint32_t), so append only.
enum class DType : uint8_t {
  f64 = 0,
  f32 = 1,
  f16 = 2,
  bf16 = 3,
  f8e4m3 = 4,  ///< OCP fp8 E4M3FN: bias 7, no Inf, NaN = S.1111.111.
  f8e5m2 = 5,  ///< OCP fp8 E5M2: bias 15, IEEE-like Inf/NaN.
  f6e2m3 = 6,  ///< OCP fp6 E2M3FN, one value per byte (high bits zero).
  f6e3m2 = 7,  ///< OCP fp6 E3M2FN, one value per byte.
  f4e2m1 = 8,  ///< OCP fp4 E2M1FN, one value per byte.
  e8m0 = 9,    ///< OCP E8M0FNU scale: unsigned exponent, 0xFF = NaN.
  tf32 = 10,   ///< Compute mode only (f32 with 10 mantissa bits); stored as f32.
  i1 = 11,     ///< bool, one byte.
  i4 = 12,     ///< int4, two per byte, low nibble first.
  i8 = 13,
  i16 = 14,
  i32 = 15,
  i64 = 16,
  u8 = 17,
  index = 18,  ///< Tile IR index type; 64-bit signed.
  u16 = 19,
  u32 = 20,
  u64 = 21,
  c64 = 22,   ///< complex<f32>: real then imaginary f32 (numpy complex64).
  c128 = 23,  ///< complex<f64>: real then imaginary f64 (numpy complex128).
};

inline constexpr int kNumDTypes = 24;

/// Bits of one element as stored in a tensor (i4 packs two per byte).
TESSERA_HD constexpr int dtype_bits(DType t) {
  switch (t) {
    case DType::c128:
      return 128;
    case DType::f64:
    case DType::i64:
    case DType::index:
    case DType::u64:
    case DType::c64:
      return 64;
    case DType::f32:
    case DType::tf32:
    case DType::i32:
    case DType::u32:
      return 32;
    case DType::f16:
    case DType::bf16:
    case DType::i16:
    case DType::u16:
      return 16;
    case DType::i4:
      return 4;
    default:
      return 8;
  }
}

TESSERA_HD constexpr bool dtype_is_float(DType t) {
  return static_cast<uint8_t>(t) <= static_cast<uint8_t>(DType::tf32);
}

TESSERA_HD constexpr bool dtype_is_complex(DType t) { return t == DType::c64 || t == DType::c128; }

TESSERA_HD constexpr bool dtype_is_int(DType t) {
  return !dtype_is_float(t) && !dtype_is_complex(t);
}

TESSERA_HD constexpr bool dtype_is_unsigned(DType t) {
  return t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64 || t == DType::i1;
}

/// Formats narrower than f32 whose values are computed in f32 and rounded at storage.
TESSERA_HD constexpr bool dtype_is_low_precision_float(DType t) {
  return dtype_is_float(t) && t != DType::f64 && t != DType::f32 && t != DType::tf32;
}

/// The MLIR spelling of each type (builtin names of current upstream MLIR).
TESSERA_HD constexpr const char* dtype_mlir_name(DType t) {
  switch (t) {
    case DType::f64:
      return "f64";
    case DType::f32:
      return "f32";
    case DType::f16:
      return "f16";
    case DType::bf16:
      return "bf16";
    case DType::f8e4m3:
      return "f8E4M3FN";
    case DType::f8e5m2:
      return "f8E5M2";
    case DType::f6e2m3:
      return "f6E2M3FN";
    case DType::f6e3m2:
      return "f6E3M2FN";
    case DType::f4e2m1:
      return "f4E2M1FN";
    case DType::e8m0:
      return "f8E8M0FNU";
    case DType::tf32:
      return "tf32";
    case DType::i1:
      return "i1";
    case DType::i4:
      return "i4";
    case DType::i8:
      return "i8";
    case DType::i16:
      return "i16";
    case DType::i32:
      return "i32";
    case DType::i64:
      return "i64";
    case DType::u8:
      return "ui8";
    case DType::index:
      return "index";
    case DType::u16:
      return "ui16";
    case DType::u32:
      return "ui32";
    case DType::u64:
      return "ui64";
    case DType::c64:
      return "complex<f32>";
    case DType::c128:
      return "complex<f64>";
  }
  return "?";
}

/// Short names used by policies, the CLI and Python ("fp8_e4m3", "bf16", ...).
TESSERA_HD constexpr const char* dtype_short_name(DType t) {
  switch (t) {
    case DType::f8e4m3:
      return "fp8_e4m3";
    case DType::f8e5m2:
      return "fp8_e5m2";
    case DType::f6e2m3:
      return "fp6_e2m3";
    case DType::f6e3m2:
      return "fp6_e3m2";
    case DType::f4e2m1:
      return "fp4_e2m1";
    case DType::e8m0:
      return "e8m0";
    case DType::i1:
      return "bool";
    case DType::u8:
      return "uint8";
    case DType::u16:
      return "uint16";
    case DType::u32:
      return "uint32";
    case DType::u64:
      return "uint64";
    case DType::c64:
      return "complex64";
    case DType::c128:
      return "complex128";
    default:
      return dtype_mlir_name(t);
  }
}

}  // namespace tessera
