// Tile collectives: a tile.launch on every rank as one phased simulation (collectives.md).
#include "interp/mesh/tile_launch.h"

#include <cstring>
#include <memory>

#include <tbb/parallel_for.h>

#include "core/support/error.h"
#include "interp/mesh/collectives.h"
#include "interp/tile/launch.h"

namespace tessera::interp::mesh {
namespace {

using tile::Buffer;
using tile::Inst;
using tile::PhasedLaunch;

/// The launches of every rank and the (rank, group) pairs still running.
class PhasedRun {
 public:
  PhasedRun(const ir::Op& op, const Mesh& m, const SourceManager& sm) : op_(op), m_(m), sm_(sm) {}

  void run(const std::vector<std::vector<const Tensor*>>& in,
           const std::vector<std::vector<Tensor*>>& out);

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
  void perform(const Inst& in);

  const ir::Op& op_;
  const Mesh& m_;
  const SourceManager& sm_;
  std::vector<std::unique_ptr<PhasedLaunch>> ranks_;
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

/// Performs the collective every group waits at, over every rank's buffers.
void PhasedRun::perform(const Inst& in) {
  const ir::Op& op = *in.op;
  std::string err;
  auto axes = tessera::mesh::read_axes(op.attrs.get("axes"), m_, err);
  if (!axes) fail(op, err, "tcoll_c1");
  const Groups groups = make_groups(m_, *axes);
  const size_t n = ranks_.size();
  std::vector<Buffer*> a(n), b(n);
  for (size_t r = 0; r < n; ++r) {
    PhasedLaunch& pl = *ranks_[r];
    try {
      a[r] = &pl.operand(0, in.a);
      if (in.b >= 0) b[r] = &pl.operand(0, in.b);
      for (int64_t g = 1; g < pl.num_groups(); ++g)
        if (&pl.operand(g, in.a) != a[r] || (in.b >= 0 && &pl.operand(g, in.b) != b[r]))
          fail(op, "groups 0 and " + std::to_string(g) + " pass different buffers", "tcoll_run_c2");
    } catch (const Error& e) {
      throw Error(m_.describe_rank(static_cast<int64_t>(r)) + ": " + e.what());
    }
    Buffer* written = in.b >= 0 ? b[r] : a[r];
    if (written->readonly)
      fail(op,
           "writes " + written->name + ", an operand of the tile.launch (read-only, mem_m4); " +
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
  const int64_t gs = groups.group_size;
  if (op.name == "tile.all_reduce") {
    const ReduceOp rop = *parse_reduce_op(op.attrs.get_string("op", "sum"));
    tbb::parallel_for(size_t{0}, groups.members.size(), [&](size_t k) {
      const auto& members = groups.members[k];
      std::vector<const std::byte*> ins;
      for (int64_t r : members) ins.push_back(a[static_cast<size_t>(r)]->data);
      const Buffer& first = *a[static_cast<size_t>(members[0])];
      std::vector<std::byte> acc(static_cast<size_t>(first.numel * first.esize));
      fold(rop, first.dt, ins, acc.data(), static_cast<size_t>(first.numel));
      for (int64_t r : members)
        std::memcpy(a[static_cast<size_t>(r)]->data, acc.data(), acc.size());
    });
    return;
  }
  // tile.all_gather: dst block i (along dim 0) is group rank i's src, through the Graph IR
  // collective on tensors viewed as 1-D (dim 0 blocks are contiguous in row-major order).
  std::vector<Tensor> src(n);
  for (size_t r = 0; r < n; ++r) {
    if (b[r]->numel != gs * a[r]->numel || b[r]->dt != a[r]->dt)
      fail(op, "internal: all_gather destination does not fit", "internal");
    src[r] = Tensor(a[r]->dt, {a[r]->numel});
    std::memcpy(src[r].bytes(), a[r]->data, src[r].nbytes());
  }
  std::vector<Tensor> res = all_gather(groups, 0, src);
  for (size_t r = 0; r < n; ++r) std::memcpy(b[r]->data, res[r].bytes(), res[r].nbytes());
}

void PhasedRun::run(const std::vector<std::vector<const Tensor*>>& in,
                    const std::vector<std::vector<Tensor*>>& out) {
  const size_t n = in.size();
  for (size_t r = 0; r < n; ++r) {
    try {
      ranks_.push_back(std::make_unique<PhasedLaunch>(op_, sm_, in[r], out[r]));
    } catch (const Error& e) {
      throw Error(m_.describe_rank(static_cast<int64_t>(r)) + ": " + e.what());
    }
  }
  // Every (rank, group) pair is one task; a task runs one group up to its next collective.
  std::vector<std::pair<size_t, int64_t>> pairs;
  for (size_t r = 0; r < n; ++r)
    for (int64_t g = 0; g < ranks_[r]->num_groups(); ++g) pairs.emplace_back(r, g);
  for (;;) {
    tbb::parallel_for(size_t{0}, pairs.size(),
                      [&](size_t k) { ranks_[pairs[k].first]->step(pairs[k].second); });
    for (auto [r, g] : pairs)
      if (!ranks_[r]->error(g).empty())
        throw Error(m_.describe_rank(static_cast<int64_t>(r)) + ": " + ranks_[r]->error(g));
    const Inst* at = check_arrivals();
    if (!at) break;
    perform(*at);
    std::vector<std::pair<size_t, int64_t>> still;
    for (auto [r, g] : pairs)
      if (ranks_[r]->stopped_at(g)) still.emplace_back(r, g);
    pairs = std::move(still);
    for (auto& pl : ranks_) pl->resume();
  }
  for (size_t r = 0; r < n; ++r) {
    try {
      ranks_[r]->finish();
    } catch (const Error& e) {
      throw Error(m_.describe_rank(static_cast<int64_t>(r)) + ": " + e.what());
    }
  }
}

}  // namespace

bool is_collective_launch(const ir::Op& op) {
  if (op.name != "tile.launch") return false;
  const ir::Op* fn = tile::launch_callee(op);
  return fn && tile::calls_tile_collectives(*fn);
}

void run_collective_launch(const ir::Op& op, const Mesh& m, const SourceManager& sm,
                           const std::vector<std::vector<const Tensor*>>& in,
                           const std::vector<std::vector<Tensor*>>& out) {
  PhasedRun(op, m, sm).run(in, out);
}

}  // namespace tessera::interp::mesh
