// The mesh executor: one SPMD plan, one PlanRunner per rank, collectives as steps over all ranks.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/mesh/mesh.h"
#include "interp/api.h"
#include "interp/session.h"
#include "interp/tensor.h"

namespace tessera::interp::mesh {

struct MeshRunOptions {
  std::string entry = "main";
  uint64_t max_memory = 8ull << 30;  ///< Limit on the sum over ranks of live buffer bytes.
  /// When set, receives one line per point-to-point event per rank, in program order:
  /// (*p2p_trace)[r] holds "send F3 to pp=2 (rank 2) channel 0" / "recv B1 from ... channel 1"
  /// (the label is the op's `label` attribute, or "-").
  std::vector<std::vector<std::string>>* p2p_trace = nullptr;
  /// Sanitizers, schedule seed and step limit of the tile.launch kernels on every rank. Each
  /// rank's launches report into a log of their own, naming the rank; after the run the logs are
  /// appended to `tile.log` in rank order (at most `tile.check_limit` reports). A `trace_path`
  /// ending in ".json" receives a Chrome/Perfetto trace of every rank's launches (one process
  /// per rank and group, launches one after another); other paths are ignored here.
  TileDebugOptions tile;
  /// Watches every rank's steps and every collective (numerics tools); may be null.
  StepObserver* observer = nullptr;
};

/// The module's mesh; throws tessera::Error when it has none or it is malformed.
tessera::mesh::Mesh module_mesh(const LoadedModule& lm);
/// True when the module declares `tessera.mesh`.
bool has_mesh(const LoadedModule& lm);

/// Runs `opts.entry` on every rank: per_rank[r] holds rank r's arguments (local shards). Ordinary
/// ops run rank-parallel on TBB; each collective is one step over all ranks' buffers. Mismatches
/// (types or shapes that differ within a group, a recv without a send, a send never received)
/// throw tessera::Error naming the ranks and source locations.
std::vector<std::vector<Tensor>> run_mesh(const LoadedModule& lm,
                                          const std::vector<std::vector<Tensor>>& per_rank,
                                          const MeshRunOptions& opts);

/// The [src, dst] group-rank pairs of a verified op's `pairs` attribute (pairs_c1).
std::vector<std::pair<int64_t, int64_t>> read_pairs(const ir::Op& op);

}  // namespace tessera::interp::mesh
