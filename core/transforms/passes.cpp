// The pass registry (an explicit table: no static registration).
#include "core/transforms/passes.h"

#include "core/transforms/decompose_stencils.h"
#include "core/transforms/graph_to_schedule.h"
#include "core/transforms/inline_calls.h"
#include "core/transforms/insert_collectives.h"
#include "core/transforms/schedule_to_tile.h"
#include "core/transforms/tile_to_target.h"

namespace tessera::transforms {

namespace {

constexpr PassInfo kPasses[] = {
    {"insert-collectives",
     "propagate ShardSpecs through SPMD functions and insert the collectives they need",
     &insert_collectives},
    {"tile-to-target",
     "lower the kernels of tile.launch to Target IR (a tile is a warp of 32 lanes) and the "
     "launches to tessera_nvidia.launch",
     &tile_to_target},
    {"graph-to-schedule",
     "outline Graph IR into fusion groups (schedule.group) with the default schedule",
     &graph_to_schedule},
    {"schedule-to-tile",
     "lower fusion groups to Tile IR kernels and tile.launch (GEMM, flash attention)",
     &schedule_to_tile},
    {"inline-calls",
     "replace func.call by the callee's body (graph-to-schedule runs it first); recursion is an "
     "error",
     &inline_calls},
    {"decompose-stencils",
     "replace neighbors stencil.apply by gathers and arithmetic on constants from its stencil "
     "(graph-to-schedule runs it after inline-calls)",
     &decompose_stencils},
};

}  // namespace

std::span<const PassInfo> all_passes() { return kPasses; }

const PassInfo* lookup_pass(std::string_view name) {
  for (const PassInfo& p : kPasses)
    if (name == p.name) return &p;
  return nullptr;
}

}  // namespace tessera::transforms
