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
  return std::make_tuple(a.tile, a.epoch, a.inst, int(a.lane)) <
         std::make_tuple(b.tile, b.epoch, b.inst, int(b.lane));
}

enum class Finding {
  async_pending,    ///< an access while an async copy to the element is in flight
  async_landed,     ///< an access of another tile in the epoch an async copy landed in
  async_unordered,  ///< an access of another tile in the epoch an async copy was issued in
  async_twice,      ///< a second async copy while one to the element is in flight
  uninitialised,
  race_with_write,
  race_with_read
};

/// Builds and files one report (kept out of line: the access path only pays for it when
/// something fires). `kind` is the kind of access `me`.
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
    case Finding::async_landed:
      msg +=
          " of an async-copy destination in the barrier epoch the copy completed in, by "
          "another tile (no barrier after the wait_group)";
      break;
    case Finding::async_unordered:
      msg +=
          " of an async-copy destination in the barrier epoch the copy was issued in, by "
          "another tile (the copy may land before or after it)";
      break;
    case Finding::async_twice:
      msg =
          "async copy to an element an earlier async copy may still be writing (PTX gives two "
          "copies in flight to one destination no order)";
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

/// Keeps `me` in a two-slot record of the current epoch (reads or atomics): the first tile of
/// the epoch in `s1`, a second, different tile in `s2`.
void remember(Access& s1, Access& s2, const Access& me) {
  if (!current(s1, me)) {
    s1 = me;
    s2 = Access{};
  } else if (!same_tile(s1, me) && (!current(s2, me) || same_tile(s2, me))) {
    s2 = me;
  }
}

/// The slot among s1, s2 that holds an access of another tile of me's epoch, or nullptr.
const Access* other_tile(const Access& s1, const Access& s2, const Access& me) {
  for (const Access* r : {&s1, &s2})
    if (current(*r, me) && !same_tile(*r, me) && unordered(*r, me)) return r;
  return nullptr;
}

/// mem_m2: the race check of one access (plain accesses conflict with writes and atomics of
/// other tiles of the epoch, writes and atomics also with reads; atomics not with atomics). A
/// conflict with a landed async copy is an async report when that check is on.
void check_race(GroupState& g, const Buffer& b, int64_t elem, Shadow& s, const Access& me,
                AccessKind kind, uint32_t checks) {
  if (!me.atomic && unordered(s.write, me)) {
    if (s.write.async && (checks & kCheckAsync))
      report_access(g, b, elem, kind, kCheckAsync, me, s.write, Finding::async_landed);
    else if (checks & kCheckRaces)
      report_access(g, b, elem, kind, kCheckRaces, me, s.write, Finding::race_with_write);
    return;
  }
  if (!(checks & kCheckRaces)) return;
  if (me.atomic && unordered(s.write, me)) {
    report_access(g, b, elem, kind, kCheckRaces, me, s.write, Finding::race_with_write);
  } else if (const Access* a = me.atomic ? nullptr : other_tile(s.atomic1, s.atomic2, me)) {
    report_access(g, b, elem, kind, kCheckRaces, me, *a, Finding::race_with_write);
  } else if (kind != AccessKind::kRead) {
    if (const Access* r = other_tile(s.read1, s.read2, me))
      report_access(g, b, elem, kind, kCheckRaces, me, *r, Finding::race_with_read);
  }
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
    return std::make_tuple(x.at.tile, x.at.epoch, int(x.at.lane), x.element, x.other.group,
                           x.other.tile, x.other.epoch, int(x.other.lane));
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
  // nothing (a slot keeps the tile's first read of the epoch; an atomic of another tile since
  // then was checked against that read).
  auto mine = [&](const Access& r) { return r.tile == t && r.group == g.id && r.epoch == g.epoch; };
  if (kind == AccessKind::kRead && s.init && s.in_flight == 0 && (mine(s.read1) || mine(s.read2)) &&
      (!s.write.valid() ||
       (s.write.group == g.id && (s.write.tile == t || s.write.epoch != g.epoch))))
    return;
  Access me = make_access(g, t, lane, inst, kind == AccessKind::kAtomic);
  if ((checks & kCheckAsync) && s.in_flight > 0) {
    report_access(g, b, elem, kind, kCheckAsync, me, s.pending, Finding::async_pending);
  } else if ((checks & kCheckInit) && kind != AccessKind::kWrite && !s.init) {
    report_access(g, b, elem, kind, kCheckInit, me, Access{}, Finding::uninitialised);
  }
  if ((checks & (kCheckRaces | kCheckAsync)) && b.space != kSpaceLocal)
    check_race(g, b, elem, s, me, kind, checks);
  if (kind == AccessKind::kRead) {
    remember(s.read1, s.read2, me);
  } else if (kind == AccessKind::kAtomic) {
    remember(s.atomic1, s.atomic2, me);
    s.init = true;
  } else {
    s.write = me;
    s.init = true;
  }
}

void async_issue(GroupState& g, int32_t t, Buffer& b, int64_t elem, int32_t lane, int32_t inst) {
  Shadow& s = b.shadow[static_cast<size_t>(elem)];
  Access me = make_access(g, t, lane, inst, false);
  me.async = true;
  // mem_m5: the copy's write may land at any time from its issue to its completion, so it is
  // unordered with accesses of other tiles in the issue epoch, whether made before the issue or
  // after it (those after are caught by in_flight), and with another copy still in flight.
  if (s.in_flight > 0) {
    report_access(g, b, elem, AccessKind::kWrite, kCheckAsync, me, s.pending, Finding::async_twice);
  } else if (s.write.async && unordered(s.write, me)) {
    report_access(g, b, elem, AccessKind::kWrite, kCheckAsync, me, s.write, Finding::async_twice);
  } else if (unordered(s.write, me)) {
    report_access(g, b, elem, AccessKind::kWrite, kCheckAsync, s.write, me,
                  Finding::async_unordered);
  } else if (const Access* a = other_tile(s.atomic1, s.atomic2, me)) {
    report_access(g, b, elem, AccessKind::kAtomic, kCheckAsync, *a, me, Finding::async_unordered);
  } else if (const Access* r = other_tile(s.read1, s.read2, me)) {
    report_access(g, b, elem, AccessKind::kRead, kCheckAsync, *r, me, Finding::async_unordered);
  }
  s.pending = me;
  if (s.in_flight < UINT16_MAX) ++s.in_flight;
}

void async_land(GroupState& g, int32_t t, Buffer& b, int64_t elem, int32_t lane, int32_t inst) {
  Shadow& s = b.shadow[static_cast<size_t>(elem)];
  const uint32_t checks = g.launch->opts.checks;
  if (s.in_flight > 0 && --s.in_flight == 0) s.pending = Access{};
  Access me = make_access(g, t, lane, inst, false);
  me.async = true;
  // With the async check on, every access made while the copy was in flight was reported then;
  // without it, the landing write is checked like a plain write.
  if (!(checks & kCheckAsync) && (checks & kCheckRaces))
    check_race(g, b, elem, s, me, AccessKind::kWrite, checks);
  s.write = me;
  s.init = true;
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
