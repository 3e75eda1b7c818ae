// Whole-warp fast paths of the fused instructions (decode.cpp `fuse_fma`): a shfl.sync idx
// broadcast feeding one fma, optionally fed by a static f32 ld of local memory. The unfused
// instructions stay in the code right after the fused one; when a fast path does not apply
// (a partial or divergent warp, a non-uniform source lane, local memory under --check init or
// with a copy in flight) the fused instruction runs as its own unfused instruction and the
// others follow one by one, so results and diagnostics are those of the unfused code.
#pragma once

#include <cstdint>

#include "interp/target/sim.h"

namespace tessera::interp::target {

/// The fused instruction at `in` (at `code` + w.pc - 1; the dispatcher has counted one step for
/// it) and the fused instructions of its run after it, on their whole-warp fast paths, while
/// those apply and the steps they stand for stay within `max_steps`: a kShflFma (in[0] the shfl,
/// in[1] the fma) or a kLdShflFma (in[0] a static f32 ld of local memory, in[1] the shfl, in[2]
/// the fma) reads the broadcast value straight from the source lane. False when the first one
/// does not apply (nothing done); else the warp continues after the last one done, at the first
/// one not done, which then runs as a single fused instruction and, failing again, unfused.
/// The FMAs run with the launch's ISA (Launch::isa: the readable loop for kScalar, else AVX2).
bool fused_run(Block& b, Warp& w, const Inst* code, const Inst& in, uint64_t max_steps);

}  // namespace tessera::interp::target
