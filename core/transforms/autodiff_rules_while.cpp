// Derivative rules of tessera.control_while (docs/ops/graph/control-flow.md, "Derivatives"): the
// jvp is a control_while carrying the tangents beside the values (jax.jvp of while_loop); the
// vjp counts the trips, then loops backwards, recomputing each step's carries from the start.
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

/// Appends a new function `name(ins...) -> outs` to `m` (parameters s0, s1, ...) and rebuilds the
/// symbol table.
Op* new_func(ir::Module& m, const std::string& name, const std::vector<Type>& ins,
             const std::vector<Type>& outs, ir::Location loc) {
  Op* out = append_function(m, name, ins, outs, loc, "s");
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

namespace {

const Type kCounter = Type::tensor(DType::f64, {1});

/// The values of `args` (the loop's operands) after one body call whose results `r` replace the
/// carried positions.
std::vector<Value*> merged(const Loop& l, std::span<Value* const> args,
                           const std::vector<Value*>& r) {
  std::vector<Value*> out(args.begin(), args.end());
  size_t k = 0;
  for (size_t i = 0; i < l.carried.size() && k < r.size(); ++i)
    if (l.carried[i]) out[i] = r[k++];
  return out;
}

/// A function `name(types...)` whose body `fill(builder, params)` returns its results.
template <typename Fill>
Op* make_func(Builder& b, const std::string& name, const std::vector<Type>& ins,
              const std::vector<Type>& outs, ir::Location loc, Fill fill) {
  if (Op* have = b.module()->lookup_func(name)) return have;
  Op* f = new_func(*b.module(), name, ins, outs, loc);
  ir::Block& blk = f->regions[0].front();
  Builder fb(blk, b.diag());
  fb.set_loc(loc);
  fb.set_module(b.module());
  std::vector<Value*> params;
  for (const auto& a : blk.args) params.push_back(a.get());
  std::vector<Value*> rets = fill(fb, params);
  if (!fb.ok() || rets.size() != outs.size()) {
    if (fb.ok()) fb.fail("internal: cannot build @" + name);
    return nullptr;
  }
  finish_func(*f, std::move(rets), loc);
  return f;
}

Value* counter_add(Builder& b, Value* n, double d) { return b.add(n, b.fill(kCounter, d)); }

std::vector<Value*> while_op(Builder& b, std::vector<Value*> init, const Op& body, const Op& cond,
                             int64_t max_iters) {
  std::vector<Type> types;
  for (Value* v : init) types.push_back(v->type);
  ir::AttrDict a;
  a.set("body", Attr::symbol_attr(ir::func_name(body)));
  a.set("cond", Attr::symbol_attr(ir::func_name(cond)));
  a.set("max_iters", Attr::integer_attr(max_iters));
  return b.emit("tessera.control_while", std::move(init), std::move(a), std::move(types));
}

/// The condition's arguments: every operand, or the carried one alone when @cond takes only it.
std::vector<Value*> cond_args(const Loop& l, const Op& cond, std::span<Value* const> x) {
  const size_t n = l.carried.size();
  const size_t params = is_declaration(cond) ? 0 : cond.regions[0].front().args.size();
  std::vector<Value*> args;
  for (size_t i = 0; i < n; ++i)
    if (!(l.carry_attr && params != n) || l.carried[i]) args.push_back(x[i]);
  return args;
}

}  // namespace

// vjp by recomputation (no tape: the number of carries is known only at run time). A counting
// loop (@<body>_count / @<cond>_count: the primal loop plus a counter) gives the trip count N.
// The backward loop (@<body>_vjp_while, while j > 0) holds (operands x0..., one cotangent slot
// per float operand, j): each step sets j = j - 1, recomputes the carries c_j by running the body
// j times from x0 (@<body>_recompute, while k < j), calls @<body>_vjp(c_j, slots of the carried
// floats), replaces the carried slots by its cotangents and adds the others'. Cost: N (N - 1) / 2
// recomputed body steps besides the primal and counting loops; memory: one carry.
bool vjp_ControlWhile(VjpCtx& c) {
  Builder& b = c.b;
  const ir::SymbolTable* table = ir::enclosing_symbol_table(c.op);
  auto name_of = [&](const char* attr) {
    const Attr* a = c.op.attrs.get(attr);
    Op* f = a && a->kind == Attr::Kind::symbol && table ? table->lookup_func(a->s) : nullptr;
    if (!f) b.fail("control_while's " + std::string(attr) + " names no function of the module");
    return f ? ir::func_name(*f) : std::string();
  };
  const std::string body_name = name_of("body");
  const std::string cond_name = b.ok() ? name_of("cond") : std::string();
  if (!b.ok() || !b.module()) return false;
  ir::Module& m = *b.module();
  const Loop l = loop_of(c.op, c.x);
  const int64_t max_iters = c.op.attrs.get_int("max_iters", 1);
  const size_t n = c.x.size();
  const std::string sfx =
      l.carry_attr ? "_c" + std::to_string(c.op.attrs.get_int("carry_arg_index", 0)) : "";
  const ir::Location loc = c.op.loc;
  std::vector<Type> xt;
  for (Value* v : c.x) xt.push_back(v->type);
  std::vector<Type> with_n = xt;
  with_n.push_back(kCounter);
  Op* body_vjp = derivative_func(m, *m.lookup_func(body_name), Mode::reverse, b.diag());
  if (!body_vjp) {
    if (b.ok()) b.fail("cannot differentiate control_while's body");
    return false;
  }
  auto fn = [&](const std::string& s) { return m.lookup_func(s); };
  // 1. The trip count.
  Op* cnt_body =
      make_func(b, body_name + "_count" + sfx, with_n, with_n, loc, [&](Builder& fb, auto p) {
        auto r = call(fb, *fn(body_name), std::vector<Value*>(p.begin(), p.begin() + n));
        auto out = merged(l, std::span<Value* const>(p.data(), n), r);
        out.push_back(counter_add(fb, p[n], 1));
        return out;
      });
  Op* cnt_cond = cnt_body
                     ? make_func(b, cond_name + "_count" + sfx, with_n,
                                 ir::func_result_types(*fn(cond_name)), loc,
                                 [&](Builder& fb, auto p) {
                                   return call(fb, *fn(cond_name), cond_args(l, *fn(cond_name), p));
                                 })
                     : nullptr;
  if (!cnt_cond) return false;
  std::vector<Value*> init(c.x.begin(), c.x.end());
  init.push_back(b.fill(kCounter, 0));
  auto counted = while_op(b, init, *cnt_body, *cnt_cond, max_iters);
  if (!b.ok()) return false;
  // 2. The recomputation loop: state (x..., k, j).
  std::vector<Type> rec_t = with_n;
  rec_t.push_back(kCounter);
  Op* rec_body =
      make_func(b, body_name + "_recompute" + sfx, rec_t, rec_t, loc, [&](Builder& fb, auto p) {
        auto r = call(fb, *fn(body_name), std::vector<Value*>(p.begin(), p.begin() + n));
        auto out = merged(l, std::span<Value* const>(p.data(), n), r);
        out.push_back(counter_add(fb, p[n], 1));
        out.push_back(p[n + 1]);
        return out;
      });
  Op* rec_cond = rec_body
                     ? make_func(b, body_name + "_recompute_cond" + sfx, rec_t, {kCounter}, loc,
                                 [&](Builder& fb, auto p) {
                                   return std::vector<Value*>{fb.sub(p[n + 1], p[n])};
                                 })
                     : nullptr;
  if (!rec_cond) return false;
  // 3. The backward loop: state (x0..., slots..., j).
  std::vector<Type> bwd_t = xt;
  for (size_t i : l.floats) bwd_t.push_back(c.x[i]->type);
  bwd_t.push_back(kCounter);
  const size_t ns = l.floats.size();
  Op* bwd_body =
      make_func(b, body_name + "_vjp_while" + sfx, bwd_t, bwd_t, loc, [&](Builder& fb, auto p) {
        Value* j = counter_add(fb, p[n + ns], -1);
        std::vector<Value*> rin(p.begin(), p.begin() + n);
        rin.push_back(fb.fill(kCounter, 0));
        rin.push_back(j);
        auto cj = while_op(fb, rin, *fn(body_name + "_recompute" + sfx),
                           *fn(body_name + "_recompute_cond" + sfx), max_iters);
        if (!fb.ok()) return std::vector<Value*>{};
        std::vector<Value*> args(cj.begin(), cj.begin() + n);
        for (size_t s = 0; s < ns; ++s)
          if (l.carried[l.floats[s]]) args.push_back(p[n + s]);
        auto r = call(fb, *fn(ir::func_name(*body_vjp)), args);
        if (!fb.ok()) return std::vector<Value*>{};
        const size_t nres =
            r.size() - ns;  // body_vjp -> (results..., one cotangent per float param)
        std::vector<Value*> out(p.begin(), p.begin() + n);
        for (size_t s = 0; s < ns; ++s) {
          Value* d = r[nres + s];
          out.push_back(l.carried[l.floats[s]] ? d : fb.add(p[n + s], d));
        }
        out.push_back(j);
        return out;
      });
  Op* bwd_cond = bwd_body
                     ? make_func(b, body_name + "_vjp_while_cond" + sfx, bwd_t, {kCounter}, loc,
                                 [&](Builder&, auto p) { return std::vector<Value*>{p[n + ns]}; })
                     : nullptr;
  if (!bwd_cond) return false;
  std::vector<Value*> bin(c.x.begin(), c.x.end());
  size_t res = 0;
  std::vector<size_t> result_of(n, 0);
  for (size_t i = 0; i < n; ++i)
    if (l.carried[i]) result_of[i] = res++;
  for (size_t i : l.floats) {
    Value* ct = l.carried[i] ? c.dy[result_of[i]] : nullptr;
    bin.push_back(ct ? ct : b.zeros(c.x[i]->type));
  }
  bin.push_back(counted.back());
  auto back = while_op(b, bin, *bwd_body, *bwd_cond, max_iters);
  if (!b.ok()) return false;
  for (size_t s = 0; s < ns; ++s)
    if (c.wants(l.floats[s])) c.dx[l.floats[s]] = back[n + s];
  return true;
}

}  // namespace tessera::transforms::autodiff
