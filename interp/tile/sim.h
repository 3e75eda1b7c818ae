// Tile simulator state: buffers with sanitizer shadows, per-tile and per-group state, reports.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "interp/api.h"
#include "interp/numerics/stats.h"
#include "interp/tile/program.h"

namespace tessera::interp {
class StepObserver;
struct RunContext;
}  // namespace tessera::interp

namespace tessera::interp::tile {

inline constexpr int kSpaceGlobal = 0, kSpaceShared = 3, kSpaceLocal = 5;

/// Sanitizer bits (TileDebugOptions::checks).
inline constexpr uint32_t kCheckBounds = 1, kCheckRaces = 2, kCheckBarriers = 4, kCheckInit = 8,
                          kCheckAsync = 16;

/// Who made an access: the group, the tile in it, the lane, the instruction, the barrier epoch.
struct Access {
  int32_t group = -1;
  int16_t tile = -1;
  uint16_t lane : 14 = 0;  ///< lanes <= 1024 (launch_c2)
  uint16_t atomic : 1 = 0;
  uint16_t async : 1 = 0;  ///< the write of an async copy (made when its wait_group completed it)
  int32_t inst = -1;
  uint32_t epoch = 0;
  bool valid() const { return tile >= 0; }
};
static_assert(sizeof(Access) == 16, "shadows hold six of these per element");

/// Per-element shadow state for the races, init and async checks. Reads and atomics keep up to
/// two tiles each of the current epoch: any other tile differs from at least one of them, so a
/// conflict with "some other tile of this epoch" is never missed, whatever the schedule.
struct Shadow {
  Access write;             ///< last plain write (or landed async copy)
  Access atomic1, atomic2;  ///< atomics of up to two tiles of the current epoch
  Access read1, read2;      ///< reads of up to two tiles of the current epoch
  Access pending;           ///< the latest async copy issued to it and not yet completed
  uint16_t in_flight = 0;   ///< async copies issued to it and not yet completed (mem_m5)
  bool init = false;
};

/// One memory buffer as the simulator sees it. Element (logical, row-major) index i lives at
/// physical element phys(i) (shared swizzle and padding only change the physical layout).
struct Buffer {
  std::byte* data = nullptr;
  DType dt = DType::f32;
  int esize = 4;
  int space = kSpaceGlobal;
  std::vector<int64_t> shape, strides;
  int64_t numel = 0;
  int64_t cols = 1, phys_cols = 1;  ///< last dim, and its padded physical length
  int64_t chunk = 1;                ///< xor swizzle: elements per 16-byte chunk (0 = no swizzle)
  bool plain = true;                ///< physical == logical
  std::string name;                 ///< for reports: "%arg" or "shared#k"
  bool readonly = false;            ///< a launch operand: kernels may not write it
  std::vector<std::byte> own;       ///< storage when the simulator owns it
  std::vector<Shadow> shadow;       ///< empty unless a shadow-using check is on
  bool tracked = false;    ///< global buffer under races/init: shadows live per group (touches)
  bool start_init = true;  ///< init bit every element starts with (results: false)
  /// Phased launches under --check init: the init bit of each element at the start of the
  /// current phase (written by an earlier phase or a tile collective); empty otherwise.
  std::vector<uint8_t> phase_init;

  int64_t phys(int64_t i) const {
    if (plain) return i;
    int64_t row = i / cols, col = i % cols;
    if (chunk > 0) {
      int64_t chunks = cols / chunk;
      col = ((col / chunk) ^ (row % chunks)) * chunk + col % chunk;
    }
    return row * phys_cols + col;
  }
};

/// One sanitizer finding.
struct Report {
  uint32_t kind = 0;  ///< one kCheck* bit
  std::string message;
  Access at, other;  ///< the access that fired and (if any) the earlier one it conflicts with
  int64_t element = -1;
  std::string buffer;
};

/// One async copy waiting for its wait_group.
struct PendingCopy {
  int32_t inst = 0;
  int32_t dst_buf = 0;  ///< shared buffer number
  int32_t esize = 4;
  /// Element bytes read from the source at issue; element k lands at logical element k of the
  /// destination at the wait.
  std::vector<std::byte> staged;
  uint64_t issue_time = 0;
};

/// One global element a group touched in a checked run: its shadow as seen inside the group
/// and the group's least access of each kind by (tile, epoch, inst, lane), which the
/// cross-group merge compares in group order (so reports do not depend on threads or seeds).
struct GlobalTouch {
  int32_t buf = 0;
  int64_t elem = 0;
  Shadow s;
  Access read, write, atomic;
};

/// Per-worker index from (global buffer, element) to the running group's GlobalTouch:
/// (generation << 32) | position; a new generation per group makes every slot stale at once.
struct TouchIndex {
  std::vector<std::vector<uint64_t>> slot;
  uint32_t gen = 0;
  std::vector<GlobalTouch> touches;  ///< the running group's records (capacity reused)
};

/// A tile: program counter, registers, async-copy groups, local buffers, a simulated clock.
struct TileState {
  int32_t pc = 0;
  bool done = false;
  bool waiting = false;        ///< stopped at a barrier or a tile collective
  bool at_collective = false;  ///< stopped at a tile collective (waiting is set too)
  std::vector<Cell> regs;
  std::vector<float> agg;
  std::vector<PendingCopy> uncommitted;
  std::vector<std::vector<PendingCopy>> committed;  ///< oldest first
  /// Staging buffers of completed copies, reused by the next ones (no allocation per copy).
  std::vector<std::vector<std::byte>> spare_staged;
  std::vector<Buffer> locals;
  uint64_t clock = 0;        ///< simulated time (trace)
  uint64_t epoch_start = 0;  ///< clock at the start of the current barrier epoch
};

struct TraceEvent {
  std::string name;
  int64_t group;
  int32_t tile;
  uint64_t ts, dur;
};

/// One observed result of an op inside the kernel (observe.cpp): where it lives and what the
/// run's observer wants of it.
struct WatchPoint {
  int32_t pc = 0;  ///< the op's last instruction: the value is complete after it
  const ir::Op* op = nullptr;
  size_t result = 0;
  Slot slot;
  std::vector<int64_t> shape;  ///< the value's shape (empty for a scalar)
  bool stats = false, probe = false;
  bool producer = false;     ///< a float op that reads no memory: --stop-on may name it
  std::vector<Slot> inputs;  ///< its float operands (stop-on: were they all finite?)
  /// --shadow f64: the instruction has an f64 evaluation (observe.cpp); `va`, `vb` are the
  /// operand values its `a` and `b` register-tile operands hold (null: not an SSA operand).
  bool shadow = false;
  const ir::Value *va = nullptr, *vb = nullptr;
};

/// What one group observed of one WatchPoint.
struct WatchData {
  numerics::ValueStats stats;
  uint64_t runs = 0;  ///< executions by the group's tiles
  /// --shadow f64: total, own and inherited error, per tile of a group (each tile's executions
  /// in its own order), then merged in tile and group order.
  std::vector<std::array<numerics::ErrorStats, 3>> tile_err;
  std::array<numerics::ErrorStats, 3> err;
};

/// --shadow f64 inside a kernel: the f64 shadow of one value of a tile, valid while the value's
/// cells still hold `actual`.
struct TileShadow {
  std::vector<float> actual;
  std::vector<double> ref;
};

/// Where a watched op first produced a NaN or an Inf from finite inputs in a group.
struct WatchStop {
  int32_t point = -1;
  int64_t group = 0, tile = 0, element = 0;
  std::string what, message;
};

/// Observation of a launch (null in Launch::watch unless the run's observer wants a tile value:
/// the unobserved loop of run_tile is then the only one that runs). Group data is merged in
/// group order as groups finish, up to the lowest failing group, so what is delivered does not
/// depend on threads or the schedule seed.
struct TileWatch {
  std::vector<WatchPoint> points;  ///< sorted by pc
  std::vector<int32_t> first;      ///< per instruction: its first point, or -1
  bool stop_nan = false, stop_inf = false;
  std::mutex mu;
  /// A finished group waiting for the groups below it to be merged.
  struct Finished {
    std::vector<WatchData> data;
    std::optional<WatchStop> stop;
    bool failed = false;
  };
  std::map<int64_t, Finished> pending;
  int64_t next = 0;     ///< the next group to merge
  bool halted = false;  ///< a merged group failed: no later group is merged
  std::vector<WatchData> total;
  std::optional<WatchStop> stop;
  /// Per probed point: the value of every (group, tile) at its last execution, as f64 or
  /// canonical int64 cells ([groups, tiles, numel]); `seen` marks cells that were written.
  std::vector<std::vector<Cell>> probe_cells;
  std::vector<std::vector<uint8_t>> probe_seen;
  /// A probed shared buffer (a tile.alloc_shared result): its contents when the group finished
  /// (every tile exited), [groups, buffer shape...] as f64 or int64 cells.
  struct SharedProbe {
    const ir::Op* op = nullptr;
    size_t alloc = 0;  ///< shared allocation number
    int64_t numel = 0;
    std::vector<Cell> cells;
    std::vector<uint8_t> seen;  ///< per group
  };
  std::vector<SharedProbe> shared;
};

/// Everything one launch shares across its groups (read-only while groups run, except
/// global buffers' contents and their shadows).
struct Launch {
  const Program* prog = nullptr;
  const SourceManager* sm = nullptr;
  std::vector<Buffer> globals;
  std::vector<Cell> scalar_args;  ///< value of each parameter register (scalars and handles)
  int64_t grid[3] = {1, 1, 1};
  int64_t num_groups = 1;
  int32_t tiles = 1, lanes = 32;
  TileDebugOptions opts;
  bool trace = false;
  TileRunBudget* budget = nullptr;  ///< opts.budget: steps and start time of the whole run
  /// Cancellation (exec_m5): the lowest group that failed so far; groups above it stop.
  std::atomic<int64_t> first_failed{INT64_MAX};
  /// Set when the run's budget ran out: every group stops and `abort_error` is the launch's error.
  std::atomic<bool> aborted{false};
  std::atomic<bool> abort_claimed{false};
  std::string abort_error;
  /// The run's step observer (progress of the groups), its context and the launch site, or null.
  StepObserver* observer = nullptr;
  const RunContext* run = nullptr;
  const ir::Op* site = nullptr;
  std::atomic<int64_t> groups_done{0};
  /// Observation inside the kernel (--probe, numerics reports, --stop-on), or null.
  TileWatch* watch = nullptr;
};

/// Thrown inside a group that stops because its launch was cancelled (a lower group failed, or
/// the run's budget ran out). Never escapes run_group or PhasedLaunch::step.
struct Cancelled {};

/// Per-group results merged in group order after the launch.
struct GroupResult {
  std::vector<Report> reports;
  std::vector<TraceEvent> trace;
  uint64_t lane_ops = 0, instructions = 0;
  std::string error;                 ///< a fatal diagnostic (rendered), if any
  bool cancelled = false;            ///< stopped early: a lower group failed or the budget ran out
  std::vector<GlobalTouch> touches;  ///< checked runs: global elements touched, for the merge
  std::vector<WatchData> watch;      ///< observed runs: per watch point (merged, then freed)
  std::optional<WatchStop> stop;     ///< observed runs: where --stop-on fired in this group
  std::vector<float> unrounded;      ///< observed runs: the watched op's result before rounding
  bool inputs_finite = true;         ///< observed runs: the watched op's operands were finite
  /// --shadow f64: per tile, the shadows of its values; the watched op's f64 results on the
  /// shadows (ref) and on its actual operands (local), and whether those were exact.
  std::vector<std::unordered_map<const ir::Value*, TileShadow>> shadows;
  std::vector<double> shadow_ref, shadow_local;
  bool shadow_exact = true;
};

/// A group: its tiles, its shared buffers, its barrier epoch.
struct GroupState {
  Launch* launch = nullptr;
  int64_t id = 0;
  int64_t coord[3] = {0, 0, 0};
  std::vector<TileState> tiles;
  std::vector<Buffer> shared;
  uint32_t epoch = 0;
  GroupResult* out = nullptr;
  uint64_t steps = 0;
  uint64_t unbilled_steps = 0, unbilled_lane_ops = 0;  ///< not yet charged to the run's budget
  TouchIndex* touch_index = nullptr;                   ///< set when global buffers are tracked
  int32_t suspended_pc = -1;  ///< the collective every tile waits at, or -1
};

/// The access record of tile t of g at instruction `inst`.
inline Access make_access(const GroupState& g, int32_t t, int32_t lane, int32_t inst, bool atomic) {
  return Access{.group = static_cast<int32_t>(g.id),
                .tile = static_cast<int16_t>(t),
                .lane = static_cast<uint16_t>(lane),
                .atomic = atomic,
                .inst = inst,
                .epoch = g.epoch};
}

/// Runs one group to completion (all tiles exited). Never throws: fatal errors land in
/// `out.error`.
void run_group(Launch& l, int64_t group, GroupResult& out, TouchIndex* touch_index = nullptr);

/// Creates group `group`'s state (tiles, registers, shared and local buffers) without running it.
void init_group(Launch& l, int64_t group, GroupResult& out, GroupState& g,
                TouchIndex* touch_index = nullptr);

/// Runs g's tiles until all exited (returns false) or all wait at one tile collective (returns
/// true and sets g.suspended_pc). Throws tessera::Error on divergence at a collective. With
/// `touch_index` (races/init checks), the group records this phase's global accesses there and
/// they are appended to g.out->touches when it stops.
bool run_until_collective(GroupState& g, TouchIndex* touch_index = nullptr);

/// Ends a phase of a phased launch under races/init checks (every group stopped at a
/// collective or exited): merges the groups' global touches in group order (races between
/// groups of the phase, mem_m3) and carries each written element's init bit into
/// Buffer::phase_init for the next phase.
void end_phase(Launch& l, std::vector<GroupResult>& results);

/// Releases the tiles of g waiting at its collective: they continue after it in a new epoch.
void resume_after_collective(GroupState& g);

/// Status of a tile after it ran for a while.
enum class RunStatus { kBarrier, kExited, kQuantum };

/// Runs tile `t` of `g` until it reaches a barrier, exits, or has run `quantum` instructions.
/// Throws tessera::Error for fatal errors (OOB without --check bounds, bad arguments, ...).
RunStatus run_tile(GroupState& g, int32_t t, uint64_t quantum);

/// Completes tile t's committed async-copy groups so that at most `keep` remain pending.
void complete_async(GroupState& g, int32_t t, int64_t keep);

/// Charges executed instructions to the run's budget (batched); stops the launch (aborted,
/// throws Cancelled) when the run's step or wall-time limit is exceeded.
void charge_budget(GroupState& g, uint64_t steps, uint64_t lane_ops);
/// Charges whatever g has not charged yet (at the end of a group or phase).
void flush_budget(GroupState& g);
/// Whether g must stop: the run's budget ran out, or a group with a lower id failed.
inline bool cancelled(const GroupState& g) {
  const Launch& l = *g.launch;
  return l.aborted.load(std::memory_order_relaxed) ||
         l.first_failed.load(std::memory_order_relaxed) < g.id;
}
/// Records that `group` failed: groups with higher ids are cancelled (the reported error is the
/// lowest failing group's, whatever the timing).
void note_failure(Launch& l, int64_t group);
/// Bytes one group of `l` holds: shared and local allocations, registers, register tiles and
/// the shadows the enabled checks keep (saturates at UINT64_MAX).
uint64_t group_footprint(const Launch& l);
/// Throws tessera::Error (at the kernel) when `live_groups` groups of `l` (plus the records of
/// all its groups; `phased`: every group's state is kept) would hold more than --max-memory
/// bytes; returns what one live group costs (with its worker's global-touch index unless
/// `phased`). Must run after the launch's global buffers are bound.
uint64_t check_group_memory(const Launch& l, uint64_t live_groups, bool phased = false);
/// Bytes of one shared or local allocation (padding included), with its shadow when `shadow`.
uint64_t alloc_bytes(const AllocInfo& ai, bool shadow);

/// Under --check async: tile t issues an async copy (instruction `inst`) whose destination
/// includes element `elem` of shared buffer b (mem_m5): reports a copy still in flight to it and
/// accesses of other tiles in this barrier epoch, then marks it in flight.
void async_issue(GroupState& g, int32_t t, Buffer& b, int64_t elem, int32_t lane, int32_t inst);
/// The copy issued at `inst` lands in element `elem` (tile t's wait_group completed it): its
/// write is made in the current epoch.
void async_land(GroupState& g, int32_t t, Buffer& b, int64_t elem, int32_t lane, int32_t inst);

/// Records a report (deduplicated per group by kind and instruction pair).
void add_report(GroupState& g, Report r);

/// "file:line:col" of instruction `inst` of the program.
std::string inst_location(const Launch& l, int32_t inst);

}  // namespace tessera::interp::tile
