// Tile collectives: a tile.launch on every rank as one phased simulation (collectives.md).
#include "interp/mesh/tile_launch.h"

#include <atomic>
#include <cstring>
#include <memory>

#include <tbb/parallel_for.h>

#include "core/ops/registry.h"
#include "core/support/error.h"
#include "interp/mesh/collectives.h"
#include "interp/mesh/executor.h"
#include "interp/mesh/mailbox.h"
#include "interp/mesh/rank_error.h"
#include "interp/tile/launch.h"

namespace tessera::interp::mesh {
namespace {

using ops::kind_of;
using ops::OpKind;
using tile::Buffer;
using tile::Inst;
using tile::PhasedLaunch;

/// The launches of every rank and the (rank, group) pairs still running.
class PhasedRun {
 public:
  PhasedRun(const ir::Op& op, const Mesh& m, const SourceManager& sm) : op_(op), m_(m), sm_(sm) {}

  void run(const std::vector<std::vector<const Tensor*>>& in,
           const std::vector<std::vector<Tensor*>>& out, const std::vector<RunContext>& run);

 private:
  [[noreturn]] void fail(const ir::Op& at, const std::string& msg, const char* label,
                         const ir::Op* note_op = nullptr, const std::string& note = {}) const {
    DiagnosticEngine d(&sm_);
    Diagnostic& e = d.op_error(at, msg, label);
    if (note_op) e.notes.push_back(Diagnostic{Severity::note, note_op->loc, note, {}});
    throw Error(d.render());
  }
  std::string where(size_t r, int64_t g) const {
    return m_.describe_rank(static_cast<int64_t>(r)) + " group " + std::to_string(g);
  }
  const Inst* check_arrivals() const;
  Buffer* operand(size_t r, const Inst& in, int32_t reg);
  void store(const ir::Op& op, Buffer& dst, const Tensor& v) const;
  void send(const ir::Op& op, const Groups& groups, const std::vector<Buffer*>& a);
  void recv(const ir::Op& op, const Groups& groups, const std::vector<Buffer*>& a);
  void check_reads(const Inst& in, const Groups& groups, const std::vector<Buffer*>& a) const;
  void perform(const Inst& in);
  void check_mailbox() const;

  const ir::Op& op_;
  const Mesh& m_;
  const SourceManager& sm_;
  std::vector<std::unique_ptr<PhasedLaunch>> ranks_;
  Mailbox mailbox_;  ///< messages of tile.send not yet taken by tile.recv (this launch only)
};

/// tcoll_run_c1: every group of every rank stops at the same tile collective, or all exit.
/// Returns that collective (nullptr when every group exited).
const Inst* PhasedRun::check_arrivals() const {
  const Inst* ref = nullptr;
  size_t ref_r = 0;
  int64_t ref_g = 0;
  for (size_t r = 0; r < ranks_.size() && !ref; ++r)
    for (int64_t g = 0; g < ranks_[r]->num_groups() && !ref; ++g)
      if ((ref = ranks_[r]->stopped_at(g))) ref_r = r, ref_g = g;
  if (!ref) return nullptr;
  const ir::Op& kernel = *ranks_[0]->launch().prog->func;
  for (size_t r = 0; r < ranks_.size(); ++r)
    for (int64_t g = 0; g < ranks_[r]->num_groups(); ++g) {
      const Inst* at = ranks_[r]->stopped_at(g);
      if (at && at->op == ref->op) continue;
      if (!at)
        fail(*ref->op,
             "tile collective mismatch: " + where(r, g) + " of kernel @" +
                 ranks_[r]->launch().prog->name + " exited without reaching this collective, " +
                 "which " + where(ref_r, ref_g) + " waits at (a hang on a GPU)",
             "tcoll_run_c1", &kernel, "the kernel is here");
      fail(*ref->op,
           "tile collective mismatch: " + where(ref_r, ref_g) + " waits at this collective but " +
               where(r, g) + " waits at another one",
           "tcoll_run_c1", at->op, where(r, g) + " waits here");
    }
  return ref;
}

/// Rank r's buffer in operand slot `reg` of the collective every group of r waits at (the same
/// for every tile and group of the rank, tcoll_run_c2).
Buffer* PhasedRun::operand(size_t r, const Inst& in, int32_t reg) {
  PhasedLaunch& pl = *ranks_[r];
  try {
    Buffer* b = &pl.operand(0, reg);
    for (int64_t g = 1; g < pl.num_groups(); ++g)
      if (&pl.operand(g, reg) != b)
        fail(*in.op, "groups 0 and " + std::to_string(g) + " pass different buffers",
             "tcoll_run_c2");
    return b;
  } catch (const Error& e) {
    throw Error(on_rank(m_, static_cast<int64_t>(r), e.what(), sm_.name(1)));
  }
}

/// A copy of a buffer's elements as a 1-D tensor (dim-0 blocks of a row-major memref are
/// contiguous, so every collective here works along dim 0 of that view).
Tensor flat_copy(const Buffer& b) {
  Tensor t(b.dt, {b.numel});
  if (t.nbytes()) std::memcpy(t.bytes(), b.data, t.nbytes());
  return t;
}

void PhasedRun::store(const ir::Op& op, Buffer& dst, const Tensor& v) const {
  if (static_cast<size_t>(dst.numel * dst.esize) != v.nbytes() || dst.dt != v.dtype())
    fail(op, "internal: a tile collective result does not fit its buffer", "internal");
  if (v.nbytes()) std::memcpy(dst.data, v.bytes(), v.nbytes());
}

/// tile.send: posts group rank s's buffer to group rank d for every pair (s, d) of every group.
void PhasedRun::send(const ir::Op& op, const Groups& groups, const std::vector<Buffer*>& a) {
  const int64_t channel = op.attrs.get_int("channel", 0);
  for (const auto& members : groups.members)
    for (auto [s, d] : read_pairs(op)) {
      const int64_t src = members[static_cast<size_t>(s)], dst = members[static_cast<size_t>(d)];
      mailbox_.post(channel, Message{src, dst, flat_copy(*a[static_cast<size_t>(src)]), &op});
    }
}

/// tile.recv: takes for every pair the oldest message between its ranks on the channel
/// (tcoll_run_c3); buffers of ranks that are no destination become zeros.
void PhasedRun::recv(const ir::Op& op, const Groups& groups, const std::vector<Buffer*>& a) {
  const int64_t channel = op.attrs.get_int("channel", 0);
  std::vector<bool> got(a.size());
  for (const auto& members : groups.members)
    for (auto [s, d] : read_pairs(op)) {
      const int64_t src = members[static_cast<size_t>(s)], dst = members[static_cast<size_t>(d)];
      auto it = mailbox_.take(channel, src, dst);
      const std::string route = "from " + m_.describe_rank(src) + " to " + m_.describe_rank(dst) +
                                " on channel " + std::to_string(channel);
      if (!it)
        fail(op,
             "tile.recv has no matching tile.send: no message " + route +
                 " was posted earlier in this launch (a hang on a GPU)",
             "tcoll_run_c3", mailbox_.oldest_send(channel),
             "a send on this channel between other ranks is here");
      Buffer& b = *a[static_cast<size_t>(dst)];
      if (it->value.dtype() != b.dt || it->value.numel() != b.numel)
        fail(op,
             "receives " + std::to_string(b.numel) + " elements of " + dtype_mlir_name(b.dt) +
                 " but the message " + route + " holds " + std::to_string(it->value.numel()) +
                 " of " + dtype_mlir_name(it->value.dtype()),
             "tcoll_run_c3", it->send, "the send is here");
      store(op, b, it->value);
      got[static_cast<size_t>(dst)] = true;
    }
  for (size_t r = 0; r < a.size(); ++r)
    if (!got[r] && a[r]->numel)
      std::memset(a[r]->data, 0, static_cast<size_t>(a[r]->numel * a[r]->esize));
}

/// --check init: the source buffers the collective reads hold only initialised elements (every
/// rank's for reductions and gathers, the root's for broadcast and scatter, the sources' of the
/// pairs for ppermute and send; recv reads none).
void PhasedRun::check_reads(const Inst& in, const Groups& groups,
                            const std::vector<Buffer*>& a) const {
  const ir::Op& op = *in.op;
  const OpKind k = kind_of(op);
  if (k == OpKind::TileRecv) return;
  const bool rooted = k == OpKind::TileCollectiveBroadcast || k == OpKind::TileCollectiveScatter;
  const bool paired = k == OpKind::TilePpermute || k == OpKind::TileSend;
  const int64_t root = op.attrs.get_int("root", 0);
  const auto pairs = paired ? read_pairs(op) : std::vector<std::pair<int64_t, int64_t>>{};
  for (const auto& members : groups.members)
    for (size_t k = 0; k < members.size(); ++k) {
      const auto gk = static_cast<int64_t>(k);
      bool reads = !rooted && !paired;
      if (rooted) reads = gk == root;
      for (auto [s, d] : pairs) reads |= s == gk;
      const auto r = static_cast<size_t>(members[k]);
      if (reads) ranks_[r]->check_read_by_collective(*a[r]);
    }
}

/// Performs the collective every group waits at, over every rank's buffers.
void PhasedRun::perform(const Inst& in) {
  const ir::Op& op = *in.op;
  std::string err;
  auto axes = tessera::mesh::read_axes(op.attrs.get("axes"), m_, err);
  if (!axes) fail(op, err, "tcoll_c1");
  const Groups groups = make_groups(m_, *axes);
  const size_t n = ranks_.size();
  const OpKind kind = kind_of(op);
  const bool in_place = in.b < 0;  // all_reduce, collective_broadcast, send, recv
  std::vector<Buffer*> a(n), b(n);
  for (size_t r = 0; r < n; ++r) {
    a[r] = operand(r, in, in.a);
    b[r] = in_place ? a[r] : operand(r, in, in.b);
    if (kind != OpKind::TileSend && b[r]->readonly)
      fail(op,
           "writes " + b[r]->name + ", an operand of the tile.launch (read-only, mem_m4); " +
               "copy it into a result buffer first",
           "tcoll_run_c2");
  }
  for (const auto& members : groups.members)
    for (int64_t r : members) {
      const Buffer& x = *a[static_cast<size_t>(r)];
      const Buffer& y = *a[static_cast<size_t>(members[0])];
      if (x.dt != y.dt || x.numel != y.numel)
        fail(op,
             "ranks of one group pass different buffers: " + m_.describe_rank(members[0]) +
                 " has " + std::to_string(y.numel) + " elements of " + dtype_mlir_name(y.dt) +
                 ", " + m_.describe_rank(r) + " has " + std::to_string(x.numel) + " of " +
                 dtype_mlir_name(x.dt),
             "tcoll_run_c2");
    }
  check_reads(in, groups, a);
  if (kind == OpKind::TileSend) return send(op, groups, a);
  for (size_t r = 0; r < n; ++r) ranks_[r]->written_by_collective(*b[r]);
  if (kind == OpKind::TileRecv) return recv(op, groups, a);
  // Every other collective reads every rank's source, then writes every destination (so a
  // source and destination may be the same buffer), through the Graph IR collectives.
  std::vector<Tensor> src(n);
  for (size_t r = 0; r < n; ++r) src[r] = flat_copy(*a[r]);
  auto reduce_op = [&] { return *parse_reduce_op(op.attrs.get_string("op", "sum")); };
  const int64_t root = op.attrs.get_int("root", 0);
  std::vector<Tensor> res;
  switch (kind) {
    case OpKind::TileAllReduce:
      res = all_reduce(groups, reduce_op(), src);
      break;
    case OpKind::TileAllGather:
      res = all_gather(groups, 0, src);
      break;
    case OpKind::TileReduceScatter:
      res = reduce_scatter(groups, reduce_op(), 0, src);
      break;
    case OpKind::TileAllToAll:
      res = all_to_all(groups, 0, 0, src);
      break;
    case OpKind::TileCollectiveBroadcast:
      res = broadcast(groups, root, src);
      break;
    case OpKind::TileCollectiveReduce:
      res = reduce(groups, reduce_op(), root, src);
      break;
    case OpKind::TileCollectiveGather:
      res = gather(groups, 0, root, src);
      break;
    case OpKind::TileCollectiveScatter:
      res = scatter(groups, 0, root, src);
      break;
    case OpKind::TilePpermute:
      res = ppermute(groups, read_pairs(op), src);
      break;
    default:
      fail(op, "internal: no mesh implementation of this tile collective", "internal");
  }
  for (size_t r = 0; r < n; ++r) store(op, *b[r], res[r]);
}

/// tcoll_run_c3: every message a tile.send posted was taken by a tile.recv of the launch.
void PhasedRun::check_mailbox() const {
  int64_t channel = 0;
  if (const Message* m = mailbox_.unreceived(channel))
    fail(*m->send,
         "message from " + m_.describe_rank(m->src) + " to " + m_.describe_rank(m->dst) +
             " on channel " + std::to_string(channel) +
             " is never received: the launch ends without a matching tile.recv",
         "tcoll_run_c3");
}

void PhasedRun::run(const std::vector<std::vector<const Tensor*>>& in,
                    const std::vector<std::vector<Tensor*>>& out,
                    const std::vector<RunContext>& run) {
  const size_t n = in.size();
  for (size_t r = 0; r < n; ++r) {
    try {
      ranks_.push_back(std::make_unique<PhasedLaunch>(op_, run[r], in[r], out[r]));
    } catch (const Error& e) {
      throw Error(on_rank(m_, static_cast<int64_t>(r), e.what(), sm_.name(1)));
    }
  }
  // Every (rank, group) pair is one task; a task runs one group up to its next collective.
  std::vector<std::pair<size_t, int64_t>> pairs;
  for (size_t r = 0; r < n; ++r)
    for (int64_t g = 0; g < ranks_[r]->num_groups(); ++g) pairs.emplace_back(r, g);
  for (;;) {
    // Once a group of rank f has failed, the groups of ranks above f are cancelled; the lowest
    // failing rank's error is reported, whatever the timing (ranks below f still run).
    std::atomic<size_t> lowest_failed{n};
    tbb::parallel_for(size_t{0}, pairs.size(), [&](size_t k) {
      auto [r, g] = pairs[k];
      if (r > lowest_failed.load(std::memory_order_relaxed)) return;
      ranks_[r]->step(g);
      if (ranks_[r]->error(g).empty()) return;
      for (size_t f = lowest_failed.load(); r < f && !lowest_failed.compare_exchange_weak(f, r);) {
      }
    });
    for (auto [r, g] : pairs)
      if (!ranks_[r]->error(g).empty()) {
        ranks_[r]->deliver_after_failure();  // --stop-on and report rows of the failing rank
        throw Error(on_rank(m_, static_cast<int64_t>(r), ranks_[r]->error(g), sm_.name(1)));
      }
    const Inst* at = check_arrivals();
    if (!at) break;
    for (auto& pl : ranks_) pl->end_phase();
    perform(*at);
    std::vector<std::pair<size_t, int64_t>> still;
    for (auto [r, g] : pairs)
      if (ranks_[r]->stopped_at(g)) still.emplace_back(r, g);
    pairs = std::move(still);
    for (auto& pl : ranks_) pl->resume();
  }
  check_mailbox();
  for (size_t r = 0; r < n; ++r) {
    try {
      ranks_[r]->finish();
    } catch (const Error& e) {
      throw Error(on_rank(m_, static_cast<int64_t>(r), e.what(), sm_.name(1)));
    }
  }
}

}  // namespace

bool is_collective_launch(const ir::Module& module, const ir::Op& op) {
  if (op.name != "tile.launch") return false;
  const ir::Op* fn = tile::launch_callee(module, op);
  return fn && tile::calls_tile_collectives(*fn);
}

void run_collective_launch(const ir::Op& op, const Mesh& m, const SourceManager& sm,
                           const std::vector<std::vector<const Tensor*>>& in,
                           const std::vector<std::vector<Tensor*>>& out,
                           const std::vector<RunContext>& run) {
  PhasedRun(op, m, sm).run(in, out, run);
}

}  // namespace tessera::interp::mesh
