// Before differentiating, autodiff rewrites the Graph IR `scf.if`, `scf.for` and `scf.while` ops
// of a module into tessera.control_if / control_for / control_while over outlined functions (the
// regions, with the captured values as parameters), whose rules the engine has (docs/ops/graph/
// control-flow.md, scf_d1). The rewritten ops run the same ops in the same order.
#include "core/transforms/autodiff_outline.h"

#include <unordered_map>
#include <unordered_set>

#include "core/ops/registry.h"
#include "core/transforms/autodiff_builder.h"

namespace tessera::transforms::autodiff {
namespace {

using ir::Attr;
using ir::Op;
using ir::Type;
using ir::Value;

using VMap = std::unordered_map<const Value*, Value*>;

void defined_in(const Op& op, std::unordered_set<const Value*>& out) {
  for (const ir::Region& r : op.regions)
    for (const auto& blk : r.blocks) {
      for (const auto& a : blk->args) out.insert(a.get());
      for (const auto& o : blk->ops) {
        for (const auto& res : o->results) out.insert(res.get());
        defined_in(*o, out);
      }
    }
}

void used_in(const Op& op, const std::unordered_set<const Value*>& inside,
             std::vector<Value*>& out) {
  for (const ir::Region& r : op.regions)
    for (const auto& blk : r.blocks)
      for (const auto& o : blk->ops) {
        for (Value* v : o->operands)
          if (!inside.count(v) && std::find(out.begin(), out.end(), v) == out.end())
            out.push_back(v);
        used_in(*o, inside, out);
      }
}

/// The values `op`'s regions use but do not define, in first-use order.
std::vector<Value*> captures(const Op& op) {
  std::unordered_set<const Value*> inside;
  defined_in(op, inside);
  std::vector<Value*> out;
  used_in(op, inside, out);
  return out;
}

/// A new function `name(ins...) -> outs` appended to `m`, its parameters named o0, o1, ...
Op* new_function(ir::Module& m, const std::string& name, const std::vector<Type>& ins,
                 const std::vector<Type>& outs, ir::Location loc) {
  return append_function(m, name, ins, outs, loc, "o");
}

void add_return(Op& f, std::vector<Value*> vals, ir::Location loc) {
  auto r = std::make_unique<Op>();
  r->name = "func.return";
  r->def = ops::lookup_op("func.return");
  r->loc = loc;
  r->operands = std::move(vals);
  f.regions[0].front().append(std::move(r));
}

/// Clones the ops of `src` (but its terminator) into `f`'s body with `vm` (which maps `src`'s
/// arguments and the captures to `f`'s parameters); returns the mapped terminator operands.
std::vector<Value*> inline_block(Op& f, const ir::Block& src, VMap& vm) {
  ir::Block& dst = f.regions[0].front();
  for (size_t k = 0; k + 1 < src.ops.size(); ++k) dst.append(clone_op(*src.ops[k], vm));
  std::vector<Value*> term;
  if (!src.ops.empty())
    for (Value* v : src.ops.back()->operands) {
      auto it = vm.find(v);
      term.push_back(it == vm.end() ? v : it->second);
    }
  return term;
}

std::vector<Type> types_of(const std::vector<Value*>& vs) {
  std::vector<Type> t;
  for (const Value* v : vs) t.push_back(v->type);
  return t;
}

/// The integer value of `v` when an arith.constant defines it.
bool constant_int(const Value* v, int64_t& out) {
  if (!v->def || v->def->name != "arith.constant") return false;
  const Attr* a = v->def->attrs.get("value");
  if (!a || a->kind != Attr::Kind::integer) return false;
  out = a->i;
  return true;
}

struct Rewriter {
  ir::Module& m;
  DiagnosticEngine& diag;
  std::string base;
  int count = 0;

  std::string fresh(const char* what) {
    std::string n;
    do n = base + "_" + what + std::to_string(count++);
    while (m.lookup_func(n));
    return n;
  }

  /// The ops that replace `op` (appended to `out`), their results standing for op's in `vm`.
  bool rewrite(const Op& op, ir::Block& blk, VMap& vm) {
    if (op.name == "scf.if") return rewrite_if(op, blk, vm);
    if (op.name == "scf.for") return rewrite_for(op, blk, vm);
    if (op.name == "scf.while") return rewrite_while(op, blk, vm);
    return false;
  }

  Value* mapped(Value* v, VMap& vm) {
    auto it = vm.find(v);
    return it == vm.end() ? v : it->second;
  }

  /// A region op whose shape the verifier should have refused (scf_c1, scf_c6).
  bool malformed(const Op& op) {
    diag.error(op.loc, "autodiff: internal: '" + op.name + "' has an unexpected region shape");
    return false;
  }

  bool rewrite_if(const Op& op, ir::Block& blk, VMap& vm) {
    if (op.regions.size() != 2 || op.regions[0].empty() || op.regions[1].empty() ||
        op.operands.size() != 1)
      return malformed(op);
    const std::vector<Value*> caps = captures(op);
    const std::vector<Type> cap_t = types_of(caps), res_t = [&] {
      std::vector<Type> t;
      for (const auto& r : op.results) t.push_back(r->type);
      return t;
    }();
    std::string names[2];
    for (size_t k = 0; k < 2; ++k) {
      names[k] = fresh(k == 0 ? "then" : "else");
      Op* f = new_function(m, names[k], cap_t, res_t, op.loc);
      VMap local;
      for (size_t c = 0; c < caps.size(); ++c) local[caps[c]] = f->regions[0].front().args[c].get();
      add_return(*f, inline_block(*f, op.regions[k].front(), local), op.loc);
    }
    m.rebuild_symbols();
    Builder b(blk, diag);
    b.set_loc(op.loc);
    std::vector<Value*> in{mapped(op.operands[0], vm)};
    for (Value* c : caps) in.push_back(mapped(c, vm));
    ir::AttrDict a;
    a.set("then_branch", Attr::symbol_attr(names[0]));
    a.set("else_branch", Attr::symbol_attr(names[1]));
    a.set("flag_arg_index", Attr::integer_attr(0));
    auto r = b.emit("tessera.control_if", in, std::move(a), res_t);
    if (!b.ok()) return false;
    for (size_t k = 0; k < r.size(); ++k) vm[op.result(k)] = r[k];
    return true;
  }

  // scf.for %iv = lb to ub step s iter_args(...): the state (iv, iters..., [ub, s,] captures...),
  // all carried; the body returns (iv + s, yields..., the rest unchanged). Static bounds give a
  // control_for over the trip count; others a control_while on iv < ub.
  bool rewrite_for(const Op& op, ir::Block& blk, VMap& vm) {
    if (op.regions.size() != 1 || op.regions[0].empty() || op.operands.size() < 3 ||
        op.regions[0].front().args.size() != op.operands.size() - 2 ||
        op.results.size() != op.operands.size() - 3)
      return malformed(op);
    const ir::Block& body = op.regions[0].front();
    const std::vector<Value*> caps = captures(op);
    int64_t lb = 0, ub = 0, st = 0;
    const bool stat = constant_int(op.operands[0], lb) && constant_int(op.operands[1], ub) &&
                      constant_int(op.operands[2], st) && st > 0;
    const size_t niter = op.operands.size() - 3;
    std::vector<Value*> state{op.operands[0]};
    for (size_t k = 0; k < niter; ++k) state.push_back(op.operands[3 + k]);
    if (!stat) {
      state.push_back(op.operands[1]);
      state.push_back(op.operands[2]);
    }
    const size_t first_cap = state.size();
    for (Value* c : caps) state.push_back(c);
    const std::vector<Type> st_t = types_of(state);
    const std::string name = fresh("for");
    Op* f = new_function(m, name, st_t, st_t, op.loc);
    ir::Block& fb = f->regions[0].front();
    VMap local;
    for (size_t k = 0; k <= niter; ++k) local[body.args[k].get()] = fb.args[k].get();
    for (size_t c = 0; c < caps.size(); ++c) local[caps[c]] = fb.args[first_cap + c].get();
    std::vector<Value*> yields = inline_block(*f, body, local);
    Value* step = stat ? nullptr : fb.args[niter + 2].get();
    if (stat) {
      fb.append(clone_op(*op.operands[2]->def, local));  // the step's arith.constant
      step = fb.ops.back()->result(0);
    }
    Builder bb(fb, diag);
    bb.set_loc(op.loc);
    std::vector<Value*> out{bb.emit1("arith.addi", {fb.args[0].get(), step}, {}, {st_t[0]})};
    for (Value* y : yields) out.push_back(y);
    for (size_t k = niter + 1; k < st_t.size(); ++k) out.push_back(fb.args[k].get());
    if (!bb.ok()) return false;
    add_return(*f, out, op.loc);
    std::string cond;
    if (!stat) {
      cond = fresh("for_cond");
      Op* c = new_function(m, cond, st_t, {Type::scalar(DType::i1)}, op.loc);
      ir::Block& cb = c->regions[0].front();
      Builder b2(cb, diag);
      b2.set_loc(op.loc);
      ir::AttrDict pa;
      pa.set("predicate", Attr::integer_attr(2));  // slt
      Value* lt = b2.emit1("arith.cmpi", {cb.args[0].get(), cb.args[niter + 1].get()},
                           std::move(pa), {Type::scalar(DType::i1)});
      if (!b2.ok()) return false;
      add_return(*c, {lt}, op.loc);
    }
    m.rebuild_symbols();
    Builder b(blk, diag);
    b.set_loc(op.loc);
    std::vector<Value*> in;
    for (Value* v : state) in.push_back(mapped(v, vm));
    ir::AttrDict a;
    a.set("body", Attr::symbol_attr(name));
    if (stat) {
      a.set("start", Attr::integer_attr(lb));
      a.set("stop", Attr::integer_attr(ub));
      a.set("step", Attr::integer_attr(st));
    } else {
      a.set("cond", Attr::symbol_attr(cond));
      a.set("max_iters", Attr::integer_attr(int64_t{1} << 62));
    }
    auto r = b.emit(stat ? "tessera.control_for" : "tessera.control_while", in, std::move(a), st_t);
    if (!b.ok()) return false;
    for (size_t k = 0; k < niter; ++k) vm[op.result(k)] = r[1 + k];
    return true;
  }

  /// A function `name(state...) -> outs` holding the before region (its arguments the first
  /// `nx` parameters, `caps` the rest), then `finish` on the forwarded values (scf.condition's
  /// operands after the flag) and the flag.
  template <typename Finish>
  Op* before_func(const Op& op, const std::string& name, const std::vector<Value*>& caps,
                  const std::vector<Type>& st_t, const std::vector<Type>& outs, Finish finish) {
    Op* f = new_function(m, name, st_t, outs, op.loc);
    ir::Block& fb = f->regions[0].front();
    const ir::Block& before = op.regions[0].front();
    VMap local;
    const size_t nx = before.args.size();
    for (size_t k = 0; k < nx; ++k) local[before.args[k].get()] = fb.args[k].get();
    for (size_t c = 0; c < caps.size(); ++c) local[caps[c]] = fb.args[nx + c].get();
    std::vector<Value*> term = inline_block(*f, before, local);  // (flag, forwarded...)
    std::vector<Value*> fwd(term.begin() + 1, term.end());
    std::vector<Value*> rets = finish(f, fwd, term[0]);
    add_return(*f, std::move(rets), op.loc);
    return f;
  }

  // scf.while (x...) before {args -> scf.condition(flag, fwd...)} after {fwd -> yield(x')}: the
  // state (x..., captures...), all carried; @<f>_while_condN runs the before region and returns
  // the flag, @<f>_whileN runs the before then the after region; after the loop a call of
  // @<f>_while_resultN (the before region once more) gives the forwarded values, the op's results.
  bool rewrite_while(const Op& op, ir::Block& blk, VMap& vm) {
    if (op.regions.size() != 2 || op.regions[0].empty() || op.regions[1].empty() ||
        op.regions[0].front().args.size() != op.operands.size() ||
        op.regions[0].front().ops.empty() || op.regions[0].front().ops.back()->operands.empty() ||
        op.regions[1].front().args.size() != op.results.size())
      return malformed(op);
    const std::vector<Value*> caps = captures(op);
    std::vector<Value*> state(op.operands.begin(), op.operands.end());
    const size_t nx = state.size();
    for (Value* c : caps) state.push_back(c);
    const std::vector<Type> st_t = types_of(state);
    std::vector<Type> res_t;
    for (const auto& r : op.results) res_t.push_back(r->type);
    const std::string cond = fresh("while_cond"), body = fresh("while"),
                      result = fresh("while_result");
    before_func(
        op, cond, caps, st_t, {Type::scalar(DType::i1)},
        [](Op*, const std::vector<Value*>&, Value* flag) { return std::vector<Value*>{flag}; });
    before_func(op, body, caps, st_t, st_t, [&](Op* f, const std::vector<Value*>& fwd, Value*) {
      ir::Block& fb = f->regions[0].front();
      const ir::Block& after = op.regions[1].front();
      VMap local;
      for (size_t k = 0; k < fwd.size(); ++k) local[after.args[k].get()] = fwd[k];
      for (size_t c = 0; c < caps.size(); ++c) local[caps[c]] = fb.args[nx + c].get();
      std::vector<Value*> out = inline_block(*f, after, local);
      for (size_t c = 0; c < caps.size(); ++c) out.push_back(fb.args[nx + c].get());
      return out;
    });
    before_func(op, result, caps, st_t, res_t,
                [](Op*, const std::vector<Value*>& fwd, Value*) { return fwd; });
    m.rebuild_symbols();
    Builder b(blk, diag);
    b.set_loc(op.loc);
    std::vector<Value*> in;
    for (Value* v : state) in.push_back(mapped(v, vm));
    ir::AttrDict a;
    a.set("body", Attr::symbol_attr(body));
    a.set("cond", Attr::symbol_attr(cond));
    a.set("max_iters", Attr::integer_attr(int64_t{1} << 62));
    auto r = b.emit("tessera.control_while", in, std::move(a), st_t);
    ir::AttrDict ca;
    ca.set("callee", Attr::symbol_attr(result));
    auto out = b.ok() ? b.emit("func.call", r, std::move(ca), res_t) : std::vector<Value*>{};
    if (!b.ok()) return false;
    for (size_t k = 0; k < out.size(); ++k) vm[op.result(k)] = out[k];
    return true;
  }
};

/// Rewrites the scf ops at the top level of `f`; returns whether any changed.
bool rewrite_func(ir::Module& m, Op& f, DiagnosticEngine& diag, bool& ok) {
  ir::Block& blk = f.regions[0].front();
  bool any = false;
  auto scf = [](const Op& o) {
    return o.name == "scf.if" || o.name == "scf.for" || o.name == "scf.while";
  };
  for (const auto& o : blk.ops) any = any || scf(*o);
  if (!any) return false;
  Rewriter rw{m, diag, ir::func_name(f)};
  std::vector<std::unique_ptr<Op>> old = std::move(blk.ops);
  blk.ops.clear();
  VMap vm;
  for (auto& o : old) {
    if (scf(*o)) {
      if (!rw.rewrite(*o, blk, vm)) {
        ok = false;
        return true;
      }
      continue;
    }
    for (Value*& v : o->operands) v = rw.mapped(v, vm);
    // Uses inside nested regions (of ops not rewritten) follow too.
    ir::walk(*o, [&](Op& inner) {
      for (Value*& v : inner.operands) v = rw.mapped(v, vm);
    });
    blk.append(std::move(o));
  }
  return true;
}

}  // namespace

bool outline_scf(ir::Module& m, DiagnosticEngine& diag) {
  bool ok = true;
  // New functions (the outlined bodies) may hold scf ops of their own: repeat until none change.
  for (bool changed = true; changed && ok;) {
    changed = false;
    for (Op* f : m.funcs())
      if (!is_declaration(*f) && rewrite_func(m, *f, diag, ok)) changed = true;
    m.rebuild_symbols();
  }
  return ok;
}

}  // namespace tessera::transforms::autodiff
