// Graph IR execution plans: shape binding, kernel resolution, liveness-based buffer reuse.
#include "interp/graph/plan.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/analysis/dep_graph.h"
#include "core/numerics/convert_array.h"
#include "core/ops/kv_handle.h"
#include "core/ops/policy.h"
#include "core/ops/registry.h"
#include "core/verify/verifier.h"
#include "interp/graph/fusion.h"
#include "interp/graph/isa.h"
#include "interp/tile/launch.h"

namespace tessera::interp {
namespace {

[[noreturn]] void fail_at(const SourceManager& sm, ir::Location loc, const std::string& msg) {
  DiagnosticEngine d(&sm);
  d.error(loc, msg);
  throw Error(d.render());
}

/// Reads `tessera.dims = ["B", 64]` (or "Bx64") of argument k, if any.
std::vector<std::string> arg_dim_names(const ir::Op& func, size_t k) {
  const ir::Attr* aa = func.attrs.get("arg_attrs");
  if (!aa || k >= aa->elems.size()) return {};
  const ir::Attr* dims = aa->elems[k].get("tessera.dims");
  if (!dims) return {};
  std::vector<std::string> out;
  if (dims->kind == ir::Attr::Kind::array) {
    for (const ir::Attr& e : dims->elems)
      out.push_back(e.kind == ir::Attr::Kind::string    ? e.s
                    : e.kind == ir::Attr::Kind::integer ? std::to_string(e.i)
                                                        : "?");
  } else if (dims->kind == ir::Attr::Kind::string) {
    std::string s = dims->s, cur;
    for (char c : s) {
      if (c == 'x') {
        out.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    out.push_back(cur);
  }
  return out;
}

bool is_low_precision(const ir::Type& t) {
  return t.is_shaped() && dtype_is_low_precision_float(t.dtype);
}

/// What compile_plan tracks while it assigns slots: the slot of each value and its type.
struct SlotMap {
  std::unordered_map<const ir::Value*, int> slot;
  std::unordered_map<int, ir::Type> type;
};

/// Binds the arguments: every static dim must match; named dims must agree across arguments.
void bind_arguments(Plan& plan, SlotMap& slots, const ir::Op& func,
                    const std::vector<ir::Type>& arg_types, const SourceManager& sm) {
  const ir::Block& entry = func.regions[0].front();
  if (arg_types.size() != entry.args.size())
    fail_at(sm, func.loc,
            "function '" + ir::func_name(func) + "' takes " + std::to_string(entry.args.size()) +
                " arguments but " + std::to_string(arg_types.size()) + " inputs were given");
  std::map<std::string, std::pair<int64_t, size_t>> named;  // dim name -> (size, arg index)
  for (size_t k = 0; k < entry.args.size(); ++k) {
    const ir::Type& want = entry.args[k]->type;
    ir::Type got = arg_types[k];
    // A scalar parameter (`%n: index`, `%p: i1`) takes a 0-d tensor of its element type; a
    // 0-d i64 tensor binds an index parameter (numpy has no index type).
    if (want.is_scalar() && got.is_tensor() && got.shape.empty() &&
        (got.dtype == want.dtype || (want.dtype == DType::index && got.dtype == DType::i64)))
      got = want;
    // A `!tessera.kv_cache` parameter binds from a 0-d f32 tensor: the cache's length
    // (docs/ops/graph/kv_cache.md, "Handles"; its kernels check the value, kv_handle_c7).
    if (ops::is_kv_handle(want) && got.is_tensor() && got.shape.empty() && got.dtype == DType::f32)
      got = want;
    if (!ir::types_compatible(want, got))
      fail_at(sm, entry.args[k]->loc,
              "input #" + std::to_string(k) + " ('%" + entry.args[k]->name + "') has type " +
                  ir::to_string(got) + " but the function expects " + ir::to_string(want));
    auto names = arg_dim_names(func, k);
    for (size_t d = 0; d < names.size() && d < got.shape.size(); ++d) {
      const std::string& n = names[d];
      if (n.empty() || n == "?" || std::isdigit(static_cast<unsigned char>(n[0]))) continue;
      auto [it, inserted] = named.emplace(n, std::make_pair(got.shape[d], k));
      if (!inserted && it->second.first != got.shape[d])
        fail_at(sm, entry.args[k]->loc,
                "dimension '" + n + "' is " + std::to_string(it->second.first) + " in input #" +
                    std::to_string(it->second.second) + " but " + std::to_string(got.shape[d]) +
                    " in input #" + std::to_string(k));
    }
    int s = plan.num_slots++;
    slots.slot[entry.args[k].get()] = s;
    slots.type[s] = got;
    plan.arg_slots.push_back(s);
    plan.arg_types.push_back(got);
  }
}

/// One step for `op`: its kernel, operand slots, re-inferred result types and result slots.
PlanStep plan_step(Plan& plan, SlotMap& slots, const ir::Op& op, const SourceManager& sm,
                   const PlanOptions& opts, DiagnosticEngine& diag) {
  if (!op.def) fail_at(sm, op.loc, "'" + op.name + "' is not a registered op and cannot run");
  KernelFn k = graph_kernel(op);
  if (!k && !opts.allow_missing_kernels)
    fail_at(sm, op.loc,
            "'" + op.name + "' op cannot run in the Graph IR interpreter (level " +
                ops::level_name(op.def->level) + ")");
  PlanStep st;
  st.op = &op;
  st.kernel = k;
  std::vector<ir::Type> in_types;
  for (const ir::Value* v : op.operands) {
    auto it = slots.slot.find(v);
    if (it == slots.slot.end()) fail_at(sm, op.loc, "internal: operand has no slot");
    st.inputs.push_back(it->second);
    in_types.push_back(slots.type[it->second]);
  }
  if (!verify::infer_op(op, in_types, true, diag, st.result_types)) throw Error(diag.render());
  // An op with regions (scf.for, scf.if, scf.while) also reads the values its regions use from
  // outside: they follow its operands (region_captures gives their order).
  if (!op.regions.empty())
    for (const ir::Value* v : region_captures(op)) {
      auto it = slots.slot.find(v);
      if (it == slots.slot.end()) fail_at(sm, op.loc, "internal: captured value has no slot");
      st.inputs.push_back(it->second);
    }
  for (auto& t : st.result_types) {
    if (t.is_shaped() && !t.has_static_shape())
      fail_at(
          sm, op.loc,
          "'" + op.name + "' op result shape " + ir::to_string(t) + " is not known at run time");
    storage_bytes(t.dtype, t.shape);  // throws on overflow
  }
  (void)ops::read_policy(op);  // validate early, with the op's name
  bool lp = false;
  for (auto& t : in_types) lp |= is_low_precision(t);
  for (auto& t : st.result_types) lp |= is_low_precision(t);
  st.widen = lp && !kernel_handles_low_precision(op);
  for (size_t r = 0; r < op.results.size(); ++r) {
    int s = plan.num_slots++;
    slots.slot[op.result(r)] = s;
    slots.type[s] = st.result_types[r];
    st.outputs.push_back(s);
  }
  return st;
}

/// Liveness: a slot dies after its last use unless it is an argument or a result. Fills each
/// step's `release` and the plan's peak live bytes.
void plan_liveness(Plan& plan, const SlotMap& slots) {
  auto bytes_of = [&](int s) {
    const ir::Type& t = slots.type.at(s);
    return storage_bytes(t.dtype, t.shape);
  };
  std::vector<int> last_use(static_cast<size_t>(plan.num_slots), -1);
  for (size_t k = 0; k < plan.steps.size(); ++k)
    for (int s : plan.steps[k].inputs) last_use[static_cast<size_t>(s)] = static_cast<int>(k);
  std::vector<bool> pinned(static_cast<size_t>(plan.num_slots), false);
  for (int s : plan.arg_slots) pinned[static_cast<size_t>(s)] = true;
  for (int s : plan.result_slots) pinned[static_cast<size_t>(s)] = true;
  for (size_t k = 0; k < plan.steps.size(); ++k) {
    for (int s : plan.steps[k].outputs)
      if (last_use[static_cast<size_t>(s)] < 0 && !pinned[static_cast<size_t>(s)])
        plan.steps[k].release.push_back(s);  // produced but unused (a dead multi-result)
  }
  for (int s = 0; s < plan.num_slots; ++s)
    if (!pinned[static_cast<size_t>(s)] && last_use[static_cast<size_t>(s)] >= 0)
      plan.steps[static_cast<size_t>(last_use[static_cast<size_t>(s)])].release.push_back(s);
  // Peak live bytes: the arguments plus every buffer the plan holds at once.
  uint64_t live = 0;
  for (const ir::Type& t : plan.arg_types) live += storage_bytes(t.dtype, t.shape);
  plan.peak_bytes = live;
  for (auto& st : plan.steps) {
    for (int s : st.outputs) {
      live += bytes_of(s);
      plan.peak_bytes = std::max(plan.peak_bytes, live);
    }
    for (int s : st.release)
      if (!pinned[static_cast<size_t>(s)]) live -= bytes_of(s);
  }
}

}  // namespace

std::vector<const ir::Value*> region_captures(const ir::Op& op) {
  auto inside = [&](const ir::Value* v) {
    const ir::Block* b = v->def ? v->def->parent : v->owner;
    for (const ir::Op* p = b ? b->parent : nullptr; p; p = p->parent ? p->parent->parent : nullptr)
      if (p == &op) return true;
    return false;
  };
  std::vector<const ir::Value*> out;
  std::unordered_set<const ir::Value*> seen;
  auto visit = [&](auto& self, const ir::Op& x) -> void {
    for (const ir::Value* v : x.operands)
      if (v && !inside(v) && seen.insert(v).second) out.push_back(v);
    for (const ir::Region& r : x.regions)
      for (const auto& b : r.blocks)
        for (const auto& o : b->ops) self(self, *o);
  };
  for (const ir::Region& r : op.regions)
    for (const auto& b : r.blocks)
      for (const auto& o : b->ops) visit(visit, *o);
  return out;
}

Plan compile_block_plan(const ir::Block& block, const std::vector<const ir::Value*>& inputs,
                        const std::vector<ir::Type>& input_types, const SourceManager& sm,
                        const PlanOptions& opts) {
  Plan plan;
  plan.func = block.parent;
  SlotMap slots;
  for (size_t k = 0; k < inputs.size(); ++k) {
    int s = plan.num_slots++;
    slots.slot[inputs[k]] = s;
    slots.type[s] = input_types[k];
    plan.arg_slots.push_back(s);
    plan.arg_types.push_back(input_types[k]);
  }
  if (block.ops.empty()) fail_at(sm, block.parent->loc, "a region has no terminator");
  DiagnosticEngine diag(&sm);
  for (size_t k = 0; k + 1 < block.ops.size(); ++k)
    plan.steps.push_back(plan_step(plan, slots, *block.ops[k], sm, opts, diag));
  for (const ir::Value* v : block.ops.back()->operands) {
    auto it = slots.slot.find(v);
    if (it == slots.slot.end())
      fail_at(sm, block.ops.back()->loc, "internal: a yielded value has no slot");
    plan.result_slots.push_back(it->second);
    plan.result_types.push_back(slots.type[it->second]);
  }
  plan_liveness(plan, slots);
  return plan;
}

Plan compile_plan(const ir::Op& func, const std::vector<ir::Type>& arg_types,
                  const SourceManager& sm, const PlanOptions& opts) {
  Plan plan;
  plan.func = &func;
  if (ir::is_declaration(func))
    fail_at(sm, func.loc, "function '" + ir::func_name(func) + "' has no body");
  SlotMap slots;
  bind_arguments(plan, slots, func, arg_types, sm);
  DiagnosticEngine diag(&sm);
  const analysis::FunctionGraph graph(func);  // built once for both questions
  auto order = graph.topological_order(diag);
  if (diag.has_errors()) throw Error(diag.render());
  const auto dead_list = graph.dead_ops();
  const std::unordered_set<const ir::Op*> dead(dead_list.begin(), dead_list.end());
  const ir::Op* ret = nullptr;
  for (const ir::Op* op : order) {
    if (dead.count(op)) continue;
    if (op->name == "func.return") {
      ret = op;
      continue;
    }
    plan.steps.push_back(plan_step(plan, slots, *op, sm, opts, diag));
  }
  if (!ret) fail_at(sm, func.loc, "function '" + ir::func_name(func) + "' has no return");
  for (const ir::Value* v : ret->operands) {
    plan.result_slots.push_back(slots.slot.at(v));
    plan.result_types.push_back(slots.type[slots.slot.at(v)]);
  }
  // Fusion changes no bit (tests compare it with the scalar ISA, which never fuses), so it is
  // an optimisation of the vector ISAs; mesh plans stay step-for-step (their executor drives
  // the steps of every rank together).
  if (opts.fuse && !opts.allow_missing_kernels && active_isa() != Isa::kScalar) fuse_plan(plan);
  plan_liveness(plan, slots);
  if (plan.peak_bytes > opts.max_memory)
    fail_at(sm, func.loc,
            "running '" + ir::func_name(func) + "' needs " + std::to_string(plan.peak_bytes) +
                " bytes of live buffers, above the limit of " + std::to_string(opts.max_memory) +
                " (--max-memory)");
  return plan;
}

namespace {

/// Reuses freed buffers of exactly the same byte size: first those this run freed, then those
/// of earlier runs (the cache, if any), then the heap. At the end of the run every free buffer
/// goes to the cache.
class BufferPool {
 public:
  explicit BufferPool(BufferCache* cache) : cache_(cache) {}
  ~BufferPool() {
    if (!cache_) return;
    for (auto& [bytes, list] : free_)
      for (Tensor& t : list) cache_->give(std::move(t));
  }
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;

  Tensor get(const ir::Type& t) {
    size_t n = storage_bytes(t.dtype, t.shape);
    auto it = free_.find(n);
    if (it != free_.end() && !it->second.empty()) {
      Tensor b = it->second.back();
      it->second.pop_back();
      return b.reuse_as(t.dtype, t.shape);
    }
    if (cache_) {
      Tensor b = cache_->take(n);
      if (b.nbytes() == n && n > 0) return b.reuse_as(t.dtype, t.shape);
    }
    return Tensor(t.dtype, t.shape);
  }
  void put(Tensor t) {
    if (t.sole_owner()) free_[t.nbytes()].push_back(std::move(t));
  }

 private:
  BufferCache* cache_;
  std::map<size_t, std::vector<Tensor>> free_;
};

Tensor widen_to_f32(const Tensor& t) {
  if (!dtype_is_low_precision_float(t.dtype())) return t;
  Tensor w(DType::f32, t.shape());
  num::convert_array(t.dtype(), t.bytes(), DType::f32, w.bytes(), static_cast<size_t>(t.numel()),
                     {});
  return w;
}

}  // namespace

struct PlanRunner::State {
  State(const Plan& p, const RunContext& r) : plan(p), run(r), pool(r.buffers) {}
  const Plan& plan;
  const RunContext& run;
  std::vector<Tensor> slots;
  BufferPool pool;
  std::vector<bool> keep;  ///< Arguments and results are never recycled.
};

Tensor BufferCache::take(size_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = free_.find(bytes);
  if (it == free_.end() || it->second.empty()) return Tensor();
  Tensor t = std::move(it->second.back());
  it->second.pop_back();
  held_ -= t.nbytes();
  return t;
}

void BufferCache::give(Tensor t) {
  if (!t.sole_owner() || t.nbytes() == 0) return;
  std::lock_guard<std::mutex> lock(mu_);
  if (held_ + t.nbytes() > kMaxHeldBytes) return;  // goes back to the heap
  held_ += t.nbytes();
  free_[t.nbytes()].push_back(std::move(t));
}

size_t BufferCache::held_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return held_;
}

PlanRunner::PlanRunner(const Plan& plan, const RunContext& run)
    : st_(std::make_unique<State>(plan, run)) {
  st_->slots.resize(static_cast<size_t>(plan.num_slots));
  st_->keep.assign(static_cast<size_t>(plan.num_slots), false);
  for (int s : plan.result_slots) st_->keep[static_cast<size_t>(s)] = true;
  for (int s : plan.arg_slots) st_->keep[static_cast<size_t>(s)] = true;
}
PlanRunner::~PlanRunner() = default;
PlanRunner::PlanRunner(PlanRunner&&) noexcept = default;

void PlanRunner::set_args(const std::vector<Tensor>& args) {
  for (size_t k = 0; k < args.size(); ++k)
    st_->slots[static_cast<size_t>(st_->plan.arg_slots[k])] = args[k];
}

Tensor& PlanRunner::slot(int s) { return st_->slots[static_cast<size_t>(s)]; }

Tensor PlanRunner::allocate(const ir::Type& t) { return st_->pool.get(t); }

void PlanRunner::release_after(size_t k) {
  for (int s : st_->plan.steps[k].release) {
    auto idx = static_cast<size_t>(s);
    if (st_->keep[idx]) continue;
    st_->pool.put(std::move(st_->slots[idx]));
    st_->slots[idx] = Tensor();
  }
}

namespace {

/// What one step does, shared by PlanRunner::run_step and execute_step: widens low-precision
/// operands to f32 where the kernel wants it, runs the kernel, rounds results at storage.
/// `unrounded` (if non-null) receives per result the f32 values before that rounding (an empty
/// tensor where the result was stored as computed); otherwise they go back to `alloc`'s pool.
template <typename Alloc, typename Free>
std::vector<Tensor> execute(const PlanStep& st, uint64_t k, std::span<const Tensor* const> inputs,
                            const RunContext& run, std::vector<Tensor>* unrounded, Alloc&& alloc,
                            Free&& release) {
  if (!st.kernel) fail_at(*run.sm, st.op->loc, "'" + st.op->name + "' op needs a mesh to run");
  std::vector<const Tensor*> ins;
  std::vector<Tensor> widened;
  widened.reserve(inputs.size());
  for (const Tensor* t : inputs) {
    if (st.widen && dtype_is_low_precision_float(t->dtype())) {
      widened.push_back(widen_to_f32(*t));
      ins.push_back(&widened.back());
    } else {
      ins.push_back(t);
    }
  }
  std::vector<Tensor> outs;
  outs.reserve(st.result_types.size());
  for (size_t r = 0; r < st.result_types.size(); ++r) {
    ir::Type t = st.result_types[r];
    if (st.widen && dtype_is_low_precision_float(t.dtype)) t.dtype = DType::f32;
    outs.push_back(alloc(t));
  }
  std::vector<Tensor*> out_ptrs;
  for (auto& t : outs) out_ptrs.push_back(&t);
  KernelCtx ctx{*st.op, ins, out_ptrs, k, run, st.fused.get()};
  st.kernel(ctx);
  if (unrounded) unrounded->assign(outs.size(), Tensor());
  for (size_t r = 0; r < outs.size(); ++r) {
    const ir::Type& want = st.result_types[r];
    if (outs[r].dtype() == want.dtype) continue;
    // Round once, at storage, as the op's policy says.
    auto pol = ops::read_policy(*st.op);
    pol.convert.stream = k;
    Tensor stored = alloc(want);
    num::convert_array(DType::f32, outs[r].bytes(), want.dtype, stored.bytes(),
                       static_cast<size_t>(outs[r].numel()), pol.convert);
    if (unrounded)
      (*unrounded)[r] = std::move(outs[r]);
    else
      release(std::move(outs[r]));
    outs[r] = std::move(stored);
  }
  return outs;
}

}  // namespace

std::vector<Tensor> execute_step(const PlanStep& st, uint64_t k,
                                 std::span<const Tensor* const> inputs, const RunContext& run) {
  return execute(
      st, k, inputs, run, nullptr, [](const ir::Type& t) { return Tensor(t.dtype, t.shape); },
      [](Tensor&&) {});
}

/// The step on the run's trace: its clock is the tile simulator's, a Graph IR op lasting one unit
/// per result element (at least the span of the tile launches it ran), so traces stay
/// deterministic.
void PlanRunner::trace_step(const PlanStep& st, const std::vector<const Tensor*>& ins,
                            const std::vector<Tensor>& outs, uint64_t ts0) {
  const TileDebugOptions& o = st_->run.tile;
  tile::GraphTraceEvent e;
  e.name = st.op->name;
  if (st.op->loc.known() && st_->run.sm)
    e.location = st_->run.sm->name(st.op->loc.file) + ":" + std::to_string(st.op->loc.line) + ":" +
                 std::to_string(st.op->loc.col);
  uint64_t elems = 0;
  for (const Tensor* t : ins) e.bytes_in += t->nbytes();
  for (const Tensor& t : outs) {
    e.bytes_out += t.nbytes();
    elems += static_cast<uint64_t>(t.numel());
  }
  e.ts = ts0;
  e.dur = std::max<uint64_t>({1, elems, o.log->trace_end - ts0});
  tile::add_graph_trace_event(o, e);
}

/// The operand whose buffer step `st` may write its result into: an elementwise op (each result
/// element is computed from the operand elements of the same index, read before it is written)
/// whose operand dies at this step, is held by nobody else and has the result's exact type.
/// Saves an allocation and keeps the working set small.
const Tensor* PlanRunner::in_place_operand(const PlanStep& st,
                                           const std::vector<const Tensor*>& ins) const {
  const ops::OpDef* def = st.op->def;
  if (st.widen || st.outputs.size() != 1 || !def || !def->has(ops::kElementwise) ||
      def->has(ops::kLowPrecision) || def->has(ops::kCollective))
    return nullptr;
  const ir::Type& want = st.result_types[0];
  for (size_t i = 0; i < st.inputs.size(); ++i) {
    const int s = st.inputs[i];
    const Tensor& t = *ins[i];
    if (&t != &st_->slots[static_cast<size_t>(s)] || st_->keep[static_cast<size_t>(s)]) continue;
    if (std::find(st.release.begin(), st.release.end(), s) == st.release.end()) continue;
    if (!t.sole_owner() || t.dtype() != want.dtype || t.shape() != want.shape) continue;
    return &t;
  }
  return nullptr;
}

void PlanRunner::run_step(size_t k) {
  const PlanStep& st = st_->plan.steps[k];
  auto& slots = st_->slots;
  auto& pool = st_->pool;
  if (st.fused_away) return release_after(k);
  std::vector<const Tensor*> ins;
  for (int s : st.inputs) ins.push_back(&slots[static_cast<size_t>(s)]);
  StepObserver* obs = st_->run.observer;
  const TileDebugOptions& topt = st_->run.tile;
  const bool trace = topt.collect_trace && topt.log;
  const uint64_t ts0 = trace ? topt.log->trace_end : 0;
  std::vector<Tensor> unrounded;
  // An observer reads the operands after the step, so they are not overwritten in place then.
  const Tensor* reuse = obs ? nullptr : in_place_operand(st, ins);
  std::vector<Tensor> outs = execute(
      st, k, ins, st_->run, obs ? &unrounded : nullptr,
      [&](const ir::Type& t) {
        if (!reuse) return pool.get(t);
        Tensor shared = *reuse;  // shares the operand's storage
        reuse = nullptr;
        return shared;
      },
      [&](Tensor&& t) { pool.put(std::move(t)); });
  if (obs) {
    std::vector<const Tensor*> outp, pre;
    for (size_t r = 0; r < outs.size(); ++r) {
      outp.push_back(&outs[r]);
      pre.push_back(unrounded[r].numel() || unrounded[r].nbytes() ? &unrounded[r] : nullptr);
    }
    obs->after_step(StepEvent{st, k, st_->plan.steps.size(), ins, outp, pre}, st_->run);
    for (Tensor& t : unrounded)
      if (t.nbytes()) pool.put(std::move(t));
  }
  if (trace) trace_step(st, ins, outs, ts0);
  for (size_t r = 0; r < st.outputs.size(); ++r)
    slots[static_cast<size_t>(st.outputs[r])] = std::move(outs[r]);
  release_after(k);
}

std::vector<Tensor> PlanRunner::results() const {
  std::vector<Tensor> out;
  for (int s : st_->plan.result_slots) out.push_back(st_->slots[static_cast<size_t>(s)]);
  return out;
}

std::vector<Tensor> run_plan(const Plan& plan, const std::vector<Tensor>& args,
                             const RunContext& run) {
  PlanRunner runner(plan, run);
  runner.set_args(args);
  for (size_t k = 0; k < plan.steps.size(); ++k) runner.run_step(k);
  return runner.results();
}

void KernelCtx::fail(const std::string& msg) const {
  DiagnosticEngine d(run.sm);
  d.op_error(op, msg, "");
  throw Error(d.render());
}

}  // namespace tessera::interp
