// Derivative rules of tessera.control_if (docs/ops/graph/control-flow.md, "Derivatives"): the
// derivative is a control_if over the branches' own derivative functions.
#include "core/transforms/autodiff_engine.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

struct Branches {
  ir::Op *then_fn = nullptr, *else_fn = nullptr;
  size_t flag = 0;
};

bool branches(Builder& b, const ir::Op& op, Mode mode, Branches& out) {
  out.flag = static_cast<size_t>(op.attrs.get_int("flag_arg_index", 0));
  // Both branches are looked up before either derivative is built: building one adds a
  // function to the module, which rebuilds (replaces) the symbol table.
  const ir::SymbolTable* table = ir::enclosing_symbol_table(op);
  auto fn = [&](const char* attr) -> ir::Op* {
    const Attr* a = op.attrs.get(attr);
    ir::Op* f = a && a->kind == Attr::Kind::symbol && table ? table->lookup_func(a->s) : nullptr;
    if (!f) b.fail("control_if's " + std::string(attr) + " names no function of the module");
    return f;
  };
  ir::Op* then_src = fn("then_branch");
  ir::Op* else_src = then_src ? fn("else_branch") : nullptr;
  if (!else_src || !b.module()) {
    if (b.ok()) b.fail("internal: control_if without a module");
    return false;
  }
  out.then_fn = derivative_func(*b.module(), *then_src, mode, b.diag());
  out.else_fn = out.then_fn ? derivative_func(*b.module(), *else_src, mode, b.diag()) : nullptr;
  if (!out.else_fn && b.ok()) b.fail("cannot differentiate control_if's branches");
  return out.else_fn != nullptr;
}

std::vector<Value*> emit_if(Builder& b, const ir::Op& op, const Branches& br,
                            std::vector<Value*> operands) {
  ir::AttrDict a;
  a.set("then_branch", Attr::symbol_attr(ir::func_name(*br.then_fn)));
  a.set("else_branch", Attr::symbol_attr(ir::func_name(*br.else_fn)));
  a.set("flag_arg_index", Attr::integer_attr(static_cast<int64_t>(br.flag)));
  return b.emit("tessera.control_if", std::move(operands), std::move(a),
                ir::func_result_types(*br.then_fn));
}

}  // namespace

// vjp: control_if(operands..., one cotangent per float result) over @then_vjp / @else_vjp, which
// return (results..., one cotangent per float non-flag operand). The flag gets none.
bool vjp_ControlIf(VjpCtx& c) {
  Branches br;
  if (!branches(c.b, c.op, Mode::reverse, br)) return false;
  std::vector<Value*> in(c.x.begin(), c.x.end());
  for (size_t k = 0; k < c.y.size(); ++k)
    if (is_float_value(*c.y[k])) in.push_back(c.dy[k] ? c.dy[k] : c.b.zeros(c.y[k]->type));
  auto r = emit_if(c.b, c.op, br, in);
  if (!c.b.ok()) return false;
  size_t k = c.y.size();
  for (size_t i = 0; i < c.x.size(); ++i) {
    if (i == br.flag || !is_float_value(*c.x[i])) continue;
    if (c.wants(i) && k < r.size()) c.dx[i] = r[k];
    ++k;
  }
  return true;
}

// jvp: control_if(operands..., one tangent per float non-flag operand) over @then_jvp /
// @else_jvp, which return (results..., one tangent per float result).
bool jvp_ControlIf(JvpCtx& c) {
  Branches br;
  if (!branches(c.b, c.op, Mode::forward, br)) return false;
  std::vector<Value*> in(c.x.begin(), c.x.end());
  for (size_t i = 0; i < c.x.size(); ++i)
    if (i != br.flag && is_float_value(*c.x[i]))
      in.push_back(c.dx[i] ? c.dx[i] : c.b.zeros(c.x[i]->type));
  auto r = emit_if(c.b, c.op, br, in);
  if (!c.b.ok()) return false;
  size_t k = c.y.size();
  for (size_t j = 0; j < c.y.size(); ++j)
    if (is_float_value(*c.y[j]) && k < r.size()) c.dy[j] = r[k++];
  return true;
}

}  // namespace tessera::transforms::autodiff
