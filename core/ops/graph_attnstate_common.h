// Checks shared by the verifier hooks of the attnstate ops (latent KV, linear attention, state
// space and KV-cache handles; docs/ops/graph/{latent_kv,linear_attention,depth_attn,
// selective_ssm,kv_cache}.md).
#pragma once

#include "core/ops/infer_util.h"

namespace tessera::ops::attnstate {

/// Operand `k` is a tensor of f16, bf16, f32 or f64 and, when `k > 0`, of operand 0's element
/// type; reports `label` otherwise.
bool require_state_float(InferCtx& ctx, size_t k, const char* label);

/// Two dims agree when equal or when either is dynamic.
inline bool dims_agree(int64_t a, int64_t b) {
  return a == b || a == ir::kDynamic || b == ir::kDynamic;
}

/// A boolean attribute `name` (default `fallback`); reports `label` when present but not a bool.
std::optional<bool> bool_attr(InferCtx& ctx, const char* name, bool fallback, const char* label);

/// An integer attribute `name`; nullopt (with `ok` true) when absent, `ok` false after reporting
/// `label` when present but not an integer or not positive.
std::optional<int64_t> positive_int_attr(InferCtx& ctx, const char* name, const char* label,
                                         bool& ok);

/// Upstream's `operandSegmentSizes`: when present it must be `array<i32: 1, 1, 1, 0, ...>` with
/// `groups` entries (q, k, v and optional groups absent), else `label`.
bool qkv_only_segments(InferCtx& ctx, size_t groups, const char* label);

}  // namespace tessera::ops::attnstate
