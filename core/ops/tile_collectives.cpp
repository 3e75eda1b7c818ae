// Verifier hooks of Tile IR collectives over mesh axes (docs/ops/tile/collectives.md).
#include <string>

#include "core/mesh/mesh.h"
#include "core/ops/tile_util.h"

namespace tessera::ops {
namespace {

/// Element types a tile all_reduce folds: every global memref element type but i1.
bool tile_reducible(DType t) {
  switch (t) {
    case DType::f32:
    case DType::f64:
    case DType::f16:
    case DType::bf16:
    case DType::i8:
    case DType::i32:
    case DType::i64:
    case DType::index:
      return true;
    default:
      return false;
  }
}

/// tcoll_c1: the enclosing module declares a mesh and `axes` names distinct axes in mesh order;
/// sets `n` to the group size (the product of the axes' sizes).
bool axes_ok(InferCtx& ctx, int64_t& n) {
  const ir::Op* mod = mesh::enclosing_module(ctx.op);
  std::string err;
  auto m = mod ? mesh::read_mesh(*mod, err) : std::nullopt;
  if (!m)
    return ctx.fail(err.empty() ? "needs a module-level tessera.mesh attribute" : err, "tcoll_c1");
  auto axes = mesh::read_axes(ctx.attr("axes"), *m, err);
  if (!axes) return ctx.fail(err, "tcoll_c1");
  n = 1;
  for (int a : *axes) n *= m->shape[static_cast<size_t>(a)];
  return true;
}

/// tcoll_c2: operand k is a statically shaped global memref (space 0) of a supported type.
bool global_memref_ok(InferCtx& ctx, size_t k, bool reduce) {
  const ir::Type& t = ctx.operands[k];
  if (!t.is_memref() || t.memspace != tile::kGlobalSpace)
    return ctx.fail("operand #" + std::to_string(k) + " must be a global memref (space 0)",
                    "tcoll_c2");
  for (int64_t d : t.shape)
    if (d < 0)
      return ctx.fail("operand #" + std::to_string(k) + " needs a static shape", "tcoll_c2");
  if (t.shape.empty()) return ctx.fail("needs a memref of rank >= 1", "tcoll_c2");
  const bool ok = reduce ? tile_reducible(t.dtype) : t.dtype != DType::i4;
  if (!ok)
    return ctx.fail(std::string("element type ") + dtype_mlir_name(t.dtype) + " cannot be " +
                        (reduce ? "reduced" : "moved") + " by tile collectives",
                    "tcoll_c2");
  return true;
}

}  // namespace

bool infer_TileAllReduce(InferCtx& ctx) {
  int64_t n = 1;
  if (!axes_ok(ctx, n) || !global_memref_ok(ctx, 0, true)) return false;
  // tcoll_c3: `op` is sum, prod, max, min or avg.
  std::string op;
  return tile::string_choice(ctx, "op", "sum|prod|max|min|avg", "", "tcoll_c3", op) &&
         (!op.empty() || ctx.fail("needs attribute 'op'", "tcoll_c3"));
}

bool infer_TileAllGather(InferCtx& ctx) {
  int64_t n = 1;
  if (!axes_ok(ctx, n) || !global_memref_ok(ctx, 0, false) || !global_memref_ok(ctx, 1, false))
    return false;
  // tcoll_c4: dst has src's element type and shape except dim 0, which is n times src's.
  const ir::Type& s = ctx.operands[0];
  const ir::Type& d = ctx.operands[1];
  bool ok = s.dtype == d.dtype && s.rank() == d.rank() && d.shape[0] == n * s.shape[0];
  for (size_t k = 1; ok && k < s.shape.size(); ++k) ok = s.shape[k] == d.shape[k];
  if (!ok)
    return ctx.fail("destination " + ir::to_string(d) + " must be the source " + ir::to_string(s) +
                        " with dim 0 times the group size " + std::to_string(n),
                    "tcoll_c4");
  return true;
}

}  // namespace tessera::ops
