// Forward mode (jvp), and the derivatives of func.call for both modes (custom rules or the
// callee's own derivative function).
#include "core/transforms/autodiff_engine.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Op;
using ir::Type;
using ir::Value;

bool Engine::forward(const std::vector<const Op*>& ops, ValueMap& tan, bool copy) {
  for (const Op* o : ops) {
    if (copy) {
      std::vector<Value*> in;
      for (const Value* v : o->operands) in.push_back(P(v));
      auto r = b_.copy(*o, in);
      if (!b_.ok()) return false;
      for (size_t k = 0; k < r.size(); ++k) map(o->result(k), r[k]);
    }
    if (!forward_op(*o, tan)) return false;
  }
  return b_.ok();
}

bool Engine::forward_op(const Op& op, ValueMap& tan) {
  std::vector<Value*> tx;
  bool any = false;
  for (const Value* v : op.operands) {
    auto it = tan.find(v);
    tx.push_back(it != tan.end() && is_float_value(*v) ? it->second : nullptr);
    any = any || tx.back();
  }
  const Rule* effect = lookup_rule(op.name);
  if (!any && !(effect && effect->effect)) return true;
  if (stops_gradient(op)) return true;
  std::vector<Value*> x, y, ty(op.results.size(), nullptr);
  for (const Value* v : op.operands) x.push_back(P(v));
  for (const auto& r : op.results) y.push_back(P(r.get()));
  b_.set_loc(op.loc);
  if (op.name == "func.call") {
    if (!forward_call(op, x, tx, ty)) return false;
  } else {
    const Rule* rule = lookup_rule(op.name);
    if (!rule) {
      b_.fail("no derivative rule for '" + op.name + "' (docs/ops/graph/autodiff-rules.md)");
      return false;
    }
    if (rule->nondiff) return true;
    if (rule->jvp) {
      JvpCtx ctx{b_, op, x, y, tx, ty};
      if (!rule->jvp(ctx) || !b_.ok()) {
        if (b_.ok()) b_.fail("the jvp rule of '" + op.name + "' failed");
        return false;
      }
      ty = ctx.dy;
      ty.resize(op.results.size(), nullptr);
    } else {
      const size_t first = b_.size();
      std::vector<Value*> outs = rule->decompose(b_, op, x);
      if (!b_.ok() || outs.size() != op.results.size()) {
        if (b_.ok()) b_.fail("the decomposition of '" + op.name + "' failed");
        return false;
      }
      std::vector<const Op*> sub;
      for (size_t k = first; k < b_.size(); ++k) sub.push_back(b_.block().ops[k].get());
      ValueMap ltan;
      for (size_t i = 0; i < x.size(); ++i)
        if (tx[i]) ltan[x[i]] = tx[i];
      if (!forward(sub, ltan, false)) return false;
      for (size_t k = 0; k < outs.size(); ++k)
        if (auto it = ltan.find(outs[k]); it != ltan.end()) ty[k] = it->second;
    }
  }
  for (size_t k = 0; k < ty.size(); ++k) {
    if (!ty[k]) continue;
    if (ty[k]->type != y[k]->type) {
      b_.fail("internal: the jvp of '" + op.name + "' gives " + ir::to_string(ty[k]->type) +
              " for result #" + std::to_string(k) + " of type " + ir::to_string(y[k]->type));
      return false;
    }
    tan[op.result(k)] = ty[k];
  }
  return b_.ok();
}

namespace {

std::vector<Value*> call(Builder& b, const std::string& callee, std::vector<Value*> args,
                         const Op& fn) {
  ir::AttrDict a;
  a.set("callee", Attr::symbol_attr(callee));
  return b.emit("func.call", std::move(args), std::move(a), ir::func_result_types(fn));
}

Op* callee_of(const Op& op, Builder& b) {
  Op* f = ir::lookup_callee(op);
  if (!f) b.fail("'func.call' names no function of the module");
  return f;
}

/// The function a custom-rule attribute names, or nullptr after an error.
Op* rule_func(ir::Module& m, const Op& f, std::string_view attr, Builder& b) {
  const Attr* a = f.attrs.get(attr);
  Op* r = a && a->kind == Attr::Kind::symbol ? m.lookup_func(a->s) : nullptr;
  if (!r)
    b.fail("@" + ir::func_name(f) + "'s " + std::string(attr) +
           " must name a function of the module (@name)");
  return r;
}

}  // namespace

bool Engine::reverse_call(const Op& op, std::vector<Value*> x, std::vector<Value*> dy,
                          const std::vector<bool>& want, std::vector<Value*>& dx) {
  Op* f = callee_of(op, b_);
  if (!f) return false;
  std::vector<Value*> args = x;
  for (size_t k = 0; k < op.results.size(); ++k)
    if (is_float_value(*op.result(k))) args.push_back(dy[k] ? dy[k] : b_.zeros(op.result(k)->type));
  if (f->attrs.get(kCustomVjp)) {
    // custom_vjp: @bwd(params..., one cotangent per float result) -> one cotangent per param.
    Op* bwd = rule_func(m_, *f, kCustomVjp, b_);
    if (!bwd) return false;
    auto r = call(b_, ir::func_name(*bwd), args, *bwd);
    if (!b_.ok()) return false;
    if (r.size() != x.size()) {
      b_.fail("custom_vjp @" + ir::func_name(*bwd) + " must return one cotangent per parameter");
      return false;
    }
    for (size_t i = 0; i < x.size(); ++i)
      if (want[i]) dx[i] = r[i];
    return true;
  }
  Op* g = derivative_func(m_, *f, Mode::reverse, b_.diag());
  if (!g) return false;
  auto r = call(b_, ir::func_name(*g), args, *g);
  if (!b_.ok()) return false;
  size_t k = op.results.size();
  for (size_t i = 0; i < x.size(); ++i)
    if (is_float_value(*op.operands[i])) {
      if (want[i]) dx[i] = r.at(k);
      ++k;
    }
  return true;
}

bool Engine::forward_call(const Op& op, std::vector<Value*> x, std::vector<Value*> tx,
                          std::vector<Value*>& ty) {
  Op* f = callee_of(op, b_);
  if (!f) return false;
  std::vector<Value*> args = x;
  for (size_t i = 0; i < x.size(); ++i)
    if (is_float_value(*op.operands[i])) args.push_back(tx[i] ? tx[i] : b_.zeros(x[i]->type));
  const bool custom = f->attrs.get(kCustomJvp) != nullptr;
  // custom_jvp: @jvp(params..., one tangent per float param) -> one tangent per float result.
  Op* g = custom ? rule_func(m_, *f, kCustomJvp, b_)
                 : derivative_func(m_, *f, Mode::forward, b_.diag());
  if (!g) return false;
  auto r = call(b_, ir::func_name(*g), args, *g);
  if (!b_.ok()) return false;
  size_t k = custom ? 0 : op.results.size();
  for (size_t j = 0; j < op.results.size(); ++j)
    if (is_float_value(*op.result(j))) {
      if (k >= r.size()) {
        b_.fail("custom_jvp @" + ir::func_name(*g) + " must return one tangent per float result");
        return false;
      }
      ty[j] = r[k++];
    }
  return true;
}

}  // namespace tessera::transforms::autodiff
