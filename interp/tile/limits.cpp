// Limits of tile launches: the run's step and wall-time budget, cancellation, memory footprint.
#include <cstdio>
#include <limits>

#include "core/support/error.h"
#include "interp/tile/sim.h"

namespace tessera::interp::tile {
namespace {

/// Instructions (or lane-operations) a group runs between two charges to the shared budget.
constexpr uint64_t kBillSteps = uint64_t{1} << 16, kBillLaneOps = uint64_t{1} << 24;

uint64_t sat_mul(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<uint64_t>::max() : r;
}

uint64_t sat_add(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<uint64_t>::max() : r;
}

/// Stops every group of the launch: the first caller's message becomes the launch's error.
[[noreturn]] void abort_launch(Launch& l, const std::string& why) {
  if (!l.abort_claimed.exchange(true)) {
    DiagnosticEngine d(l.sm);
    d.op_error(*l.prog->func, "tile kernel @" + l.prog->name + " stopped: " + why, "");
    l.abort_error = d.render();
    l.aborted.store(true);
  }
  throw Cancelled{};
}

}  // namespace

uint64_t alloc_bytes(const AllocInfo& ai, bool shadow) {
  const uint64_t esize = static_cast<uint64_t>(std::max(1, dtype_bits(ai.dt) / 8));
  uint64_t rows = 1, numel = 1;
  for (size_t d = 0; d < ai.shape.size(); ++d) {
    const uint64_t n = static_cast<uint64_t>(std::max<int64_t>(ai.shape[d], 0));
    numel = sat_mul(numel, n);
    if (d + 1 < ai.shape.size()) rows = sat_mul(rows, n);
  }
  const uint64_t cols = ai.shape.empty() ? 1 : static_cast<uint64_t>(ai.shape.back());
  const uint64_t phys = sat_mul(sat_mul(rows, sat_add(cols, uint64_t(ai.padding))), esize);
  return shadow ? sat_add(phys, sat_mul(numel, sizeof(Shadow))) : phys;
}

uint64_t group_footprint(const Launch& l) {
  const Program& p = *l.prog;
  const uint32_t c = l.opts.checks;
  uint64_t shared = 0, tile = 0;
  for (const AllocInfo& ai : p.shared)
    shared = sat_add(shared, alloc_bytes(ai, (c & (kCheckRaces | kCheckInit | kCheckAsync)) != 0));
  for (const AllocInfo& ai : p.locals) tile = sat_add(tile, alloc_bytes(ai, (c & kCheckInit) != 0));
  tile = sat_add(tile, sat_mul(uint64_t(p.num_regs), sizeof(Cell)));
  tile = sat_add(tile, sat_mul(uint64_t(p.agg_floats), sizeof(float)));
  return sat_add(shared, sat_mul(tile, uint64_t(l.tiles)));
}

uint64_t touch_index_bytes(const Launch& l) {
  uint64_t n = 0;
  for (const Buffer& b : l.globals)
    if (b.tracked) n = sat_add(n, sat_mul(static_cast<uint64_t>(b.numel), sizeof(uint64_t)));
  return n;
}

uint64_t check_group_memory(const Launch& l, uint64_t live_groups, bool phased) {
  // A worker running a group of a checked launch also keeps an index over the global elements
  // (TouchIndex); phased launches count one such index.
  const uint64_t per_group = sat_add(group_footprint(l), phased ? 0 : touch_index_bytes(l));
  // Every group of the launch also has a result record (and, phased, a kept state) and a slot
  // in the schedule's order, whether or not it is alive.
  const uint64_t record = sizeof(GroupResult) + sizeof(int64_t) + (phased ? sizeof(GroupState) : 0);
  const uint64_t need = sat_add(sat_add(sat_mul(per_group, live_groups),
                                        sat_mul(record, static_cast<uint64_t>(l.num_groups))),
                                phased ? touch_index_bytes(l) : 0);
  if (need > l.opts.max_memory) {
    DiagnosticEngine d(l.sm);
    d.op_error(*l.prog->func,
               "tile kernel @" + l.prog->name + " needs " + std::to_string(need) +
                   " bytes of shared, local and register memory, sanitizer shadows and group "
                   "records (" +
                   std::to_string(live_groups) + (live_groups == 1 ? " group" : " groups") +
                   " alive at once, " + std::to_string(l.num_groups) +
                   " in all), above the limit of " + std::to_string(l.opts.max_memory) +
                   " bytes (--max-memory)",
               "");
    throw Error(d.render());
  }
  return per_group;
}

void note_failure(Launch& l, int64_t group) {
  int64_t cur = l.first_failed.load();
  while (group < cur && !l.first_failed.compare_exchange_weak(cur, group)) {
  }
}

void flush_budget(GroupState& g) {
  Launch& l = *g.launch;
  const uint64_t n = g.unbilled_steps;
  g.unbilled_steps = g.unbilled_lane_ops = 0;
  if (!l.budget) return;
  const uint64_t total = l.budget->steps.fetch_add(n, std::memory_order_relaxed) + n;
  if (total > l.opts.max_total_steps)
    abort_launch(l, "the run exceeded its budget of " + std::to_string(l.opts.max_total_steps) +
                        " instructions in tile kernels (--max-steps); an endless loop?");
  if (l.opts.time_limit > 0) {
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - l.budget->start;
    if (spent.count() > l.opts.time_limit) {
      char secs[32];
      std::snprintf(secs, sizeof secs, "%g", l.opts.time_limit);
      abort_launch(l, std::string("the run exceeded its wall-time limit of ") + secs +
                          " seconds (--time-limit)");
    }
  }
  if (l.aborted.load(std::memory_order_relaxed)) throw Cancelled{};
}

void charge_budget(GroupState& g, uint64_t steps, uint64_t lane_ops) {
  g.unbilled_steps += steps;
  g.unbilled_lane_ops += lane_ops;
  if (g.unbilled_steps >= kBillSteps || g.unbilled_lane_ops >= kBillLaneOps) flush_budget(g);
}

}  // namespace tessera::interp::tile
