// Pass tile-to-target: driver, builder, value mapping and structured control flow
// (docs/ops/target/lowering.md). The per-op rules are in tile_to_target_ops.cpp.
#include "core/transforms/tile_to_target.h"

#include <map>
#include <optional>
#include <set>

#include "core/transforms/tile_to_target_impl.h"
#include "core/verify/verifier.h"

namespace tessera::transforms {
namespace t2t {

std::pair<int64_t, int64_t> tile_shape(const ir::Type& t) {
  if (!t.is_tensor() && t.kind != ir::TypeKind::vector) return {0, 0};
  if (!t.has_static_shape()) return {0, 0};
  if (t.rank() == 1) return {t.shape[0], 1};
  if (t.rank() == 2) return {t.shape[0], t.shape[1]};
  return {0, 0};
}

ir::Op* Lowering::emit(const char* name, std::vector<ir::Value*> operands,
                       std::vector<ir::Type> results, ir::AttrDict attrs) {
  auto op = std::make_unique<ir::Op>();
  op->name = name;
  op->def = ops::lookup_op(name);
  op->operands = std::move(operands);
  op->attrs = std::move(attrs);
  op->loc = loc_;
  op->parent = cur_;
  for (ir::Type& t : results) op->add_result(std::move(t))->loc = loc_;
  return cur_->append(std::move(op));
}

ir::Value* Lowering::cst_index(int64_t v) {
  auto key = std::make_pair(0, static_cast<double>(v));
  if (auto it = const_cache_.find(key); it != const_cache_.end()) return it->second;
  auto op = std::make_unique<ir::Op>();
  op->name = "arith.constant";
  op->def = ops::lookup_op(op->name);
  op->attrs.set("value", ir::Attr::integer_attr(v, DType::index));
  op->loc = loc_;
  ir::Value* r = op->add_result(ir::Type::scalar(DType::index));
  consts_.push_back(std::move(op));
  return const_cache_[key] = r;
}

ir::Value* Lowering::cst_i32(int64_t v) {
  auto key = std::make_pair(1, static_cast<double>(v));
  if (auto it = const_cache_.find(key); it != const_cache_.end()) return it->second;
  auto op = std::make_unique<ir::Op>();
  op->name = "arith.constant";
  op->def = ops::lookup_op(op->name);
  op->attrs.set("value", ir::Attr::integer_attr(v, DType::i32));
  op->loc = loc_;
  ir::Value* r = op->add_result(ir::Type::scalar(DType::i32));
  consts_.push_back(std::move(op));
  return const_cache_[key] = r;
}

ir::Value* Lowering::cst_f32(double v) {
  // Keyed by bits so that -0.0 and NaNs stay distinct.
  const float f = static_cast<float>(v);
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  auto key = std::make_pair(2, static_cast<double>(bits));
  if (auto it = const_cache_.find(key); it != const_cache_.end()) return it->second;
  auto op = std::make_unique<ir::Op>();
  op->name = "arith.constant";
  op->def = ops::lookup_op(op->name);
  op->attrs.set("value", ir::Attr::float_attr(static_cast<double>(f), DType::f32));
  op->loc = loc_;
  ir::Value* r = op->add_result(ir::Type::scalar(DType::f32));
  consts_.push_back(std::move(op));
  return const_cache_[key] = r;
}

ir::Value* Lowering::prologue(const char* name, std::vector<ir::Value*> operands, ir::Type result,
                              ir::AttrDict attrs) {
  auto op = std::make_unique<ir::Op>();
  op->name = name;
  op->def = ops::lookup_op(name);
  op->operands = std::move(operands);
  op->attrs = std::move(attrs);
  op->loc = loc_;
  ir::Value* r = op->add_result(std::move(result));
  consts_.push_back(std::move(op));
  return r;
}

ir::Value* Lowering::lane() {
  if (!lane_) {
    ir::Value* l = prologue("tessera_nvidia.laneid", {}, ir::Type::scalar(DType::i32));
    lane_ = prologue("arith.index_cast", {l}, ir::Type::scalar(DType::index));
  }
  return lane_;
}

ir::Value* Lowering::lane0() {
  if (!lane0_) {
    ir::Value* l = lane();
    ir::Value* zero = cst_index(0);
    ir::AttrDict eq;
    eq.set("predicate", ir::Attr::string_attr("eq"));
    lane0_ = prologue("arith.cmpi", {l, zero}, ir::Type::scalar(DType::i1), std::move(eq));
  }
  return lane0_;
}

ir::Value* Lowering::dim(const ir::Value* old_m, size_t d) {
  const Lowered& m = at(old_m);
  const int64_t n = d < m.shape.size() ? m.shape[d] : ir::kDynamic;
  if (n != ir::kDynamic) return cst_index(n);
  ir::AttrDict a;
  a.set("dim", ir::Attr::integer_attr(static_cast<int64_t>(d)));
  if (!m.param)  // a selected memref: read where it is used
    return emit1("tessera_nvidia.dim", {m.one()}, ir::Type::scalar(DType::index), std::move(a));
  ir::Value*& v = param_dims_[{old_m, d}];
  if (!v)
    v = prologue("tessera_nvidia.dim", {m.one()}, ir::Type::scalar(DType::index), std::move(a));
  return v;
}

namespace {

/// The value of an index constant (arith.constant), if `v` is one.
std::optional<int64_t> index_const(const ir::Value* v) {
  if (!v->def || v->def->name != "arith.constant" || v->type.dtype != DType::index) return {};
  const ir::Attr* a = v->def->attrs.get("value");
  if (!a || !a->is_int()) return {};
  return a->i;
}

}  // namespace

// add and mul fold index constants (x + 0, x * 1, x * 0, c1 op c2 without overflow): the
// address arithmetic of tiles is mostly affine in constants, and every instruction left out is
// one a warp does not execute per element. Integer results are the same.
ir::Value* Lowering::add(ir::Value* a, ir::Value* b) {
  const auto ca = index_const(a), cb = index_const(b);
  int64_t r = 0;
  if (ca && cb && !__builtin_add_overflow(*ca, *cb, &r)) return cst_index(r);
  if (cb == 0 && b->type.dtype == a->type.dtype) return a;
  if (ca == 0 && a->type.dtype == b->type.dtype) return b;
  return emit1("arith.addi", {a, b}, a->type);
}
ir::Value* Lowering::mul(ir::Value* a, ir::Value* b) {
  const auto ca = index_const(a), cb = index_const(b);
  int64_t r = 0;
  if (ca && cb && !__builtin_mul_overflow(*ca, *cb, &r)) return cst_index(r);
  if (cb == 1 && b->type.dtype == a->type.dtype) return a;
  if (ca == 1 && a->type.dtype == b->type.dtype) return b;
  if ((ca == 0 || cb == 0) && a->type.dtype == DType::index && b->type.dtype == DType::index)
    return cst_index(0);
  return emit1("arith.muli", {a, b}, a->type);
}

ir::Value* Lowering::sreg(const char* name, int64_t dim) {
  ir::AttrDict a;
  if (dim >= 0) a.set("dim", ir::Attr::integer_attr(dim));
  ir::Value* v = emit1(name, {}, ir::Type::scalar(DType::i32), std::move(a));
  return emit1("arith.index_cast", {v}, ir::Type::scalar(DType::index));
}

Lowered& Lowering::at(const ir::Value* v) {
  auto it = map_.find(v);
  if (it == map_.end()) {
    const ir::Op* def = v->def;
    throw Unsupported{def, "uses a value the lowering has not produced"};
  }
  return it->second;
}

namespace {

void count_uses(const ir::Op& op, std::map<const ir::Value*, int>& uses) {
  for (const ir::Value* v : op.operands) ++uses[v];
  for (const ir::Region& r : op.regions)
    for (const auto& b : r.blocks)
      for (const auto& o : b->ops) count_uses(*o, uses);
}

/// Erases pure ops none of whose results is used (values a rule made but did not need, such as
/// the element loads of a tile that ldmatrix reads instead); returns whether any was erased.
bool erase_dead(ir::Op& op, std::map<const ir::Value*, int>& uses) {
  bool any = false;
  for (ir::Region& r : op.regions)
    for (auto& b : r.blocks) {
      for (size_t k = b->ops.size(); k-- > 0;) {
        ir::Op& o = *b->ops[k];
        any |= erase_dead(o, uses);
        if (!o.def || !o.def->pure() || !o.regions.empty() || o.results.empty()) continue;
        bool used = false;
        for (const auto& res : o.results) used |= uses[res.get()] > 0;
        if (used) continue;
        for (const ir::Value* v : o.operands) --uses[v];
        b->ops.erase(b->ops.begin() + static_cast<std::ptrdiff_t>(k));
        any = true;
      }
    }
  return any;
}

}  // namespace

void Lowering::kernel(ir::Op& func) {
  ir::Region& body = func.regions.at(0);
  ir::Block& old = body.front();
  auto fresh = std::make_unique<ir::Block>();
  fresh->parent = &func;
  loc_ = func.loc;
  // Parameters keep their types (global memrefs and scalars).
  for (const auto& a : old.args) {
    ir::Value* n = fresh->add_arg(a->type, a->name);
    n->loc = a->loc;
  }
  {
    Scope s(*this, fresh.get());
    for (size_t k = 0; k < old.args.size(); ++k) {
      Lowered l;
      l.regs = {fresh->args[k].get()};
      l.shape = old.args[k]->type.shape;
      l.param = true;
      set(old.args[k].get(), l);
    }
    for (const auto& o : old.ops) op(*o);
  }
  // Constants first: they dominate every use.
  std::vector<std::unique_ptr<ir::Op>> ops = std::move(consts_);
  for (auto& o : ops) o->parent = fresh.get();
  for (auto& o : fresh->ops) ops.push_back(std::move(o));
  fresh->ops = std::move(ops);
  body.blocks.clear();
  body.blocks.push_back(std::move(fresh));
  std::map<const ir::Value*, int> uses;
  count_uses(func, uses);
  while (erase_dead(func, uses)) {
  }
}

}  // namespace t2t

bool tile_to_target(ir::Module& module, DiagnosticEngine& diag) {
  // The kernels tile.launch calls, each lowered once; launches need 32 lanes per tile.
  std::vector<ir::Op*> launches;
  for (ir::Op* f : module.funcs())
    ir::walk(*f, [&](ir::Op& o) {
      if (o.name == "tile.launch") launches.push_back(&o);
    });
  std::set<ir::Op*> kernels;
  bool ok = true;
  for (ir::Op* l : launches) {
    if (l->attrs.get_int("lanes", 32) != 32 || l->attrs.get_int("tiles", 1) * 32 > 1024) {
      diag.op_error(*l, "tile-to-target needs lanes = 32 and at most 32 tiles (a tile is a warp)",
                    "");
      ok = false;
      continue;
    }
    if (ir::Op* k = ir::lookup_callee(*l)) kernels.insert(k);
  }
  if (!ok) return false;
  for (ir::Op* k : kernels) {
    t2t::Lowering low(diag);
    try {
      low.kernel(*k);
    } catch (const t2t::Unsupported& u) {
      if (u.op)
        diag.op_error(*u.op, "tile-to-target: " + u.msg, "");
      else
        diag.error(k->loc, "tile-to-target: " + u.msg);
      return false;
    }
  }
  for (ir::Op* l : launches) {
    l->name = "tessera_nvidia.launch";
    l->def = ops::lookup_op(l->name);
    const int64_t tiles = l->attrs.get_int("tiles", 1);
    l->attrs.erase("tiles");
    l->attrs.erase("lanes");
    l->attrs.set("block", ir::Attr::array_attr({ir::Attr::integer_attr(tiles * 32)}));
  }
  module.rebuild_symbols();
  return verify::verify_module(module, diag);
}

}  // namespace tessera::transforms
