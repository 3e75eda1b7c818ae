// The races and init sanitizers of Target IR at lane granularity (docs/ops/target/README.md,
// "Sanitizers"): on shared memory, happens-before per barrier epoch between warps and between
// lanes of one warp within one instruction; on local memory, init per thread.
#include <algorithm>

#include "interp/target/sim.h"
#include "interp/tile/sim.h"

namespace tessera::interp::target {
namespace {

std::string who(const Block& b, int warp, int lane) {
  return "block " + std::to_string(b.id) + ", warp " + std::to_string(warp) + ", lane " +
         std::to_string(lane);
}

void report(Block& b, const Inst& in, const char* kind, const std::string& msg, int32_t other_pc,
            const std::string& other) {
  const int32_t pc = static_cast<int32_t>(&in - b.launch->prog->code.data());
  const auto key = std::make_pair(pc, other_pc);
  if (std::find(b.reported.begin(), b.reported.end(), key) != b.reported.end()) return;
  b.reported.push_back(key);
  DiagnosticEngine d(b.launch->sm);
  Diagnostic& e = d.error(in.op->loc, std::string("[") + kind + "] " + msg);
  if (other_pc >= 0)
    e.notes.push_back(Diagnostic{Severity::note,
                                 b.launch->prog->code[static_cast<size_t>(other_pc)].op->loc,
                                 "the other access, by " + other,
                                 {}});
  b.reports.push_back(d.render());
}

}  // namespace

void shadow_access(Block& b, const Warp& w, const Inst& in, Buf& buf, int64_t i, int64_t n,
                   int lane, bool write) {
  const uint32_t checks = b.launch->opts.checks;
  const int32_t pc = static_cast<int32_t>(&in - b.launch->prog->code.data());
  const int16_t me = static_cast<int16_t>(w.id);
  const std::string where = " (in kernel @" + b.launch->prog->name + ", " + who(b, w.id, lane) +
                            ", " + buf.name + " element ";
  for (int64_t e = i; e < i + n; ++e) {
    Shadow& s = buf.shadow[static_cast<size_t>(e)];
    const std::string at = where + std::to_string(e) + ")";
    const bool races = (checks & tile::kCheckRaces) != 0;
    if (in.opc == Opc::kAtom) {  // atomics are ordered among themselves: only init is checked
      if ((checks & tile::kCheckInit) && !s.init)
        report(b, in, "init", "an atomic reads uninitialised shared memory" + at, -1, "");
      s.init = true;
      continue;
    }
    if (write) {
      if (races && s.w_warp >= 0 && s.w_epoch == b.epoch &&
          (s.w_warp != me || (s.w_step == w.steps && s.w_lane != lane)))
        report(b, in, "races", "write-write race on shared memory" + at, s.w_pc,
               who(b, s.w_warp, s.w_lane));
      if (races && s.r_epoch == b.epoch && s.r_warp1 >= 0 &&
          (s.r_warp1 != me || (s.r_warp2 >= 0 && s.r_warp2 != me)))
        report(b, in, "races", "write after another warp's read in the same barrier epoch" + at,
               s.r_pc, who(b, s.r_warp1 != me ? s.r_warp1 : s.r_warp2, s.r_lane));
      s.w_warp = me;
      s.w_lane = static_cast<uint8_t>(lane);
      s.w_epoch = b.epoch;
      s.w_pc = pc;
      s.w_step = w.steps;
      s.init = true;
      continue;
    }
    if ((checks & tile::kCheckInit) && !s.init)
      report(b, in, "init", "reads uninitialised shared memory" + at, -1, "");
    if (races && s.w_warp >= 0 && s.w_epoch == b.epoch && s.w_warp != me)
      report(b, in, "races", "read of another warp's write in the same barrier epoch" + at, s.w_pc,
             who(b, s.w_warp, s.w_lane));
    if (s.r_epoch != b.epoch) {
      s.r_epoch = b.epoch;
      s.r_warp1 = me;
      s.r_warp2 = -1;
      s.r_pc = pc;
      s.r_lane = static_cast<uint8_t>(lane);
    } else if (s.r_warp1 != me && s.r_warp2 < 0) {
      s.r_warp2 = me;
    }
  }
}

void local_init_access(Block& b, const Warp& w, const Inst& in, Buf& buf, int64_t i, int64_t n,
                       int lane, bool write) {
  // A thread's local copy starts uninitialised (as PTX's .local); a read (an atomic's too)
  // before the thread's first write to the element is reported.
  const int64_t base = (int64_t{w.id} * kWarp + lane) * buf.numel;
  for (int64_t e = i; e < i + n; ++e) {
    uint8_t& s = buf.local_init[static_cast<size_t>(e)];
    if (!write || in.opc == Opc::kAtom) {
      if (!s)
        report(b, in, "init",
               "reads uninitialised local memory (in kernel @" + b.launch->prog->name + ", " +
                   who(b, w.id, lane) + ", " + buf.name + " element " + std::to_string(e - base) +
                   ")",
               -1, "");
    }
    if (write) s = 1;
  }
}

}  // namespace tessera::interp::target
