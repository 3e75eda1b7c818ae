// Sanitizer shadows of the tile simulator: races (barrier epochs), init, async, bounds.
#include <tuple>

#include "core/support/error.h"
#include "interp/tile/memory.h"

namespace tessera::interp::tile {
namespace {

/// Two accesses conflict when no barrier orders them: different groups of one launch, or
/// different tiles of one group in the same barrier epoch.
bool unordered(const Access& x, const Access& me) {
  if (!x.valid()) return false;
  if (x.group != me.group) return true;
  return x.tile != me.tile && x.epoch == me.epoch;
}

/// A reader entry still relevant to a writer in `me`'s epoch.
bool current(const Access& r, const Access& me) {
  return r.valid() && (r.group != me.group || r.epoch == me.epoch);
}

bool same_tile(const Access& a, const Access& b) { return a.group == b.group && a.tile == b.tile; }

const char* kind_word(AccessKind k) {
  return k == AccessKind::kRead ? "read" : k == AccessKind::kWrite ? "write" : "atomic";
}

/// Whether a precedes b in the deterministic order (tile, epoch, inst, lane).
bool before(const Access& a, const Access& b) {
  if (!b.valid()) return true;
  return std::tie(a.tile, a.epoch, a.inst, a.lane) < std::tie(b.tile, b.epoch, b.inst, b.lane);
}

enum class Finding { async_pending, uninitialised, race_with_write, race_with_read };

/// Builds and files one report of shadow_access (kept out of line: the access path only pays
/// for it when something fires).
[[gnu::cold, gnu::noinline]] void report_access(GroupState& g, const Buffer& b, int64_t elem,
                                                AccessKind kind, uint32_t check, const Access& me,
                                                const Access& other, Finding what) {
  std::string msg = kind_word(kind);
  auto by = [&](const Access& o) {
    return " by group " + std::to_string(o.group) + " tile " + std::to_string(o.tile) + " lane " +
           std::to_string(o.lane) +
           (o.group == me.group ? " (no barrier between them)"
                                : " (different groups of one launch)");
  };
  switch (what) {
    case Finding::async_pending:
      msg += " of an async-copy destination before the wait_group that completes the copy";
      break;
    case Finding::uninitialised:
      msg += " of uninitialised memory";
      break;
    case Finding::race_with_write:
      msg +=
          std::string(" races with an earlier ") + (other.atomic ? "atomic" : "write") + by(other);
      break;
    case Finding::race_with_read:
      msg += " races with an earlier read" + by(other);
      break;
  }
  Report r;
  r.kind = check;
  r.at = me;
  r.other = other;
  r.element = elem;
  r.buffer = b.name;
  r.message = std::move(msg);
  add_report(g, std::move(r));
}

/// The running group's record of global element `elem` of `b`, created on first touch.
GlobalTouch& touch_of(GroupState& g, const Buffer& b, int64_t elem) {
  TouchIndex& ti = *g.touch_index;
  const size_t bi = static_cast<size_t>(&b - g.launch->globals.data());
  if (ti.slot.size() <= bi) ti.slot.resize(g.launch->globals.size());
  std::vector<uint64_t>& slots = ti.slot[bi];
  if (slots.empty()) slots.assign(static_cast<size_t>(b.numel), 0);
  uint64_t& sl = slots[static_cast<size_t>(elem)];
  if ((sl >> 32) == ti.gen) return ti.touches[sl & 0xffffffffu];
  sl = (uint64_t{ti.gen} << 32) | ti.touches.size();
  GlobalTouch& gt = ti.touches.emplace_back();
  gt.buf = static_cast<int32_t>(bi);
  gt.elem = elem;
  gt.s.init = b.phase_init.empty() ? b.start_init : b.phase_init[static_cast<size_t>(elem)] != 0;
  return gt;
}

}  // namespace

Buffer& buffer_of(GroupState& g, int32_t t, int64_t handle) {
  int64_t id = handle_id(handle);
  switch (handle_space(handle)) {
    case kSpaceShared:
      return g.shared.at(static_cast<size_t>(id));
    case kSpaceLocal:
      return g.tiles[static_cast<size_t>(t)].locals.at(static_cast<size_t>(id));
    default:
      return g.launch->globals.at(static_cast<size_t>(id));
  }
}

std::string index_str(const int64_t* idx, size_t n) {
  std::string s = "[";
  for (size_t k = 0; k < n; ++k) s += (k ? ", " : "") + std::to_string(idx[k]);
  return s + "]";
}

void add_report(GroupState& g, Report r) {
  GroupResult& out = *g.out;
  // Of the reports with one (kind, op, other op), keep the least by tile, epoch, lane and
  // element, so which instance is shown does not depend on the order tiles ran in.
  auto key = [](const Report& x) {
    return std::tie(x.at.tile, x.at.epoch, x.at.lane, x.element, x.other.group, x.other.tile,
                    x.other.epoch, x.other.lane);
  };
  for (Report& x : out.reports)
    if (x.kind == r.kind && x.at.inst == r.at.inst && x.other.inst == r.other.inst) {
      if (key(r) < key(x)) x = std::move(r);
      return;
    }
  if (out.reports.size() >= std::max<uint64_t>(g.launch->opts.check_limit, 1) * 4) return;
  out.reports.push_back(std::move(r));
}

void out_of_bounds(GroupState& g, int32_t t, const Buffer& b, int32_t lane, int32_t inst,
                   const std::string& what) {
  const Launch& l = *g.launch;
  if (!(l.opts.checks & kCheckBounds)) {
    DiagnosticEngine d(l.sm);
    d.op_error(*l.prog->code[static_cast<size_t>(inst)].op,
               "out-of-bounds access to " + b.name + " at index " + what + " (group " +
                   std::to_string(g.id) + ", tile " + std::to_string(t) + ", lane " +
                   std::to_string(lane) + " of kernel @" + l.prog->name +
                   "); run with --check bounds for a full report",
               "");
    throw Error(d.render());
  }
  Report r;
  r.kind = kCheckBounds;
  r.at = make_access(g, t, lane, inst, false);
  r.buffer = b.name;
  r.message = "out-of-bounds access to " + b.name + " at index " + what;
  add_report(g, std::move(r));
}

void shadow_access(GroupState& g, int32_t t, Buffer& b, int64_t elem, int32_t lane, int32_t inst,
                   AccessKind kind) {
  Shadow* sp;
  if (b.tracked) {
    GlobalTouch& gt = touch_of(g, b, elem);
    Access x = make_access(g, t, lane, inst, kind == AccessKind::kAtomic);
    Access& first = kind == AccessKind::kRead    ? gt.read
                    : kind == AccessKind::kWrite ? gt.write
                                                 : gt.atomic;
    if (before(x, first)) first = x;
    sp = &gt.s;
  } else {
    sp = &b.shadow[static_cast<size_t>(elem)];
  }
  Shadow& s = *sp;
  const uint32_t checks = g.launch->opts.checks;
  // Fast path: a read of initialised, settled memory whose last writer is ordered before us and
  // one of whose reader slots already names this tile in this epoch changes nothing and reports
  // nothing (a slot keeps the tile's first read of the epoch).
  auto mine = [&](const Access& r) { return r.tile == t && r.group == g.id && r.epoch == g.epoch; };
  if (kind == AccessKind::kRead && s.init && !s.pending.valid() &&
      (mine(s.read1) || mine(s.read2)) &&
      (!s.write.valid() ||
       (s.write.group == g.id && (s.write.tile == t || s.write.epoch != g.epoch))))
    return;
  Access me = make_access(g, t, lane, inst, kind == AccessKind::kAtomic);
  if ((checks & kCheckAsync) && s.pending.valid()) {
    report_access(g, b, elem, kind, kCheckAsync, me, s.pending, Finding::async_pending);
  } else if ((checks & kCheckInit) && kind != AccessKind::kWrite && !s.init) {
    report_access(g, b, elem, kind, kCheckInit, me, Access{}, Finding::uninitialised);
  }
  if ((checks & kCheckRaces) && b.space != kSpaceLocal) {
    const bool both_atomic = me.atomic && s.write.atomic;
    if (unordered(s.write, me) && !both_atomic) {
      report_access(g, b, elem, kind, kCheckRaces, me, s.write, Finding::race_with_write);
    } else if (kind != AccessKind::kRead) {
      for (const Access* r : {&s.read1, &s.read2})
        if (current(*r, me) && !same_tile(*r, me) && unordered(*r, me)) {
          report_access(g, b, elem, kind, kCheckRaces, me, *r, Finding::race_with_read);
          break;
        }
    }
  }
  if (kind == AccessKind::kRead) {
    if (!current(s.read1, me)) {
      s.read1 = me;
      s.read2 = Access{};
    } else if (!same_tile(s.read1, me) && (!current(s.read2, me) || same_tile(s.read2, me))) {
      s.read2 = me;
    }
  } else {
    s.write = me;
    s.init = true;
  }
}

void check_writable(GroupState& g, int32_t t, const Buffer& b, int32_t inst) {
  if (!b.readonly) return;
  const Launch& l = *g.launch;
  DiagnosticEngine d(l.sm);
  d.op_error(*l.prog->code[static_cast<size_t>(inst)].op,
             "writes " + b.name +
                 ", an operand of tile.launch, which kernels may only read "
                 "(bind the data to a launch result instead) (group " +
                 std::to_string(g.id) + ", tile " + std::to_string(t) + " of kernel @" +
                 l.prog->name + ")",
             "");
  throw Error(d.render());
}

std::string inst_location(const Launch& l, int32_t inst) {
  if (inst < 0) return "<unknown>";
  return format_location(l.sm, l.prog->code[static_cast<size_t>(inst)].op->loc);
}

}  // namespace tessera::interp::tile
