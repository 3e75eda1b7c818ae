// Schedule IR -> Tile IR, the pass (docs/ops/schedule/lowering.md, "Schedule -> Tile"): each
// schedule.group that schedule_to_tile.cpp's plan lowers becomes a kernel function and a
// tile.launch, with the Graph IR views, casts and broadcasts the plan asks for around it.
#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include "core/ops/registry.h"
#include "core/text/parser.h"
#include "core/transforms/library_groups.h"
#include "core/transforms/schedule_to_tile.h"
#include "core/transforms/schedule_to_tile_movement.h"
#include "core/transforms/schedule_to_tile_plan.h"

namespace tessera::transforms {

namespace {

constexpr const char* kLibraryWhole =
    "default mode: left whole for the vendor library (its Tile IR lowering takes several "
    "launches)";

// True when `l` is one launch on the group's own operands and result (no step before or after).
bool one_launch(const Lowering& l) {
  const auto any = [](const std::vector<bool>& v) {
    return std::find(v.begin(), v.end(), true) != v.end();
  };
  const bool prep = std::any_of(l.prep.begin(), l.prep.end(),
                                [](const std::vector<GraphStep>& v) { return !v.empty(); });
  return !prep && l.post.empty() && l.perm.empty() && l.out_perm.empty() && l.flat.empty() &&
         l.as_2d.empty() && l.out_2d.empty() && !any(l.spread) && !any(l.expand) && !any(l.bias);
}

ir::Attr int_array(const std::vector<int64_t>& v) {
  std::vector<ir::Attr> e;
  for (int64_t x : v) e.push_back(ir::Attr::integer_attr(x));
  return ir::Attr::array_attr(std::move(e));
}

// A Graph IR op of `st` on `v` (placed before or after a launch by the caller).
std::unique_ptr<ir::Op> graph_op(const GraphStep& st, ir::Value* v, ir::Location loc) {
  auto r = std::make_unique<ir::Op>();
  r->name = st.op;
  r->def = ops::lookup_op(st.op);
  r->loc = loc;
  r->operands = {v};
  r->attrs = st.attrs;
  r->add_result(ir::Type::tensor(st.dtype, st.shape));
  return r;
}

/// A group whose one result is a static tensor of zero elements computes nothing: an empty
/// `tessera.constant` of that type replaces it (no launch) and takes over its result; nullptr
/// for any other group. (A group of several results keeps its kernel: validate matches a group
/// with one op.)
std::unique_ptr<ir::Op> empty_result_constant(ir::Op& g, const ir::Op& callee) {
  if (g.num_results() != 1) return nullptr;
  // A KV-cache read of length 0 still checks its start position at Graph IR (an error for a bad
  // one): it stays, so that no level accepts what the Graph kernel refuses.
  for (const auto& op : callee.regions[0].front().ops)
    if (op->name.starts_with("tessera.kv_cache.")) return nullptr;
  const ir::Type& t = g.result(0)->type;
  std::optional<int64_t> n = t.num_elements();
  if (!t.is_tensor() || !t.has_static_shape() || !n || *n != 0) return nullptr;
  auto c = std::make_unique<ir::Op>();
  c->name = "tessera.constant";
  c->def = ops::lookup_op("tessera.constant");
  c->loc = g.loc;
  c->parent = g.parent;
  ir::Attr value;
  value.kind = ir::Attr::Kind::dense;
  value.type = t;
  c->attrs.set("value", value);
  c->attrs.set("schedule.group", ir::Attr::symbol_attr(ir::func_name(callee)));  // validate
  c->results = std::move(g.results);
  c->results[0]->def = c.get();
  return c;
}

// Ops placed before (reshapes) or after a launch, keyed by the launch they belong to.
using Placed = std::vector<std::pair<const ir::Op*, std::unique_ptr<ir::Op>>>;

/// A one-operand Graph IR op `name` on `v` with result type `t` (placed by the caller).
std::unique_ptr<ir::Op> unary_op(const char* name, ir::Value* v, const ir::Type& t,
                                 ir::Location loc) {
  auto r = std::make_unique<ir::Op>();
  r->name = name;
  r->def = ops::lookup_op(name);
  r->loc = loc;
  r->operands = {v};
  r->add_result(t);
  return r;
}

/// tessera.transpose of `v` by `perm`.
std::unique_ptr<ir::Op> transpose_op(ir::Value* v, const std::vector<int64_t>& perm,
                                     const std::vector<int64_t>& shape, ir::Location loc) {
  auto t = unary_op("tessera.transpose", v, ir::Type::tensor(v->type.dtype, shape), loc);
  std::vector<ir::Attr> pa;
  for (int64_t d : perm) pa.push_back(ir::Attr::integer_attr(d));
  t->attrs.set("perm", ir::Attr::array_attr(std::move(pa)));
  return t;
}

/// Rewrites the launch's operands through the plan's Graph IR steps: per-operand preparation
/// (casts, views), numpy broadcasts to the result, the [R, W] views of row kernels (with the
/// reduced axes moved last first) and [1, N] row biases.
void wire_operands(ir::Op& launch, const ir::Op& g, const Lowering& l, Placed& before) {
  for (size_t i = 0; i < l.prep.size(); ++i) {  // casts, views and spreads of an operand
    ir::Value* previous = nullptr;              // the previous step's operand
    for (const GraphStep& st : l.prep[i]) {
      ir::Value*& v = launch.operands[i];
      auto r = graph_op(st, v, g.loc);
      if (st.with_previous) r->operands = {previous, v};
      previous = v;
      v = r->result(0);
      before.push_back({&launch, std::move(r)});
    }
  }
  for (size_t i = 0; i < l.expand.size(); ++i)  // numpy broadcast to the result's shape
    if (l.expand[i]) {
      ir::Value*& v = launch.operands[i];
      auto r = unary_op("tessera.broadcast", v,
                        ir::Type::tensor(v->type.dtype, g.result(0)->type.shape), g.loc);
      v = r->result(0);
      before.push_back({&launch, std::move(r)});
    }
  if (!l.as_2d.empty())
    for (size_t i = 0; i < launch.operands.size(); ++i) {
      ir::Value*& v = launch.operands[i];
      if (i == 0 && !l.perm.empty()) {  // reduced axes moved last (tessera.transpose)
        std::vector<int64_t> shape;
        for (int64_t d : l.perm) shape.push_back(v->type.shape[static_cast<size_t>(d)]);
        auto t = transpose_op(v, l.perm, shape, g.loc);
        v = t->result(0);
        before.push_back({&launch, std::move(t)});
      }
      // gamma / beta [W] broadcast (numpy trailing alignment) to the rows [R, W]
      const char* how =
          i < l.spread.size() && l.spread[i] ? "tessera.broadcast" : "tessera.reshape";
      auto r =
          unary_op(how, v,
                   ir::Type::tensor(v->type.dtype,
                                    l.flat.empty() ? l.as_2d : std::vector<int64_t>{l.flat[i]}),
                   g.loc);
      v = r->result(0);
      before.push_back({&launch, std::move(r)});
    }
  for (size_t p = 0; p < l.bias.size(); ++p)  // a row bias [N] goes in as [1, N]
    if (l.bias[p]) {
      ir::Value*& v = launch.operands[2 + p];
      auto r = unary_op("tessera.reshape", v, ir::Type::tensor(DType::f32, {1, v->type.shape[0]}),
                        g.loc);
      v = r->result(0);
      before.push_back({&launch, std::move(r)});
    }
}

/// Gives the group's results to what comes out of the launch: the launch itself, the last of
/// the plan's `post` steps (conv), or the reshape (and transpose back) from the kernel's [R, W]
/// result. The op holding them carries `schedule.group` for `tessera-interp validate`.
void wire_results(ir::Op& launch, ir::Op& g, const ir::Op& callee, const Lowering& l,
                  Placed& after) {
  const ir::Attr group_sym = ir::Attr::symbol_attr(ir::func_name(callee));
  if (!l.post.empty()) {  // the launch's f32 result goes through `post` (conv: a cast)
    ir::Value* v = launch.add_result(ir::Type::tensor(DType::f32, l.post_in));
    for (size_t k = 0; k < l.post.size(); ++k) {
      auto r = graph_op(l.post[k], v, g.loc);
      r->parent = g.parent;
      if (k + 1 == l.post.size()) {
        r->results = std::move(g.results);
        for (auto& res : r->results) res->def = r.get();
        r->attrs.set("schedule.group", group_sym);
      }
      v = r->results.empty() ? nullptr : r->result(0);
      after.push_back({&launch, std::move(r)});
    }
    return;
  }
  if (l.as_2d.empty()) {
    launch.results = std::move(g.results);
    for (auto& r : launch.results) r->def = &launch;
    launch.attrs.set("schedule.group", group_sym);
    return;
  }
  const ir::Type& result = g.result(0)->type;
  ir::Value* out =
      launch.add_result(ir::Type::tensor(result.dtype, l.out_2d.empty() ? l.as_2d : l.out_2d));
  // The group's result value (and its uses) moves to the last op after the launch: the
  // reshape, or the transpose back from the permuted shape (softmax along another axis).
  std::unique_ptr<ir::Op> back;
  std::unique_ptr<ir::Op> tr;
  if (l.out_perm.empty()) {
    back = unary_op("tessera.reshape", out, result, g.loc);
  } else {
    std::vector<int64_t> shape;
    for (size_t d = 0; d < l.out_perm.size(); ++d)
      shape.push_back(result.shape[static_cast<size_t>(l.perm[d])]);
    back = unary_op("tessera.reshape", out, ir::Type::tensor(result.dtype, shape), g.loc);
    tr = transpose_op(back->result(0), l.out_perm, result.shape, g.loc);
  }
  ir::Op* last = tr ? tr.get() : back.get();
  last->results = std::move(g.results);  // the group's values, with their uses
  for (auto& r : last->results) r->def = last;
  last->attrs.set("schedule.group", group_sym);  // validate compares in the group's shape
  back->parent = g.parent;
  after.push_back({&launch, std::move(back)});
  if (tr) {
    tr->parent = g.parent;
    after.push_back({&launch, std::move(tr)});
  }
}

/// The tile.launch of plan `l` for group `g`, with the Graph IR steps it needs in `before` and
/// `after`.
std::unique_ptr<ir::Op> make_launch(ir::Op& g, const ir::Op& callee, const std::string& name,
                                    const Lowering& l, Placed& before, Placed& after) {
  auto launch = std::make_unique<ir::Op>();
  launch->name = "tile.launch";
  launch->def = ops::lookup_op("tile.launch");
  launch->loc = g.loc;
  launch->parent = g.parent;
  launch->operands = g.operands;
  wire_operands(*launch, g, l, before);
  wire_results(*launch, g, callee, l, after);
  launch->attrs.set("callee", ir::Attr::symbol_attr(name));
  launch->attrs.set("grid", int_array(l.grid));
  launch->attrs.set("tiles", ir::Attr::integer_attr(l.tiles));
  launch->attrs.set("lanes", ir::Attr::integer_attr(32));
  if (!l.group_tile.empty()) {
    launch->attrs.set("schedule.tile", int_array(l.group_tile));
    launch->attrs.set("schedule.tiles", int_array(l.tile_split));
  }
  return launch;
}

/// Puts each op of `before` ahead of its launch and each of `after` behind it, in order.
void splice(ir::Op& f, Placed& before, Placed& after) {
  if (before.empty() && after.empty()) return;
  ir::Block& body = f.regions[0].front();
  std::vector<std::unique_ptr<ir::Op>> ops;
  for (auto& up : body.ops) {
    const ir::Op* at = up.get();
    for (auto& [launch, r] : before)
      if (r && launch == at) {
        r->parent = &body;
        ops.push_back(std::move(r));
      }
    ops.push_back(std::move(up));
    for (auto& [launch, r] : after)
      if (r && launch == at) {
        r->parent = &body;
        ops.push_back(std::move(r));
      }
  }
  body.ops = std::move(ops);
}

}  // namespace

std::unique_ptr<ir::Op> parse_kernel(const std::string& func_text, ir::Location loc,
                                     DiagnosticEngine& diag) {
  SourceManager sm;
  DiagnosticEngine local(&sm);
  auto km = text::parse_module("module {\n" + func_text + "}\n", "<schedule-to-tile>", sm, local);
  if (!km || km->body().ops.empty()) {
    diag.error(loc, "internal: the Tile IR kernel template does not parse:\n" + local.render());
    return nullptr;
  }
  std::unique_ptr<ir::Op> f = std::move(km->body().ops.front());
  ir::walk(*f, [&](ir::Op& o) {
    o.loc = loc;
    for (auto& r : o.results) r->loc = loc;
    for (auto& reg : o.regions)
      for (auto& b : reg.blocks)
        for (auto& a : b->args) a->loc = loc;
  });
  return f;
}

bool schedule_to_tile(ir::Module& m, DiagnosticEngine& diag) {
  std::vector<std::unique_ptr<ir::Op>> kernels;
  const bool library_groups = wants_library_groups(m);
  for (ir::Op* f : m.funcs()) {
    if (f->regions.empty() || f->regions[0].empty()) continue;
    Placed before, after;  // Graph IR steps around the launches
    for (auto& up : f->regions[0].front().ops) {
      ir::Op& g = *up;
      if (g.name != "schedule.group") continue;
      const ir::Op* callee = ir::lookup_callee(g);
      if (!callee) continue;  // the verifier reported it
      const std::string name = ir::func_name(*callee) + "_kernel";
      if (auto empty = empty_result_constant(g, *callee)) {  // no launch
        up = std::move(empty);
        continue;
      }
      Lowering l = plan_lowering(g, *callee, name);
      if (library_groups && !l.kernel.empty() && !one_launch(l) && is_library_group(g, *callee)) {
        l = Lowering{};  // library_groups.h
        l.why = kLibraryWhole;
      }
      if (l.kernel.empty()) {
        g.attrs.set("schedule.not_lowered", ir::Attr::string_attr(l.why));
        continue;
      }
      auto kernel = parse_kernel(l.kernel, g.loc, diag);
      if (!kernel) return false;
      kernels.push_back(std::move(kernel));
      up = make_launch(g, *callee, name, l, before, after);
    }
    splice(*f, before, after);
  }
  for (auto& k : kernels) m.body().append(std::move(k));
  m.rebuild_symbols();
  return lower_host_movement(m, diag);  // the data movement placed around the launches
}

}  // namespace tessera::transforms
