// Observation inside tile kernels: probes, per-op statistics and --stop-on of Tile IR ops
// (docs/numerics-report.md, "Tile kernels").
#pragma once

#include <memory>

#include "interp/tile/sim.h"

namespace tessera::interp::tile {

/// The watch of a launch of `prog` on `l`'s grid for the run's observer, or null when the
/// observer wants nothing inside tile kernels (the launch then runs the unobserved loop).
std::unique_ptr<TileWatch> make_watch(const Launch& l, const Program& prog);

/// Before instruction `pc` (a watched one) of tile t: whether its float operands are finite,
/// and its result before rounding to a bf16/f16 tile (arith on register tiles, tile.exp).
void watch_before(GroupState& g, int32_t t, int32_t pc, Cell* R, float* A);
/// After instruction `pc` (a watched one) of tile t: statistics, --stop-on (throws
/// tessera::Error naming the op, group, tile and element), the probed value.
void watch_after(GroupState& g, int32_t t, int32_t pc, const Cell* R, const float* A);
/// Every tile of g exited: snapshots the probed shared buffers.
void watch_group_exit(GroupState& g);
/// Group `group` finished (or failed, or was cancelled): hands its data to the ordered merge.
void watch_group_done(Launch& l, int64_t group, GroupResult& out);
/// After the launch: passes every watched value to the observer in instruction order, then
/// where --stop-on fired.
void deliver_watch(const Launch& l);

}  // namespace tessera::interp::tile
