// Scalar-register conversions shared by the Tile and Target interpreters (docs/ops/tile/scalar.md,
// "Conversions"): a register cell to and from the storage bits of its type, and one conversion
// through num::convert_bits, the function tessera.cast's kernel runs.
#pragma once

#include <cstdint>

#include "core/numerics/convert.h"
#include "core/numerics/convert_pack.h"
#include "interp/tile/program.h"

namespace tessera::interp::tile {

/// The conversion options of a decoded conversion in Inst::imm (num::pack_options).
inline int64_t pack_convert(const num::ConvertOptions& o) { return num::pack_options(o); }
inline num::ConvertOptions unpack_convert(int64_t v) { return num::unpack_options(v); }

/// Set in a Target IR kConvert's imm above the packed options: sitofp's signed view.
inline constexpr int64_t kSignedView = int64_t{1} << 16;

/// A narrow float's NaN in a register cell: an f32 NaN carrying the pattern's sign and its
/// mantissa bits at the top of the f32 mantissa, not quieted, so that the pattern comes back
/// exactly (narrow_nan_bits) and a conversion reads the NaN the Graph IR kernel reads. e8m0's
/// one NaN (no sign, no mantissa) is the quiet f32 NaN.
inline float narrow_nan_cell(DType t, uint64_t bits) {
  const num::FloatDesc d = num::float_desc(t);
  if (d.man_bits == 0) return num::f32_from_bits(0x7fc00000u);
  const uint32_t sign = (bits & d.sign_bit()) ? 0x80000000u : 0u;
  const uint32_t man = static_cast<uint32_t>(bits & num::low_mask(d.man_bits));
  return num::f32_from_bits(sign | 0x7f800000u | (man << (23 - d.man_bits)));
}

/// The inverse of narrow_nan_cell for a NaN cell of format `t` (any other f32 NaN gives the
/// format's NaN with the cell's sign and mantissa's top bits, quiet when those are zero).
inline uint64_t narrow_nan_bits(DType t, float f) {
  const num::FloatDesc d = num::float_desc(t);
  const uint32_t b = num::f32_bits(f);
  if (d.man_bits == 0) return num::low_mask(d.storage_bits());  // e8m0: 0xFF
  uint64_t man = (b & 0x7fffffu) >> (23 - d.man_bits);
  if (d.specials == num::Specials::kFnNan) man = num::low_mask(d.man_bits);  // e4m3: S.1111.111
  if (man == 0) man = 1ull << (d.man_bits - 1);  // still a NaN (quiet), not Inf
  const uint64_t exp = static_cast<uint64_t>(d.exp_field_max()) << d.man_bits;
  return ((b >> 31) ? d.sign_bit() : 0) | exp | man;
}

/// A register cell of type `t` from storage bits: narrow floats widened to f32 (exact), signed
/// integers sign-extended from their width, unsigned ones zero-extended, i1 as 0 or 1.
inline Cell cell_from_bits(DType t, uint64_t bits) {
  Cell c{};
  if (t == DType::f32) {
    c.f = num::f32_from_bits(static_cast<uint32_t>(bits));
  } else if (t == DType::f64) {
    c.d = num::f64_from_bits(bits);
  } else if (dtype_is_float(t)) {
    const double v = num::to_double(t, bits);
    c.f = v != v ? narrow_nan_cell(t, bits) : static_cast<float>(v);
  } else {
    const num::IntDesc d = num::int_desc(t);
    bits &= num::low_mask(d.bits);
    if (d.is_signed && d.bits < 64 && ((bits >> (d.bits - 1)) & 1)) bits |= ~num::low_mask(d.bits);
    c.i = static_cast<int64_t>(bits);
  }
  return c;
}

/// The storage bits of a register cell of type `t` (the inverse of cell_from_bits: exact, NaNs
/// included, for a cell cell_from_bits made).
inline uint64_t bits_of_cell(DType t, Cell c) {
  if (t == DType::f32) return num::f32_bits(c.f);
  if (t == DType::f64) return num::f64_bits(c.d);
  if (dtype_is_float(t))  // fp6/fp4 have no NaN: the conversion's rule
    return c.f != c.f && num::float_desc(t).specials != num::Specials::kFnNone
               ? narrow_nan_bits(t, c.f)
               : num::from_double(t, static_cast<double>(c.f));
  return static_cast<uint64_t>(c.i) & num::low_mask(num::int_desc(t).bits);
}

/// One conversion (Opc::kConvert): `x` of type `from` read as its value (integers: signed when
/// `signed_view`, as sitofp reads them, i1 true being -1; otherwise zero-extended), converted to
/// `to` with `o` (round once; floats to integers truncate and saturate, NaN gives 0).
inline Cell convert_cell(DType from, Cell x, DType to, bool signed_view,
                         const num::ConvertOptions& o) {
  uint64_t u;
  DType src = from;
  if (from == DType::f64) {
    u = num::f64_bits(x.d);
  } else if (from == DType::f32) {
    u = num::f32_bits(x.f);
  } else if (dtype_is_float(from)) {  // a narrow float: its exact pattern
    u = bits_of_cell(from, x);
  } else if (signed_view) {
    u = static_cast<uint64_t>(from == DType::i1 ? -(x.i & 1) : x.i);
    src = DType::i64;
  } else {
    u = static_cast<uint64_t>(x.i) & num::low_mask(num::int_desc(from).bits);
    src = DType::u64;
  }
  return cell_from_bits(to, num::convert_bits(src, u, to, o));
}

}  // namespace tessera::interp::tile
