// Register allocation of a decoded Target IR kernel: slots of values whose live ranges do not
// overlap share storage, so a warp's register file stays small (cache-resident) however long
// the unrolled kernel is. Live ranges are intervals of instruction positions, widened to whole
// loops for values a loop reads but defines outside it.
#include <algorithm>
#include <map>

#include "interp/target/program.h"

namespace tessera::interp::target {
namespace {

struct Range {
  int32_t first = INT32_MAX, last = -1;  ///< instruction positions (-1: a parameter)
  int16_t width = 0;
};

template <class F>
void each_slot(const Inst& in, F&& f) {
  for (int32_t s : {in.dst, in.a, in.b, in.c, in.d, in.e})
    if (s >= 0) f(s);
}

}  // namespace

void allocate_registers(Program& p) {
  const size_t n = static_cast<size_t>(p.num_slots);
  std::vector<Range> r(n);
  for (size_t s = 0; s < n; ++s) r[s].width = p.slot_width[s];
  for (int32_t s : p.param_slots) r[static_cast<size_t>(s)].first = -1;
  for (int32_t pc = 0; pc < static_cast<int32_t>(p.code.size()); ++pc)
    each_slot(p.code[static_cast<size_t>(pc)], [&](int32_t s) {
      Range& x = r[static_cast<size_t>(s)];
      x.first = std::min(x.first, pc);
      x.last = std::max(x.last, pc);
    });
  // A value live into a loop (defined before its head, used inside) lives through the loop.
  for (bool changed = true; changed;) {
    changed = false;
    for (int32_t pc = 0; pc < static_cast<int32_t>(p.code.size()); ++pc) {
      const Inst& in = p.code[static_cast<size_t>(pc)];
      if (in.opc != Opc::kJmp || in.target > pc) continue;
      for (Range& x : r)
        if (x.width > 0 && x.first < in.target && x.last >= in.target && x.last < pc) {
          x.last = pc;
          changed = true;
        }
    }
  }
  // Linear scan in order of first position; freed slots are reused by values of equal width.
  std::vector<size_t> order;
  for (size_t s = 0; s < n; ++s)
    if (r[s].width > 0 && r[s].last >= r[s].first) order.push_back(s);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return r[a].first != r[b].first ? r[a].first < r[b].first : a < b;
  });
  std::vector<int32_t> to(n, -1);
  std::multimap<int32_t, std::pair<int32_t, int16_t>> active;  // last -> (new slot, width)
  std::map<int16_t, std::vector<int32_t>> free;
  int32_t next = 0;
  for (size_t s : order) {
    while (!active.empty() && active.begin()->first < r[s].first) {
      free[active.begin()->second.second].push_back(active.begin()->second.first);
      active.erase(active.begin());
    }
    std::vector<int32_t>& f = free[r[s].width];
    int32_t slot;
    if (!f.empty()) {
      slot = f.back();
      f.pop_back();
    } else {
      slot = next;
      next += r[s].width;
    }
    to[s] = slot;
    active.emplace(r[s].last, std::make_pair(slot, r[s].width));
  }
  for (Inst& in : p.code)
    for (int32_t* s : {&in.dst, &in.a, &in.b, &in.c, &in.d, &in.e})
      if (*s >= 0) *s = to[static_cast<size_t>(*s)];
  for (int32_t& s : p.param_slots)
    s = to[static_cast<size_t>(s)] >= 0 ? to[static_cast<size_t>(s)] : next++;
  p.num_slots = std::max(next, 1);
}

}  // namespace tessera::interp::target
