// Rebuilds upstream's op-list payload as Graph IR ops (docs/ops/graph/control-flow.md,
// "Executable payload"): each entry j of `<p>_opcodes` is one op whose operands are the values
// with ids `<p>_in0[j]` and `<p>_in1[j]` (-1: none), with `<p>_iattr[j]` (matmul's transpose
// bits) and `<p>_fattr[j]` (a norm's epsilon) as its attributes.
#include "interp/graph/control_payload.h"

#include "core/ops/registry.h"
#include "core/support/diagnostics.h"
#include "core/transforms/autodiff_builder.h"

namespace tessera::interp {
namespace {

using transforms::autodiff::Builder;

/// The entries of a dense-array attribute as integers (empty when absent).
std::vector<int64_t> ints(const ir::Op& op, const std::string& name) {
  std::vector<int64_t> v;
  if (const ir::Attr* a = op.attrs.get(name))
    for (const ir::Attr& e : a->elems) v.push_back(e.i);
  return v;
}

std::vector<double> floats(const ir::Op& op, const std::string& name) {
  std::vector<double> v;
  if (const ir::Attr* a = op.attrs.get(name))
    for (const ir::Attr& e : a->elems) v.push_back(e.as_double());
  return v;
}

/// The op of one payload entry (control_payload_c2), or nullptr after the builder reported.
ir::Value* emit_entry(const KernelCtx& c, Builder& b, int64_t code, ir::Value* x, ir::Value* y,
                      int64_t iattr, double fattr) {
  auto need_y = [&]() {
    if (!y)
      c.fail("payload opcode " + std::to_string(code) + " takes two operands (control_payload_c3)");
  };
  auto eps = [&](const char* name) {
    ir::AttrDict a;
    a.set("epsilon", ir::Attr::float_attr(fattr));
    return b.emit1(name, {x}, std::move(a));
  };
  switch (code) {
    case 0:
      need_y();
      return b.matmul(x, y, (iattr & 1) != 0, (iattr & 2) != 0, x->type.dtype);
    case 1:
      need_y();
      return b.add(x, y);
    case 2:
      need_y();
      return b.sub(x, y);
    case 3:
      need_y();
      return b.mul(x, y);
    case 4:
      need_y();
      return b.div(x, y);
    case 10:
      return b.emit1("tessera.softmax", {x});
    case 11:
      return eps("tessera.rmsnorm");
    case 12:
      return eps("tessera.layer_norm");
    case 20:
      return b.unary("tessera.relu", x);
    case 21:
      return b.unary("tessera.sigmoid", x);
    case 22:
      return b.unary("tessera.tanh", x);
    case 23:
      return b.unary("tessera.silu", x);
    case 24:
      return b.unary("tessera.gelu", x);
    default:
      c.fail("payload opcode " + std::to_string(code) +
             " does not run here (runs: 0 matmul, 1-4 add/sub/mul/div, "
             "10-12 softmax/rmsnorm/layer_norm, 20-24 relu/sigmoid/tanh/silu/gelu) "
             "(control_payload_c2)");
  }
}

}  // namespace

bool has_payload(const ir::Op& op, const std::string& prefix) {
  return op.attrs.get(prefix + "_opcodes") != nullptr;
}

std::unique_ptr<PayloadBody> payload_body(const KernelCtx& c, const std::string& prefix,
                                          const std::vector<Tensor>& args) {
  const std::vector<int64_t> codes = ints(c.op, prefix + "_opcodes");
  const std::vector<int64_t> in0 = ints(c.op, prefix + "_in0"), in1 = ints(c.op, prefix + "_in1"),
                             iattr = ints(c.op, prefix + "_iattr");
  const std::vector<double> fattr = floats(c.op, prefix + "_fattr");
  auto out = std::make_unique<PayloadBody>();
  out->holder = std::make_unique<ir::Op>();
  out->holder->name = "tessera.payload";
  out->holder->loc = c.op.loc;
  out->holder->regions.emplace_back();
  out->holder->regions[0].blocks.push_back(std::make_unique<ir::Block>());
  ir::Block& block = out->holder->regions[0].front();
  block.parent = out->holder.get();
  std::vector<ir::Value*> ids;
  std::vector<const ir::Value*> inputs;
  std::vector<ir::Type> types;
  for (const Tensor& t : args) {
    ids.push_back(block.add_arg(t.type()));
    inputs.push_back(ids.back());
    types.push_back(t.type());
  }
  DiagnosticEngine diag(c.run.sm);
  Builder b(block, diag);
  b.set_loc(c.op.loc);
  // control_payload_c3: an id names an operand or an earlier entry's result; -1 is no operand.
  auto value = [&](const std::vector<int64_t>& v, size_t j, bool optional) -> ir::Value* {
    const int64_t id = j < v.size() ? v[j] : -1;
    if (id == -1 && optional) return nullptr;
    if (id < 0 || id >= static_cast<int64_t>(ids.size()))
      c.fail("payload entry " + std::to_string(j) + " of '" + prefix + "_opcodes' reads id " +
             std::to_string(id) + ", which is not defined before it (ids 0.." +
             std::to_string(ids.size() - 1) + ") (control_payload_c3)");
    return ids[static_cast<size_t>(id)];
  };
  for (size_t j = 0; j < codes.size(); ++j) {
    ir::Value* x = value(in0, j, false);
    ir::Value* y = value(in1, j, true);
    const int64_t ia = j < iattr.size() ? iattr[j] : 0;
    const double fa = j < fattr.size() ? fattr[j] : 1e-5;
    ir::Value* r = emit_entry(c, b, codes[j], x, y, ia, fa);
    if (!b.ok() || !r)
      c.fail("payload entry " + std::to_string(j) + " of '" + prefix + "_opcodes' does not build" +
             (diag.all().empty() ? std::string() : ": " + diag.all().front().message));
    ids.push_back(r);
  }
  const int64_t out_id = c.op.attrs.get_int(prefix + "_out_id", -1);
  if (out_id < 0 || out_id >= static_cast<int64_t>(ids.size()))
    c.fail("'" + prefix + "_out_id' = " + std::to_string(out_id) + " names no value (ids 0.." +
           std::to_string(ids.size() - 1) + ") (control_payload_c3)");
  ir::Value* result = ids[static_cast<size_t>(out_id)];
  auto yield = std::make_unique<ir::Op>();
  yield->name = "scf.yield";
  yield->def = ops::lookup_op("scf.yield");
  yield->operands = {result};
  yield->loc = c.op.loc;
  yield->parent = &block;
  block.append(std::move(yield));
  PlanOptions po;
  po.max_memory = c.run.max_memory;
  po.fuse = c.run.observer == nullptr;
  out->plan = compile_block_plan(block, inputs, types, *c.run.sm, po);
  return out;
}

}  // namespace tessera::interp
