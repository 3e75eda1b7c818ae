// Graph IR -> Schedule IR (docs/ops/schedule/lowering.md, "Graph -> Schedule").
#include "core/transforms/graph_to_schedule.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "core/ops/registry.h"
#include "core/ops/schedule_util.h"
#include "core/transforms/decompose_stencils.h"
#include "core/transforms/inline_calls.h"

namespace tessera::transforms {

namespace {

namespace sched = ops::sched;
using sched::GroupKind;

struct Group {
  GroupKind kind = GroupKind::whole;
  std::vector<ir::Op*> ops;  // anchor first
};

bool is_row_op(const ir::Op& o) {
  return o.name == "tessera.softmax" || o.name == "tessera.log_softmax" ||
         o.name == "tessera.layer_norm" || o.name == "tessera.rmsnorm";
}

bool static_tensor(const ir::Type& t) { return t.is_tensor() && t.has_static_shape(); }

GroupKind kind_of_anchor(const ir::Op& o) {
  if (o.num_results() != 1 || !static_tensor(o.result(0)->type)) return GroupKind::whole;
  for (const ir::Value* v : o.operands)
    if (!static_tensor(v->type)) return GroupKind::whole;
  const int64_t rank = o.result(0)->type.rank();
  if (o.name == "tessera.matmul" && o.operands[0]->type.rank() >= 2 &&
      o.operands[1]->type.rank() >= 2)
    return GroupKind::gemm;
  if (o.name == "tessera.conv2d_nhwc") return GroupKind::conv;
  // Rank-3 flash_attn ([B*H, S, D], flash_attn_c1) is not tiled (schedule_c6): a whole group.
  if (o.name == "tessera.flash_attn") return rank == 4 ? GroupKind::attention : GroupKind::whole;
  if (is_row_op(o)) {
    int64_t axis = o.attrs.get_int("axis", -1);
    if (axis < 0) axis += rank;
    return axis == rank - 1 ? GroupKind::row : GroupKind::whole;
  }
  if (o.def->has(ops::kElementwise) && rank >= 1) return GroupKind::elementwise;
  return GroupKind::whole;
}

// The default schedule (docs/ops/schedule/lowering.md, "The default rule").
struct Schedule {
  std::vector<int64_t> tile_shape;
  int64_t stages = 1, warps = 1;
};

Schedule default_schedule(GroupKind k, const std::vector<int64_t>& out) {
  Schedule s;
  const size_t r = out.size();
  switch (k) {
    case GroupKind::gemm:
      return {{64, 64, 32}, 2, 4};
    case GroupKind::conv:
      s = {out, 2, 4};
      s.tile_shape[0] = 1;
      return s;
    case GroupKind::attention:
      s = {out, 2, 2};
      s.tile_shape[0] = s.tile_shape[1] = 1;
      return s;
    case GroupKind::row:
      s = {std::vector<int64_t>(r, 1), 1, 1};
      s.tile_shape[r - 1] = out[r - 1];
      if (r >= 2) s.tile_shape[r - 2] = std::min<int64_t>(32, out[r - 2]);
      return s;
    case GroupKind::elementwise:
      s = {std::vector<int64_t>(r, 1), 1, 4};
      if (r == 1) s.tile_shape[0] = std::min<int64_t>(1024, out[0]);
      if (r >= 2) {
        s.tile_shape[r - 2] = std::min<int64_t>(32, out[r - 2]);
        s.tile_shape[r - 1] = std::min<int64_t>(256, out[r - 1]);
      }
      return s;
    case GroupKind::whole:
      break;
  }
  return s;
}

Schedule schedule_for(const Group& g) {
  const ir::Op& a = *g.ops.front();
  Schedule s =
      g.kind == GroupKind::whole ? Schedule{} : default_schedule(g.kind, a.result(0)->type.shape);
  if (const ir::Attr* t = a.attrs.get("schedule.tile_shape"))
    if (auto v = t->as_int_array()) s.tile_shape = *v;
  for (int64_t& e : s.tile_shape) e = std::max<int64_t>(e, 1);  // empty dims: tiles of 1
  s.stages = a.attrs.get_int("schedule.stages", s.stages);
  s.warps = a.attrs.get_int("schedule.warps", s.warps);
  return s;
}

// Uses of every value by the ops of `body` (and the return).
std::unordered_map<const ir::Value*, int> count_uses(const ir::Block& body) {
  std::unordered_map<const ir::Value*, int> uses;
  for (const auto& o : body.ops)
    for (const ir::Value* v : o->operands) ++uses[v];
  return uses;
}

bool can_join(const Group& g, const ir::Op& o,
              const std::unordered_map<const ir::Value*, int>& uses) {
  if (g.kind == GroupKind::whole || !o.def->has(ops::kElementwise) || o.num_results() != 1)
    return false;
  const ir::Value* tail = g.ops.back()->result(0);
  if (o.result(0)->type.shape != tail->type.shape || uses.at(tail) != 1) return false;
  bool uses_tail = false;
  for (const ir::Value* v : o.operands) {
    if (v == tail) {
      uses_tail = true;
      continue;
    }
    if (!static_tensor(v->type)) return false;
    for (const ir::Op* in : g.ops)  // other operands come from outside the group
      if (v->def == in) return false;
  }
  return uses_tail;
}

std::vector<Group> partition(const ir::Block& body) {
  auto uses = count_uses(body);
  std::vector<Group> groups;
  for (const auto& up : body.ops) {
    ir::Op* o = up.get();
    if (o->name == "func.return") continue;
    if (!groups.empty() && can_join(groups.back(), *o, uses)) {
      groups.back().ops.push_back(o);
      continue;
    }
    groups.push_back({kind_of_anchor(*o), {o}});
  }
  return groups;
}

bool lowerable(const ir::Op& func) {
  if (func.regions.empty() || func.regions[0].empty()) return false;
  if (func.attrs.get("tile.grid")) return false;
  for (const auto& o : func.regions[0].front().ops) {
    if (o->name == "func.return") continue;
    if (!o->def || o->def->level != ops::Level::graph || !o->regions.empty() ||
        o->def->has(ops::kCollective))
      return false;
    // A neighbors stencil handle means its defining op (docs/ops/graph/neighbors.md), which a
    // group boundary would hide: such functions stay at Graph IR.
    if (o->name.rfind("tessera.neighbors.", 0) == 0) return false;
  }
  return true;
}

ir::Type with_dynamic(ir::Type t, const std::vector<bool>& dyn) {
  for (size_t d = 0; d < t.shape.size() && d < dyn.size(); ++d)
    if (dyn[d]) t.shape[d] = ir::kDynamic;
  return t;
}

std::unique_ptr<ir::Op> make_op(const char* name, ir::Location loc) {
  auto op = std::make_unique<ir::Op>();
  op->name = name;
  op->def = ops::lookup_op(name);
  op->loc = loc;
  return op;
}

// Outlines group `g` of `func` into function `name`; returns the schedule.group op that replaces
// it (not yet inserted) and records the replacement of its results in `repl`.
struct Outlined {
  std::unique_ptr<ir::Op> func, group;
};

Outlined outline(const Group& g, const std::string& name, ir::Block& body,
                 const std::unordered_map<const ir::Op*, int64_t>& index,
                 const std::unordered_map<const ir::Value*, ir::Type>& static_type,
                 std::unordered_map<const ir::Value*, ir::Value*>& repl) {
  // A value outlined by an earlier group has dynamic dims by now: parameters take its type
  // from before the pass.
  auto type_of = [&](const ir::Value* v) {
    auto it = static_type.find(v);
    return it == static_type.end() ? v->type : it->second;
  };
  const ir::Op& anchor = *g.ops.front();
  const Schedule s = schedule_for(g);
  // Parameters: each anchor operand its own; epilogue operands deduplicated.
  std::vector<ir::Value*> params;
  std::vector<std::pair<ir::Op*, size_t>> param_use;  // the (op, operand) a param was made for
  std::unordered_map<const ir::Value*, size_t> epi_param;
  std::unordered_set<const ir::Op*> in_group(g.ops.begin(), g.ops.end());
  std::vector<std::vector<int>> operand_param(g.ops.size());
  for (size_t k = 0; k < g.ops.size(); ++k) {
    ir::Op* o = g.ops[k];
    operand_param[k].assign(o->operands.size(), -1);
    for (size_t p = 0; p < o->operands.size(); ++p) {
      ir::Value* v = o->operands[p];
      if (v->def && in_group.count(v->def)) continue;
      if (k > 0) {
        auto [it, fresh] = epi_param.emplace(v, params.size());
        if (!fresh) {
          operand_param[k][p] = static_cast<int>(it->second);
          continue;
        }
      }
      operand_param[k][p] = static_cast<int>(params.size());
      params.push_back(v);
    }
  }
  // Which dims vary between tiles: those where a tile is smaller than the whole.
  const bool tiled = g.kind != GroupKind::whole;
  std::vector<bool> out_dyn;
  std::vector<std::vector<bool>> param_dyn(params.size());
  sched::GroupPlan plan;
  if (tiled) {
    const auto& out = anchor.result(0)->type.shape;
    auto ext = sched::tile_extents(g.kind, s.tile_shape, out);
    for (size_t d = 0; d < out.size(); ++d) out_dyn.push_back(ext[d] != out[d]);
    plan.kind = g.kind;
    plan.anchor = &anchor;
    plan.batch_dims = g.kind == GroupKind::conv ? 1 : g.kind == GroupKind::attention ? 2 : 0;
    plan.roles.assign(params.size(), sched::ArgRole::tiled);
    for (size_t p = 0; p < anchor.operands.size(); ++p) {
      const int i = operand_param[0][p];
      if (i < 0) continue;
      using R = sched::ArgRole;
      R role = R::tiled;
      if (g.kind == GroupKind::gemm) role = p == 0 ? R::gemm_a : R::gemm_b;
      if (g.kind == GroupKind::conv) role = p == 0 ? R::batch : R::whole;
      if (g.kind == GroupKind::attention) role = R::batch;
      plan.roles[static_cast<size_t>(i)] = role;
    }
    std::vector<int64_t> zero(out.size(), 0);
    for (size_t i = 0; i < params.size(); ++i) {
      const auto shape = type_of(params[i]).shape;
      auto sl = sched::arg_slice(plan, i, shape, zero, ext);
      for (size_t d = 0; d < shape.size(); ++d) param_dyn[i].push_back(sl.size[d] != shape[d]);
    }
  }
  // The function.
  Outlined res;
  res.func = make_op("func.func", anchor.loc);
  res.func->regions.emplace_back();
  res.func->regions[0].blocks.push_back(std::make_unique<ir::Block>());
  ir::Block& fb = res.func->regions[0].front();
  fb.parent = res.func.get();
  std::vector<ir::Type> in_types;
  for (size_t i = 0; i < params.size(); ++i) {
    ir::Type t = tiled ? with_dynamic(type_of(params[i]), param_dyn[i]) : type_of(params[i]);
    in_types.push_back(t);
    // One value may feed two parameters (matmul(x, x)): names stay unique.
    std::string pname = params[i]->name.empty() ? "p" + std::to_string(i) : params[i]->name;
    for (size_t j = 0; j < i; ++j)
      if (fb.args[j]->name == pname) pname += "_" + std::to_string(i);
    fb.add_arg(t, pname);
  }
  // Move the ops (unique_ptrs leave `body`; the caller erases the null slots).
  for (size_t k = 0; k < g.ops.size(); ++k) {
    ir::Op* o = g.ops[k];
    for (size_t p = 0; p < o->operands.size(); ++p)
      if (operand_param[k][p] >= 0)
        o->operands[p] = fb.args[static_cast<size_t>(operand_param[k][p])].get();
    if (tiled)
      for (auto& r : o->results) r->type = with_dynamic(r->type, out_dyn);
    o->attrs.set("schedule.origin", ir::Attr::integer_attr(index.at(o)));
    for (auto& up : body.ops)
      if (up.get() == o) fb.append(std::move(up));
  }
  // Results: values used after the group (for a tiled group, its tail).
  std::vector<ir::Value*> outs;
  if (tiled) {
    outs.push_back(g.ops.back()->result(0));
  } else {
    for (auto& r : g.ops.front()->results) outs.push_back(r.get());
  }
  auto ret = make_op("func.return", anchor.loc);
  std::vector<ir::Type> out_types;
  for (ir::Value* v : outs) {
    ret->operands.push_back(v);
    out_types.push_back(v->type);
  }
  fb.append(std::move(ret));
  res.func->attrs.set("sym_name", ir::Attr::string_attr(name));
  res.func->attrs.set("function_type", ir::Attr::func_type_attr(in_types, out_types));
  // The group op.
  res.group = make_op("schedule.group", anchor.loc);
  res.group->operands = params;
  res.group->attrs.set("callee", ir::Attr::symbol_attr(name));
  res.group->attrs.set("kind", ir::Attr::string_attr(sched::group_kind_name(g.kind)));
  if (tiled) {
    std::vector<ir::Attr> ts;
    for (int64_t e : s.tile_shape) ts.push_back(ir::Attr::integer_attr(e));
    res.group->attrs.set("tile_shape", ir::Attr::array_attr(std::move(ts)));
  }
  res.group->attrs.set("stages", ir::Attr::integer_attr(s.stages));
  res.group->attrs.set("warps", ir::Attr::integer_attr(s.warps));
  res.group->attrs.set("placement", ir::Attr::string_attr("replicated"));
  for (ir::Value* v : outs) {
    ir::Value* nv = res.group->add_result(v->type);  // the caller restores static types
    nv->name = v->name;
    repl[v] = nv;
  }
  return res;
}

}  // namespace

bool graph_to_schedule(ir::Module& m, DiagnosticEngine& diag) {
  // SPMD programs keep Graph IR: the only placement is "replicated" (schedule_c5).
  if (m.op().attrs.get("tessera.mesh")) return true;
  // Calls first, so that a function's callees' ops group with its own (inline_calls.h).
  if (!inline_calls(m, diag)) return false;
  decompose_stencils(m, diag);  // stencils as gathers and arithmetic (decompose_stencils.h)
  std::vector<ir::Op*> funcs = m.funcs();
  // Each function's group functions go right before it.
  std::unordered_map<const ir::Op*, std::vector<std::unique_ptr<ir::Op>>> group_funcs;
  for (ir::Op* f : funcs) {
    auto& new_funcs = group_funcs[f];
    if (!lowerable(*f)) continue;
    ir::Block& body = f->regions[0].front();
    std::unordered_map<const ir::Op*, int64_t> index;
    for (size_t k = 0; k < body.ops.size(); ++k) index[body.ops[k].get()] = static_cast<int64_t>(k);
    // Result types of moved ops change to dynamic dims: remember the static ones for the groups.
    std::unordered_map<const ir::Op*, std::vector<ir::Type>> static_types;
    std::unordered_map<const ir::Value*, ir::Type> value_types;
    for (const auto& o : body.ops)
      for (const auto& r : o->results) {
        static_types[o.get()].push_back(r->type);
        value_types[r.get()] = r->type;
      }
    std::vector<Group> groups = partition(body);
    std::unordered_map<const ir::Value*, ir::Value*> repl;
    std::vector<std::unique_ptr<ir::Op>> group_ops;
    std::vector<const ir::Op*> first_of;
    const std::string fname = ir::func_name(*f);
    for (size_t k = 0; k < groups.size(); ++k) {
      first_of.push_back(groups[k].ops.front());
      Outlined o =
          outline(groups[k], fname + "_g" + std::to_string(k), body, index, value_types, repl);
      // The group's results keep the whole (static) types.
      const ir::Op* tail =
          groups[k].kind == GroupKind::whole ? groups[k].ops.front() : groups[k].ops.back();
      for (size_t r = 0; r < o.group->num_results(); ++r)
        o.group->result(r)->type =
            static_types.at(tail)[groups[k].kind == GroupKind::whole ? r : 0];
      new_funcs.push_back(std::move(o.func));
      group_ops.push_back(std::move(o.group));
    }
    // Rebuild the body: group ops in order, then the return; operands through `repl`.
    std::vector<std::unique_ptr<ir::Op>> rest;
    for (auto& up : body.ops)
      if (up) rest.push_back(std::move(up));
    body.ops.clear();
    for (auto& g : group_ops) body.append(std::move(g));
    for (auto& r : rest) body.append(std::move(r));
    for (auto& o : body.ops)
      for (auto& v : o->operands)
        if (auto it = repl.find(v); it != repl.end()) v = it->second;
  }
  std::vector<std::unique_ptr<ir::Op>> all;
  for (auto& up : m.body().ops) {
    if (auto it = group_funcs.find(up.get()); it != group_funcs.end())
      for (auto& nf : it->second) all.push_back(std::move(nf));
    all.push_back(std::move(up));
  }
  m.body().ops.clear();
  for (auto& up : all) m.body().append(std::move(up));
  m.rebuild_symbols();
  return true;
}

}  // namespace tessera::transforms
