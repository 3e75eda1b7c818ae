// Shared helpers of the Tile IR verifier hooks.
#include "core/ops/tile_util.h"

namespace tessera::ops::tile {

bool is_int_reg_dtype(DType d) {
  return d == DType::i1 || d == DType::i8 || d == DType::i16 || d == DType::i32 ||
         d == DType::i64 || d == DType::index;
}

bool is_scalar_reg(const ir::Type& t) {
  return t.is_scalar() &&
         (is_int_reg_dtype(t.dtype) || t.dtype == DType::f32 || t.dtype == DType::f64);
}

bool is_narrow_float(DType d) { return dtype_is_low_precision_float(d); }

bool is_storage_scalar(const ir::Type& t) {
  return t.is_scalar() && (is_narrow_float(t.dtype) || t.dtype == DType::u8 ||
                           t.dtype == DType::u16 || t.dtype == DType::u32 || t.dtype == DType::u64);
}

bool aggregate_dtype_ok(DType d) {
  return d == DType::f32 || d == DType::bf16 || d == DType::f16 || d == DType::i32 ||
         d == DType::i1;
}

bool is_aggregate(const ir::Type& t) {
  return (t.kind == ir::TypeKind::vector || t.is_tensor()) && t.has_static_shape() &&
         t.rank() >= 1 && t.rank() <= 2;
}

bool is_int_scalar(const ir::Type& t) { return is_scalar_reg(t) && dtype_is_int(t.dtype); }
bool is_index(const ir::Type& t) { return t.is_scalar() && t.dtype == DType::index; }

bool string_choice(InferCtx& ctx, const char* name, const char* allowed, const char* dflt,
                   const char* label, std::string& out) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) {
    out = dflt;
    return true;
  }
  std::string list = allowed;
  if (a->kind == ir::Attr::Kind::string) {
    size_t start = 0;
    while (start <= list.size()) {
      size_t bar = list.find('|', start);
      if (bar == std::string::npos) bar = list.size();
      if (list.compare(start, bar - start, a->s) == 0 && bar - start == a->s.size()) {
        out = a->s;
        return true;
      }
      start = bar + 1;
    }
  }
  std::string pretty;
  for (char c : list) pretty += c == '|' ? std::string(", ") : std::string(1, c);
  return ctx.fail(std::string("attribute '") + name + "' must be one of " + pretty + ", got " +
                      ir::to_string(*a),
                  label);
}

bool int_attr(InferCtx& ctx, const char* name, int64_t dflt, const char* label, int64_t& out) {
  const ir::Attr* a = ctx.attr(name);
  if (!a) {
    out = dflt;
    return true;
  }
  if (!a->is_int())
    return ctx.fail(std::string("attribute '") + name + "' must be an integer", label);
  out = a->i;
  return true;
}

bool require_indices(InferCtx& ctx, size_t first, const char* label) {
  for (size_t k = first; k < ctx.operands.size(); ++k)
    if (!is_index(ctx.operands[k]))
      return ctx.fail("operand #" + std::to_string(k) + " must be an index, got " +
                          ir::to_string(ctx.operands[k]),
                      label);
  return true;
}

std::optional<std::string> arith_predicate(const ir::Attr* a, bool is_float) {
  static const char* const kInt[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                     "sge", "ult", "ule", "ugt", "uge"};
  static const char* const kFloat[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                       "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
  if (!a) return std::nullopt;
  std::string name;
  if (a->kind == ir::Attr::Kind::string) {
    name = a->s;
  } else if (a->kind == ir::Attr::Kind::integer) {
    int64_t n = is_float ? 16 : 10;
    if (a->i < 0 || a->i >= n) return std::nullopt;
    name = is_float ? kFloat[a->i] : kInt[a->i];
  } else {
    return std::nullopt;
  }
  std::string_view allowed = is_float ? "|oeq|one|olt|ole|ogt|oge|ueq|une|ult|ule|ugt|uge|"
                                      : "|eq|ne|slt|sle|sgt|sge|ult|ule|ugt|uge|";
  if (allowed.find("|" + name + "|") == std::string_view::npos) return std::nullopt;
  return name;
}

bool is_tile_collective(const ir::Op& op) {
  if (!op.def) return false;
  switch (kind_of(op)) {
    case OpKind::TileAllReduce:
    case OpKind::TileAllGather:
    case OpKind::TileReduceScatter:
    case OpKind::TileAllToAll:
    case OpKind::TileCollectiveBroadcast:
    case OpKind::TileCollectiveReduce:
    case OpKind::TileCollectiveGather:
    case OpKind::TileCollectiveScatter:
    case OpKind::TilePpermute:
    case OpKind::TileSend:
    case OpKind::TileRecv:
      return true;
    default:
      return false;
  }
}

bool infer_memref_dim(InferCtx& ctx, const char* label) {
  int64_t d;
  if (!int_attr(ctx, "dim", 0, label, d)) return false;
  if (d < 0 || d >= ctx.operands[0].rank())
    return ctx.fail("attribute 'dim' is " + std::to_string(d) + " but the memref has rank " +
                        std::to_string(ctx.operands[0].rank()),
                    label);
  ctx.results = {ir::Type::scalar(DType::index)};
  return true;
}

}  // namespace tessera::ops::tile
