// Instruction implementations shared by the interpreter loop (exec.cpp) and collective ops.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "interp/tile/sim.h"

namespace tessera::interp::tile {

/// Stops the run at instruction `in` of tile `t`: an error at the op's location naming the
/// group, tile and kernel.
[[noreturn]] void fatal(GroupState& g, int32_t t, const Inst& in, const std::string& msg);

/// The fatal "integer division by zero" of divsi/remsi, scalar or tile; `where` names the tile
/// element ("" for scalars).
[[noreturn]] void division_by_zero(GroupState& g, int32_t t, const Inst& in,
                                   const std::string& where);

/// f32 exp: the spec's expf (core/numerics/expf.h), the function every level uses.
float fexp(float x);
/// exp of a bf16/f16 value: fexp's f32 result rounded to `dt` (RNE), as Graph IR computes it.
float fexp_to(DType dt, float x);
/// log of a bf16/f16 value: the spec's logf (core/numerics/logf.h) rounded to `dt` (RNE).
float flog_to(DType dt, float x);

/// MLIR's integer binary ops on signed values (signed_int) of a `bits`-wide type held in T:
/// int64_t for scalars, int32_t for register-tile cells. The caller wraps the result to the
/// width (canonical_int) and has already stopped the run on a zero divisor. Where MLIR leaves a
/// result undefined the simulator fixes it: MIN / -1 is MIN and MIN % -1 is 0 (the wrapped
/// results); a shift count outside [0, bits) gives 0 (shli) or the sign fill (shrsi).
template <typename T>
inline T int_bin(Bin m, T a, T b, int bits) {
  using U = std::make_unsigned_t<T>;
  const U ua = static_cast<U>(a), ub = static_cast<U>(b);
  switch (m) {
    case Bin::add:
      return static_cast<T>(ua + ub);
    case Bin::sub:
      return static_cast<T>(ua - ub);
    case Bin::mul:
      return static_cast<T>(ua * ub);
    case Bin::div:
      return a == std::numeric_limits<T>::min() && b == -1 ? a : a / b;
    case Bin::rem:
      return a == std::numeric_limits<T>::min() && b == -1 ? 0 : a % b;
    case Bin::min:
      return a < b ? a : b;
    case Bin::max:
      return a > b ? a : b;
    case Bin::band:
      return a & b;
    case Bin::bor:
      return a | b;
    case Bin::bxor:
      return a ^ b;
    case Bin::shl:
      return b < 0 || b >= bits ? 0 : static_cast<T>(ua << b);
    case Bin::shr:
      return b < 0 || b >= bits ? (a < 0 ? -1 : 0) : a >> b;
  }
  return 0;
}

/// IEEE-style float binary ops; min/max propagate NaN and order -0 below +0.
template <typename T>
inline T fbin(Bin m, T a, T b) {
  switch (m) {
    case Bin::add:
      return a + b;
    case Bin::sub:
      return a - b;
    case Bin::mul:
      return a * b;
    case Bin::div:
      return a / b;
    case Bin::max:
      if (std::isnan(a) || std::isnan(b)) return a + b;
      if (a == b) return std::signbit(a) ? b : a;
      return a > b ? a : b;
    case Bin::min:
      if (std::isnan(a) || std::isnan(b)) return a + b;
      if (a == b) return std::signbit(a) ? a : b;
      return a < b ? a : b;
    default:
      return a;
  }
}

/// The comparison in the low three bits of `mode` (kEq .. kGe) on two ordered values.
template <typename T>
inline bool compare_ordered(uint8_t mode, T a, T b) {
  switch (mode & 7) {
    case kEq:
      return a == b;
    case kNe:
      return a != b;
    case kLt:
      return a < b;
    case kLe:
      return a <= b;
    case kGt:
      return a > b;
    default:
      return a >= b;
  }
}

/// Integer comparison of two canonical values of type `d` (held in T as for int_bin): signed
/// predicates compare signed_int values (i1 true is -1), unsigned ones the bits of the width.
template <typename T>
inline bool int_cmp(uint8_t mode, T a, T b, DType d) {
  using U = std::make_unsigned_t<T>;
  const uint8_t op = mode & 7;
  if ((mode & kUnsigned) && op != kEq && op != kNe) {
    const int bits = int_bits(d);
    const U mask = bits >= int(sizeof(T) * 8) ? ~U{0} : (U{1} << bits) - 1;
    return compare_ordered(mode, static_cast<U>(a) & mask, static_cast<U>(b) & mask);
  }
  return compare_ordered(mode, signed_int(a, d), signed_int(b, d));
}

/// Float comparison: a NaN on either side satisfies only the unordered predicates.
template <typename T>
inline bool fcmp(uint8_t mode, T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return (mode & kUnordered) != 0;
  return compare_ordered(mode, a, b);
}

/// Rounds n cells of a bf16 or f16 register tile to that type (RNE) in place; other types are
/// left alone.
void round_cells(DType dt, float* p, int64_t n);

void exec_abin(GroupState& g, int32_t t, const Inst& in, const Cell* R, float* A);
void exec_acmp(const Inst& in, const Cell* R, float* A);
void exec_load_tile(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R, float* A);
void exec_store_tile(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R,
                     const float* A);
void exec_async_copy(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R);
void exec_mma(const Program& p, const Inst& in, float* A);
/// Reductions, row ops, causal mask, fills and warp primitives.
void exec_collective(const Inst& in, Cell* R, float* A);
/// Casts, negation and exp (scalar and register tile).
void exec_unary(const Inst& in, Cell* R, float* A);
/// Float-to-float conversions (arith.extf, arith.truncf); false for any other opcode.
bool exec_convert(const Inst& in, Cell* R);

}  // namespace tessera::interp::tile
