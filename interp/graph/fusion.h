// Fusion of Graph IR plan steps that keeps every rounding of the unfused program.
#pragma once

#include "interp/graph/plan.h"

namespace tessera::interp {

/// Rewrites `plan` (before its liveness is computed) where a fused kernel gives the same bits
/// as the steps it replaces:
/// - scale into softmax: `%t = tessera.mul %s, %c` with a one-element f32 `%c` whose only use is
///   `tessera.softmax` / `tessera.log_softmax` of `%t` along the last axis: the softmax step
///   reads `%s` and `%c` and forms each product itself (the same f32 multiply, in the operand
///   order of the mul), so `%t` is never written (one pass over memory fewer).
/// A fused-away step keeps its place in the plan (fused_away) so step indices do not change.
void fuse_plan(Plan& plan);

/// The fused kernel of "scale into softmax": inputs (s, c) or (c, s) as the mul had them, the
/// op is the softmax / log_softmax (its axis is the last).
void kernel_scaled_softmax(KernelCtx& ctx);

}  // namespace tessera::interp
