// Float-to-float conversions of Target IR registers (arith.extf, truncf, sitofp, uitofp, fptoui,
// index_castui).
#pragma once

#include "interp/target/sim.h"

namespace tessera::interp::target {

/// Runs `in` on the warp's active lanes when it is kExtF, kTruncF or kConvert; false for any other
/// opcode.
bool exec_convert(Warp& w, const Inst& in);

}  // namespace tessera::interp::target
