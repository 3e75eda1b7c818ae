// Verifier hooks of Tile IR ids, arith.* arithmetic and scf.* control flow (docs/tile-ir.md).
#include <cmath>
#include <span>

#include "core/ops/tile_util.h"

namespace tessera::ops {
namespace {

using tile::is_aggregate;
using tile::is_scalar_reg;

/// id_c1: ids are `index` scalars; group_id/num_groups take `dim` in [0, 3).
bool infer_id(InferCtx& ctx, bool has_dim) {
  ctx.result_label = "id_c1";
  if (has_dim) {
    int64_t dim;
    if (!tile::int_attr(ctx, "dim", 0, "id_c1", dim)) return false;
    if (dim < 0 || dim > 2) return ctx.fail("attribute 'dim' must be 0, 1 or 2", "id_c1");
  }
  ctx.results = {ir::Type::scalar(DType::index)};
  return true;
}

/// The type of a two-operand arith op: both operands have one type, as MLIR's arith requires
/// (arith_c2). Mixing a scalar with a tile, or a row vector with a tile, needs an explicit
/// `tile.broadcast` first. Returns false after reporting.
bool combine(InferCtx& ctx, const ir::Type& a, const ir::Type& b, ir::Type& out) {
  // Graph IR tensors (dynamic dims included) are elementwise operands too.
  bool sa = is_scalar_reg(a) || a.is_tensor(), sb = is_scalar_reg(b) || b.is_tensor();
  if (!(sa || is_aggregate(a)) || !(sb || is_aggregate(b)))
    return ctx.fail("operands must be scalars or register tiles, got " + ir::to_string(a) +
                        " and " + ir::to_string(b),
                    "arith_c1");
  if (!(a == b))
    return ctx.fail("operands have different types (" + ir::to_string(a) + " vs " +
                        ir::to_string(b) + "); broadcast with tile.broadcast first",
                    "arith_c2");
  out = a;
  return true;
}

bool infer_arith_binary(InferCtx& ctx, bool want_float) {
  ctx.result_label = "arith_c3";  // arith_c3: the result has the combined operand type
  ir::Type t;
  if (!combine(ctx, ctx.operands[0], ctx.operands[1], t)) return false;
  if (want_float != dtype_is_float(t.dtype))
    return ctx.fail(std::string("needs ") + (want_float ? "float" : "integer") + " operands, got " +
                        ir::to_string(t),
                    "arith_c1");
  if (!want_float && !is_scalar_reg(t) && t.dtype != DType::i32 && t.dtype != DType::i1)
    return ctx.fail("integer register tiles hold i32 or i1", "arith_c1");
  ctx.results = {t};
  return true;
}

bool infer_compare(InferCtx& ctx, bool want_float) {
  ctx.result_label = "arith_c3";
  ir::Type t;
  if (!combine(ctx, ctx.operands[0], ctx.operands[1], t)) return false;
  if (want_float != dtype_is_float(t.dtype))
    return ctx.fail(std::string("needs ") + (want_float ? "float" : "integer") + " operands",
                    "arith_c1");
  // arith_c4: the predicate names a supported comparison (a string, or MLIR's integer code).
  if (!tile::arith_predicate(ctx.attr("predicate"), want_float))
    return ctx.fail(
        std::string("'predicate' must name a comparison: ") +
            (want_float ? "oeq one olt ole ogt oge ueq une ult ule ugt uge (or MLIR's 1-6, 8-13)"
                        : "eq ne slt sle sgt sge ult ule ugt uge (or MLIR's 0-9)"),
        "arith_c4");
  t.dtype = DType::i1;
  ctx.results = {t};
  return true;
}

}  // namespace

bool infer_TileLinearId(InferCtx& c) { return infer_id(c, false); }
bool infer_TileGroupId(InferCtx& c) { return infer_id(c, true); }
bool infer_TileLocalId(InferCtx& c) { return infer_id(c, false); }
bool infer_TileGroupSize(InferCtx& c) { return infer_id(c, false); }
bool infer_TileNumGroups(InferCtx& c) { return infer_id(c, true); }

bool infer_TileLaneId(InferCtx& ctx) {
  ctx.result_label = "id_c2";
  // id_c2: lane_id gives every lane's id as vector<L x i32>.
  const ir::Type& d = ctx.declared[0];
  if (d.kind != ir::TypeKind::vector || d.rank() != 1 || d.dtype != DType::i32 ||
      !d.has_static_shape())
    return ctx.fail("result must be vector<L x i32>, got " + ir::to_string(d), "id_c2");
  ctx.results = {d};
  return true;
}

bool infer_ArithConstant(InferCtx& ctx) {
  ctx.result_label = "arith_c5";
  const ir::Attr* v = ctx.attr("value");
  const ir::Type& t = ctx.declared[0];
  // arith_c5: the result is a scalar register type and `value` is a constant of exactly that type
  // (`0 : index`, `1.0 : f32`, `true` for i1), as MLIR's arith.constant requires.
  if (!v) return ctx.fail("needs a 'value' attribute", "arith_c5");
  // In Graph IR a constant may also be a tensor: `arith.constant dense<...> : tensor<...>`.
  if (t.is_tensor() && v->kind == ir::Attr::Kind::dense) {
    if (!(v->type == t))
      return ctx.fail("dense value of type " + ir::to_string(v->type) +
                          " does not have the result type " + ir::to_string(t),
                      "arith_c5");
    ctx.results = {t};
    return true;
  }
  if (!is_scalar_reg(t))
    return ctx.fail("result must be a scalar, got " + ir::to_string(t), "arith_c5");
  bool ok = (v->kind == ir::Attr::Kind::boolean && t.dtype == DType::i1) ||
            (v->is_number() && v->type.kind == ir::TypeKind::scalar && v->type.dtype == t.dtype);
  if (!ok)
    return ctx.fail("'value' " + ir::to_string(*v) + " does not have the result type " +
                        ir::to_string(t) + " (write e.g. `0 : " + ir::to_string(t) + "`)",
                    "arith_c5");
  ctx.results = {t};
  return true;
}

bool infer_ArithAddI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithSubI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithMulI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithDivSI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithRemSI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithMinSI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithMaxSI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithAndI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithOrI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithXOrI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithShLI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithShRSI(InferCtx& c) { return infer_arith_binary(c, false); }
bool infer_ArithAddF(InferCtx& c) { return infer_arith_binary(c, true); }
bool infer_ArithSubF(InferCtx& c) { return infer_arith_binary(c, true); }
bool infer_ArithMulF(InferCtx& c) { return infer_arith_binary(c, true); }
bool infer_ArithDivF(InferCtx& c) { return infer_arith_binary(c, true); }
bool infer_ArithMaximumF(InferCtx& c) { return infer_arith_binary(c, true); }
bool infer_ArithMinimumF(InferCtx& c) { return infer_arith_binary(c, true); }
bool infer_ArithCmpI(InferCtx& c) { return infer_compare(c, false); }
bool infer_ArithCmpF(InferCtx& c) { return infer_compare(c, true); }

bool infer_ArithNegF(InferCtx& ctx) {
  ctx.result_label = "arith_c3";
  const ir::Type& a = ctx.operands[0];
  if (!(is_scalar_reg(a) || is_aggregate(a)) || !dtype_is_float(a.dtype))
    return ctx.fail("needs a float scalar or register tile, got " + ir::to_string(a), "arith_c1");
  ctx.results = {a};
  return true;
}

bool infer_ArithSelect(InferCtx& ctx) {
  ctx.result_label = "arith_c3";
  const ir::Type& c = ctx.operands[0];
  // arith_c1 for select: the condition is i1 (a scalar, or a tile shaped like the branches).
  if (c.dtype != DType::i1 || !(is_scalar_reg(c) || is_aggregate(c)))
    return ctx.fail("condition must be i1, got " + ir::to_string(c), "arith_c1");
  const ir::Type& a = ctx.operands[1];
  if (!(a == ctx.operands[2])) return ctx.fail("branches have different types", "arith_c2");
  if (!is_scalar_reg(c) && c.shape != a.shape)
    return ctx.fail("a tile condition must have the branches' shape", "arith_c2");
  if (!(is_scalar_reg(a) || is_aggregate(a) || a.is_memref()))
    return ctx.fail("branches must be scalars, register tiles or memrefs", "arith_c1");
  ctx.results = {a};
  return true;
}

/// arith_c6: MLIR's casts: index_cast between index and a fixed-width integer (exactly one side
/// is index), sitofp from a fixed-width integer to a float, fptosi back.
static bool infer_cast(InferCtx& ctx, bool from_float, bool to_float) {
  ctx.result_label = "arith_c6";
  const ir::Type& a = ctx.operands[0];
  const ir::Type& r = ctx.declared[0];
  bool ok = is_scalar_reg(a) && is_scalar_reg(r) && dtype_is_float(a.dtype) == from_float &&
            dtype_is_float(r.dtype) == to_float;
  const bool ai = a.dtype == DType::index, ri = r.dtype == DType::index;
  if (!from_float && !to_float)
    ok = ok && ai != ri;  // index_cast
  else
    ok = ok && !ai && !ri;  // sitofp / fptosi: fixed-width integers
  if (!ok)
    return ctx.fail("cannot cast " + ir::to_string(a) + " to " + ir::to_string(r) +
                        (!from_float && !to_float ? " (index_cast needs index on exactly one side)"
                                                  : " (sitofp/fptosi need a fixed-width integer; "
                                                    "index_cast an index first)"),
                    "arith_c6");
  ctx.results = {r};
  return true;
}
bool infer_ArithIndexCast(InferCtx& c) { return infer_cast(c, false, false); }
bool infer_sitofp_narrow(InferCtx& ctx);  // tile_convert.cpp
bool infer_ArithSIToFP(InferCtx& c) {
  if ((c.declared[0].is_scalar() && tile::is_narrow_float(c.declared[0].dtype)) ||
      c.attr("numeric_policy"))
    return infer_sitofp_narrow(c);
  return infer_cast(c, false, true);
}
bool infer_ArithFPToSI(InferCtx& c) { return infer_cast(c, true, false); }

// arith.extf / arith.truncf: tile_convert.cpp.

namespace {

/// Checks that region `r` has one block whose arguments have `types` and that its terminator
/// is `term` with operand types `yields` (scf_c2).
bool check_region(InferCtx& ctx, size_t r, std::span<const ir::Type> args, const char* term,
                  const std::span<const ir::Type>* yields, const char* label) {
  const ir::Op& op = ctx.op;
  if (r >= op.regions.size() || op.regions[r].blocks.size() != 1)
    return ctx.fail("region #" + std::to_string(r) + " must hold exactly one block", label);
  const ir::Block& b = op.regions[r].front();
  if (b.args.size() != args.size())
    return ctx.fail("region #" + std::to_string(r) + " has " + std::to_string(b.args.size()) +
                        " block arguments, expected " + std::to_string(args.size()),
                    label);
  for (size_t k = 0; k < args.size(); ++k)
    if (!(b.args[k]->type == args[k]))
      return ctx.fail("block argument #" + std::to_string(k) + " of region #" + std::to_string(r) +
                          " has type " + ir::to_string(b.args[k]->type) + ", expected " +
                          ir::to_string(args[k]),
                      label);
  if (b.ops.empty() || b.ops.back()->name != term)
    return ctx.fail("region #" + std::to_string(r) + " must end with '" + term + "'", "scf_c2");
  if (!yields) return true;
  const ir::Op& y = *b.ops.back();
  if (y.operands.size() != yields->size())
    return ctx.fail("'" + std::string(term) + "' in region #" + std::to_string(r) + " yields " +
                        std::to_string(y.operands.size()) + " values, expected " +
                        std::to_string(yields->size()),
                    "scf_c2");
  for (size_t k = 0; k < yields->size(); ++k)
    if (!(y.operands[k]->type == (*yields)[k]))
      return ctx.fail("yielded value #" + std::to_string(k) + " has type " +
                          ir::to_string(y.operands[k]->type) + ", expected " +
                          ir::to_string((*yields)[k]),
                      "scf_c2");
  return true;
}

}  // namespace

bool infer_ScfFor(InferCtx& ctx) {
  ctx.result_label = "scf_c1";
  // scf_c1: bounds and step are index; iter_args give the results and the block arguments.
  for (size_t k = 0; k < 3; ++k)
    if (!tile::is_index(ctx.operands[k]))
      return ctx.fail("lower bound, upper bound and step must be index", "scf_c1");
  std::vector<ir::Type> iters(ctx.operands.begin() + 3, ctx.operands.end());
  std::vector<ir::Type> args{ir::Type::scalar(DType::index)};
  args.insert(args.end(), iters.begin(), iters.end());
  const std::span<const ir::Type> yields(iters);
  if (!check_region(ctx, 0, args, "scf.yield", &yields, "scf_c1")) return false;
  ctx.results = iters;
  return true;
}

bool infer_ScfIf(InferCtx& ctx) {
  ctx.result_label = "scf_c3";
  // scf_c3: the condition is an i1 scalar; both branches yield the results' types.
  if (!(ctx.operands[0].is_scalar() && ctx.operands[0].dtype == DType::i1))
    return ctx.fail("condition must be an i1 scalar", "scf_c3");
  // scf_c6: MLIR's shape: always a then and an else region, each one block ending in scf.yield
  // (an if without results writes its else as `{ "scf.yield"() : () -> () }`).
  if (ctx.op.regions.size() != 2)
    return ctx.fail("needs a then region and an else region (an empty else holds just scf.yield)",
                    "scf_c6");
  for (size_t r = 0; r < 2; ++r)
    if (!check_region(ctx, r, {}, "scf.yield", &ctx.declared, "scf_c3")) return false;
  ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

bool infer_ScfWhile(InferCtx& ctx) {
  ctx.result_label = "scf_c4";
  // scf_c4: `before` takes the inits and ends in scf.condition(%c, values...); `after` takes
  // those values (the results' types) and yields the inits' types.
  if (ctx.op.regions.size() != 2) return ctx.fail("needs a before and an after region", "scf_c4");
  if (!check_region(ctx, 0, ctx.operands, "scf.condition", nullptr, "scf_c4")) return false;
  const ir::Op& cond = *ctx.op.regions[0].front().ops.back();
  std::vector<ir::Type> passed;
  for (size_t k = 1; k < cond.operands.size(); ++k) passed.push_back(cond.operands[k]->type);
  if (passed.size() != ctx.declared.size())
    return ctx.fail("scf.condition passes " + std::to_string(passed.size()) +
                        " values but the loop has " + std::to_string(ctx.declared.size()) +
                        " results",
                    "scf_c4");
  for (size_t k = 0; k < passed.size(); ++k)
    if (!(passed[k] == ctx.declared[k]))
      return ctx.fail("scf.condition value #" + std::to_string(k) + " differs from the result type",
                      "scf_c4");
  if (!check_region(ctx, 1, passed, "scf.yield", &ctx.operands, "scf_c4")) return false;
  ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

bool infer_ScfYield(InferCtx& ctx) {
  // scf_c5: yield ends a region of scf.for, scf.if or scf.while.
  const ir::Op* p = ctx.op.parent ? ctx.op.parent->parent : nullptr;
  if (!p || (p->name != "scf.for" && p->name != "scf.if" && p->name != "scf.while"))
    return ctx.fail("must end a region of scf.for, scf.if or scf.while", "scf_c5");
  return true;
}

bool infer_ScfCondition(InferCtx& ctx) {
  const ir::Op* p = ctx.op.parent ? ctx.op.parent->parent : nullptr;
  if (!p || p->name != "scf.while")
    return ctx.fail("must end the before region of scf.while", "scf_c5");
  if (!(ctx.operands[0].is_scalar() && ctx.operands[0].dtype == DType::i1))
    return ctx.fail("the first operand must be an i1 scalar", "scf_c4");
  return true;
}

}  // namespace tessera::ops
