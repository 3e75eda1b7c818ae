// Shared pieces of the quantize lowerings (schedule_to_tile_quantize*.cpp): kernel text helpers
// and the per-scheme planners.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/transforms/schedule_to_tile_quantize.h"

namespace tessera::transforms::quant {

/// The f32 constant `v` as its bit pattern (exact through the parser's hex literal).
std::string f32_hex(float v);

/// The element conversion's `numeric_policy`: the op's rounding, profile and denorm (its seed
/// dropped) and saturation of finite overflow (quantization always saturates).
std::string policy_text(const ir::Op& op);

/// `memref<?x...xT>` of `shape`'s rank.
std::string memref_of(const std::vector<int64_t>& shape, DType t);

inline QuantizePlan stay(QuantizePlan& p, std::string why) {
  p.kernel.clear();
  p.why = std::move(why);
  return p;
}

/// A kernel's text under construction; `%x` (memref<?x xt>), `%c1` and `%zero` (f32 +0) are
/// defined by the caller.
struct Text {
  explicit Text(DType x) : xt(x) {}
  DType xt;
  std::ostringstream k;
  std::string ind = "    ";

  void cst(const std::string& v, const std::string& lit, const char* t);
  /// `%x[i]` widened to f32 (f16 / bf16 exactly); returns the f32 value's name.
  std::string load_f32(const std::string& p, const std::string& i);
  /// `%out` = max |x[i]| over [lb, ub) from +0: maximumf(m, maximumf(v, negf(v))), NaN kept.
  void amax(const std::string& out, const std::string& lb, const std::string& ub);
  /// `%out` = amax / divisor for 0 < amax <= FLT_MAX, else 1 (num::amax_scale,
  /// num::nvfp4_global_scale).
  void amax_scale(const std::string& out, const std::string& amax, float divisor);
  /// tile.store of `v` into `mem` (of `shape`, element `t`) at the C-order indices of `flat`;
  /// names start with `%<p>`.
  void store_at(const std::string& v, const std::string& mem, const std::vector<int64_t>& shape,
                DType t, const std::string& flat, const std::string& p);
};

QuantizePlan plan_mx(const ir::Op& group, const ir::Op& op, const std::string& name,
                     QuantizePlan plan);
QuantizePlan plan_nvfp4(const ir::Op& group, const ir::Op& op, const std::string& name,
                        QuantizePlan plan);

}  // namespace tessera::transforms::quant
