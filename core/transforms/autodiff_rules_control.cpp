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

namespace tessera::transforms::autodiff {

/// The most iterations control_for's derivative unrolls.
inline constexpr int64_t kMaxUnroll = 4096;

// control_for with static bounds: the loop unrolled into one call of the body per iteration (the
// calls then get the body's derivative function, so each iteration's forward is recomputed in its
// backward). More than kMaxUnroll iterations is an error.
std::vector<Value*> decompose_ControlFor(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  const int64_t start = op.attrs.get_int("start", 0), stop = op.attrs.get_int("stop", 0);
  const int64_t step = std::max<int64_t>(op.attrs.get_int("step", 1), 1);
  const int64_t trip = stop > start ? (stop - start + step - 1) / step : 0;
  if (trip > kMaxUnroll) {
    b.fail("control_for's derivative unrolls the loop; " + std::to_string(trip) +
           " iterations exceed " + std::to_string(kMaxUnroll));
    return {};
  }
  std::vector<size_t> carried;
  if (const Attr* c = op.attrs.get("carry_arg_index"))
    carried.push_back(static_cast<size_t>(c->i));
  else
    for (size_t i = 0; i < x.size(); ++i) carried.push_back(i);
  const Attr* body = op.attrs.get("body");
  std::vector<Value*> vals(x.begin(), x.end());
  std::vector<ir::Type> types;
  for (size_t k : carried) types.push_back(x[k]->type);
  for (int64_t it = 0; it < trip && b.ok(); ++it) {
    ir::AttrDict a;
    a.set("callee", Attr::symbol_attr(body ? body->s : ""));
    auto r = b.emit("func.call", vals, std::move(a), types);
    for (size_t k = 0; k < carried.size() && k < r.size(); ++k) vals[carried[k]] = r[k];
  }
  std::vector<Value*> out;
  for (size_t k : carried) out.push_back(vals[k]);
  return b.ok() ? out : std::vector<Value*>{};
}

}  // namespace tessera::transforms::autodiff

namespace tessera::transforms::autodiff {

// control_scan: unrolled into `trip` calls of the body on the slices xs[t] (tessera.slice and a
// reshape dropping the leading dim); ys is the concat of the y_t (each reshaped to [1, ...]).
std::vector<Value*> decompose_ControlScan(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  const int64_t trip = op.attrs.get_int("trip", 0);
  if (trip > kMaxUnroll || trip < 1) {
    b.fail("control_scan's derivative unrolls the loop; trip " + std::to_string(trip) +
           " is not in [1, " + std::to_string(kMaxUnroll) + "]");
    return {};
  }
  const Attr* body = op.attrs.get("body");
  const auto& xs_shape = x[1]->type.shape;
  std::vector<int64_t> slice_shape(xs_shape.begin() + 1, xs_shape.end());
  const ir::Type& ys_type = op.results[1]->type;
  std::vector<int64_t> y_shape(ys_type.shape.begin() + 1, ys_type.shape.end());
  std::vector<Value*> args(x.begin(), x.end()), ys;
  for (int64_t t = 0; t < trip && b.ok(); ++t) {
    std::vector<Attr> st, lim;
    for (size_t d = 0; d < xs_shape.size(); ++d) {
      st.push_back(Attr::integer_attr(d == 0 ? t : 0));
      lim.push_back(Attr::integer_attr(d == 0 ? t + 1 : xs_shape[d]));
    }
    ir::AttrDict sa;
    sa.set("start", Attr::array_attr(std::move(st)));
    sa.set("limit", Attr::array_attr(std::move(lim)));
    args[1] = b.reshape(b.emit1("tessera.slice", {x[1]}, std::move(sa)), slice_shape);
    ir::AttrDict a;
    a.set("callee", Attr::symbol_attr(body ? body->s : ""));
    auto r = b.emit("func.call", args, std::move(a),
                    {x[0]->type, ir::Type::tensor(ys_type.dtype, y_shape)});
    if (r.size() != 2) break;
    args[0] = r[0];
    std::vector<int64_t> one = y_shape;
    one.insert(one.begin(), 1);
    ys.push_back(b.reshape(r[1], one));
  }
  if (!b.ok()) return {};
  ir::AttrDict ca;
  ca.set("axis", Attr::integer_attr(0));
  return {args[0], b.emit1("tessera.concat", ys, std::move(ca))};
}

}  // namespace tessera::transforms::autodiff
