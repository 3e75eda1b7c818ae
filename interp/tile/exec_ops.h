// Instruction implementations shared by the interpreter loop (exec.cpp) and collective ops.
#pragma once

#include <cmath>

#include "interp/tile/sim.h"

namespace tessera::interp::tile {

/// f32 exp: through the f64 exp, rounded once (the same function tessera.flash_attn uses).
float fexp(float x);

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

/// Float comparison: a NaN on either side satisfies only the unordered predicates.
template <typename T>
inline bool fcmp(uint8_t mode, T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return (mode & kUnordered) != 0;
  return compare_ordered(mode, a, b);
}

void exec_abin(const Inst& in, const Cell* R, float* A);
void exec_acmp(const Inst& in, const Cell* R, float* A);
void exec_load_tile(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R, float* A);
void exec_store_tile(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R,
                     const float* A);
void exec_async_copy(GroupState& g, int32_t t, int32_t pc, const Inst& in, const Cell* R);
void exec_mma(const Program& p, const Inst& in, float* A);
/// Reductions, row ops, causal mask, fills and warp primitives.
void exec_collective(const Inst& in, Cell* R, float* A);

}  // namespace tessera::interp::tile
