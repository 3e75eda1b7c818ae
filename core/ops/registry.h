// The op registry: one OpDef per line of ops.def, with its verifier / shape-inference hook.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::ops {

enum class Level : uint8_t { builtin, graph, schedule, tile, target, mesh };
const char* level_name(Level l);

inline constexpr uint32_t kEffect = 1;      ///< Has side effects: never dead, never reordered.
inline constexpr uint32_t kTerminator = 2;  ///< Ends a block.
inline constexpr uint32_t kRegions = 4;     ///< Carries regions.

/// One enumerator per op, in table order.
enum class OpKind : uint16_t {
#define TESSERA_OP(id, name, level, mino, maxo, nres, flags) id,
#include "core/ops/ops.def"
#undef TESSERA_OP
  kCount
};
inline constexpr size_t kNumOps = static_cast<size_t>(OpKind::kCount);

/// What an op's infer hook sees. At verify time operand types may hold dynamic dims; at run time
/// (runtime == true) they are the concrete shapes of the actual inputs.
struct InferCtx {
  const ir::Op& op;
  std::vector<ir::Type> operands;  ///< Operand types.
  std::vector<ir::Type> declared;  ///< Result types written in the program.
  std::vector<ir::Type> results;   ///< Out: inferred result types (one per result).
  DiagnosticEngine& diag;
  bool runtime = false;
  /// The constraint label cited when an inferred result disagrees with the declared one.
  const char* result_label = "generic_c3";

  /// Reports `'op' op msg (label)` at the op and returns false.
  bool fail(const std::string& msg, const char* label);
  const ir::Attr* attr(std::string_view name) const { return op.attrs.get(name); }
};

using InferFn = bool (*)(InferCtx&);

struct OpDef {
  OpKind kind;
  const char* name;
  Level level;
  int min_operands, max_operands, num_results;
  uint32_t flags;
  InferFn infer;
  bool has(uint32_t f) const { return (flags & f) != 0; }
};

/// Every op's infer hook, defined in the family files under core/ops/.
#define TESSERA_OP(id, name, level, mino, maxo, nres, flags) bool infer_##id(InferCtx&);
#include "core/ops/ops.def"
#undef TESSERA_OP

std::span<const OpDef> all_ops();
const OpDef* lookup_op(std::string_view name);
inline const OpDef& op_def(OpKind k) { return all_ops()[static_cast<size_t>(k)]; }
/// The kind of a registered op (ir::Op::def must be set).
inline OpKind kind_of(const ir::Op& op) { return op.def->kind; }

}  // namespace tessera::ops
