// Cooperative scheduling of a group's tiles between barriers; groups in parallel on TBB.
#include <algorithm>
#include <numeric>

#include <tbb/parallel_for.h>

#include "core/support/error.h"
#include "interp/tile/launch.h"
#include "interp/tile/memory.h"

namespace tessera::interp::tile {
namespace {

/// SplitMix64: a small, well-mixed generator for the reproducible schedule permutations.
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

Buffer make_alloc(const AllocInfo& ai, int space, std::string name, bool shadow) {
  Buffer b;
  b.dt = ai.dt;
  b.esize = std::max(1, dtype_bits(ai.dt) / 8);
  b.space = space;
  b.shape = ai.shape;
  b.strides.assign(b.shape.size(), 1);
  for (size_t d = b.shape.size(); d-- > 1;) b.strides[d - 1] = b.strides[d] * b.shape[d];
  b.numel = 1;
  for (int64_t x : b.shape) b.numel *= x;
  b.cols = b.shape.back();
  b.phys_cols = b.cols + ai.padding;
  b.chunk = ai.swizzle_xor ? std::max<int64_t>(1, 16 / b.esize) : 0;
  b.plain = !ai.swizzle_xor && ai.padding == 0;
  const int64_t phys_elems = b.numel / b.cols * b.phys_cols;
  b.own.assign(static_cast<size_t>(phys_elems * b.esize), std::byte{0});
  b.data = b.own.data();
  b.name = std::move(name);
  if (shadow) b.shadow.resize(static_cast<size_t>(b.numel));
  return b;
}

std::string alloc_name(const Launch& l, const AllocInfo& ai, const char* what, size_t k) {
  return std::string(what) + "#" + std::to_string(k) + " (" + format_location(l.sm, ai.op->loc) + ")";
}

/// Handles the moment every live tile of g waits at a barrier (or has exited): checks that they
/// all wait at one barrier with no tile gone, then opens the next epoch.
void release_barrier(GroupState& g) {
  Launch& l = *g.launch;
  int32_t first = -1;
  for (size_t t = 0; t < g.tiles.size(); ++t)
    if (g.tiles[t].waiting) {
      first = static_cast<int32_t>(t);
      break;
    }
  const int32_t bpc = g.tiles[static_cast<size_t>(first)].pc;
  for (size_t t = 0; t < g.tiles.size(); ++t) {
    const TileState& ts = g.tiles[t];
    if (ts.waiting && ts.pc == bpc) continue;
    const int32_t tt = static_cast<int32_t>(t);
    std::string msg = ts.waiting
        ? "barrier divergence: tile " + std::to_string(t) + " waits at a different barrier than tile " +
              std::to_string(first)
        : "barrier divergence: tile " + std::to_string(t) + " exited while tile " +
              std::to_string(first) + " waits at a barrier (the group can never pass it)";
    // The location of a diverging tile that exited is its kernel's return.
    const int32_t at_pc = ts.waiting ? ts.pc : ts.pc;
    if (!(l.opts.checks & kCheckBarriers)) {
      DiagnosticEngine d(l.sm);
      auto& e = d.op_error(*l.prog->code[static_cast<size_t>(at_pc)].op,
                           msg + " in group " + std::to_string(g.id) + " of kernel @" + l.prog->name +
                               " (a deadlock on a GPU); run with --check barriers for a report", "");
      e.notes.push_back(Diagnostic{Severity::note, l.prog->code[static_cast<size_t>(bpc)].op->loc,
                                   "tile " + std::to_string(first) + " waits here", {}});
      throw Error(d.render());
    }
    Report r;
    r.kind = kCheckBarriers;
    r.at = make_access(g, tt, 0, at_pc, false);
    r.other = make_access(g, first, 0, bpc, false);
    r.message = msg;
    add_report(g, std::move(r));
  }
  uint64_t now = 0;
  for (const TileState& ts : g.tiles) now = std::max(now, ts.clock);
  for (size_t t = 0; t < g.tiles.size(); ++t) {
    TileState& ts = g.tiles[t];
    if (!ts.waiting) continue;
    if (l.trace)
      g.out->trace.push_back({"epoch " + std::to_string(g.epoch), g.id, static_cast<int32_t>(t),
                              ts.epoch_start, ts.clock - ts.epoch_start});
    ts.waiting = false;
    ++ts.pc;
    ts.clock = now;
    ts.epoch_start = now;
  }
  ++g.epoch;
}

void schedule(GroupState& g) {
  Launch& l = *g.launch;
  const size_t T = g.tiles.size();
  std::vector<int32_t> order(T);
  std::iota(order.begin(), order.end(), 0);
  Rng rng{l.opts.schedule_seed * 0x2545F4914F6CDD1Dull ^ static_cast<uint64_t>(g.id)};
  const bool seeded = l.opts.schedule_seed != 0;
  for (;;) {
    bool runnable = true;
    while (runnable) {
      runnable = false;
      if (seeded)
        for (size_t k = T; k > 1; --k) std::swap(order[k - 1], order[rng.next() % k]);
      for (int32_t t : order) {
        TileState& ts = g.tiles[static_cast<size_t>(t)];
        if (ts.done || ts.waiting) continue;
        // Unseeded: a tile runs until it blocks. Seeded: a random quantum, then the next tile.
        const uint64_t quantum = seeded ? 1 + rng.next() % 48 : uint64_t{1} << 20;
        RunStatus st = run_tile(g, t, quantum);
        if (st == RunStatus::kQuantum) runnable = true;
      }
    }
    bool any_waiting = false;
    for (const TileState& ts : g.tiles) any_waiting |= ts.waiting;
    if (!any_waiting) break;
    release_barrier(g);
  }
  if (l.trace)
    for (size_t t = 0; t < T; ++t) {
      const TileState& ts = g.tiles[t];
      g.out->trace.push_back({"epoch " + std::to_string(g.epoch), g.id, static_cast<int32_t>(t),
                              ts.epoch_start, ts.clock - ts.epoch_start});
    }
}

}  // namespace

void run_group(Launch& l, int64_t group, GroupResult& out) {
  try {
    const Program& p = *l.prog;
    GroupState g;
    g.launch = &l;
    g.id = group;
    g.out = &out;
    g.coord[0] = group % l.grid[0];
    g.coord[1] = (group / l.grid[0]) % l.grid[1];
    g.coord[2] = group / (l.grid[0] * l.grid[1]);
    const uint32_t c = l.opts.checks;
    for (size_t k = 0; k < p.shared.size(); ++k)
      g.shared.push_back(make_alloc(p.shared[k], kSpaceShared, alloc_name(l, p.shared[k], "shared", k),
                                    (c & (kCheckRaces | kCheckInit | kCheckAsync)) != 0));
    g.tiles.resize(static_cast<size_t>(l.tiles));
    for (TileState& ts : g.tiles) {
      ts.regs.assign(static_cast<size_t>(p.num_regs), Cell{});
      ts.agg.assign(static_cast<size_t>(p.agg_floats), 0.0f);
      for (size_t k = 0; k < p.param_regs.size(); ++k)
        ts.regs[static_cast<size_t>(p.param_regs[k])] = l.scalar_args[k];
      for (size_t k = 0; k < p.locals.size(); ++k)
        ts.locals.push_back(make_alloc(p.locals[k], kSpaceLocal, alloc_name(l, p.locals[k], "local", k),
                                       (c & kCheckInit) != 0));
    }
    schedule(g);
  } catch (const Error& e) {
    out.error = e.what();
  } catch (const std::bad_alloc&) {
    out.error = "out of memory while simulating group " + std::to_string(group) + " of kernel @" +
                l.prog->name;
  }
}

void run_groups(Launch& l, std::vector<GroupResult>& results) {
  const int64_t n = l.num_groups;
  results.assign(static_cast<size_t>(n), GroupResult{});
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (l.opts.schedule_seed != 0) {
    Rng rng{l.opts.schedule_seed};
    for (size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.next() % k]);
  }
  // Shadows of global memory are shared by all groups: with races/init checks the groups run
  // one after another (in the permuted order), so the reports do not depend on threads.
  const bool sequential = (l.opts.checks & (kCheckRaces | kCheckInit)) != 0;
  if (sequential) {
    for (int64_t k = 0; k < n; ++k) {
      const int64_t gid = order[static_cast<size_t>(k)];
      run_group(l, gid, results[static_cast<size_t>(gid)]);
      if (!results[static_cast<size_t>(gid)].error.empty()) return;
    }
    return;
  }
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, 1), [&](const tbb::blocked_range<int64_t>& r) {
    for (int64_t k = r.begin(); k < r.end(); ++k) {
      const int64_t gid = order[static_cast<size_t>(k)];
      run_group(l, gid, results[static_cast<size_t>(gid)]);
    }
  });
}

}  // namespace tessera::interp::tile
