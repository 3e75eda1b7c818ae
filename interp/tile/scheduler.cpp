// Cooperative scheduling of a group's tiles between barriers; groups in parallel on TBB.
#include <algorithm>
#include <numeric>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/support/error.h"
#include "interp/tile/launch.h"
#include "interp/tile/memory.h"
#include "interp/tile/observe.h"

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
  // The verifier bounds allocations (alloc_c1) and launches check group_footprint first, so
  // these products fit; a dimension may be 0 (an empty allocation: every access is outside).
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < b.shape.size(); ++d) rows *= b.shape[d];
  b.cols = b.shape.back();
  b.numel = rows * b.cols;
  b.phys_cols = b.cols + ai.padding;
  b.chunk = ai.swizzle_xor ? std::max<int64_t>(1, 16 / b.esize) : 0;
  b.plain = !ai.swizzle_xor && ai.padding == 0;
  b.own.assign(static_cast<size_t>(alloc_bytes(ai, false)), std::byte{0});
  b.data = b.own.data();
  b.name = std::move(name);
  if (shadow) b.shadow.resize(static_cast<size_t>(b.numel));
  return b;
}

std::string alloc_name(const Launch& l, const AllocInfo& ai, const char* what, size_t k) {
  return std::string(what) + "#" + std::to_string(k) + " (" + format_location(l.sm, ai.op->loc) +
         ")";
}

/// Handles the moment every live tile of g waits at a barrier (or has exited): checks that they
/// all wait at one barrier with no tile gone, then opens the next epoch.
// exec_m4 (docs/tile-ir.md): release only when all live tiles wait at one tile.barrier.
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
                          ? "barrier divergence: tile " + std::to_string(t) +
                                " waits at a different barrier than tile " + std::to_string(first)
                          : "barrier divergence: tile " + std::to_string(t) +
                                " exited while tile " + std::to_string(first) +
                                " waits at a barrier (the group can never pass it)";
    // The location of a diverging tile that exited is its kernel's return.
    const int32_t at_pc = ts.waiting ? ts.pc : ts.pc;
    if (!(l.opts.checks & kCheckBarriers)) {
      DiagnosticEngine d(l.sm);
      auto& e =
          d.op_error(*l.prog->code[static_cast<size_t>(at_pc)].op,
                     msg + " in group " + std::to_string(g.id) + " of kernel @" + l.prog->name +
                         " (a deadlock on a GPU); run with --check barriers for a report",
                     "");
      e.notes.push_back(Diagnostic{Severity::note,
                                   l.prog->code[static_cast<size_t>(bpc)].op->loc,
                                   "tile " + std::to_string(first) + " waits here",
                                   {}});
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

/// exec_m6 (docs/tile-ir.md): a group stops at a tile collective only when every tile waits at
/// that same collective op; a tile that exited, waits at a barrier or at another collective is a
/// fatal divergence (the collective could never complete on a GPU).
void check_collective_arrival(GroupState& g) {
  Launch& l = *g.launch;
  int32_t first = -1;
  for (size_t t = 0; t < g.tiles.size() && first < 0; ++t)
    if (g.tiles[t].at_collective) first = static_cast<int32_t>(t);
  const int32_t cpc = g.tiles[static_cast<size_t>(first)].pc;
  for (size_t t = 0; t < g.tiles.size(); ++t) {
    const TileState& ts = g.tiles[t];
    if (ts.at_collective && ts.pc == cpc) continue;
    const std::string what = ts.done            ? "exited"
                             : ts.at_collective ? "waits at another tile collective"
                                                : "waits at a tile.barrier";
    DiagnosticEngine d(l.sm);
    auto& e = d.op_error(*l.prog->code[static_cast<size_t>(ts.pc)].op,
                         "collective divergence: tile " + std::to_string(t) + " of group " +
                             std::to_string(g.id) + " of kernel @" + l.prog->name + " " + what +
                             " while tile " + std::to_string(first) +
                             " waits at a tile collective (a deadlock on a GPU)",
                         "");
    e.notes.push_back(Diagnostic{Severity::note,
                                 l.prog->code[static_cast<size_t>(cpc)].op->loc,
                                 "tile " + std::to_string(first) + " waits here",
                                 {}});
    throw Error(d.render());
  }
  g.suspended_pc = cpc;
}

/// Runs g's tiles between barriers; returns true when they stopped at a tile collective.
bool schedule(GroupState& g) {
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
        if (cancelled(g)) throw Cancelled{};
        // Unseeded: a tile runs until it blocks. Seeded: a random quantum, then the next tile.
        const uint64_t quantum = seeded ? 1 + rng.next() % 48 : uint64_t{1} << 20;
        RunStatus st = run_tile(g, t, quantum);
        if (st == RunStatus::kQuantum) runnable = true;
      }
    }
    bool any_waiting = false, any_collective = false;
    for (const TileState& ts : g.tiles) {
      any_waiting |= ts.waiting;
      any_collective |= ts.at_collective;
    }
    if (!any_waiting) break;
    if (any_collective) {
      check_collective_arrival(g);
      return true;
    }
    release_barrier(g);
  }
  if (l.trace)
    for (size_t t = 0; t < T; ++t) {
      const TileState& ts = g.tiles[t];
      g.out->trace.push_back({"epoch " + std::to_string(g.epoch), g.id, static_cast<int32_t>(t),
                              ts.epoch_start, ts.clock - ts.epoch_start});
    }
  return false;
}

/// What earlier groups (in id order) did to one global element: the least access of each kind
/// of the first group that made one.
struct CrossEntry {
  Access read, write, atomic;
};

std::string race_words(const char* kind, const char* other_kind, const Access& o) {
  return std::string(kind) + " races with an earlier " + other_kind + " by group " +
         std::to_string(o.group) + " tile " + std::to_string(o.tile) + " lane " +
         std::to_string(o.lane) + " (different groups of one launch)";
}

/// mem_m3: reports the accesses of one group that conflict with an earlier group's, then adds the
/// group's accesses to the table. Plain accesses conflict with writes and atomics of other
/// groups, writes and atomics also with reads; atomics never conflict with atomics.
void merge_group(const Launch& l, std::vector<std::vector<CrossEntry>>& table, GroupResult& res) {
  const size_t cap = std::max<uint64_t>(l.opts.check_limit, 1) * 4;
  auto report = [&](const GlobalTouch& gt, const Access& at, const Access& other, std::string msg) {
    for (const Report& x : res.reports)
      if (x.kind == kCheckRaces && x.at.inst == at.inst && x.other.inst == other.inst) return;
    if (res.reports.size() >= cap) return;
    Report r;
    r.kind = kCheckRaces;
    r.at = at;
    r.other = other;
    r.element = gt.elem;
    r.buffer = l.globals[static_cast<size_t>(gt.buf)].name;
    r.message = std::move(msg);
    res.reports.push_back(std::move(r));
  };
  for (const GlobalTouch& gt : res.touches) {
    std::vector<CrossEntry>& t = table[static_cast<size_t>(gt.buf)];
    if (t.empty()) t.resize(static_cast<size_t>(l.globals[static_cast<size_t>(gt.buf)].numel));
    CrossEntry& e = t[static_cast<size_t>(gt.elem)];
    if (gt.write.valid()) {
      if (e.write.valid())
        report(gt, gt.write, e.write, race_words("write", "write", e.write));
      else if (e.atomic.valid())
        report(gt, gt.write, e.atomic, race_words("write", "atomic", e.atomic));
      else if (e.read.valid())
        report(gt, gt.write, e.read, race_words("write", "read", e.read));
    }
    if (gt.atomic.valid()) {
      if (e.write.valid())
        report(gt, gt.atomic, e.write, race_words("atomic", "write", e.write));
      else if (e.read.valid())
        report(gt, gt.atomic, e.read, race_words("atomic", "read", e.read));
    }
    if (gt.read.valid()) {
      if (e.write.valid())
        report(gt, gt.read, e.write, race_words("read", "write", e.write));
      else if (e.atomic.valid())
        report(gt, gt.read, e.atomic, race_words("read", "atomic", e.atomic));
    }
    if (!e.read.valid()) e.read = gt.read;
    if (!e.write.valid()) e.write = gt.write;
    if (!e.atomic.valid()) e.atomic = gt.atomic;
  }
}

/// Starts a new set of global touches on `ti` (a new generation makes every slot stale).
void reset_touches(TouchIndex* ti) {
  if (!ti) return;
  if (++ti->gen == 0) {  // generation 0 marks never-touched slots
    for (auto& v : ti->slot) std::fill(v.begin(), v.end(), 0);
    ti->gen = 1;
  }
  ti->touches.clear();
}

}  // namespace

void init_group(Launch& l, int64_t group, GroupResult& out, GroupState& g,
                TouchIndex* touch_index) {
  const Program& p = *l.prog;
  g.launch = &l;
  g.id = group;
  g.out = &out;
  g.touch_index = touch_index;
  reset_touches(touch_index);
  g.coord[0] = group % l.grid[0];
  g.coord[1] = (group / l.grid[0]) % l.grid[1];
  g.coord[2] = group / (l.grid[0] * l.grid[1]);
  const uint32_t c = l.opts.checks;
  for (size_t k = 0; k < p.shared.size(); ++k)
    g.shared.push_back(make_alloc(p.shared[k], kSpaceShared,
                                  alloc_name(l, p.shared[k], "shared", k),
                                  (c & (kCheckRaces | kCheckInit | kCheckAsync)) != 0));
  g.tiles.resize(static_cast<size_t>(l.tiles));
  for (TileState& ts : g.tiles) {
    ts.regs.assign(static_cast<size_t>(p.num_regs), Cell{});
    ts.agg.assign(static_cast<size_t>(p.agg_floats), 0.0f);
    for (size_t k = 0; k < p.param_regs.size(); ++k)
      ts.regs[static_cast<size_t>(p.param_regs[k])] = l.scalar_args[k];
    for (size_t k = 0; k < p.locals.size(); ++k)
      ts.locals.push_back(make_alloc(
          p.locals[k], kSpaceLocal, alloc_name(l, p.locals[k], "local", k), (c & kCheckInit) != 0));
  }
}

bool run_until_collective(GroupState& g, TouchIndex* touch_index) {
  if (touch_index != g.touch_index) {  // a resumed group may run on another worker
    g.touch_index = touch_index;
    reset_touches(touch_index);
  }
  const bool stopped = schedule(g);
  flush_budget(g);
  if (touch_index) {
    auto& out = g.out->touches;
    out.insert(out.end(), touch_index->touches.begin(), touch_index->touches.end());
    reset_touches(touch_index);
  }
  return stopped;
}

void end_phase(Launch& l, std::vector<GroupResult>& results) {
  std::vector<std::vector<CrossEntry>> table(l.globals.size());
  for (GroupResult& res : results) {
    if (l.opts.checks & kCheckRaces) merge_group(l, table, res);
    for (const GlobalTouch& gt : res.touches) {
      Buffer& b = l.globals[static_cast<size_t>(gt.buf)];
      if (b.phase_init.empty()) b.phase_init.assign(static_cast<size_t>(b.numel), b.start_init);
      if (gt.s.init) b.phase_init[static_cast<size_t>(gt.elem)] = 1;
    }
    res.touches.clear();
  }
}

void resume_after_collective(GroupState& g) {
  Launch& l = *g.launch;
  uint64_t now = 0;
  for (const TileState& ts : g.tiles) now = std::max(now, ts.clock);
  for (size_t t = 0; t < g.tiles.size(); ++t) {
    TileState& ts = g.tiles[t];
    if (l.trace)
      g.out->trace.push_back({"epoch " + std::to_string(g.epoch), g.id, static_cast<int32_t>(t),
                              ts.epoch_start, ts.clock - ts.epoch_start});
    ts.waiting = ts.at_collective = false;
    ++ts.pc;
    ts.clock = ts.epoch_start = now;
  }
  ++g.epoch;
  g.suspended_pc = -1;
}

namespace {

void run_group_body(Launch& l, int64_t group, GroupResult& out, TouchIndex* touch_index) {
  try {
    GroupState g;
    init_group(l, group, out, g, touch_index);
    const bool stopped = schedule(g);
    flush_budget(g);
    if (!stopped && l.watch && !l.watch->shared.empty()) watch_group_exit(g);
    if (stopped)
      throw Error(format_location(l.sm, l.prog->code[static_cast<size_t>(g.suspended_pc)].op->loc) +
                  ": error: tile collectives run only in a tile.launch of a mesh program "
                  "(kernel @" +
                  l.prog->name + ")");
    if (touch_index) {
      out.touches = touch_index->touches;  // exact-size copy; the worker keeps its capacity
      touch_index->touches.clear();
    }
    return;
  } catch (const Cancelled&) {
    out.cancelled = true;
    return;
  } catch (const Error& e) {
    out.error = e.what();
  } catch (const std::bad_alloc&) {
    out.error = "error: out of memory while simulating group " + std::to_string(group) +
                " of kernel @" + l.prog->name;
  } catch (const std::exception& e) {  // a broken invariant: still a diagnostic, never a crash
    out.error = "error: internal error while simulating group " + std::to_string(group) +
                " of kernel @" + l.prog->name + ": " + e.what();
  }
  note_failure(l, group);
}

}  // namespace

void run_group(Launch& l, int64_t group, GroupResult& out, TouchIndex* touch_index) {
  run_group_body(l, group, out, touch_index);
  if (l.watch) watch_group_done(l, group, out);
}

namespace {

/// Runs groups [lo, hi) (positions in `order`) in parallel; a group whose launch was cancelled
/// before it started is skipped, and the run's budget running out cancels the whole loop.
void run_range(Launch& l, std::vector<GroupResult>& results, const std::vector<int64_t>& order,
               int64_t lo, int64_t hi, tbb::enumerable_thread_specific<TouchIndex>* index) {
  tbb::task_group_context ctx;
  tbb::parallel_for(
      tbb::blocked_range<int64_t>(lo, hi, 1),
      [&](const tbb::blocked_range<int64_t>& r) {
        for (int64_t k = r.begin(); k < r.end(); ++k) {
          const int64_t gid = order[static_cast<size_t>(k)];
          GroupResult& res = results[static_cast<size_t>(gid)];
          if (l.aborted.load() || l.first_failed.load() < gid) {
            res.cancelled = true;
            continue;
          }
          run_group(l, gid, res, index ? &index->local() : nullptr);
          if (l.observer && l.run && l.site)
            l.observer->after_tile_group(*l.site, ++l.groups_done, l.num_groups, *l.run);
          if (l.aborted.load()) ctx.cancel_group_execution();
        }
      },
      ctx);
}

void run_all(Launch& l, std::vector<GroupResult>& results) {
  const int64_t n = l.num_groups;
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  // With races/init checks every group keeps its own shadows of global memory (touches); the
  // groups run in parallel in batches and each batch is merged into the cross-group table in
  // group-id order, so reports do not depend on threads, seeds or batch size.
  const bool tracked = (l.opts.checks & (kCheckRaces | kCheckInit)) != 0;
  if (tracked) {
    tbb::enumerable_thread_specific<TouchIndex> index;
    std::vector<std::vector<CrossEntry>> table(l.globals.size());
    const int64_t batch = std::max<int64_t>(4, 2 * tbb::this_task_arena::max_concurrency());
    for (int64_t lo = 0; lo < n; lo += batch) {
      const int64_t hi = std::min(n, lo + batch);
      run_range(l, results, order, lo, hi, &index);
      if (l.aborted.load()) return;
      for (int64_t gid = lo; gid < hi; ++gid) {
        GroupResult& res = results[static_cast<size_t>(gid)];
        if (!res.error.empty()) return;
        if (l.opts.checks & kCheckRaces) merge_group(l, table, res);
        res.touches.clear();
        res.touches.shrink_to_fit();
      }
    }
    return;
  }
  if (l.opts.schedule_seed != 0) {
    Rng rng{l.opts.schedule_seed};
    for (size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.next() % k]);
  }
  run_range(l, results, order, 0, n, nullptr);
}

}  // namespace

void run_groups(Launch& l, std::vector<GroupResult>& results) {
  // --max-memory bounds the groups alive at once: fewer workers when groups are large (the
  // results do not depend on the number of workers).
  const uint64_t per_group = std::max<uint64_t>(1, check_group_memory(l, 1));
  results.assign(static_cast<size_t>(l.num_groups), GroupResult{});
  const uint64_t records = uint64_t(l.num_groups) * (sizeof(GroupResult) + sizeof(int64_t));
  const uint64_t fit = (l.opts.max_memory - std::min(records, l.opts.max_memory)) / per_group;
  const int workers = tbb::this_task_arena::max_concurrency();
  if (fit >= static_cast<uint64_t>(workers)) return run_all(l, results);
  tbb::task_arena arena(static_cast<int>(std::max<uint64_t>(fit, 1)));
  arena.execute([&] { run_all(l, results); });
}

}  // namespace tessera::interp::tile
