// Verifier hooks of mesh ops: collectives, point-to-point, redistribute (docs/collectives.md).
#include "core/mesh/mesh.h"
#include "core/ops/infer_util.h"
#include "core/ops/mesh_attrs.h"

namespace tessera::ops {
namespace {

using mesh::Mesh;

/// Element types collectives move: all but packed i4.
bool movable(DType t) { return t != DType::i4; }

/// What every collective hook needs: the mesh, the group axes and group size.
struct Setup {
  Mesh mesh;
  std::vector<int> axes;
  int64_t n = 1;
};

/// mesh_c1: the module declares a mesh; mesh_c2: `axes` names distinct axes in mesh order.
bool setup(InferCtx& ctx, Setup& s, bool need_axes = true) {
  const ir::Op* mod = mesh::enclosing_module(ctx.op);
  std::string err;
  auto m = mod ? mesh::read_mesh(*mod, err) : std::nullopt;
  if (!m)
    return ctx.fail(err.empty() ? "needs a module-level tessera.mesh attribute" : err, "mesh_c1");
  s.mesh = std::move(*m);
  if (!need_axes) return true;
  auto axes = mesh::read_axes(ctx.attr("axes"), s.mesh, err);
  if (!axes) return ctx.fail(err, "mesh_c2");
  s.axes = std::move(*axes);
  for (int a : s.axes) s.n *= s.mesh.shape[static_cast<size_t>(a)];
  return true;
}

/// mesh_c3: the operand is a tensor of an element type the collective supports.
bool operand_ok(InferCtx& ctx, bool reduce) {
  if (!require_tensor(ctx, 0, "mesh_c3")) return false;
  DType t = ctx.operands[0].dtype;
  if (reduce ? !mesh::reducible(t) : !movable(t))
    return ctx.fail(std::string("element type ") + dtype_mlir_name(t) + " cannot be " +
                        (reduce ? "reduced" : "moved") + " by collectives",
                    "mesh_c3");
  return true;
}

/// mesh_c4: `op` is sum, prod, max, min or avg.
bool reduce_op_ok(InferCtx& ctx) {
  const ir::Attr* a = ctx.attr("op");
  if (!a || a->kind != ir::Attr::Kind::string ||
      (a->s != "sum" && a->s != "prod" && a->s != "max" && a->s != "min" && a->s != "avg"))
    return ctx.fail("attribute 'op' must be \"sum\", \"prod\", \"max\", \"min\" or \"avg\"",
                    "mesh_c4");
  return true;
}

/// Reads an integer attribute dim in [-rank, rank) and normalises it.
bool dim_attr(InferCtx& ctx, const char* name, const char* label, int64_t& out) {
  const ir::Attr* a = ctx.attr(name);
  int64_t rank = ctx.operands[0].rank();
  auto d = a && a->is_int() ? normalize_axis(a->i, rank) : std::nullopt;
  if (!d)
    return ctx.fail(std::string("attribute '") + name + "' must be a dimension of the rank-" +
                        std::to_string(rank) + " operand",
                    label);
  out = *d;
  return true;
}

bool same_type(InferCtx& ctx) {
  ctx.results = {ctx.operands[0]};
  return true;
}

}  // namespace

/// root_c1: `root` is a group rank.
bool root_ok(InferCtx& ctx, int64_t n) {
  const ir::Attr* a = ctx.attr("root");
  if (!a || !a->is_int() || a->i < 0 || a->i >= n)
    return ctx.fail("attribute 'root' must be a group rank in [0, " + std::to_string(n) + ")",
                    "root_c1");
  return true;
}

/// pairs_c1: `pairs` lists [source, destination] group ranks; sources distinct, destinations
/// distinct.
bool pairs_ok(InferCtx& ctx, int64_t n) {
  const ir::Attr* a = ctx.attr("pairs");
  auto fail = [&](const std::string& m) { return ctx.fail(m, "pairs_c1"); };
  if (!a || a->kind != ir::Attr::Kind::array)
    return fail("attribute 'pairs' must be [[src, dst], ...]");
  std::vector<bool> src(static_cast<size_t>(n)), dst(static_cast<size_t>(n));
  for (const ir::Attr& p : a->elems) {
    auto v = p.as_int_array();
    if (p.kind != ir::Attr::Kind::array || !v || v->size() != 2)
      return fail("attribute 'pairs' must be [[src, dst], ...]");
    for (int64_t x : *v)
      if (x < 0 || x >= n)
        return fail("pair entry " + std::to_string(x) + " is not a group rank in [0, " +
                    std::to_string(n) + ")");
    if (src[static_cast<size_t>((*v)[0])] || dst[static_cast<size_t>((*v)[1])])
      return fail("each group rank may be the source of one pair and the destination of one pair");
    src[static_cast<size_t>((*v)[0])] = dst[static_cast<size_t>((*v)[1])] = true;
  }
  return true;
}

/// channel_c1: send/recv carry an integer `channel` that pairs them.
bool channel_ok(InferCtx& ctx) {
  const ir::Attr* a = ctx.attr("channel");
  if (!a || !a->is_int() || a->i < 0)
    return ctx.fail("attribute 'channel' must be a non-negative integer", "channel_c1");
  return true;
}

bool infer_AllReduce(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";  // mesh_c5: the result type follows the op's shape rule
  Setup s;
  return setup(ctx, s) && operand_ok(ctx, true) && reduce_op_ok(ctx) && same_type(ctx);
}

bool infer_AllGather(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  int64_t d = 0;
  if (!setup(ctx, s) || !operand_ok(ctx, false) || !dim_attr(ctx, "dim", "all_gather_c1", d))
    return false;
  ir::Type t = ctx.operands[0];
  t.shape[static_cast<size_t>(d)] = mul_dims(t.shape[static_cast<size_t>(d)], s.n);
  ctx.results = {t};
  return true;
}

/// The operand's type with dim `d` divided by the group size (left `?` if dynamic), as the
/// result; reports `label` when the size does not divide.
static bool split_result(InferCtx& ctx, const Setup& s, int64_t d, const char* label) {
  ir::Type t = ctx.operands[0];
  int64_t& len = t.shape[static_cast<size_t>(d)];
  if (len != ir::kDynamic && len % s.n != 0)
    return ctx.fail("dimension " + std::to_string(d) + " of size " + std::to_string(len) +
                        " does not divide by the group size " + std::to_string(s.n),
                    label);
  if (len != ir::kDynamic) len /= s.n;
  ctx.results = {t};
  return true;
}

bool infer_ReduceScatter(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  int64_t d = 0;
  if (!setup(ctx, s) || !operand_ok(ctx, true) || !reduce_op_ok(ctx) ||
      !dim_attr(ctx, "dim", "reduce_scatter_c1", d))
    return false;
  // reduce_scatter_c1: the scattered dim divides by the group size.
  return split_result(ctx, s, d, "reduce_scatter_c1");
}

bool infer_AllToAll(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  int64_t sd = 0, cd = 0;
  if (!setup(ctx, s) || !operand_ok(ctx, false) ||
      !dim_attr(ctx, "split_dim", "all_to_all_c1", sd) ||
      !dim_attr(ctx, "concat_dim", "all_to_all_c1", cd))
    return false;
  ir::Type t = ctx.operands[0];
  int64_t& len = t.shape[static_cast<size_t>(sd)];
  // all_to_all_c2: the split dim divides by the group size.
  if (len != ir::kDynamic && len % s.n != 0)
    return ctx.fail("split dimension " + std::to_string(sd) + " of size " + std::to_string(len) +
                        " does not divide by the group size " + std::to_string(s.n),
                    "all_to_all_c2");
  if (len != ir::kDynamic) len /= s.n;
  t.shape[static_cast<size_t>(cd)] = mul_dims(t.shape[static_cast<size_t>(cd)], s.n);
  ctx.results = {t};
  return true;
}

bool infer_CollectiveBroadcast(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  return setup(ctx, s) && operand_ok(ctx, false) && root_ok(ctx, s.n) && same_type(ctx);
}

bool infer_CollectiveReduce(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  return setup(ctx, s) && operand_ok(ctx, true) && reduce_op_ok(ctx) && root_ok(ctx, s.n) &&
         same_type(ctx);
}

bool infer_CollectiveGather(InferCtx& ctx) {
  if (!infer_AllGather(ctx)) return false;
  Setup s;
  return setup(ctx, s) && root_ok(ctx, s.n);
}

bool infer_CollectiveScatter(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  int64_t d = 0;
  if (!setup(ctx, s) || !operand_ok(ctx, false) || !root_ok(ctx, s.n) ||
      !dim_attr(ctx, "dim", "scatter_c1", d))
    return false;
  // scatter_c1: the scattered dim divides by the group size.
  return split_result(ctx, s, d, "scatter_c1");
}

bool infer_Ppermute(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  return setup(ctx, s) && operand_ok(ctx, false) && pairs_ok(ctx, s.n) && same_type(ctx);
}

bool infer_Send(InferCtx& ctx) {
  Setup s;
  if (!setup(ctx, s) || !operand_ok(ctx, false) || !pairs_ok(ctx, s.n) || !channel_ok(ctx))
    return false;
  ctx.results = {};
  return true;
}

bool infer_Recv(InferCtx& ctx) {
  Setup s;
  if (!setup(ctx, s) || !pairs_ok(ctx, s.n) || !channel_ok(ctx)) return false;
  // recv_c1: the declared result is a statically shaped tensor (recv has no operand to infer from).
  if (ctx.declared.empty()) return ctx.fail("needs a result", "recv_c1");
  const ir::Type& t = ctx.declared[0];
  if (!t.is_tensor() || !t.has_static_shape() || !movable(t.dtype))
    return ctx.fail("result must be a statically shaped tensor, got " + ir::to_string(t),
                    "recv_c1");
  ctx.results = {t};
  return true;
}

bool infer_AxisIndex(InferCtx& ctx) {
  ctx.result_label = "axis_index_c1";  // axis_index_c1: the result is tensor<i32>
  Setup s;
  if (!setup(ctx, s)) return false;
  ctx.results = {ir::Type::tensor(DType::i32, {})};
  return true;
}

bool infer_Redistribute(InferCtx& ctx) {
  ctx.result_label = "mesh_c5";
  Setup s;
  if (!setup(ctx, s, false) || !operand_ok(ctx, false)) return false;
  const ir::Type& in = ctx.operands[0];
  const ir::Attr* src = ctx.attr("src");
  const ir::Attr* dst = ctx.attr("dst");
  std::string err;
  // redistribute_c1: `src` and `dst` are ShardSpecs of the operand's rank.
  auto a = src ? mesh::read_shard_spec(*src, s.mesh, in.shape.size(), err) : std::nullopt;
  auto b = a && dst ? mesh::read_shard_spec(*dst, s.mesh, in.shape.size(), err) : std::nullopt;
  if (!a || !b)
    return ctx.fail(err.empty() ? "needs ShardSpec attributes 'src' and 'dst'" : err,
                    "redistribute_c1");
  // redistribute_c2: partial values need a reducible element type.
  if (!a->partial.empty() && !mesh::reducible(in.dtype))
    return ctx.fail(
        std::string("partial values of type ") + dtype_mlir_name(in.dtype) + " cannot be reduced",
        "redistribute_c2");
  auto global = mesh::global_shape(in.shape, *a, s.mesh);
  // redistribute_c3: the global shape divides under `dst`.
  auto local = mesh::local_shape(global, *b, s.mesh, err);
  if (!local) return ctx.fail(err, "redistribute_c3");
  ctx.results = {ir::Type::tensor(in.dtype, *local)};
  return true;
}

}  // namespace tessera::ops
