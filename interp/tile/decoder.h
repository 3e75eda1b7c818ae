// The tile kernel decoder: value slots, emission helpers and one decode function per Tile IR op.
#pragma once

#include <string>
#include <unordered_map>

#include "core/ops/registry.h"
#include "interp/tile/program.h"

namespace tessera::interp::tile {

/// Limits of decoded kernels (docs/tile-ir.md, "Limits"): elements of one register tile, and
/// cells of a tile's whole aggregate arena (every register tile of the kernel).
inline constexpr int64_t kMaxTileElems = int64_t{1} << 24;
inline constexpr int64_t kMaxArenaCells = int64_t{1} << 28;

/// Turns one kernel into Program::code. `one` dispatches on the op's kind through a table built
/// from the op records: every op whose tile hook is `exec` has a `decode_<Kind>` member
/// (decode_ops.cpp), so a record that promises one without a definition does not link, and any
/// other op is refused with a diagnostic naming it (never another op's semantics).
class Decoder {
 public:
  Decoder(Program& p, int lanes, const SourceManager& sm) : p_(p), lanes_(lanes), sm_(sm) {}

  /// Decodes the kernel's parameters and body.
  void run(const ir::Op& func);

  /// Decodes one op (dispatch by kind).
  void one(const ir::Op& op);

  // One member per op whose record names the tile hook `exec` (definitions in decode_ops.cpp).
#define TESSERA_TILE_DECL_exec(id) void decode_##id(const ir::Op& op);
#define TESSERA_TILE_DECL_none(id)
#define TESSERA_TILE_DECL__(id)
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) \
  TESSERA_CAT(TESSERA_TILE_DECL_, TESSERA_HOOK_TILE hooks)(id)
#include "core/ops/ops.def"
#undef TESSERA_OP

 private:
  Program& p_;
  int lanes_;
  const SourceManager& sm_;
  std::unordered_map<const ir::Value*, Slot> slots_;

  [[noreturn]] void fail(const ir::Op& op, const std::string& msg);
  [[noreturn]] void fail_value(const ir::Value* v, const std::string& msg);

  /// Gives `v` a register or an arena slice (register tiles are checked against the limits).
  Slot define(const ir::Value* v);
  /// Reserves `n` arena cells for a value of `v`'s type; fails past kMaxArenaCells.
  int32_t arena(const ir::Value* v, int64_t n);
  Slot get(const ir::Value* v);
  int emit(Inst in);
  Inst make(Opc opc, const ir::Op& op);
  int32_t list_of(const ir::Op& op, size_t first);
  /// Copies `from` into `to` (same type).
  void move(const ir::Op& op, Slot to, Slot from);
  void block(const ir::Block& b);
  /// Emits the body of a single-block region except its terminator; returns the terminator.
  const ir::Op& body(const ir::Region& r);

  /// Binary ops (`m`) and comparisons (`compare`) on scalars or register tiles.
  void binary(const ir::Op& op, Bin m, bool compare = false);
  /// `rounds`: the op's result on a bf16/f16 tile is rounded to the type (round_to_dt).
  void unary_agg(const ir::Op& op, Opc scalar_opc, Opc agg_opc, bool rounds);
  void id(const ir::Op& op, Opc opc);
  void cast(const ir::Op& op, Opc opc);
  void memory(const ir::Op& op, Opc opc, size_t mem, size_t first_index);
  void alloc(const ir::Op& op, bool shared);
  void fold(const ir::Op& op, Opc opc);
  void row_fold(const ir::Op& op, Opc opc);
  void fill(const ir::Op& op, double value);
  void collective(const ir::Op& op);
  void scf_for(const ir::Op& op);
  void scf_if(const ir::Op& op);
  void scf_while(const ir::Op& op);
};

}  // namespace tessera::interp::tile
