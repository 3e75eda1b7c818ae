// Float-to-float conversions of Target IR registers (arith.extf, arith.truncf).
#pragma once

#include "interp/target/sim.h"

namespace tessera::interp::target {

/// Runs `in` on the warp's active lanes when it is kExtF or kTruncF; false for any other opcode.
bool exec_convert(Warp& w, const Inst& in);

}  // namespace tessera::interp::target
