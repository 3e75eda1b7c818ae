// Tile IR launches: from Graph IR (`tile.launch`) or directly (`func.func` with `tile.grid`).
#pragma once

#include <vector>

#include <tbb/enumerable_thread_specific.h>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "interp/api.h"
#include "interp/graph/kernel.h"
#include "interp/run_context.h"
#include "interp/tensor.h"
#include "interp/tile/sim.h"

namespace tessera::interp::tile {

/// `tile.launch` run from a Graph IR plan (interp::kernel_TileLaunch): the launch uses the run
/// context's tile options.
void launch_kernel(KernelCtx& ctx);

/// True for a function that is a tile kernel meant to be run directly: it carries a
/// `tile.grid` attribute (and optionally `tile.tiles`, `tile.lanes`).
bool is_kernel_function(const ir::Op& func);

/// Runs a kernel function directly under `run` (its tile options and memory limit): every
/// parameter binds one input (memref <- tensor of the same type, scalar <- 0-d tensor); returns
/// the final contents of every memref parameter, in order.
std::vector<Tensor> run_kernel_function(const ir::Op& func, const std::vector<Tensor>& inputs,
                                        const RunContext& run);

/// The kernel a `tile.launch` calls (looked up in `module`), or nullptr.
const ir::Op* launch_callee(const ir::Module& module, const ir::Op& launch);

/// True when kernel `func` contains a tile collective (ops::tile::is_tile_collective).
bool calls_tile_collectives(const ir::Op& func);

/// One rank's `tile.launch` of a kernel that calls tile collectives, run in phases by the mesh
/// executor (docs/ops/tile/collectives.md): step(g) runs group g until it exits or all its tiles
/// wait at one tile collective; the executor performs the collective over every rank's buffers,
/// then resume() lets the stopped groups continue. Not copyable or movable (Launch points in).
class PhasedLaunch {
 public:
  /// Binds operands and results like the `tile.launch` kernel does; results start zeroed. The
  /// launch uses `run`'s tile options (a rank's own report log, its name).
  PhasedLaunch(const ir::Op& launch, const RunContext& run, std::vector<const Tensor*> in,
               std::vector<Tensor*> out);
  PhasedLaunch(const PhasedLaunch&) = delete;
  PhasedLaunch& operator=(const PhasedLaunch&) = delete;

  int64_t num_groups() const { return l_.num_groups; }
  /// Starts or continues group g. Never throws: a fatal error is kept in error(g).
  void step(int64_t g);
  const std::string& error(int64_t g) const { return results_[static_cast<size_t>(g)].error; }
  /// The collective instruction group g waits at, or nullptr when it has exited.
  const Inst* stopped_at(int64_t g) const;
  /// The global buffer register `reg` of group g's tiles names; throws tessera::Error (naming
  /// the group and tile) when the tiles of the group disagree or it is not a global buffer.
  Buffer& operand(int64_t g, int32_t reg);
  /// Under races/init checks: merges the phase that just ended (races between its groups) and
  /// carries init bits into the next phase (Buffer::phase_init). Call when every group stopped.
  void end_phase();
  /// Lets every group stopped at a collective continue after it, in a new barrier epoch.
  void resume();
  /// Under --check init: reports (once, at the collective every group waits at, as group 0's)
  /// the first element of `b` that no tile initialised before the collective reads it.
  void check_read_by_collective(const Buffer& b);
  /// Under races/init checks: every element of `b` is initialised (a collective wrote it).
  void written_by_collective(Buffer& b);
  /// True when global buffers carry shadows (races or init checks).
  bool tracked() const { return (l_.opts.checks & (kCheckRaces | kCheckInit)) != 0; }
  /// Merges reports and counters, throws the first error, writes back converted results.
  void finish();
  /// A group failed in this phase (the run stops without finish()): hands what the observer
  /// watched inside the kernel (report rows up to the failing group, where --stop-on fired) to it.
  /// The other groups all stopped at the same collective, so this does not depend on timing.
  void deliver_after_failure();
  const Launch& launch() const { return l_; }

 private:
  Program prog_;
  Launch l_;
  std::unique_ptr<TileWatch> watch_;  ///< observation (Launch::watch), or null
  std::vector<GroupState> groups_;
  std::vector<GroupResult> results_;
  std::vector<uint8_t> started_;  // one byte per group: groups run in parallel (no bit packing)
  tbb::enumerable_thread_specific<TouchIndex> index_;  ///< per worker, under races/init
  std::vector<Tensor*> out_;
  size_t nin_ = 0;
};

/// Runs every group of `l` (in parallel unless global shadows force an order).
void run_groups(Launch& l, std::vector<GroupResult>& results);

/// Writes a Chrome/Perfetto trace of one launch.
void write_trace(const std::string& path, const Launch& l, const std::vector<GroupResult>& results);
/// Appends one launch's trace events: process pid_base + g is "<process_prefix>group g", one
/// thread per tile, times shifted by `ts_offset`; `end` grows to the last event's end.
void render_trace(const Launch& l, const std::vector<GroupResult>& results, int64_t pid_base,
                  const std::string& process_prefix, uint64_t ts_offset,
                  std::vector<std::string>& events, uint64_t& end);
/// One Graph IR op or mesh collective on a collected trace: a slice on the "graph ops" process of
/// the log's rank (pid trace_pid_base + kGraphTracePid, one thread), from `ts` for `dur` clock
/// units, with the op's location and the bytes it read and wrote (docs/tile-ir.md, "Traces").
struct GraphTraceEvent {
  std::string name, location;
  const char* cat = "graph";
  uint64_t ts = 0, dur = 0, bytes_in = 0, bytes_out = 0;
};
inline constexpr int64_t kGraphTracePid = (int64_t{1} << 20) - 1;
void add_graph_trace_event(const TileDebugOptions& o, const GraphTraceEvent& e);
/// Writes rendered events as a Chrome/Perfetto trace file (`what` names the program).
void write_trace_file(const std::string& path, const std::string& what,
                      const std::vector<std::string>& events);

}  // namespace tessera::interp::tile
