// The op registry: one OpDef per line of ops.def (the op's whole record) with its verifier hook.
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

// Traits (the `traits` column of ops.def). An op without kEffect is pure.
inline constexpr uint32_t kEffect = 1;       ///< Has side effects: never dead, never reordered.
inline constexpr uint32_t kTerminator = 2;   ///< Ends a block.
inline constexpr uint32_t kRegions = 4;      ///< Carries regions.
inline constexpr uint32_t kElementwise = 8;  ///< Result element i depends on operand elements i.
inline constexpr uint32_t kLinear = 16;      ///< f(x + y) = f(x) + f(y): partial sums pass through.
inline constexpr uint32_t kCommutative = 32;    ///< The two operands may be swapped.
inline constexpr uint32_t kCollective = 64;     ///< Communicates between ranks of a mesh.
inline constexpr uint32_t kLowPrecision = 128;  ///< Its kernel takes low-precision storage as is.

/// One enumerator per op, in table order.
enum class OpKind : uint16_t {
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) id,
#include "core/ops/ops.def"
#undef TESSERA_OP
  kCount
};
inline constexpr size_t kNumOps = static_cast<size_t>(OpKind::kCount);

/// What one consumer of the table does with an op (the `hooks` column of ops.def). `_` means the
/// record says nothing; the consumer that the op's level needs must not see `_` (test op_record).
enum class Hook : uint8_t {
  _,         ///< Not stated.
  none,      ///< Stated: this consumer does not handle the op.
  kernel,    ///< Graph IR: interp/graph defines `kernel_<Ident>` (a link error otherwise).
  resolver,  ///< Graph IR: kernel_<Ident> runs another program (a callee, a tile kernel) via the
             ///< run context.
  exec,      ///< Tile simulator / mesh executor: decoded and executed there.
  pass,      ///< Lowering: a pass of core/transforms rewrites it into the level below
             ///< (schedule_to_tile for Graph ops in a lowered group and schedule.group,
             ///< tile_to_target for Tile IR ops); ops without it stay where they are.
};
const char* hook_name(Hook h);

/// The hooks of one op, one per consumer: Graph IR kernel, tile simulator, mesh executor,
/// lowering, vjp rule. Lowering is `pass` for the ops the lowering passes handle (they check it);
/// vjp has no consumer yet.
struct OpHooks {
  Hook graph, tile, mesh, lower, vjp;
};

/// One attribute an op defines, with upstream Tessera's spelling where it differs.
struct AttrSpec {
  std::string_view name;   ///< Canonical name (what the printer writes, what hooks read).
  std::string_view alias;  ///< Accepted spelling renamed to `name` when read; empty if none.
};

/// What an op's infer hook sees. At verify time operand types may hold dynamic dims; at run time
/// (runtime == true) they are the concrete shapes of the actual inputs.
struct InferCtx {
  const ir::Op& op;
  std::span<const ir::Type> operands;  ///< Operand types.
  std::span<const ir::Type> declared;  ///< Result types written in the program.
  std::vector<ir::Type> results;       ///< Out: inferred result types (one per result).
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
  uint32_t flags;         ///< Traits.
  const char* attr_list;  ///< The `attrs` column: "name name|alias ...".
  OpHooks hooks;
  InferFn infer;
  bool has(uint32_t f) const { return (flags & f) != 0; }
  bool pure() const { return !has(kEffect); }
  /// The attributes the op defines (parsed once from attr_list).
  std::span<const AttrSpec> attrs() const;
  /// The spec whose name or alias is `name`, or nullptr.
  const AttrSpec* find_attr(std::string_view name) const;
};

/// Attributes every registered op may carry besides its own (docs/ir-overview.md, generic_c5).
inline constexpr std::string_view kUniversalAttrs[] = {"numeric_policy"};

/// generic_c5: whether `op` may carry an attribute called `name`: one of its record's (canonical
/// name; aliases are renamed when text is read), a universal one, or a dialect-prefixed
/// discardable attribute (`foo.bar`).
bool attr_allowed(const OpDef& def, std::string_view name);

/// Renames upstream spellings (aliases) of `op`'s attributes to their canonical names. Returns
/// false with a message in `err` when both spellings of one attribute are present.
bool canonicalize_attr_aliases(ir::Op& op, std::string& err);

/// "a, b (alias B), numeric_policy": the attributes `def` accepts, for messages.
std::string describe_attrs(const OpDef& def);

/// Every op's infer hook, defined in the family files under core/ops/.
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) \
  bool infer_##id(InferCtx&);
#include "core/ops/ops.def"
#undef TESSERA_OP

std::span<const OpDef> all_ops();
const OpDef* lookup_op(std::string_view name);

/// One upstream Tessera spelling of an op name that this project registers under another name
/// with the same meaning (docs/ir-overview.md, "Op names").
struct OpNameAlias {
  std::string_view upstream;   ///< Accepted when text is read.
  std::string_view canonical;  ///< The registered name (what the printer writes).
};
std::span<const OpNameAlias> op_name_aliases();
/// The registered name `name` stands for: its canonical name if it is an upstream alias, else
/// `name` itself.
std::string_view canonical_op_name(std::string_view name);
inline const OpDef& op_def(OpKind k) { return all_ops()[static_cast<size_t>(k)]; }
/// The kind of a registered op (ir::Op::def must be set).
inline OpKind kind_of(const ir::Op& op) { return op.def->kind; }

/// Expands a hooks column `(graph, tile, mesh, lower, vjp)` to one of its entries, so that an
/// X-macro consumer can select on it: TESSERA_CAT(PREFIX_, TESSERA_HOOK_GRAPH hooks)(id).
#define TESSERA_HOOK_GRAPH(g, t, m, l, v) g
#define TESSERA_HOOK_TILE(g, t, m, l, v) t
#define TESSERA_HOOK_MESH(g, t, m, l, v) m
#define TESSERA_CAT_(a, b) a##b
#define TESSERA_CAT(a, b) TESSERA_CAT_(a, b)

}  // namespace tessera::ops
