// Derivative rules of tessera.control_while (docs/ops/graph/control-flow.md, "Derivatives"): the
// jvp is a control_while carrying the tangents beside the values (jax.jvp of while_loop); reverse
// mode is refused with a diagnostic, as JAX refuses reverse mode of a while_loop.
#include "core/ops/registry.h"
#include "core/transforms/autodiff_engine.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Op;
using ir::Type;
using ir::Value;

namespace {

/// The loop's shape: which operands are carried and which are floats (have tangents).
struct Loop {
  std::vector<bool> carried;
  std::vector<size_t> floats;  ///< Indices of the float operands, in order.
  bool carry_attr = false;
};

Loop loop_of(const ir::Op& op, std::span<Value* const> x) {
  Loop l;
  l.carried.assign(x.size(), true);
  if (const Attr* c = op.attrs.get("carry_arg_index")) {
    l.carry_attr = true;
    l.carried.assign(x.size(), false);
    if (c->i >= 0 && static_cast<size_t>(c->i) < x.size())
      l.carried[static_cast<size_t>(c->i)] = true;
  }
  for (size_t i = 0; i < x.size(); ++i)
    if (is_float_value(*x[i])) l.floats.push_back(i);
  return l;
}

/// Appends a new function `name(ins...)` to `m` and returns its entry block's builder target.
Op* new_func(ir::Module& m, const std::string& name, const std::vector<Type>& ins,
             const std::vector<Type>& outs, ir::Location loc) {
  auto g = std::make_unique<Op>();
  g->name = "func.func";
  g->def = ops::lookup_op("func.func");
  g->loc = loc;
  g->attrs.set("sym_name", Attr::string_attr(name));
  g->attrs.set("function_type", Attr::func_type_attr(ins, outs));
  auto& blk = g->regions.emplace_back().blocks.emplace_back(std::make_unique<ir::Block>());
  blk->parent = g.get();
  for (size_t k = 0; k < ins.size(); ++k) blk->add_arg(ins[k], "s" + std::to_string(k));
  Op* out = m.body().append(std::move(g));
  m.rebuild_symbols();
  return out;
}

void finish_func(Op& f, std::vector<Value*> rets, ir::Location loc) {
  auto r = std::make_unique<Op>();
  r->name = "func.return";
  r->def = ops::lookup_op("func.return");
  r->loc = loc;
  r->operands = std::move(rets);
  f.regions[0].front().append(std::move(r));
}

std::vector<Value*> call(Builder& b, const Op& callee, std::vector<Value*> args) {
  ir::AttrDict a;
  a.set("callee", Attr::symbol_attr(ir::func_name(callee)));
  return b.emit("func.call", std::move(args), std::move(a), ir::func_result_types(callee));
}

/// `@<body>_jvp_while[_cK](x..., t...) -> (x'..., t'...)`: one step of the tangent loop; carried
/// positions take body_jvp's results, the others pass through.
Op* step_func(Builder& b, const Op& body_jvp, const Loop& l, const std::vector<Type>& state,
              const std::string& name) {
  if (Op* have = b.module()->lookup_func(name)) return have;
  Op* f = new_func(*b.module(), name, state, state, body_jvp.loc);
  ir::Block& blk = f->regions[0].front();
  Builder fb(blk, b.diag());
  fb.set_loc(body_jvp.loc);
  std::vector<Value*> args;
  for (const auto& a : blk.args) args.push_back(a.get());
  auto r = call(fb, body_jvp, args);
  if (!fb.ok()) return nullptr;
  const size_t n = l.carried.size();
  std::vector<Value*> out(args.begin(), args.end());
  size_t k = 0;
  for (size_t i = 0; i < n; ++i)
    if (l.carried[i]) out[i] = r[k++];
  for (size_t j = 0; j < l.floats.size(); ++j)
    if (l.carried[l.floats[j]]) out[n + j] = r[k++];
  finish_func(*f, std::move(out), body_jvp.loc);
  return f;
}

/// `@<cond>_jvp_while[_cK](x..., t...) -> flag`: the condition on the values (or on the carried
/// value alone, as control_while calls a condition that takes only it).
Op* cond_func(Builder& b, const Op& cond, const Loop& l, const std::vector<Type>& state,
              const std::string& name) {
  if (Op* have = b.module()->lookup_func(name)) return have;
  Op* f = new_func(*b.module(), name, state, ir::func_result_types(cond), cond.loc);
  ir::Block& blk = f->regions[0].front();
  Builder fb(blk, b.diag());
  fb.set_loc(cond.loc);
  const size_t n = l.carried.size();
  const size_t params = is_declaration(cond) ? 0 : cond.regions[0].front().args.size();
  std::vector<Value*> args;
  for (size_t i = 0; i < n; ++i)
    if (!(l.carry_attr && params != n) || l.carried[i]) args.push_back(blk.args[i].get());
  auto r = call(fb, cond, args);
  if (!fb.ok()) return nullptr;
  finish_func(*f, r, cond.loc);
  return f;
}

}  // namespace

// jvp: control_while over the state (operands..., one tangent per float operand), every
// position carried, with the step @<body>_jvp_while (calls @<body>_jvp) and the condition
// @<cond>_jvp_while (calls @<cond> on the values): the trip count is the primal loop's.
bool jvp_ControlWhile(JvpCtx& c) {
  Builder& b = c.b;
  const ir::SymbolTable* table = ir::enclosing_symbol_table(c.op);
  auto fn = [&](const char* attr) -> Op* {
    const Attr* a = c.op.attrs.get(attr);
    Op* f = a && a->kind == Attr::Kind::symbol && table ? table->lookup_func(a->s) : nullptr;
    if (!f) b.fail("control_while's " + std::string(attr) + " names no function of the module");
    return f;
  };
  Op* body = fn("body");
  Op* cond = body ? fn("cond") : nullptr;
  if (!cond || !b.module()) return false;
  const Loop l = loop_of(c.op, c.x);
  std::vector<Type> state;
  std::vector<Value*> init(c.x.begin(), c.x.end());
  for (Value* v : c.x) state.push_back(v->type);
  for (size_t i : l.floats) {
    state.push_back(c.x[i]->type);
    init.push_back(c.dx[i] ? c.dx[i] : b.zeros(c.x[i]->type));
  }
  const std::string suffix =
      "_jvp_while" + (l.carry_attr ? "_c" + std::to_string(c.op.attrs.get_int("carry_arg_index", 0))
                                   : std::string());
  const std::string body_name = ir::func_name(*body), cond_name = ir::func_name(*cond);
  Op* body_jvp = derivative_func(*b.module(), *body, Mode::forward, b.diag());
  if (!body_jvp) {
    if (b.ok()) b.fail("cannot differentiate control_while's body");
    return false;
  }
  // derivative_func and new_func add functions (rebuilding the symbol table): look up again.
  cond = b.module()->lookup_func(cond_name);
  Op* step = step_func(b, *body_jvp, l, state, body_name + suffix);
  Op* test = step && cond ? cond_func(b, *cond, l, state, cond_name + suffix) : nullptr;
  if (!test) {
    if (b.ok()) b.fail("internal: cannot build control_while's tangent loop");
    return false;
  }
  ir::AttrDict a;
  a.set("body", Attr::symbol_attr(ir::func_name(*step)));
  a.set("cond", Attr::symbol_attr(ir::func_name(*test)));
  a.set("max_iters", Attr::integer_attr(c.op.attrs.get_int("max_iters", 1)));
  auto r = b.emit("tessera.control_while", init, std::move(a), state);
  if (!b.ok()) return false;
  // The op's results are its carried operands' final values; their tangents follow the values.
  size_t res = 0;
  for (size_t i = 0; i < l.carried.size(); ++i) {
    if (!l.carried[i]) continue;
    for (size_t j = 0; j < l.floats.size(); ++j)
      if (l.floats[j] == i && res < c.dy.size()) c.dy[res] = r[c.x.size() + j];
    ++res;
  }
  return true;
}

// vjp: refused. The trip count is known only at run time, so the backward would have to keep a
// run-time number of carries; JAX refuses reverse mode of while_loop for the same reason.
bool vjp_ControlWhile(VjpCtx& c) {
  c.b.fail(
      "reverse mode of 'tessera.control_while' is not supported (its trip count is known only "
      "at run time, as JAX's while_loop); use tessera.control_for with static bounds or "
      "tessera.control_scan, or forward mode (--mode fwd)");
  return false;
}

}  // namespace tessera::transforms::autodiff
