// Pass insert-collectives: ShardSpec propagation and collective insertion.
#include "core/transforms/insert_collectives.h"

#include <algorithm>
#include <map>

#include "core/mesh/mesh.h"
#include "core/ops/registry.h"
#include "core/verify/verifier.h"

namespace tessera::transforms {
namespace {

using namespace tessera::mesh;  // the mesh model: ShardSpec, Mesh

using ir::Attr;

Attr axes_attr(const Mesh& m, const std::vector<int>& axes) {
  std::vector<Attr> v;
  for (int a : axes) v.push_back(Attr::string_attr(m.axes[static_cast<size_t>(a)]));
  return Attr::array_attr(std::move(v));
}

/// A Graph IR op with the record's kElementwise trait (ops.def): sharded like its operands.
bool is_elementwise(const ir::Op& op) {
  return op.def && op.def->level == ops::Level::graph && op.def->has(ops::kElementwise);
}
/// Operands all of one shape (no broadcasting), so one ShardSpec fits every operand.
bool same_shapes(const ir::Op& op) {
  for (const ir::Value* v : op.operands)
    if (v->type.shape != op.operands[0]->type.shape) return false;
  return true;
}

class Pass {
 public:
  Pass(const Mesh& m, DiagnosticEngine& diag) : m_(m), diag_(diag) {}
  bool run_func(ir::Op& func);

 private:
  /// Builds `name`(x) with attrs before the op being rewritten; infers and checks its type.
  ir::Value* emit(const char* name, ir::Value* x, ir::AttrDict attrs, const ir::Op& at) {
    auto op = std::make_unique<ir::Op>();
    op->name = name;
    op->def = ops::lookup_op(name);
    op->operands = {x};
    op->attrs = std::move(attrs);
    op->loc = at.loc;
    op->parent = block_;
    ir::Type placeholder = x->type;  // all dims dynamic, replaced by the inferred type
    for (auto& d : placeholder.shape) d = ir::kDynamic;
    op->add_result(placeholder);
    std::vector<ir::Type> res;
    if (!verify::infer_op(*op, {x->type}, false, diag_, res)) return nullptr;  // builder check
    op->results[0]->type = res[0];
    op->results[0]->loc = at.loc;
    ir::Value* v = op->result(0);
    out_.push_back(std::move(op));
    return v;
  }
  /// Converts x from spec `from` to `to`, emitting collectives; nullptr on error.
  ir::Value* convert(ir::Value* x, ShardSpec from, const ShardSpec& to, const ir::Op& at);
  ShardSpec& spec(ir::Value* v) { return specs_.at(v); }

  const Mesh& m_;
  DiagnosticEngine& diag_;
  ir::Block* block_ = nullptr;
  std::vector<std::unique_ptr<ir::Op>> out_;
  std::map<const ir::Value*, ShardSpec> specs_;
};

ir::Value* Pass::convert(ir::Value* x, ShardSpec from, const ShardSpec& to, const ir::Op& at) {
  const size_t rank = from.dim_axes.size();
  // P -> S: a partial axis set that `to` shards one dim over (that is replicated in `from`).
  for (size_t d = 0; d < rank && x; ++d) {
    const auto& axes = to.dim_axes[d];
    if (axes.empty() || !from.dim_axes[d].empty() || from.partial != axes) continue;
    ir::AttrDict a;
    a.set("axes", axes_attr(m_, axes));
    a.set("op", Attr::string_attr("sum"));
    a.set("dim", Attr::integer_attr(static_cast<int64_t>(d)));
    x = emit("tessera.reduce_scatter", x, std::move(a), at);
    from.dim_axes[d] = axes;
    from.partial.clear();
  }
  // P -> R: sum over the partial axes `to` does not keep.
  std::vector<int> drop;
  for (int p : from.partial)
    if (std::find(to.partial.begin(), to.partial.end(), p) == to.partial.end()) drop.push_back(p);
  if (!drop.empty() && x) {
    ir::AttrDict a;
    a.set("axes", axes_attr(m_, drop));
    a.set("op", Attr::string_attr("sum"));
    x = emit("tessera.all_reduce", x, std::move(a), at);
    std::vector<int> keep;
    for (int p : from.partial)
      if (std::find(drop.begin(), drop.end(), p) == drop.end()) keep.push_back(p);
    from.partial = keep;
  }
  // S(a) -> S(b) over the same axes: all_to_all.
  for (size_t a = 0; a < rank && x; ++a) {
    if (from.dim_axes[a].empty() || from.dim_axes[a] == to.dim_axes[a]) continue;
    for (size_t b = 0; b < rank; ++b) {
      if (b == a || to.dim_axes[b] != from.dim_axes[a] || !from.dim_axes[b].empty()) continue;
      ir::AttrDict at_;
      at_.set("axes", axes_attr(m_, from.dim_axes[a]));
      at_.set("split_dim", Attr::integer_attr(static_cast<int64_t>(b)));
      at_.set("concat_dim", Attr::integer_attr(static_cast<int64_t>(a)));
      x = emit("tessera.all_to_all", x, std::move(at_), at);
      from.dim_axes[b] = from.dim_axes[a];
      from.dim_axes[a].clear();
      break;
    }
  }
  // S -> R: gather every dim whose sharding still differs.
  for (size_t d = 0; d < rank && x; ++d) {
    if (from.dim_axes[d].empty() || from.dim_axes[d] == to.dim_axes[d]) continue;
    ir::AttrDict a;
    a.set("axes", axes_attr(m_, from.dim_axes[d]));
    a.set("dim", Attr::integer_attr(static_cast<int64_t>(d)));
    x = emit("tessera.all_gather", x, std::move(a), at);
    from.dim_axes[d].clear();
  }
  // R -> S and R -> P need no communication: a local redistribute.
  if (x && !(from == to)) {
    ir::AttrDict a;
    a.set("src", shard_spec_attr(from, m_));
    a.set("dst", shard_spec_attr(to, m_));
    x = emit("tessera.redistribute", x, std::move(a), at);
  }
  if (x) specs_[x] = to;
  return x;
}

bool Pass::run_func(ir::Op& func) {
  if (ir::is_declaration(func)) return true;
  ir::Block& entry = func.regions[0].front();
  block_ = &entry;
  std::string err;
  for (size_t k = 0; k < entry.args.size(); ++k) {
    auto s = arg_shard_spec(func, k, m_, err);
    if (!s) {
      diag_.error(entry.args[k]->loc, "tessera.shard: " + err);
      return false;
    }
    specs_[entry.args[k].get()] = *s;
  }
  std::vector<std::unique_ptr<ir::Op>> ops = std::move(entry.ops);
  out_.clear();
  for (auto& up : ops) {
    ir::Op& op = *up;
    const std::string& n = op.name;
    auto operand_spec = [&](size_t i) { return spec(op.operands[i]); };
    bool ok = true, changed = false;
    auto set_operand = [&](size_t i, const ShardSpec& want) {
      if (spec(op.operands[i]) == want) return;
      changed = true;
      ir::Value* v = convert(op.operands[i], spec(op.operands[i]), want, op);
      if (!v)
        ok = false;
      else
        op.operands[i] = v;
    };
    ShardSpec result;
    bool propagated = false;  // `result` holds the results' spec (else they are replicated)
    if (n == "func.return") {
      for (size_t i = 0; i < op.operands.size() && ok; ++i) {
        auto want = result_shard_spec(func, i, m_, err);
        if (!want) {
          diag_.op_error(func, "tessera.result_shards: " + err, "insert_collectives_c1");
          return false;
        }
        set_operand(i, *want);
      }
    } else if (n == "tessera.matmul" && op.operands.size() == 2 &&
               op.operands[0]->type.rank() == 2 && op.operands[1]->type.rank() == 2) {
      ShardSpec a = operand_spec(0), b = operand_spec(1);
      // Partial operands are summed first; the contraction dim must be sharded alike.
      if (!a.partial.empty()) a.partial.clear();
      if (!b.partial.empty()) b.partial.clear();
      if (a.dim_axes[1] != b.dim_axes[0]) {
        if (!a.dim_axes[1].empty()) a.dim_axes[1].clear();
        if (!b.dim_axes[0].empty()) b.dim_axes[0].clear();
      }
      // An axis may shard M or N or K, not two of them: gather N on a clash.
      for (int ax : b.dim_axes[1])
        if (std::count(a.dim_axes[0].begin(), a.dim_axes[0].end(), ax) ||
            std::count(a.dim_axes[1].begin(), a.dim_axes[1].end(), ax))
          b.dim_axes[1].clear();
      set_operand(0, a);
      set_operand(1, b);
      result = ShardSpec{{a.dim_axes[0], b.dim_axes[1]}, a.dim_axes[1]};
      propagated = true;
    } else if (is_elementwise(op) && !op.operands.empty() && same_shapes(op)) {
      // Every operand takes the first one's spec; pending partial sums pass through only ops
      // with the kLinear trait (add, sub, neg).
      ShardSpec a = operand_spec(0);
      if (!op.def->has(ops::kLinear)) a.partial.clear();
      for (size_t i = 0; i < op.operands.size() && ok; ++i) set_operand(i, a);
      result = a;
      propagated = true;
    } else {
      // Any other op runs on replicated operands and yields replicated results.
      for (size_t i = 0; i < op.operands.size() && ok; ++i)
        set_operand(i, ShardSpec::replicated(static_cast<size_t>(op.operands[i]->type.rank())));
    }
    if (!ok) return false;
    if (changed && n != "func.return") {
      // Operand shapes changed: re-infer the result types (dims reset to dynamic first).
      std::vector<ir::Type> in, res;
      for (ir::Value* v : op.operands) in.push_back(v->type);
      for (auto& r : op.results)
        for (auto& d : r->type.shape) d = ir::kDynamic;
      if (!verify::infer_op(op, in, false, diag_, res)) return false;
      for (size_t i = 0; i < res.size(); ++i) op.results[i]->type = res[i];
    }
    for (auto& r : op.results)
      specs_[r.get()] =
          propagated ? result : ShardSpec::replicated(static_cast<size_t>(r->type.rank()));
    out_.push_back(std::move(up));
  }
  entry.ops = std::move(out_);
  // The returned values now have their result_shards layouts: update the signature to match.
  const ir::Op& ret = *entry.ops.back();
  if (ret.name == "func.return") {
    std::vector<ir::Type> ins, outs;
    for (const auto& a : entry.args) ins.push_back(a->type);
    for (const ir::Value* v : ret.operands) outs.push_back(v->type);
    func.attrs.set("function_type", Attr::func_type_attr(ins, outs));
  }
  return true;
}

}  // namespace

bool insert_collectives(ir::Module& module, DiagnosticEngine& diag) {
  std::string err;
  auto m = read_mesh(module.op(), err);
  if (!m) {
    diag.error(module.op().loc,
               err.empty() ? "insert-collectives needs a module-level tessera.mesh" : err);
    return false;
  }
  for (ir::Op* f : module.funcs()) {
    Pass p(*m, diag);
    if (!p.run_func(*f)) return false;
  }
  return verify::verify_module(module, diag);
}

}  // namespace tessera::transforms
