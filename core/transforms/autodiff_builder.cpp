// The autodiff op builder: emits Graph ops whose result types come from the op records.
#include "core/transforms/autodiff_builder.h"

#include <cstring>

#include "core/ops/registry.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Type;
using ir::Value;

std::vector<Value*> Builder::emit(const char* name, std::vector<Value*> operands,
                                  ir::AttrDict attrs, std::vector<Type> hints) {
  if (!ok_) return {};
  for (Value* v : operands)
    if (!v) {
      fail(std::string("internal: missing operand for '") + name + "'");
      return {};
    }
  const ops::OpDef* def = ops::lookup_op(name);
  if (!def) {
    fail(std::string("internal: unknown op '") + name + "'");
    return {};
  }
  auto op = std::make_unique<ir::Op>();
  op->name = name;
  op->def = def;
  op->operands = std::move(operands);
  op->attrs = std::move(attrs);
  op->loc = loc_;
  op->parent = block_;  // callee lookups (func.call) go through the enclosing symbol table
  const size_t nres = def->num_results >= 0 ? static_cast<size_t>(def->num_results) : hints.size();
  hints.resize(nres);
  for (const Type& h : hints) op->add_result(h);
  std::vector<Type> in;
  for (Value* v : op->operands) in.push_back(v->type);
  ops::InferCtx ctx{*op, in, hints, {}, diag_, false};
  const size_t before = diag_.error_count();
  if (!def->infer(ctx) || ctx.results.size() != nres) {
    if (diag_.error_count() == before) fail(std::string("internal: cannot build '") + name + "'");
    ok_ = false;
    return {};
  }
  std::vector<Value*> out;
  for (size_t k = 0; k < nres; ++k) {
    Type t = ctx.results[k];
    if (hints[k].kind != ir::TypeKind::none) {
      if (!ir::types_compatible(t, hints[k])) {
        fail(std::string("internal: '") + name + "' gives " + ir::to_string(t) + ", expected " +
             ir::to_string(hints[k]));
        return {};
      }
      for (size_t d = 0; d < t.shape.size(); ++d)
        if (t.shape[d] == ir::kDynamic) t.shape[d] = hints[k].shape[d];
    }
    op->results[k]->type = t;
    out.push_back(op->result(k));
  }
  block_->append(std::move(op));
  return out;
}

Value* Builder::emit1(const char* name, std::vector<Value*> operands, ir::AttrDict attrs,
                      std::vector<Type> hints) {
  auto r = emit(name, std::move(operands), std::move(attrs), std::move(hints));
  return r.empty() ? nullptr : r[0];
}

std::vector<Value*> Builder::copy(const ir::Op& op, std::vector<Value*> operands) {
  std::vector<Type> hints;
  for (const auto& r : op.results) hints.push_back(r->type);
  const ir::Location saved = loc_;
  loc_ = op.loc;
  ir::AttrDict attrs = op.attrs;
  attrs.erase("autodiff.checkpoint");  // the copy is the recomputation; stop_gradient stays
  auto out = emit(op.name.c_str(), std::move(operands), std::move(attrs), std::move(hints));
  loc_ = saved;
  return out;
}

namespace {

template <typename T>
void put(std::vector<std::byte>& data, T v) {
  data.resize(sizeof(T));
  std::memcpy(data.data(), &v, sizeof(T));
}

/// The bytes of `v` as a `dtype` element, for the dtypes a constant is written in directly.
bool encode(double v, DType dtype, std::vector<std::byte>& data) {
  switch (dtype) {
    case DType::f64:
      put(data, v);
      return true;
    case DType::f32:
      put(data, static_cast<float>(v));
      return true;
    case DType::i64:
    case DType::index:
      put(data, static_cast<int64_t>(v));
      return true;
    case DType::i32:
      put(data, static_cast<int32_t>(v));
      return true;
    case DType::i16:
      put(data, static_cast<int16_t>(v));
      return true;
    case DType::i8:
      put(data, static_cast<int8_t>(v));
      return true;
    case DType::u8:
      put(data, static_cast<uint8_t>(v));
      return true;
    case DType::u16:
      put(data, static_cast<uint16_t>(v));
      return true;
    case DType::u32:
      put(data, static_cast<uint32_t>(v));
      return true;
    case DType::u64:
      put(data, static_cast<uint64_t>(v));
      return true;
    case DType::i1:
      put(data, static_cast<uint8_t>(v != 0.0));
      return true;
    default:
      return false;
  }
}

Value* constant(Builder& b, Attr value) {
  ir::AttrDict a;
  Type t = value.type;
  a.set("value", std::move(value));
  return b.emit1("tessera.constant", {}, std::move(a), {t});
}

}  // namespace

Value* Builder::scalar(double v, DType dtype) {
  Attr a;
  a.kind = Attr::Kind::dense;
  a.type = Type::tensor(dtype, {});
  if (encode(v, dtype, a.data)) return constant(*this, std::move(a));
  if (!dtype_is_float(dtype)) {
    fail("internal: no constant of this element type");
    return nullptr;
  }
  return cast(scalar(v, DType::f32), dtype);
}

Value* Builder::int_vector(const std::vector<int64_t>& values, DType dtype) {
  std::vector<double> v(values.begin(), values.end());
  return vector(v, dtype);
}

Value* Builder::vector(const std::vector<double>& values, DType dtype) {
  Attr a;
  a.kind = Attr::Kind::dense;
  a.type = Type::tensor(dtype, {static_cast<int64_t>(values.size())});
  std::vector<std::byte> one;
  for (double v : values) {
    if (!encode(v, dtype, one)) {
      fail("internal: no vector constant of this element type");
      return nullptr;
    }
    a.data.insert(a.data.end(), one.begin(), one.end());
  }
  return constant(*this, std::move(a));
}

Value* Builder::fill(const Type& type, double v) {
  Value* s = scalar(v, type.dtype);
  if (!s || type.shape.empty()) return s;
  return broadcast(s, type.shape);
}

Value* Builder::reshape(Value* x, const std::vector<int64_t>& shape) {
  if (!x) return nullptr;
  if (x->type.shape == shape) return x;
  return emit1("tessera.reshape", {x}, {}, {Type::tensor(x->type.dtype, shape)});
}

Value* Builder::transpose(Value* x, const std::vector<int64_t>& perm) {
  ir::AttrDict a;
  std::vector<Attr> p;
  for (int64_t d : perm) p.push_back(Attr::integer_attr(d));
  a.set("perm", Attr::array_attr(std::move(p)));
  return emit1("tessera.transpose", {x}, std::move(a));
}

Value* Builder::broadcast(Value* x, const std::vector<int64_t>& shape,
                          const std::vector<int64_t>* dims) {
  if (!x) return nullptr;
  ir::AttrDict a;
  if (dims) {
    std::vector<Attr> p;
    for (int64_t d : *dims) p.push_back(Attr::integer_attr(d));
    a.set("broadcast_dimensions", Attr::array_attr(std::move(p)));
  }
  return emit1("tessera.broadcast", {x}, std::move(a), {Type::tensor(x->type.dtype, shape)});
}

Value* Builder::broadcast_if_needed(Value* v, const std::vector<int64_t>& shape) {
  if (!v || v->type.shape == shape) return v;
  return broadcast(v, shape);
}

Value* Builder::reduce(const char* kind, Value* x, const std::vector<int64_t>& axes,
                       bool keepdims) {
  ir::AttrDict a;
  a.set("kind", Attr::string_attr(kind));
  std::vector<Attr> p;
  for (int64_t d : axes) p.push_back(Attr::integer_attr(d));
  a.set("axes", Attr::array_attr(std::move(p)));
  if (keepdims) a.set("keepdims", Attr::boolean_attr(true));
  return emit1("tessera.reduce", {x}, std::move(a));
}

Value* Builder::cast(Value* x, DType to) {
  if (!x) return nullptr;
  if (x->type.dtype == to) return x;
  return emit1("tessera.cast", {x}, {}, {Type::tensor(to, x->type.shape)});
}

Value* Builder::matmul(Value* a, Value* b, bool ta, bool tb, DType out) {
  if (!a || !b) return nullptr;
  ir::AttrDict at;
  if (ta) at.set("transpose_a", Attr::boolean_attr(true));
  if (tb) at.set("transpose_b", Attr::boolean_attr(true));
  const size_t rank = std::max(a->type.shape.size(), b->type.shape.size());
  Type hint = Type::tensor(out, std::vector<int64_t>(rank, ir::kDynamic));
  return emit1("tessera.matmul", {a, b}, std::move(at), {hint});
}

Value* Builder::unbroadcast(Value* g, const Type& target) {
  if (!g) return nullptr;
  const auto& gs = g->type.shape;
  const auto& ts = target.shape;
  if (gs == ts) return g;
  if (ts.size() > gs.size()) {
    fail("internal: cannot sum a cotangent down to a higher rank");
    return nullptr;
  }
  const size_t off = gs.size() - ts.size();
  std::vector<int64_t> axes;
  for (size_t d = 0; d < gs.size(); ++d)
    if (d < off || (ts[d - off] == 1 && gs[d] != 1)) axes.push_back(static_cast<int64_t>(d));
  Value* s = axes.empty() ? g : reduce("sum", g, axes, false);
  return reshape(s, ts);
}

void Builder::fail(const std::string& msg) {
  ok_ = false;
  diag_.error(loc_, "autodiff: " + msg);
}

ir::Op* append_function(ir::Module& m, const std::string& name, const std::vector<ir::Type>& ins,
                        const std::vector<ir::Type>& outs, ir::Location loc,
                        const std::string& arg_prefix) {
  auto g = std::make_unique<ir::Op>();
  g->name = "func.func";
  g->def = ops::lookup_op("func.func");
  g->loc = loc;
  g->attrs.set("sym_name", ir::Attr::string_attr(name));
  g->attrs.set("function_type", ir::Attr::func_type_attr(ins, outs));
  auto& blk = g->regions.emplace_back().blocks.emplace_back(std::make_unique<ir::Block>());
  blk->parent = g.get();
  for (size_t k = 0; k < ins.size(); ++k) blk->add_arg(ins[k], arg_prefix + std::to_string(k));
  return m.body().append(std::move(g));
}

std::unique_ptr<ir::Op> clone_op(const ir::Op& o,
                                 std::unordered_map<const ir::Value*, ir::Value*>& vm) {
  auto n = std::make_unique<ir::Op>();
  n->name = o.name;
  n->def = o.def;
  n->attrs = o.attrs;
  n->loc = o.loc;
  for (const ir::Value* v : o.operands) {
    auto it = vm.find(v);
    n->operands.push_back(it == vm.end() ? const_cast<ir::Value*>(v) : it->second);
  }
  for (const auto& r : o.results) {
    ir::Value* nv = n->add_result(r->type);
    nv->name = r->name;
    nv->loc = r->loc;
    vm[r.get()] = nv;
  }
  for (const ir::Region& r : o.regions) {
    ir::Region& nr = n->regions.emplace_back();
    for (const auto& blk : r.blocks) {
      auto nb = std::make_unique<ir::Block>();
      nb->label = blk->label;
      nb->parent = n.get();
      for (const auto& a : blk->args) {
        ir::Value* na = nb->add_arg(a->type, a->name);
        na->loc = a->loc;
        vm[a.get()] = na;
      }
      nr.blocks.push_back(std::move(nb));
    }
    for (size_t k = 0; k < r.blocks.size(); ++k)
      for (const auto& child : r.blocks[k]->ops) nr.blocks[k]->append(clone_op(*child, vm));
  }
  return n;
}

}  // namespace tessera::transforms::autodiff
