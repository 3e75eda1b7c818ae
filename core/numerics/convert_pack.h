// ConvertOptions packed into one integer, as decoded interpreter instructions and generated CUDA
// code carry them, and a narrow float's NaN in an f32 register (docs/ops/tile/scalar.md,
// "Conversions"); usable in host and device code.
#pragma once

#include <cstdint>

#include "core/numerics/convert.h"

namespace tessera::num {

/// Profile in bits 0-3, rounding 4-7, saturate 8, flush inputs 9, flush outputs 10 (seed and
/// stream are not packed: the conversions that carry them never round stochastically).
TESSERA_HD inline int64_t pack_options(const ConvertOptions& o) {
  return int64_t(o.profile) | (int64_t(o.rounding) << 4) | (int64_t(o.saturate) << 8) |
         (int64_t(o.flush_input_denormals) << 9) | (int64_t(o.flush_output_denormals) << 10);
}

/// The inverse of pack_options (bits from 16 up are ignored).
TESSERA_HD inline ConvertOptions unpack_options(int64_t v) {
  ConvertOptions o;
  o.profile = Profile(v & 0xf);
  o.rounding = RoundingMode((v >> 4) & 0xf);
  o.saturate = ((v >> 8) & 1) != 0;
  o.flush_input_denormals = ((v >> 9) & 1) != 0;
  o.flush_output_denormals = ((v >> 10) & 1) != 0;
  return o;
}

/// A narrow float's NaN in a register cell: an f32 NaN carrying the pattern's sign and its
/// mantissa bits at the top of the f32 mantissa, not quieted, so that the pattern comes back
/// exactly (narrow_nan_bits) and a conversion reads the NaN the Graph IR kernel reads. e8m0's
/// one NaN (no sign, no mantissa) is the quiet f32 NaN.
TESSERA_HD inline float narrow_nan_cell(DType t, uint64_t bits) {
  const FloatDesc d = float_desc(t);
  if (d.man_bits == 0) return f32_from_bits(0x7fc00000u);
  const uint32_t sign = (bits & d.sign_bit()) ? 0x80000000u : 0u;
  const uint32_t man = static_cast<uint32_t>(bits & low_mask(d.man_bits));
  return f32_from_bits(sign | 0x7f800000u | (man << (23 - d.man_bits)));
}

/// The inverse of narrow_nan_cell for a NaN cell of format `t` (any other f32 NaN gives the
/// format's NaN with the cell's sign and mantissa's top bits, quiet when those are zero).
TESSERA_HD inline uint64_t narrow_nan_bits(DType t, float f) {
  const FloatDesc d = float_desc(t);
  const uint32_t b = f32_bits(f);
  if (d.man_bits == 0) return low_mask(d.storage_bits());  // e8m0: 0xFF
  uint64_t man = (b & 0x7fffffu) >> (23 - d.man_bits);
  if (d.specials == Specials::kFnNan) man = low_mask(d.man_bits);  // e4m3: S.1111.111
  if (man == 0) man = 1ull << (d.man_bits - 1);                    // still a NaN (quiet), not Inf
  const uint64_t exp = static_cast<uint64_t>(d.exp_field_max()) << d.man_bits;
  return ((b >> 31) ? d.sign_bit() : 0) | exp | man;
}

/// A narrow float's storage bits as its f32 register value: the exact value, or a NaN keeping
/// the pattern (narrow_nan_cell).
TESSERA_HD inline float narrow_register(DType t, uint64_t bits) {
  const double v = to_double(t, bits);
  return v != v ? narrow_nan_cell(t, bits) : float(v);
}

/// The storage bits of a narrow float's register value (the inverse of narrow_register; fp6 and
/// fp4 have no NaN: a NaN gets their conversion's rule).
TESSERA_HD inline uint64_t narrow_storage(DType t, float f) {
  return f != f && float_desc(t).specials != Specials::kFnNone ? narrow_nan_bits(t, f)
                                                               : from_double(t, double(f));
}

}  // namespace tessera::num
