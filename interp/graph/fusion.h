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
/// - attention: `%o = tessera.matmul %p, %v` (not transposing %p) of `%p = tessera.softmax(%t)`
///   along the last axis, `%t = %s * c` as above (or no scale: `%p = softmax(%s)`), `%s =
///   tessera.matmul %q, %k` (any transposes), both matmuls f32 with the default sequential f32
///   accumulation, every operand with the scores' batch dims, %s, %t and %p each read once and
///   not returned: the last step runs kernel_attention_block on (q, k, v[, c]) and the others
///   are fused away, so the S x S scores are never stored whole.
/// - elementwise chains: a tree of f32 add / sub / mul / div / neg steps (no attributes; each
///   operand of the result's shape or a single element) whose intermediates are each read once,
///   by the next step of the tree, and not returned (at most 16 nodes): the last step evaluates
///   the tree per element with the same f32 operation per node, in each op's operand order
///   (FusedExpr), so the intermediates are never stored (the backward's `g * (1 - y * y)`).
/// A fused-away step keeps its place in the plan (fused_away) so step indices do not change.
void fuse_plan(Plan& plan);

/// The fused kernel of an elementwise chain: evaluates ctx.fused over the inputs in blocks of
/// elements (in parallel: elements are independent).
void kernel_fused_elementwise(KernelCtx& ctx);

/// The fused kernel of "scale into softmax": inputs (s, c) or (c, s) as the mul had them, the
/// op is the softmax / log_softmax (its axis is the last).
void kernel_scaled_softmax(KernelCtx& ctx);

/// The fused kernels of "attention" without a scale, with `c * %s` and with `%s * c`: inputs
/// (q, k, v) or (q, k, v, c); the op is the second matmul, and the kernel finds the first one
/// (its transposes) through its operand's definitions. Per block of query rows: the scores with
/// the tiles of sgemm_fast, the scale products, the softmax rows, then their product with v,
/// each step rounding as the unfused ops do.
void kernel_attention_block(KernelCtx& ctx);
void kernel_attention_block_scale_first(KernelCtx& ctx);
void kernel_attention_block_scale_second(KernelCtx& ctx);

}  // namespace tessera::interp
