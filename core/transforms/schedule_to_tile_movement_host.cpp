// Data movement left in a host function after schedule-to-tile (the transposes and broadcasts it
// places around its launches) becomes the gather kernel's launch, and a cast the scalar kernel's,
// so that a lowered host function holds only launches and reshapes
// (docs/ops/schedule/lowering.md, "Data movement around launches").
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/ops/registry.h"
#include "core/transforms/schedule_to_tile.h"
#include "core/transforms/schedule_to_tile_movement.h"
#include "core/transforms/schedule_to_tile_scalar.h"

namespace tessera::transforms {

namespace {

std::unique_ptr<ir::Op> reshape_of(ir::Value* v, std::vector<int64_t> shape, ir::Location loc) {
  auto r = std::make_unique<ir::Op>();
  r->name = "tessera.reshape";
  r->def = ops::lookup_op("tessera.reshape");
  r->loc = loc;
  r->operands = {v};
  r->add_result(ir::Type::tensor(v->type.dtype, std::move(shape)));
  return r;
}

ir::Attr int_array(const std::vector<int64_t>& v) {
  std::vector<ir::Attr> e;
  for (int64_t x : v) e.push_back(ir::Attr::integer_attr(x));
  return ir::Attr::array_attr(std::move(e));
}

bool launches_tile_kernels(const ir::Block& body) {
  for (const auto& o : body.ops)
    if (o->name == "tile.launch") return true;
  return false;
}

// A kernel name no symbol of `m` (or an earlier kernel of this pass) has.
std::string fresh_name(const ir::Module& m, std::set<std::string>& taken, const std::string& base) {
  for (int k = 0;; ++k) {
    std::string n = base + "_move" + std::to_string(k) + "_kernel";
    if (m.lookup_func(n) == nullptr && taken.insert(n).second) return n;
  }
}

// A host `tessera.cast` (the conversions a convolution of narrow inputs places around its
// launch) as the scalar kernel of "Casts": the op goes into a one-op group function of its own,
// which plan_scalar_chain reads as it reads a schedule.group's callee.
MovementPlan plan_host_cast(const ir::Op& op, const std::string& name) {
  MovementPlan p;
  if (op.operands.size() != 1 || op.num_results() != 1) {
    p.why = "internal: a cast of one operand and one result";
    return p;
  }
  ir::Op callee;
  callee.name = "func.func";
  callee.regions.emplace_back();
  callee.regions[0].blocks.push_back(std::make_unique<ir::Block>());
  ir::Block& body = callee.regions[0].front();
  body.parent = &callee;
  auto cast = std::make_unique<ir::Op>();
  cast->name = op.name;
  cast->def = op.def;
  cast->attrs = op.attrs;
  cast->loc = op.loc;
  cast->operands = {body.add_arg(op.operands[0]->type)};
  ir::Value* r = cast->add_result(op.result(0)->type);
  auto ret = std::make_unique<ir::Op>();
  ret->name = "func.return";
  ret->operands = {r};
  body.append(std::move(cast));
  body.append(std::move(ret));
  ir::Op group;
  group.name = "schedule.group";
  group.operands = op.operands;
  group.add_result(op.result(0)->type);
  ScalarChain c = plan_scalar_chain(group, callee, name);
  p.kernel = std::move(c.kernel);
  p.why = std::move(c.why);
  p.in_sizes = std::move(c.in_sizes);
  p.rows = c.rows;
  p.width = c.width;
  return p;
}

}  // namespace

bool lower_host_movement(ir::Module& m, DiagnosticEngine& diag) {
  std::vector<std::unique_ptr<ir::Op>> kernels;
  std::set<std::string> taken;
  for (ir::Op* f : m.funcs()) {
    if (f->regions.empty() || f->regions[0].empty()) continue;
    ir::Block& body = f->regions[0].front();
    if (!launches_tile_kernels(body)) continue;  // a group's callee or a kernel: not a host
    std::vector<std::unique_ptr<ir::Op>> ops;
    for (auto& up : body.ops) {
      ir::Op& op = *up;
      const bool cast = op.name == "tessera.cast";
      if (op.name == "tessera.reshape" || (!cast && !is_movement_op(op.name))) {
        ops.push_back(std::move(up));
        continue;
      }
      const std::string name = fresh_name(m, taken, ir::func_name(*f));
      MovementPlan p = cast ? plan_host_cast(op, name) : plan_movement_op(op, name);
      if (p.kernel.empty()) {  // it stays where it is, and says why
        op.attrs.set("schedule.not_lowered", ir::Attr::string_attr(p.why));
        ops.push_back(std::move(up));
        continue;
      }
      auto kernel = parse_kernel(p.kernel, op.loc, diag);
      if (!kernel) return false;
      kernels.push_back(std::move(kernel));
      auto launch = std::make_unique<ir::Op>();
      launch->name = "tile.launch";
      launch->def = ops::lookup_op("tile.launch");
      launch->loc = op.loc;
      for (size_t i = 0; i < op.operands.size(); ++i) {  // each operand goes in as [N]
        ir::Value* v = op.operands[i];
        if (v->type.shape != std::vector<int64_t>{p.in_sizes[i]}) {
          auto r = reshape_of(v, {p.in_sizes[i]}, op.loc);
          v = r->result(0);
          ops.push_back(std::move(r));
        }
        launch->operands.push_back(v);
      }
      launch->attrs.set("callee", ir::Attr::symbol_attr(name));
      launch->attrs.set("grid", int_array({p.rows}));
      launch->attrs.set("tiles", ir::Attr::integer_attr(1));
      launch->attrs.set("lanes", ir::Attr::integer_attr(32));
      // The op that gives the result takes over the op's result, its uses and its schedule
      // attributes: a reshape of the [R, W] launch result to the op's shape, or the launch when
      // the shapes agree and there are no such attributes (a launch carrying `schedule.group` is
      // the group's kernel to the CUDA runtime's library hook: a gather launch must not be).
      const ir::Type& rt = op.result(0)->type;
      bool schedule_attrs = false;
      for (const auto& [key, value] : op.attrs.entries())
        schedule_attrs |= key.starts_with("schedule.");
      std::unique_ptr<ir::Op> back;
      ir::Op* last = launch.get();
      if (schedule_attrs || rt.shape != std::vector<int64_t>{p.rows, p.width}) {
        back = reshape_of(launch->add_result(ir::Type::tensor(rt.dtype, {p.rows, p.width})), {},
                          op.loc);
        last = back.get();
      }
      last->results = std::move(op.results);
      for (auto& r : last->results) r->def = last;
      for (const auto& [key, value] : op.attrs.entries())
        if (key.starts_with("schedule.")) last->attrs.set(key, value);
      ops.push_back(std::move(launch));
      if (back) ops.push_back(std::move(back));
    }
    for (auto& o : ops) o->parent = &body;
    body.ops = std::move(ops);
  }
  for (auto& k : kernels) m.body().append(std::move(k));
  m.rebuild_symbols();
  return true;
}

}  // namespace tessera::transforms
