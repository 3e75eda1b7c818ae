// The mesh executor: ranks are values; ordinary steps run rank-parallel, collectives run once.
#include "interp/mesh/executor.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <set>

#include <tbb/parallel_for.h>

#include "core/ops/registry.h"
#include "core/support/error.h"
#include "interp/graph/plan.h"
#include "interp/mesh/collectives.h"
#include "interp/mesh/mailbox.h"
#include "interp/mesh/rank_error.h"
#include "interp/mesh/tile_launch.h"
#include "interp/tile/launch.h"

namespace tessera::interp::mesh {
namespace {

using ops::OpKind;

/// The function a func.call names, or nullptr.
const ir::Op* callee_of(const LoadedModule&, const ir::Op& call) { return ir::lookup_callee(call); }

/// True when `func`, or a function it calls, contains a mesh op or a tile.launch whose kernel
/// calls tile collectives: a call of it must run over all ranks at once, not per rank.
bool needs_all_ranks(const LoadedModule& lm, const ir::Op& func, int depth = 0) {
  if (depth > 64) return false;  // unbounded recursion is reported when the call runs
  for (const ir::Region& r : func.regions)
    for (const auto& b : r.blocks)
      for (const auto& o : b->ops) {
        if (o->def && o->def->level == ops::Level::mesh) return true;
        if (is_collective_launch(*lm.module, *o)) return true;
        if (o->name == "func.call")
          if (const ir::Op* f = callee_of(lm, *o); f && needs_all_ranks(lm, *f, depth + 1))
            return true;
      }
  return false;
}

class Executor {
 public:
  /// `outer`: the executor whose func.call this one runs. Its per-rank run contexts (tile
  /// reports, traces) and its mailbox are shared, so messages cross calls and pair up anywhere.
  Executor(const LoadedModule& lm, const Mesh& m, Executor* outer = nullptr)
      : lm_(lm), mesh_(m), outer_(outer), depth_(outer ? outer->depth_ + 1 : 0) {}

  std::vector<std::vector<Tensor>> run(const ir::Op& func,
                                       const std::vector<std::vector<Tensor>>& per_rank,
                                       const MeshRunOptions& opts);

 private:
  [[noreturn]] void fail(const ir::Op& op, const std::string& msg, const char* label,
                         const ir::Op* note_op = nullptr, const std::string& note = {}) const {
    DiagnosticEngine d(&lm_.sm);
    Diagnostic& e = d.op_error(op, msg, label);
    if (note_op) e.notes.push_back(Diagnostic{Severity::note, note_op->loc, note, {}});
    throw Error(d.render());
  }
  Groups groups(const ir::Op& op) const {
    std::string err;
    auto axes = tessera::mesh::read_axes(op.attrs.get("axes"), mesh_, err);
    if (!axes) fail(op, err, "mesh_c2");
    return make_groups(mesh_, *axes);
  }
  void check_group_types(const ir::Op& op, const Groups& g, const std::vector<Tensor>& in) const;
  void collective(size_t k);
  void trace_collective(const ir::Op& op, const std::vector<Tensor>& in,
                        const std::vector<Tensor>& out);
  void collective_launch(size_t k);
  void call_all_ranks(size_t k, const MeshRunOptions& opts);
  void run_steps(const MeshRunOptions& opts);
  void run_ranks(size_t k);
  void store_results(size_t k, std::vector<std::vector<Tensor>>& out);
  void merge_tile_logs(const TileDebugOptions& into);
  void make_rank_contexts(const MeshRunOptions& opts);
  uint64_t mesh_peak_bytes(const std::vector<std::vector<Tensor>>& per_rank) const;
  const std::string& path() const { return lm_.sm.name(1); }
  std::vector<RunContext>& rank_ctx() { return outer_ ? outer_->rank_ctx() : rank_ctx_; }
  Mailbox& mailbox() { return outer_ ? outer_->mailbox() : mailbox_; }
  void trace(int64_t rank, const ir::Op& op, const char* what, int64_t peer) {
    if (!trace_) return;
    (*trace_)[static_cast<size_t>(rank)].push_back(
        std::string(what) + " " + op.attrs.get_string("label", "-") + " " +
        (what[0] == 's' ? "to " : "from ") + mesh_.describe_rank(peer) + " channel " +
        std::to_string(op.attrs.get_int("channel", 0)));
  }

 public:
  std::vector<std::vector<std::string>>* trace_ = nullptr;

 private:
  const LoadedModule& lm_;
  const Mesh& mesh_;
  Executor* outer_ = nullptr;
  int depth_ = 0;  // nesting of calls run over all ranks
  std::vector<std::unique_ptr<Plan>> plans_;
  std::vector<size_t> plan_of_;  // per rank
  std::vector<PlanRunner> runners_;
  std::vector<RunContext> rank_ctx_;  // per rank: its tile options, own report log, its name
  Mailbox mailbox_;
};

void Executor::check_group_types(const ir::Op& op, const Groups& g,
                                 const std::vector<Tensor>& in) const {
  for (const auto& members : g.members) {
    const Tensor& a = in[static_cast<size_t>(members[0])];
    for (int64_t r : members) {
      const Tensor& b = in[static_cast<size_t>(r)];
      if (a.type() != b.type())
        fail(op,
             "ranks of one group reach this collective with different operands: " +
                 mesh_.describe_rank(members[0]) + " passes " + ir::to_string(a.type()) + ", " +
                 mesh_.describe_rank(r) + " passes " + ir::to_string(b.type()),
             "mesh_run_c1");
    }
  }
}

std::optional<tessera::mesh::ShardSpec> spec_attr(const ir::Op& op, const char* name, const Mesh& m,
                                                  size_t rank, std::string& err) {
  const ir::Attr* a = op.attrs.get(name);
  if (!a) return std::nullopt;
  return tessera::mesh::read_shard_spec(*a, m, rank, err);
}

void Executor::collective(size_t k) {
  const size_t n = runners_.size();
  const PlanStep& st = plans_[plan_of_[0]]->steps[k];
  const ir::Op& op = *st.op;
  std::vector<Tensor> in(n);
  for (size_t r = 0; r < n && !st.inputs.empty(); ++r) in[r] = runners_[r].slot(st.inputs[0]);
  auto reduce_op = [&] { return *parse_reduce_op(op.attrs.get_string("op", "sum")); };
  auto int_attr = [&](const char* name) { return op.attrs.get_int(name, 0); };
  auto dim = [&](const char* name) {
    int64_t d = int_attr(name);
    return d < 0 ? d + in[0].rank() : d;
  };
  std::vector<Tensor> out;
  OpKind kind = ops::kind_of(op);
  if (kind == OpKind::Redistribute) {
    for (size_t r = 1; r < n; ++r)
      if (in[r].type() != in[0].type())
        fail(op,
             mesh_.describe_rank(0) + " passes " + ir::to_string(in[0].type()) + " but " +
                 mesh_.describe_rank(static_cast<int64_t>(r)) + " passes " +
                 ir::to_string(in[r].type()),
             "mesh_run_c1");
    std::string err;
    auto a = spec_attr(op, "src", mesh_, static_cast<size_t>(in[0].rank()), err);
    auto b = spec_attr(op, "dst", mesh_, static_cast<size_t>(in[0].rank()), err);
    if (!a || !b) fail(op, err, "redistribute_c1");
    out = redistribute(mesh_, *a, *b, in);
  } else if (kind == OpKind::AxisIndex) {
    out = axis_index(groups(op));
  } else {
    Groups g = groups(op);
    if (!st.inputs.empty()) check_group_types(op, g, in);
    switch (kind) {
      case OpKind::AllReduce:
        out = all_reduce(g, reduce_op(), in);
        break;
      case OpKind::AllGather:
        out = all_gather(g, dim("dim"), in);
        break;
      case OpKind::ReduceScatter:
        out = reduce_scatter(g, reduce_op(), dim("dim"), in);
        break;
      case OpKind::AllToAll:
        out = all_to_all(g, dim("split_dim"), dim("concat_dim"), in);
        break;
      case OpKind::CollectiveBroadcast:
        out = broadcast(g, int_attr("root"), in);
        break;
      case OpKind::CollectiveReduce:
        out = reduce(g, reduce_op(), int_attr("root"), in);
        break;
      case OpKind::CollectiveGather:
        out = gather(g, dim("dim"), int_attr("root"), in);
        break;
      case OpKind::CollectiveScatter:
        out = scatter(g, dim("dim"), int_attr("root"), in);
        break;
      case OpKind::Ppermute:
        out = ppermute(g, read_pairs(op), in);
        break;
      case OpKind::Send: {
        const int64_t channel = int_attr("channel");
        for (const auto& members : g.members)
          for (auto [s, d] : read_pairs(op)) {
            int64_t src = members[static_cast<size_t>(s)], dst = members[static_cast<size_t>(d)];
            mailbox().post(channel, Message{src, dst, in[static_cast<size_t>(src)], &op});
            trace(src, op, "send", dst);
          }
        break;
      }
      case OpKind::Recv: {
        int64_t channel = int_attr("channel");
        out.resize(n);
        for (const auto& members : g.members)
          for (auto [s, d] : read_pairs(op)) {
            int64_t src = members[static_cast<size_t>(s)], dst = members[static_cast<size_t>(d)];
            auto it = mailbox().take(channel, src, dst);
            if (!it)
              fail(op,
                   "has no matching send: " + mesh_.describe_rank(dst) +
                       " waits for a message from " + mesh_.describe_rank(src) + " on channel " +
                       std::to_string(channel) +
                       " that no earlier tessera.send posted (this would hang)",
                   "mesh_run_c2", mailbox().oldest_send(channel),
                   "a send on this channel with other ranks is here");
            const ir::Type& want =
                plans_[plan_of_[static_cast<size_t>(dst)]]->steps[k].result_types[0];
            if (it->value.type() != want)
              fail(op,
                   "receives " + ir::to_string(want) + " on " + mesh_.describe_rank(dst) + " but " +
                       mesh_.describe_rank(src) + " sent " + ir::to_string(it->value.type()),
                   "mesh_run_c3", it->send, "the send is here");
            out[static_cast<size_t>(dst)] = it->value;
            trace(dst, op, "recv", src);
          }
        for (size_t r = 0; r < n; ++r)
          if (out[r].numel() == 0 && out[r].shape().empty() && out[r].nbytes() == 0) {
            const ir::Type& t = plans_[plan_of_[r]]->steps[k].result_types[0];
            Tensor z(t.dtype, t.shape);
            if (z.nbytes()) std::memset(z.bytes(), 0, z.nbytes());
            out[r] = std::move(z);
          }
        break;
      }
      default:
        fail(op, "internal: no mesh implementation", "internal");
    }
  }
  // Ops without results (tessera.send) produce no per-rank value at all.
  std::vector<std::vector<Tensor>> results(n);
  for (size_t r = 0; r < n; ++r) {
    size_t nout = plans_[plan_of_[r]]->steps[k].outputs.size();
    if (nout == 0) continue;
    if (out.size() != n)
      fail(op, "internal: the collective produced no value per rank", "internal");
    results[r].assign(nout, out[r]);
  }
  trace_collective(op, in, out);
  if (RunContext& c0 = rank_ctx()[0]; c0.observer && out.size() == n) {
    std::vector<const Tensor*> ip, op_out;
    for (size_t r = 0; r < n; ++r) {
      ip.push_back(&in[r]);
      op_out.push_back(&out[r]);
    }
    c0.observer->after_collective(op, ip, op_out, c0);
  }
  store_results(k, results);
}

/// A collective on a collected trace: one slice per rank on its "graph ops" track, all starting
/// when the last rank arrives (the collective is one step over all ranks), with the bytes each
/// rank sent in and got out.
void Executor::trace_collective(const ir::Op& op, const std::vector<Tensor>& in,
                                const std::vector<Tensor>& out) {
  auto& ctx = rank_ctx();
  if (ctx.empty() || !ctx[0].tile.collect_trace) return;
  uint64_t start = 0, elems = 1;
  for (const RunContext& c : ctx) start = std::max(start, c.tile.log->trace_end);
  for (const Tensor& t : out) elems = std::max(elems, static_cast<uint64_t>(t.numel()));
  for (size_t r = 0; r < ctx.size(); ++r) {
    tile::GraphTraceEvent e;
    e.name = op.name;
    e.cat = "collective";
    e.location = lm_.sm.name(op.loc.file) + ":" + std::to_string(op.loc.line) + ":" +
                 std::to_string(op.loc.col);
    e.ts = start;
    e.dur = elems;
    e.bytes_in = r < in.size() ? in[r].nbytes() : 0;
    e.bytes_out = r < out.size() ? out[r].nbytes() : 0;
    tile::add_graph_trace_event(ctx[r].tile, e);
  }
}

/// Moves every rank's results of step k into its slots (checking the plan's types) and
/// releases what the step was the last user of.
void Executor::store_results(size_t k, std::vector<std::vector<Tensor>>& out) {
  for (size_t r = 0; r < runners_.size(); ++r) {
    const PlanStep& sr = plans_[plan_of_[r]]->steps[k];
    for (size_t j = 0; j < sr.outputs.size(); ++j) {
      if (out[r][j].type() != sr.result_types[j])
        fail(*sr.op,
             "internal: " + mesh_.describe_rank(static_cast<int64_t>(r)) + " got " +
                 ir::to_string(out[r][j].type()) + ", plan expects " +
                 ir::to_string(sr.result_types[j]),
             "internal");
      runners_[r].slot(sr.outputs[j]) = std::move(out[r][j]);
    }
    runners_[r].release_after(k);
  }
}

/// A tile.launch whose kernel calls tile collectives: one phased simulation over all ranks.
void Executor::collective_launch(size_t k) {
  const size_t n = runners_.size();
  std::vector<std::vector<Tensor>> outs(n);
  std::vector<std::vector<const Tensor*>> in(n);
  std::vector<std::vector<Tensor*>> out(n);
  for (size_t r = 0; r < n; ++r) {
    const PlanStep& sr = plans_[plan_of_[r]]->steps[k];
    for (int s : sr.inputs) in[r].push_back(&runners_[r].slot(s));
    for (const ir::Type& t : sr.result_types) outs[r].push_back(runners_[r].allocate(t));
    for (Tensor& t : outs[r]) out[r].push_back(&t);
  }
  run_collective_launch(*plans_[0]->steps[k].op, mesh_, lm_.sm, in, out, rank_ctx());
  store_results(k, outs);
}

/// Appends every rank's tile reports and counters to `into.log`, in rank order, and writes the
/// trace of every rank's launches when one was asked for (a nested executor leaves both to the
/// outermost one, whose per-rank logs it shares).
void Executor::merge_tile_logs(const TileDebugOptions& into) {
  if (outer_) return;
  if (into.log) {
    TileCheckLog& dst = *into.log;
    for (const RunContext& c : rank_ctx_) {
      const TileDebugOptions& o = c.tile;
      dst.total += o.log->total;
      dst.lane_ops += o.log->lane_ops;
      dst.instructions += o.log->instructions;
      for (const std::string& rep : o.log->reports)
        if (dst.reports.size() < into.check_limit) dst.reports.push_back(rep);
    }
  }
  if (!rank_ctx_.empty() && rank_ctx_[0].tile.collect_trace) {
    std::vector<std::string> events;
    for (const RunContext& c : rank_ctx_)
      events.insert(events.end(), c.tile.log->trace_events.begin(), c.tile.log->trace_events.end());
    tile::write_trace_file(into.trace_path,
                           "mesh program, " + std::to_string(rank_ctx_.size()) + " ranks", events);
  }
}

/// A func.call of a function with collectives: the callee runs as a mesh function of its own,
/// over every rank's operands (its sends and recvs pair up inside it).
void Executor::call_all_ranks(size_t k, const MeshRunOptions& opts) {
  const ir::Op& op = *plans_[0]->steps[k].op;
  const ir::Op* callee = callee_of(lm_, op);
  if (!callee) fail(op, "callee not found", "call_c1");
  if (depth_ >= 64) fail(op, "calls nest deeper than 64 (unbounded recursion?)", "internal");
  const size_t n = runners_.size();
  std::vector<std::vector<Tensor>> in(n);
  for (size_t r = 0; r < n; ++r)
    for (int s : plans_[plan_of_[r]]->steps[k].inputs) in[r].push_back(runners_[r].slot(s));
  MeshRunOptions sub = opts;
  sub.entry = ir::func_name(*callee);
  sub.p2p_trace = trace_;
  auto out = Executor(lm_, mesh_, this).run(*callee, in, sub);
  store_results(k, out);
}

/// Peak bytes of live buffers over all ranks (--max-memory, docs/collectives.md "Execution"):
/// every distinct input buffer once (the replicas of a global input share storage), plus, per
/// step, the buffers every rank's plan holds; results that the ranks of a group share
/// (all_reduce, all_gather, collective_broadcast) count once per group.
uint64_t Executor::mesh_peak_bytes(const std::vector<std::vector<Tensor>>& per_rank) const {
  uint64_t inputs = 0;
  std::set<const std::byte*> seen;
  for (const auto& args : per_rank)
    for (const Tensor& t : args)
      if (t.nbytes() && seen.insert(t.bytes()).second) inputs += t.nbytes();
  std::vector<uint64_t> ranks_of(plans_.size(), 0);
  for (size_t p : plan_of_) ++ranks_of[p];
  std::vector<uint64_t> live_at;  // over all ranks, at each step, outputs allocated
  for (size_t p = 0; p < plans_.size(); ++p) {
    const Plan& plan = *plans_[p];
    if (live_at.size() < plan.steps.size()) live_at.resize(plan.steps.size(), 0);
    std::map<int, uint64_t> bytes;  // slot -> bytes over the ranks of this plan
    uint64_t live = 0;
    for (size_t k = 0; k < plan.steps.size(); ++k) {
      const PlanStep& st = plan.steps[k];
      uint64_t copies = ranks_of[p];
      OpKind kind = st.op->def ? ops::kind_of(*st.op) : OpKind::kCount;
      if (plans_.size() == 1 && (kind == OpKind::AllReduce || kind == OpKind::AllGather ||
                                 kind == OpKind::CollectiveBroadcast))
        copies = groups(*st.op).members.size();
      for (size_t j = 0; j < st.outputs.size(); ++j) {
        uint64_t b = storage_bytes(st.result_types[j].dtype, st.result_types[j].shape);
        if (__builtin_mul_overflow(b, copies, &b) || __builtin_add_overflow(live, b, &live))
          live = UINT64_MAX;
        bytes[st.outputs[j]] = b;
      }
      if (__builtin_add_overflow(live_at[k], live, &live_at[k])) live_at[k] = UINT64_MAX;
      for (int s : st.release)
        if (auto it = bytes.find(s); it != bytes.end() && live != UINT64_MAX) live -= it->second;
    }
  }
  uint64_t peak = live_at.empty() ? 0 : *std::max_element(live_at.begin(), live_at.end());
  return __builtin_add_overflow(peak, inputs, &peak) ? UINT64_MAX : peak;
}

std::vector<std::vector<Tensor>> Executor::run(const ir::Op& func,
                                               const std::vector<std::vector<Tensor>>& per_rank,
                                               const MeshRunOptions& opts) {
  const size_t n = static_cast<size_t>(mesh_.size());
  if (per_rank.size() != n)
    throw Error(path() + ": error: the mesh has " + std::to_string(n) +
                " ranks but inputs were given for " + std::to_string(per_rank.size()));
  // One plan per distinct argument signature (usually one for all ranks).
  std::map<std::string, size_t> by_sig;  // keyed by the printed signature
  std::vector<std::vector<ir::Type>> sigs;
  plan_of_.resize(n);
  for (size_t r = 0; r < n; ++r) {
    std::vector<ir::Type> sig;
    std::string key;
    for (const Tensor& t : per_rank[r]) {
      sig.push_back(t.type());
      key += ir::to_string(t.type()) + ",";
    }
    auto [it, fresh] = by_sig.emplace(key, sigs.size());
    if (fresh) sigs.push_back(sig);
    plan_of_[r] = it->second;
  }
  PlanOptions po;
  po.max_memory = opts.max_memory;
  po.allow_missing_kernels = true;
  for (size_t s = 0; s < sigs.size(); ++s) {
    try {
      plans_.push_back(std::make_unique<Plan>(compile_plan(func, sigs[s], lm_.sm, po)));
    } catch (const Error& e) {
      size_t r = std::find(plan_of_.begin(), plan_of_.end(), s) - plan_of_.begin();
      throw Error(on_rank(mesh_, static_cast<int64_t>(r), e.what(), path()));
    }
  }
  const uint64_t total_peak = mesh_peak_bytes(per_rank);
  if (total_peak > opts.max_memory) {
    DiagnosticEngine d(&lm_.sm);
    d.error(func.loc, "running '" + ir::func_name(func) + "' on " + std::to_string(n) +
                          " ranks needs " + std::to_string(total_peak) +
                          " bytes of live buffers, above the limit of " +
                          std::to_string(opts.max_memory) + " (--max-memory)");
    throw Error(d.render());
  }
  const size_t steps = plans_[0]->steps.size();
  for (const auto& p : plans_)
    if (p->steps.size() != steps)
      throw Error("internal: SPMD plans of one function differ in length");
  if (!outer_) make_rank_contexts(opts);
  runners_.reserve(n);
  for (size_t r = 0; r < n; ++r) {
    runners_.emplace_back(*plans_[plan_of_[r]], rank_ctx()[r]);
    runners_.back().set_args(per_rank[r]);
  }
  try {
    run_steps(opts);
  } catch (...) {
    // The reports gathered so far still reach the user, before the error.
    try {
      merge_tile_logs(opts.tile);
    } catch (...) {
    }
    throw;
  }
  merge_tile_logs(opts.tile);
  std::vector<std::vector<Tensor>> out(n);
  for (size_t r = 0; r < n; ++r) out[r] = runners_[r].results();
  return out;
}

/// run_m3: every rank runs in a context of its own: the run's, with a report log of its own, named
/// after the rank. Runners keep references to these, so the vector is filled once, before them.
void Executor::make_rank_contexts(const MeshRunOptions& opts) {
  const size_t n = static_cast<size_t>(mesh_.size());
  rank_ctx_.reserve(n);
  for (size_t r = 0; r < n; ++r) {
    RunContext& c = rank_ctx_.emplace_back();
    c.module = lm_.module.get();
    c.sm = &lm_.sm;
    c.max_memory = opts.max_memory;
    c.tile = opts.tile;
    TileDebugOptions& o = c.tile;
    o.max_memory = std::min(o.max_memory, opts.max_memory);
    o.log = std::make_shared<TileCheckLog>();
    // A .json trace holds the tile kernels of every rank (rank r's groups are processes
    // r * 2^20 + g); any other trace file is the send/recv trace (MeshRunOptions::p2p_trace).
    o.collect_trace = opts.tile.trace_path.ends_with(".json");
    o.trace_pid_base = static_cast<int64_t>(r) << 20;
    o.trace_path.clear();
    o.context = mesh_.describe_rank(static_cast<int64_t>(r));
    c.observer = opts.observer;
    c.rank = static_cast<int64_t>(r);
  }
}

/// What a rank's tile log held before a step, to undo what a cancelled step left there.
struct LogMark {
  size_t reports = 0, events = 0;
  uint64_t total = 0, lane_ops = 0, instructions = 0, trace_end = 0;
  explicit LogMark(const TileCheckLog& l)
      : reports(l.reports.size()),
        events(l.trace_events.size()),
        total(l.total),
        lane_ops(l.lane_ops),
        instructions(l.instructions),
        trace_end(l.trace_end) {}
  void restore(TileCheckLog& l) const {
    l.reports.resize(reports);
    l.trace_events.resize(events);
    l.total = total;
    l.lane_ops = lane_ops;
    l.instructions = instructions;
    l.trace_end = trace_end;
  }
};

/// Runs step k on every rank (TBB over ranks). The error of the lowest failing rank is
/// reported, whatever the timing: once rank f has failed, the ranks above f are cancelled (they
/// cannot change the report); the ranks below f still run, since one of them may fail too and
/// then its error is the one reported. What the ranks above f logged in this step (sanitizer
/// reports, trace events) depends on the timing, so it is dropped: the reports printed before
/// the error are the same for any thread count.
void Executor::run_ranks(size_t k) {
  const size_t n = runners_.size();
  std::vector<LogMark> marks;
  for (size_t r = 0; r < n; ++r) marks.emplace_back(*rank_ctx()[r].tile.log);
  std::vector<std::string> errors(n);
  std::atomic<size_t> lowest_failed{n};
  tbb::parallel_for(size_t{0}, n, [&](size_t r) {
    if (r > lowest_failed.load(std::memory_order_relaxed)) return;
    try {
      runners_[r].run_step(k);
      return;
    } catch (const Error& e) {
      errors[r] = on_rank(mesh_, static_cast<int64_t>(r), e.what(), path());
    } catch (const std::bad_alloc&) {
      errors[r] = on_rank(mesh_, static_cast<int64_t>(r), "out of memory", path());
    }
    for (size_t f = lowest_failed.load(); r < f && !lowest_failed.compare_exchange_weak(f, r);) {
    }
  });
  const size_t f = lowest_failed.load();
  if (f == n) return;
  for (size_t r = f + 1; r < n; ++r) marks[r].restore(*rank_ctx()[r].tile.log);
  throw Error(errors[f]);
}

void Executor::run_steps(const MeshRunOptions& opts) {
  const size_t steps = plans_[0]->steps.size();
  for (size_t k = 0; k < steps; ++k) {
    const ir::Op& sop = *plans_[0]->steps[k].op;
    const ir::Op* callee = sop.name == "func.call" ? callee_of(lm_, sop) : nullptr;
    if (plans_[0]->steps[k].kernel && callee && needs_all_ranks(lm_, *callee)) {
      call_all_ranks(k, opts);
    } else if (plans_[0]->steps[k].kernel && is_collective_launch(*lm_.module, sop)) {
      collective_launch(k);
    } else if (plans_[0]->steps[k].kernel) {
      run_ranks(k);
    } else {
      collective(k);
    }
  }
  if (outer_) return;  // the outermost function checks the shared mailbox when it ends
  int64_t channel = 0;
  if (const Message* m = mailbox_.unreceived(channel))
    fail(*m->send,
         "message from " + mesh_.describe_rank(m->src) + " to " + mesh_.describe_rank(m->dst) +
             " on channel " + std::to_string(channel) +
             " is never received (no matching tessera.recv)",
         "mesh_run_c2");
}

}  // namespace

std::vector<std::pair<int64_t, int64_t>> read_pairs(const ir::Op& op) {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (const ir::Attr& p : op.attrs.get("pairs")->elems) {
    auto v = *p.as_int_array();
    out.emplace_back(v[0], v[1]);
  }
  return out;
}

bool has_mesh(const LoadedModule& lm) {
  return lm.module->op().attrs.get("tessera.mesh") != nullptr;
}

Mesh module_mesh(const LoadedModule& lm) {
  std::string err;
  auto m = tessera::mesh::read_mesh(lm.module->op(), err);
  if (!m)
    throw Error(lm.sm.name(1) +
                ": error: " + (err.empty() ? "the module declares no tessera.mesh" : err));
  return *m;
}

std::vector<std::vector<Tensor>> run_mesh(const LoadedModule& lm,
                                          const std::vector<std::vector<Tensor>>& per_rank,
                                          const MeshRunOptions& opts) {
  Mesh m = module_mesh(lm);
  const ir::Op* func = lm.module->lookup_func(opts.entry);
  if (!func || ir::is_declaration(*func))
    throw Error(lm.sm.name(1) + ": error: no function body named '" + opts.entry + "'");
  Executor ex(lm, m);
  if (opts.p2p_trace) {
    opts.p2p_trace->assign(static_cast<size_t>(m.size()), {});
    ex.trace_ = opts.p2p_trace;
  }
  return ex.run(*func, per_rank, opts);
}

}  // namespace tessera::interp::mesh
