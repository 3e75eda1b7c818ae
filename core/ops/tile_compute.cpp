// Verifier hooks of Tile IR collective compute and warp primitives (docs/tile-ir.md).
#include "core/ops/contractions.h"
#include "core/ops/infer_util.h"
#include "core/ops/policy.h"
#include "core/ops/tile_util.h"
#include "core/support/error.h"

namespace tessera::ops {
namespace {

using namespace tile;

bool float_dtype(DType d) { return d == DType::f32 || d == DType::bf16 || d == DType::f16; }

bool float_tile(const ir::Type& t) { return is_aggregate(t) && float_dtype(t.dtype); }

bool require_2d(InferCtx& ctx, size_t k, const char* label) {
  const ir::Type& t = ctx.operands[k];
  if (!t.is_tensor() || t.rank() != 2 || !t.has_static_shape() || t.dtype != DType::f32)
    return ctx.fail("operand #" + std::to_string(k) + " must be a 2-D f32 register tile, got " +
                        ir::to_string(t),
                    label);
  return true;
}

/// Lane vectors of warp primitives: vector<L x T>.
bool require_lanes(InferCtx& ctx, size_t k, const char* label) {
  const ir::Type& t = ctx.operands[k];
  if (t.kind != ir::TypeKind::vector || t.rank() != 1 || !aggregate_dtype_ok(t.dtype))
    return ctx.fail("operand #" + std::to_string(k) + " must be a lane vector vector<L x T>, got " +
                        ir::to_string(t),
                    label);
  return true;
}

}  // namespace

bool infer_TileMma(InferCtx& ctx) {
  ctx.result_label = "mma_c3";
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  const ir::Type& c = ctx.operands[2];
  // mma_c1: a and b are 2-D float tiles of one element type; c is a 2-D f32 tile.
  if (!a.is_tensor() || a.rank() != 2 || !float_tile(a) || !b.is_tensor() || b.rank() != 2 ||
      !float_tile(b) || a.dtype != b.dtype)
    return ctx.fail("a and b must be 2-D float register tiles of one element type", "mma_c1");
  if (!require_2d(ctx, 2, "mma_c1")) return false;
  std::string la, lb;
  if (!string_choice(ctx, "layout_a", "row|col", "row", "mma_c1", la) ||
      !string_choice(ctx, "layout_b", "row|col", "row", "mma_c1", lb))
    return false;
  // layout "col" means the operand is stored transposed: a as [K, M], b as [N, K].
  int64_t m = la == "row" ? a.shape[0] : a.shape[1], ka = la == "row" ? a.shape[1] : a.shape[0];
  int64_t n = lb == "row" ? b.shape[1] : b.shape[0], kb = lb == "row" ? b.shape[0] : b.shape[1];
  // mma_c2: the contraction sizes agree and c is [M, N].
  if (ka != kb)
    return ctx.fail("contraction sizes differ: " + std::to_string(ka) + " vs " + std::to_string(kb),
                    "mma_c2");
  if (c.shape[0] != m || c.shape[1] != n)
    return ctx.fail("accumulator must be " + shape_str({m, n}) + ", got " + shape_str(c.shape),
                    "mma_c2");
  // mma_c4: the numeric policy names an accumulation model for an f32 accumulator.
  try {
    NumericPolicy p = read_policy(ctx.op);
    if (p.accum != DType::f32) return ctx.fail("the accumulator is f32", "mma_c4");
    if (!accum_model_by_name(p.accum_model, DType::f32, a.dtype))
      return ctx.fail("unknown accum_model \"" + p.accum_model + "\"", "mma_c4");
  } catch (const Error& e) {
    return ctx.fail(e.what(), "mma_c4");
  }
  ctx.results = {c};
  return true;
}

bool infer_TileReduce(InferCtx& ctx) {
  ctx.result_label = "tile_reduce_c2";
  // tile_reduce_c1: a register tile reduced to a scalar by sum, max or min (row-major order).
  const ir::Type& t = ctx.operands[0];
  if (!float_tile(t))
    return ctx.fail("operand must be an f32, bf16 or f16 register tile, got " + ir::to_string(t),
                    "tile_reduce_c1");
  std::string kind;
  if (!string_choice(ctx, "kind", "sum|max|min", "sum", "tile_reduce_c1", kind)) return false;
  // tile_reduce_c2: an f32 scalar (scalar registers are never bf16/f16; the value is the
  // element type's).
  ctx.results = {ir::Type::scalar(DType::f32)};
  return true;
}

/// row_c1: [M, N] float tile (and an optional [M] init) reduced along rows to [M], all of one
/// element type.
static bool infer_row(InferCtx& ctx) {
  ctx.result_label = "row_c2";
  const ir::Type& t = ctx.operands[0];
  if (!t.is_tensor() || t.rank() != 2 || !float_tile(t))
    return ctx.fail(
        "operand #0 must be a 2-D f32, bf16 or f16 register tile, got " + ir::to_string(t),
        "row_c1");
  ir::Type r = ir::Type::tensor(t.dtype, {t.shape[0]});
  if (ctx.operands.size() == 2 && !(ctx.operands[1] == r))
    return ctx.fail("init must be " + ir::to_string(r) + ", got " + ir::to_string(ctx.operands[1]),
                    "row_c1");
  ctx.results = {r};
  return true;
}
bool infer_TileRowMax(InferCtx& c) { return infer_row(c); }
bool infer_TileRowSum(InferCtx& c) { return infer_row(c); }

bool infer_TileExp(InferCtx& ctx) {
  ctx.result_label = "exp_c1";
  const ir::Type& t = ctx.operands[0];
  // exp_c1: an f32 scalar or an f32/bf16/f16 register tile; the result has its type.
  if (!(float_tile(t) || (is_scalar_reg(t) && t.dtype == DType::f32)))
    return ctx.fail("operand must be an f32 scalar or an f32, bf16 or f16 register tile, got " +
                        ir::to_string(t),
                    "exp_c1");
  ctx.results = {t};
  return true;
}

bool infer_TileLog(InferCtx& ctx) {
  ctx.result_label = "log_c1";
  const ir::Type& t = ctx.operands[0];
  // log_c1: an f32 scalar or an f32/bf16/f16 register tile; the result has its type.
  if (!(float_tile(t) || (is_scalar_reg(t) && t.dtype == DType::f32)))
    return ctx.fail("operand must be an f32 scalar or an f32, bf16 or f16 register tile, got " +
                        ir::to_string(t),
                    "log_c1");
  ctx.results = {t};
  return true;
}

bool infer_TileSqrt(InferCtx& ctx) {
  ctx.result_label = "sqrt_c1";
  const ir::Type& t = ctx.operands[0];
  // sqrt_c1: an f32 or f64 scalar or an f32 register tile; the result has its type.
  const bool f64_scalar = t.dtype == DType::f64 && is_scalar_reg(t);
  if (!f64_scalar && (t.dtype != DType::f32 || !(is_scalar_reg(t) || float_tile(t))))
    return ctx.fail(
        "operand must be an f32 or f64 scalar or an f32 register tile, got " + ir::to_string(t),
        "sqrt_c1");
  ctx.results = {t};
  return true;
}

bool infer_TileFma(InferCtx& ctx) {
  ctx.result_label = "fma_c1";
  // fma_c1: three f32 or three f64 scalars; the result has their type.
  const ir::Type& a = ctx.operands[0];
  if (!is_scalar_reg(a) || (a.dtype != DType::f32 && a.dtype != DType::f64) ||
      !(a == ctx.operands[1]) || !(a == ctx.operands[2]))
    return ctx.fail("operands must be three f32 or three f64 scalars, got " + ir::to_string(a) +
                        ", " + ir::to_string(ctx.operands[1]) + ", " +
                        ir::to_string(ctx.operands[2]),
                    "fma_c1");
  ctx.results = {a};
  return true;
}

bool infer_TileMaximum(InferCtx& ctx) {
  ctx.result_label = "maximum_c1";
  // maximum_c1: two values of one type: f32 scalars or f32/bf16/f16 register tiles.
  const ir::Type& a = ctx.operands[0];
  if (!(a == ctx.operands[1]) || !(float_tile(a) || (is_scalar_reg(a) && a.dtype == DType::f32)))
    return ctx.fail("operands must be f32 scalars or f32, bf16 or f16 register tiles of one type",
                    "maximum_c1");
  ctx.results = {a};
  return true;
}

bool infer_TileCausalMask(InferCtx& ctx) {
  ctx.result_label = "mask_c1";
  // mask_c1: (tile [M, N], row0: index, col0: index) -> the tile's type.
  if (!require_2d(ctx, 0, "mask_c1") || !require_indices(ctx, 1, "mask_c1")) return false;
  const ir::Attr* v = ctx.attr("value");
  if (v && !v->is_number()) return ctx.fail("attribute 'value' must be a number", "mask_c1");
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_TileZeros(InferCtx& ctx) {
  ctx.result_label = "fill_c1";
  // fill_c1: the result is a static register tile.
  if (!is_aggregate(ctx.declared[0]) || !aggregate_dtype_ok(ctx.declared[0].dtype))
    return ctx.fail("result must be a static register tile, got " + ir::to_string(ctx.declared[0]),
                    "fill_c1");
  ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

bool infer_TileFull(InferCtx& ctx) {
  if (!infer_TileZeros(ctx)) return false;
  // fill_c2: the value is either the operand (a scalar of the element type) or `value`.
  if (ctx.operands.size() == 1) {
    if (!(ctx.operands[0].is_scalar() && ctx.operands[0].dtype == ctx.declared[0].dtype))
      return ctx.fail("the fill value must be a scalar of the element type", "fill_c2");
  } else {
    const ir::Attr* v = ctx.attr("value");
    if (!v || !v->is_number())
      return ctx.fail("needs a numeric 'value' or a value operand", "fill_c2");
  }
  return true;
}

bool infer_TileBroadcast(InferCtx& ctx) {
  ctx.result_label = "bcast_c1";
  const ir::Type& a = ctx.operands[0];
  const ir::Type& r = ctx.declared[0];
  // bcast_c1: the result is a register tile whose element type is the operand's.
  if (!is_aggregate(r) || !aggregate_dtype_ok(r.dtype))
    return ctx.fail("result must be a register tile, got " + ir::to_string(r), "bcast_c1");
  if (a.dtype != r.dtype)
    return ctx.fail("operand element type differs from the result's (" + ir::to_string(a) + " vs " +
                        ir::to_string(r) + ")",
                    "bcast_c1");
  // bcast_c2: a scalar splats over any tile; a rank-1 tile [M] repeats along the columns of a
  // [M, N] tile of the same kind (row broadcast).
  bool splat = is_scalar_reg(a);
  bool rows = is_aggregate(a) && a.kind == r.kind && a.rank() == 1 && r.rank() == 2 &&
              a.shape[0] == r.shape[0];
  if (!splat && !rows)
    return ctx.fail("cannot broadcast " + ir::to_string(a) + " to " + ir::to_string(r) +
                        " (a scalar, or [M] to [M, N])",
                    "bcast_c2");
  ctx.results = {r};
  return true;
}

bool infer_TileShuffle(InferCtx& ctx) {
  ctx.result_label = "warp_c1";
  std::string mode;
  // warp_c1: shuffle of a lane vector by a uniform i32 lane offset/mask/source or (idx) a
  // per-lane vector<L x i32> of sources.
  if (!require_lanes(ctx, 0, "warp_c1")) return false;
  if (!string_choice(ctx, "mode", "idx|xor|up|down", "idx", "warp_c1", mode)) return false;
  const ir::Type& s = ctx.operands[1];
  bool uniform = s.is_scalar() && s.dtype == DType::i32;
  bool per_lane = mode == "idx" && s.kind == ir::TypeKind::vector && s.dtype == DType::i32 &&
                  s.shape == ctx.operands[0].shape;
  if (!uniform && !per_lane)
    return ctx.fail("the lane operand must be an i32 scalar (or, for idx, vector<L x i32>)",
                    "warp_c1");
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_TileVote(InferCtx& ctx) {
  ctx.result_label = "warp_c2";
  // warp_c2: vote over vector<L x i1>: all/any give i1, ballot gives i64 (L <= 64).
  if (!require_lanes(ctx, 0, "warp_c2")) return false;
  if (ctx.operands[0].dtype != DType::i1) return ctx.fail("vote needs vector<L x i1>", "warp_c2");
  std::string kind;
  if (!string_choice(ctx, "kind", "all|any|ballot", "any", "warp_c2", kind)) return false;
  if (kind == "ballot" && ctx.operands[0].shape[0] > 64)
    return ctx.fail("ballot needs at most 64 lanes", "warp_c2");
  ctx.results = {ir::Type::scalar(kind == "ballot" ? DType::i64 : DType::i1)};
  return true;
}

bool infer_TileWarpReduce(InferCtx& ctx) {
  ctx.result_label = "warp_c3";
  // warp_c3: sum/max/min over the lanes in lane order to an i32 scalar (i32 lanes) or an f32
  // scalar (float lanes: scalar registers are never bf16/f16; the value is the element type's).
  if (!require_lanes(ctx, 0, "warp_c3")) return false;
  DType d = ctx.operands[0].dtype;
  if (!float_dtype(d) && d != DType::i32)
    return ctx.fail("warp_reduce needs f32, bf16, f16 or i32 lanes", "warp_c3");
  std::string kind;
  if (!string_choice(ctx, "kind", "sum|max|min", "sum", "warp_c3", kind)) return false;
  ctx.results = {ir::Type::scalar(d == DType::i32 ? d : DType::f32)};
  return true;
}

}  // namespace tessera::ops
