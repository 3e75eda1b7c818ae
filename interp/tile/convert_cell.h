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

/// A register cell of type `t` from storage bits: narrow floats widened to f32 (exact), signed
/// integers sign-extended from their width, unsigned ones zero-extended, i1 as 0 or 1.
inline Cell cell_from_bits(DType t, uint64_t bits) {
  Cell c{};
  if (t == DType::f32) {
    c.f = num::f32_from_bits(static_cast<uint32_t>(bits));
  } else if (t == DType::f64) {
    c.d = num::f64_from_bits(bits);
  } else if (dtype_is_float(t)) {
    c.f = num::narrow_register(t, bits);
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
  if (dtype_is_float(t)) return num::narrow_storage(t, c.f);
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
