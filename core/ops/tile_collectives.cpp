// Verifier hooks of Tile IR collectives over mesh axes (docs/ops/tile/collectives.md).
#include <string>

#include "core/mesh/mesh.h"
#include "core/ops/mesh_attrs.h"
#include "core/ops/tile_util.h"

namespace tessera::ops {
namespace {

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
  // The element types the Graph IR collectives fold (bf16, f16, fp8, ints; not i1), or move.
  const bool ok = reduce ? mesh::reducible(t.dtype) : t.dtype != DType::i4;
  if (!ok)
    return ctx.fail(std::string("element type ") + dtype_mlir_name(t.dtype) + " cannot be " +
                        (reduce ? "reduced" : "moved") + " by tile collectives",
                    "tcoll_c2");
  return true;
}

/// Operands 0..count-1 are global memrefs (tcoll_c2) that a reduction (`reduce`) or a copy moves.
bool memrefs_ok(InferCtx& ctx, size_t count, bool reduce) {
  for (size_t k = 0; k < count; ++k)
    if (!global_memref_ok(ctx, k, reduce)) return false;
  return true;
}

/// tcoll_c3: `op` is sum, prod, max, min or avg.
bool reduce_op_ok(InferCtx& ctx) {
  std::string op;
  return tile::string_choice(ctx, "op", "sum|prod|max|min|avg", "", "tcoll_c3", op) &&
         (!op.empty() || ctx.fail("needs attribute 'op'", "tcoll_c3"));
}

/// `big` has `small`'s element type and shape except dim 0, which is n times small's
/// (tcoll_c4 for gathers with big = dst, tcoll_c5 for scatters with big = src).
bool stacked(InferCtx& ctx, size_t big, size_t small, int64_t n, const char* label) {
  const ir::Type& s = ctx.operands[small];
  const ir::Type& b = ctx.operands[big];
  bool ok = s.dtype == b.dtype && s.rank() == b.rank() && b.shape[0] == n * s.shape[0];
  for (size_t k = 1; ok && k < s.shape.size(); ++k) ok = s.shape[k] == b.shape[k];
  if (!ok)
    return ctx.fail(std::string(big == 1 ? "destination " : "source ") + ir::to_string(b) +
                        " must be the " + (big == 1 ? "source " : "destination ") +
                        ir::to_string(s) + " with dim 0 times the group size " + std::to_string(n),
                    label);
  return true;
}

/// tcoll_c6: the destination has the source's type.
bool same_type(InferCtx& ctx) {
  if (ctx.operands[0] == ctx.operands[1]) return true;
  return ctx.fail("destination " + ir::to_string(ctx.operands[1]) +
                      " must have the source's type " + ir::to_string(ctx.operands[0]),
                  "tcoll_c6");
}

}  // namespace

bool infer_TileAllReduce(InferCtx& ctx) {
  int64_t n = 1;
  return axes_ok(ctx, n) && memrefs_ok(ctx, 1, true) && reduce_op_ok(ctx);
}

bool infer_TileAllGather(InferCtx& ctx) {
  int64_t n = 1;
  // tcoll_c4: dst has src's element type and shape except dim 0, which is n times src's.
  return axes_ok(ctx, n) && memrefs_ok(ctx, 2, false) && stacked(ctx, 1, 0, n, "tcoll_c4");
}

bool infer_TileReduceScatter(InferCtx& ctx) {
  int64_t n = 1;
  // tcoll_c5: src has dst's element type and shape except dim 0, which is n times dst's.
  return axes_ok(ctx, n) && memrefs_ok(ctx, 2, true) && reduce_op_ok(ctx) &&
         stacked(ctx, 0, 1, n, "tcoll_c5");
}

bool infer_TileAllToAll(InferCtx& ctx) {
  int64_t n = 1;
  if (!axes_ok(ctx, n) || !memrefs_ok(ctx, 2, false) || !same_type(ctx)) return false;
  // tcoll_c7: dim 0 splits into n equal blocks.
  const int64_t d0 = ctx.operands[0].shape[0];
  if (d0 % n != 0)
    return ctx.fail("dim 0 of size " + std::to_string(d0) + " does not divide by the group size " +
                        std::to_string(n),
                    "tcoll_c7");
  return true;
}

bool infer_TileCollectiveBroadcast(InferCtx& ctx) {
  int64_t n = 1;
  return axes_ok(ctx, n) && memrefs_ok(ctx, 1, false) && root_ok(ctx, n);
}

bool infer_TileCollectiveReduce(InferCtx& ctx) {
  int64_t n = 1;
  return axes_ok(ctx, n) && memrefs_ok(ctx, 2, true) && reduce_op_ok(ctx) && root_ok(ctx, n) &&
         same_type(ctx);
}

bool infer_TileCollectiveGather(InferCtx& ctx) {
  int64_t n = 1;
  return axes_ok(ctx, n) && memrefs_ok(ctx, 2, false) && root_ok(ctx, n) &&
         stacked(ctx, 1, 0, n, "tcoll_c4");
}

bool infer_TileCollectiveScatter(InferCtx& ctx) {
  int64_t n = 1;
  return axes_ok(ctx, n) && memrefs_ok(ctx, 2, false) && root_ok(ctx, n) &&
         stacked(ctx, 0, 1, n, "tcoll_c5");
}

bool infer_TilePpermute(InferCtx& ctx) {
  int64_t n = 1;
  return axes_ok(ctx, n) && memrefs_ok(ctx, 2, false) && pairs_ok(ctx, n) && same_type(ctx);
}

// tile.send and tile.recv: one buffer, the pairs and the channel.
bool infer_TileSend(InferCtx& ctx) {
  int64_t n = 1;
  return axes_ok(ctx, n) && memrefs_ok(ctx, 1, false) && pairs_ok(ctx, n) && channel_ok(ctx);
}

bool infer_TileRecv(InferCtx& ctx) { return infer_TileSend(ctx); }

}  // namespace tessera::ops
