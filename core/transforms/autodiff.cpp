// Autodiff entry point: copies the module and builds the derivative function (the vjp or jvp of
// one function) with the sweeps of autodiff_reverse.cpp and autodiff_forward.cpp.
#include "core/transforms/autodiff.h"

#include <algorithm>
#include <charconv>

#include "core/ops/registry.h"
#include "core/transforms/autodiff_engine.h"
#include "core/transforms/autodiff_outline.h"
#include "core/transforms/autodiff_spmd.h"
#include "core/verify/verifier.h"

namespace tessera::transforms::autodiff {
namespace {

using ir::Attr;
using ir::Op;
using ir::Type;
using ir::Value;

std::unique_ptr<ir::Module> clone_module(const ir::Module& m) {
  auto out = std::make_unique<ir::Module>();
  out->op().attrs = m.op().attrs;
  out->op().loc = m.op().loc;
  ValueMap vm;
  for (const auto& o : m.body().ops) out->body().append(clone_op(*o, vm));
  out->rebuild_symbols();
  return out;
}

const Op* terminator(const Op& func) {
  const auto& ops = func.regions[0].front().ops;
  return ops.empty() || ops.back()->name != "func.return" ? nullptr : ops.back().get();
}

/// A parameter name not yet used in `taken`: `base`, else `base_1`, `base_2`, ...
std::string fresh_name(std::vector<std::string>& taken, const std::string& base) {
  std::string n = base;
  for (int k = 1; std::find(taken.begin(), taken.end(), n) != taken.end(); ++k)
    n = base + "_" + std::to_string(k);
  taken.push_back(n);
  return n;
}

bool static_shapes(const Op& f, DiagnosticEngine& diag) {
  bool ok = true;
  ir::walk(const_cast<Op&>(f), [&](Op& o) {
    for (const auto& r : o.results)
      if (ok && r->type.is_tensor() && !r->type.has_static_shape()) {
        diag.error(o.loc, "autodiff: '" + o.name + "' has a dynamic shape; autodiff needs " +
                              "static shapes");
        ok = false;
      }
  });
  for (const auto& a : f.regions[0].front().args)
    if (ok && a->type.is_tensor() && !a->type.has_static_shape()) {
      diag.error(f.loc, "autodiff: parameter %" + a->name + " has a dynamic shape");
      ok = false;
    }
  return ok;
}

/// Region ops (the `scf` ops in Graph IR) cannot be replayed or differentiated by the engine,
/// which works on flat op lists and calls (docs/ops/graph/control-flow.md, scf_d1).
bool no_region_ops(const Op& f, DiagnosticEngine& diag) {
  for (const auto& o : f.regions[0].front().ops)
    if (!o->regions.empty()) {
      diag.error(o->loc, "autodiff: no derivative rule for '" + o->name +
                             "' (an op with regions); write it as tessera.control_for, "
                             "control_scan, control_if or control_while, whose bodies are "
                             "functions");
      return false;
    }
  return true;
}

/// Builds `name` = the derivative of `f` w.r.t. the parameters `wrt` (indices) into `m`.
Op* build(ir::Module& m, Op& f, const std::vector<size_t>& wrt, Mode mode, const std::string& name,
          DiagnosticEngine& diag) {
  const ir::Block& fb = f.regions[0].front();
  const Op* ret = terminator(f);
  if (!ret) {
    diag.error(f.loc, "autodiff: @" + ir::func_name(f) + " does not end with func.return");
    return nullptr;
  }
  auto g = std::make_unique<Op>();
  g->name = "func.func";
  g->def = ops::lookup_op("func.func");
  g->loc = f.loc;
  g->attrs.set("sym_name", Attr::string_attr(name));
  auto& blk = g->regions.emplace_back().blocks.emplace_back(std::make_unique<ir::Block>());
  blk->parent = g.get();
  std::vector<std::string> taken;
  for (const auto& a : fb.args) taken.push_back(a->name);
  std::vector<Value*> params, extra;
  for (const auto& a : fb.args) params.push_back(blk->add_arg(a->type, a->name));
  const auto& rets = ret->operands;
  std::vector<Type> outs;
  for (const Value* r : rets) outs.push_back(r->type);
  if (mode == Mode::reverse) {
    for (size_t k = 0; k < rets.size(); ++k)
      if (is_float_value(*rets[k]))
        extra.push_back(blk->add_arg(rets[k]->type, fresh_name(taken, "ct" + std::to_string(k))));
    for (size_t w : wrt) outs.push_back(fb.args[w]->type);
  } else {
    for (size_t w : wrt)
      extra.push_back(blk->add_arg(fb.args[w]->type, fresh_name(taken, fb.args[w]->name + "_tan")));
    for (const Value* r : rets)
      if (is_float_value(*r)) outs.push_back(r->type);
  }
  std::vector<Type> ins;
  for (const auto& a : blk->args) ins.push_back(a->type);
  g->attrs.set("function_type", Attr::func_type_attr(ins, outs));
  Op* gp = m.body().append(std::move(g));
  m.rebuild_symbols();

  ir::Block& body = gp->regions[0].front();
  Builder b(body, diag);
  b.set_loc(f.loc);
  b.set_module(&m);
  Engine e(m, b);
  // The ops to differentiate: f's body, or one call of f when f names its own rule.
  std::vector<const Op*> ops;
  const bool custom = f.attrs.get(mode == Mode::reverse ? kCustomVjp : kCustomJvp) != nullptr;
  std::vector<Value*> results;
  if (custom) {
    ir::AttrDict a;
    a.set("callee", Attr::symbol_attr(ir::func_name(f)));
    std::vector<Type> hints;
    for (const Value* r : rets) hints.push_back(r->type);
    results = b.emit("func.call", params, std::move(a), hints);
    if (!b.ok()) return nullptr;
    ops.push_back(body.ops.back().get());
    for (const auto& a2 : fb.args) e.map(a2.get(), params[static_cast<size_t>(a2->index)]);
  } else {
    for (size_t k = 0; k < fb.args.size(); ++k) e.map(fb.args[k].get(), params[k]);
    for (const auto& o : fb.ops)
      if (o.get() != ret) ops.push_back(o.get());
  }
  std::vector<Value*> ret_vals;
  if (mode == Mode::reverse) {
    if (!custom)
      for (const Op* o : ops) {
        std::vector<Value*> in;
        for (const Value* v : o->operands) in.push_back(e.P(v));
        auto r = b.copy(*o, in);
        if (!b.ok()) return nullptr;
        for (size_t k = 0; k < r.size(); ++k) e.map(o->result(k), r[k]);
      }
    for (const Value* r : rets) ret_vals.push_back(custom ? results[ret_vals.size()] : e.P(r));
    // Cotangents and tangents are keyed by the swept ops' own values.
    auto key_arg = [&](size_t w) -> const Value* { return custom ? params[w] : fb.args[w].get(); };
    auto key_ret = [&](size_t k) -> const Value* { return custom ? results[k] : rets[k]; };
    ValueSet seeds;
    for (size_t w : wrt) seeds.insert(key_arg(w));
    const ValueSet varied = varied_after(ops, std::move(seeds));
    ValueMap adj;
    size_t c = 0;
    for (size_t k = 0; k < rets.size(); ++k)
      if (is_float_value(*rets[k])) e.accumulate(adj, key_ret(k), extra[c++]);
    e.begin_backward(ret_vals);
    if (!e.reverse(ops, varied, adj)) return nullptr;
    for (size_t w : wrt) {
      auto it = adj.find(key_arg(w));
      ret_vals.push_back(it != adj.end() ? it->second : b.zeros(params[w]->type));
    }
    e.drop_unused_recomputation(ret_vals);
  } else {
    auto key_arg = [&](size_t w) -> const Value* { return custom ? params[w] : fb.args[w].get(); };
    ValueMap tan;
    for (size_t k = 0; k < wrt.size(); ++k) tan[key_arg(wrt[k])] = extra[k];
    if (!e.forward(ops, tan, !custom)) return nullptr;
    for (const Value* r : rets) ret_vals.push_back(custom ? results[ret_vals.size()] : e.P(r));
    for (size_t k = 0; k < rets.size(); ++k) {
      if (!is_float_value(*rets[k])) continue;
      auto it = tan.find(custom ? results[k] : rets[k]);
      ret_vals.push_back(it != tan.end() && it->second ? it->second : b.zeros(rets[k]->type));
    }
  }
  if (!b.ok()) return nullptr;
  auto r = std::make_unique<Op>();
  r->name = "func.return";
  r->def = ops::lookup_op("func.return");
  r->loc = ret->loc;
  r->operands = ret_vals;
  body.append(std::move(r));
  return gp;
}

}  // namespace

bool is_float_value(const ir::Value& v) {
  return v.type.is_tensor() && dtype_is_float(v.type.dtype) && !dtype_is_complex(v.type.dtype);
}

bool stops_gradient(const ir::Op& op) { return op.attrs.get(kStopGradient) != nullptr; }

ir::Op* derivative_func(ir::Module& m, ir::Op& callee, Mode mode, DiagnosticEngine& diag) {
  const std::string name = ir::func_name(callee) + (mode == Mode::reverse ? "_vjp" : "_jvp");
  if (Op* have = m.lookup_func(name)) return have;
  if (is_declaration(callee)) {
    diag.error(callee.loc, "autodiff: @" + ir::func_name(callee) + " has no body to differentiate");
    return nullptr;
  }
  std::vector<size_t> wrt;
  const auto& args = callee.regions[0].front().args;
  for (size_t k = 0; k < args.size(); ++k)
    if (is_float_value(*args[k])) wrt.push_back(k);
  if (!static_shapes(callee, diag) || !no_region_ops(callee, diag)) return nullptr;
  return build(m, callee, wrt, mode, name, diag);
}

std::unique_ptr<ir::Module> differentiate(const ir::Module& src, std::string_view func,
                                          const std::vector<std::string>& wrt, Mode mode,
                                          const Options& opts, DiagnosticEngine& diag) {
  auto m = clone_module(src);
  if (!outline_scf(*m, diag)) return nullptr;
  Op* f = m->lookup_func(func);
  if (!f || is_declaration(*f)) {
    diag.error(src.op().loc, "autodiff: no function @" + std::string(func) + " with a body");
    return nullptr;
  }
  const auto& args = f->regions[0].front().args;
  std::vector<size_t> idx;
  for (const std::string& w : wrt) {
    size_t k = args.size();
    if (w.size() > 1 && w[0] == '#') {  // by position
      auto [end, ec] = std::from_chars(w.data() + 1, w.data() + w.size(), k);
      if (ec != std::errc() || end != w.data() + w.size()) k = args.size();
    } else {
      for (size_t j = 0; j < args.size(); ++j)
        if (args[j]->name == w) k = j;
    }
    if (k >= args.size()) {
      diag.error(f->loc, "autodiff: @" + std::string(func) + " has no parameter '" + w + "'");
      return nullptr;
    }
    if (!is_float_value(*args[k])) {
      diag.error(f->loc, "autodiff: parameter '" + w + "' has type " +
                             ir::to_string(args[k]->type) +
                             "; only float tensors have derivatives");
      return nullptr;
    }
    if (std::find(idx.begin(), idx.end(), k) != idx.end()) {
      diag.error(f->loc, "autodiff: parameter '" + w + "' is named twice");
      return nullptr;
    }
    idx.push_back(k);
  }
  if (!static_shapes(*f, diag) || !no_region_ops(*f, diag)) return nullptr;
  std::string name =
      opts.name.empty() ? std::string(func) + (mode == Mode::reverse ? "_vjp" : "_jvp") : opts.name;
  if (m->lookup_func(name)) {
    diag.error(f->loc, "autodiff: the module already has a function @" + name);
    return nullptr;
  }
  Op* g = build(*m, *f, idx, mode, name, diag);
  if (!g) return nullptr;
  // A mesh function's derivative takes global cotangents and returns global gradients
  // (autodiff_spmd.h, h-ad-ext); a module without a mesh is left alone.
  if (!spmd_boundary(*m, *f, *g, idx, mode, diag)) return nullptr;
  m->rebuild_symbols();
  if (!verify::verify_module(*m, diag)) {
    diag.error(f->loc, "autodiff: internal: the derivative module does not verify");
    return nullptr;
  }
  return m;
}

}  // namespace tessera::transforms::autodiff
