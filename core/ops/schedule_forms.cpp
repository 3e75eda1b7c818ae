// Verifier hooks of upstream's Schedule-dialect forms inside Graph IR programs
// (docs/ops/schedule/upstream-forms.md): a mesh declaration, a mesh region, the schedule of one
// value (schedule.matmul / softmax / prefetch) and a schedule artifact record.
#include <limits>
#include <set>

#include "core/ops/infer_util.h"

namespace tessera::ops {
namespace {

/// Requires attribute `name`, when present, to be a string; reports `label` otherwise.
bool optional_string(InferCtx& ctx, const char* name, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a || a->kind == ir::Attr::Kind::string) return true;
  return ctx.fail(std::string("attribute '") + name + "' must be a string", label);
}

/// Requires attribute `name`, when present, to be an integer >= 1; its value (or 0) in `out`.
bool optional_positive(InferCtx& ctx, const char* name, const char* label, int64_t& out) {
  out = 0;
  const ir::Attr* a = ctx.attr(name);
  if (!a) return true;
  if (a->kind != ir::Attr::Kind::integer || a->i < 1)
    return ctx.fail(std::string("attribute '") + name + "' must be an integer >= 1", label);
  out = a->i;
  return true;
}

/// sched_value_c1: one tensor operand; the result has exactly its type (a schedule changes how
/// a value is computed, never its shape or element type).
bool infer_scheduled_value(InferCtx& ctx) {
  ctx.result_label = "sched_value_c1";
  if (!require_tensor(ctx, 0, "sched_value_c1")) return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

}  // namespace

bool infer_SchedMeshDefine(InferCtx& ctx) {
  // sched_mesh_c1: axis_names distinct non-empty strings, dims integers >= 1, as many of each;
  // the device count (their product) fits in 64 bits.
  const ir::Attr* names = ctx.attr("axis_names");
  if (!names || names->kind != ir::Attr::Kind::array || names->elems.empty())
    return ctx.fail("needs 'axis_names', a non-empty array of strings", "sched_mesh_c1");
  std::set<std::string> seen;
  for (const ir::Attr& n : names->elems) {
    if (n.kind != ir::Attr::Kind::string || n.s.empty())
      return ctx.fail("every axis name must be a non-empty string", "sched_mesh_c1");
    if (!seen.insert(n.s).second)
      return ctx.fail("axis name \"" + n.s + "\" appears twice", "sched_mesh_c1");
  }
  const ir::Attr* dims = ctx.attr("dims");
  const auto d = dims ? dims->as_int_array() : std::nullopt;
  if (!d || d->size() != names->elems.size())
    return ctx.fail("needs 'dims', one integer per axis name", "sched_mesh_c1");
  int64_t devices = 1;
  for (int64_t v : *d) {
    if (v < 1) return ctx.fail("every dim must be >= 1", "sched_mesh_c1");
    if (devices > std::numeric_limits<int64_t>::max() / v)
      return ctx.fail("the mesh's device count overflows 64 bits", "sched_mesh_c1");
    devices *= v;
  }
  ctx.results = {};
  return true;
}

bool infer_SchedMeshRegion(InferCtx& ctx) {
  ctx.result_label = "sched_mesh_c2";
  // sched_mesh_c2: one region of one block without arguments, ended by schedule.yield; the
  // results are the yielded values; `axis` (a string) names an axis of a schedule.mesh.define
  // earlier in the same block when there is one; `mesh` is a symbol.
  const ir::Op& op = ctx.op;
  if (op.regions.size() != 1 || op.regions[0].blocks.size() != 1)
    return ctx.fail("needs one region of one block", "sched_mesh_c2");
  const ir::Block& b = op.regions[0].front();
  if (!b.args.empty()) return ctx.fail("its block takes no arguments", "sched_mesh_c2");
  if (b.ops.empty() || b.ops.back()->name != "schedule.yield")
    return ctx.fail("its region must end with 'schedule.yield'", "sched_mesh_c2");
  if (const ir::Attr* m = ctx.attr("mesh"); m && m->kind != ir::Attr::Kind::symbol)
    return ctx.fail("attribute 'mesh' must be a symbol (mesh = @name)", "sched_mesh_c2");
  if (!optional_string(ctx, "axis", "sched_mesh_c2")) return false;
  if (const ir::Attr* axis = ctx.attr("axis"); axis && op.parent) {
    const ir::Op* mesh = nullptr;
    for (const auto& o : op.parent->ops) {
      if (o.get() == &op) break;
      if (o->name == "schedule.mesh.define") mesh = o.get();
    }
    const ir::Attr* names = mesh ? mesh->attrs.get("axis_names") : nullptr;
    if (names) {
      bool found = false;
      for (const ir::Attr& n : names->elems) found = found || n.s == axis->s;
      if (!found)
        return ctx.fail(
            "axis \"" + axis->s + "\" is not an axis of the schedule.mesh.define before it",
            "sched_mesh_c2");
    }
  }
  const ir::Op& y = *b.ops.back();
  std::vector<ir::Type> yielded;
  for (const ir::Value* v : y.operands) yielded.push_back(v->type);
  ctx.results = yielded;
  return true;
}

bool infer_SchedYield(InferCtx& ctx) {
  // sched_mesh_c2: schedule.yield ends the region of a schedule.mesh.region (reached only
  // through other region ops, whose own terminator checks report first).
  const ir::Op* p = ctx.op.parent ? ctx.op.parent->parent : nullptr;
  if (!p || p->name != "schedule.mesh.region")
    return ctx.fail("must end the region of a schedule.mesh.region", "sched_mesh_c2");
  ctx.results = {};
  return true;
}

bool infer_SchedMatmul(InferCtx& ctx) {
  if (!infer_scheduled_value(ctx)) return false;
  // sched_value_c2: tile sizes, warps, stages and raster group are integers >= 1; a macro tile is
  // a whole number of tiles along m and n; layouts and raster order are "row_major"/"col_major".
  int64_t v[8];
  const char* names[8] = {"macro_tile_m", "macro_tile_n",   "tile_m",       "tile_n",
                          "tile_k",       "pipeline_depth", "raster_group", "warps"};
  for (int k = 0; k < 8; ++k)
    if (!optional_positive(ctx, names[k], "sched_value_c2", v[k])) return false;
  if (v[0] && v[2] && v[0] % v[2] != 0)
    return ctx.fail("macro_tile_m (" + std::to_string(v[0]) + ") is not a multiple of tile_m (" +
                        std::to_string(v[2]) + ")",
                    "sched_value_c2");
  if (v[1] && v[3] && v[1] % v[3] != 0)
    return ctx.fail("macro_tile_n (" + std::to_string(v[1]) + ") is not a multiple of tile_n (" +
                        std::to_string(v[3]) + ")",
                    "sched_value_c2");
  for (const char* n : {"a_layout", "b_layout", "raster_order"}) {
    const ir::Attr* a = ctx.attr(n);
    if (a && (a->kind != ir::Attr::Kind::string || (a->s != "row_major" && a->s != "col_major")))
      return ctx.fail(std::string("attribute '") + n + "' must be \"row_major\" or \"col_major\"",
                      "sched_value_c2");
  }
  return true;
}

bool infer_SchedSoftmax(InferCtx& ctx) {
  if (!infer_scheduled_value(ctx)) return false;
  // sched_value_c3: axis an integer in [-rank, rank); workgroup_size an integer >= 1.
  if (const ir::Attr* a = ctx.attr("axis")) {
    const int64_t rank = static_cast<int64_t>(ctx.operands[0].shape.size());
    if (a->kind != ir::Attr::Kind::integer || !normalize_axis(a->i, rank))
      return ctx.fail("axis must be an integer in [-rank, rank)", "sched_value_c3");
  }
  int64_t wg = 0;
  return optional_positive(ctx, "workgroup_size", "sched_value_c3", wg);
}

bool infer_SchedPrefetch(InferCtx& ctx) {
  // sched_value_c4: one operand of any type (a tensor or a handle); the result has its type;
  // stage is an integer >= 0, vector an integer >= 1.
  ctx.result_label = "sched_value_c4";
  if (const ir::Attr* s = ctx.attr("stage"); s && (s->kind != ir::Attr::Kind::integer || s->i < 0))
    return ctx.fail("attribute 'stage' must be an integer >= 0", "sched_value_c4");
  int64_t vec = 0;
  if (!optional_positive(ctx, "vector", "sched_value_c4", vec)) return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_SchedArtifact(InferCtx& ctx) {
  // sched_artifact_c1: arch, hash and shape_key are strings when present.
  for (const char* n : {"arch", "hash", "shape_key"})
    if (!optional_string(ctx, n, "sched_artifact_c1")) return false;
  ctx.results = {};
  return true;
}

}  // namespace tessera::ops
