// Autodiff: reverse mode (vjp) and forward mode (jvp) as a Graph IR transformation
// (docs/ops/graph/autodiff-rules.md). The derivative is ordinary Graph IR.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms::autodiff {

enum class Mode { reverse, forward };

/// Attributes the transformation reads (dialect-prefixed, so every op and function may carry them).
inline constexpr std::string_view kStopGradient = "autodiff.stop_gradient";  ///< op: no derivative
inline constexpr std::string_view kCheckpoint = "autodiff.checkpoint";  ///< op: recompute in bwd
inline constexpr std::string_view kCustomVjp = "autodiff.custom_vjp";   ///< func: @bwd symbol
inline constexpr std::string_view kCustomJvp = "autodiff.custom_jvp";   ///< func: @jvp symbol

struct Options {
  /// Name of the new function; empty: `<func>_vjp` (reverse) or `<func>_jvp` (forward).
  std::string name;
};

/// Differentiates function `func` of the verified module `m` with respect to the parameters named
/// in `wrt` (source names without `%`, or `#k` for the k-th parameter) and returns a new module:
/// `m` plus the derivative function.
///
/// reverse: `<func>_vjp(params..., ct_0, ..., ct_{n-1}) -> (results..., grad_w0, grad_w1, ...)`,
///          one cotangent parameter per float result of `func`.
/// forward: `<func>_jvp(params..., tan_w0, tan_w1, ...) -> (results..., tangent_0, ...)`,
///          one tangent result per float result.
/// Only float tensors are differentiated: a `wrt` parameter of an integer or i1 type is an error;
/// integer results get no cotangent / tangent. A parameter that does not reach the results gets a
/// zero gradient. Returns nullptr with diagnostics in `diag` on failure (no rule for an op,
/// dynamic shapes, bad `wrt`).
std::unique_ptr<ir::Module> differentiate(const ir::Module& m, std::string_view func,
                                          const std::vector<std::string>& wrt, Mode mode,
                                          const Options& opts, DiagnosticEngine& diag);

/// Whether `v` is a float tensor (the only values autodiff differentiates).
bool is_float_value(const ir::Value& v);
/// Whether `op` carries the stop_gradient attribute (its results have no derivative).
bool stops_gradient(const ir::Op& op);

class Builder;

/// What a reverse-mode rule sees. `x`/`y` are the primal operands and results as values of the
/// function being built; `dy[k]` is the cotangent of result k (nullptr: zero, never passed when
/// all are zero). The rule sets `dx[i]` (same type as operand i) for each i with `wants(i)`;
/// nullptr means a zero cotangent.
struct VjpCtx {
  Builder& b;
  const ir::Op& op;  ///< The primal op (its attributes; its values belong to the source).
  std::span<ir::Value* const> x;
  std::span<ir::Value* const> y;
  std::span<ir::Value* const> dy;
  std::vector<ir::Value*> dx;
  std::vector<bool> want;
  bool wants(size_t i) const { return i < want.size() && want[i]; }
};

/// What a forward-mode rule sees: `dx[i]` the tangent of operand i (nullptr: zero); the rule sets
/// `dy[k]` (same type as result k; nullptr: zero).
struct JvpCtx {
  Builder& b;
  const ir::Op& op;
  std::span<ir::Value* const> x;
  std::span<ir::Value* const> y;
  std::span<ir::Value* const> dx;
  std::vector<ir::Value*> dy;
};

using VjpRule = bool (*)(VjpCtx&);
using JvpRule = bool (*)(JvpCtx&);
/// Emits `op` as other Graph ops on `x` and returns its results (nullptr entries on failure);
/// the engine differentiates the emitted ops instead of `op`.
using DecomposeRule = std::vector<ir::Value*> (*)(Builder&, const ir::Op&,
                                                  std::span<ir::Value* const> x);

/// One op's derivative rules, found by the op's name. An op is differentiable by explicit
/// vjp + jvp rules or by a decomposition into differentiable ops; `nondiff` marks ops whose
/// derivative is zero everywhere (comparisons, constants, random draws, integer-valued results).
struct Rule {
  const char* op;
  VjpRule vjp = nullptr;
  JvpRule jvp = nullptr;
  DecomposeRule decompose = nullptr;
  bool nondiff = false;
  /// An effect that pairs up across ops (send / recv, h-ad-ext): its rules run even when no
  /// cotangent reaches it or no operand wants one, so every message of the derivative program is
  /// posted and taken; its float results count as varied.
  bool effect = false;
};

/// Every rule, in op-family order (the registry in autodiff_rules.cpp).
std::span<const Rule> all_rules();
/// The rule of op `name`, or nullptr when the op has none.
const Rule* lookup_rule(std::string_view name);

}  // namespace tessera::transforms::autodiff
