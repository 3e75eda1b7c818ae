// The interpreter's public entry points: run a module given as text on host tensors.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"

namespace tessera::interp {

class StepObserver;

/// A dense, C-ordered host tensor. Low-precision floats are stored as raw bit patterns, one
/// element per byte (fp8/fp6/fp4/e8m0) or two bytes (f16/bf16); i4 packs two per byte.
struct HostTensor {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<std::byte> data;
};

/// What the tile simulator's sanitizers found and how much it simulated (filled by launches).
struct TileCheckLog {
  std::vector<std::string> reports;  ///< rendered reports, at most TileDebugOptions::check_limit
  uint64_t total = 0;                ///< every report, including those over the limit
  uint64_t lane_ops = 0;             ///< simulated lane-operations (docs/tile-ir.md, "Cost")
  uint64_t instructions = 0;         ///< decoded instructions executed, over all tiles
  /// With TileDebugOptions::collect_trace: Chrome trace events (JSON objects) of every launch,
  /// each launch after the previous one on the simulated clock, which ends at `trace_end`.
  std::vector<std::string> trace_events;
  uint64_t trace_end = 0;
  bool graph_track = false;  ///< the "graph ops" process of this log's trace is named
};

/// What the tile launches of one run have used of the run's budget (TileDebugOptions).
struct TileRunBudget {
  std::atomic<uint64_t> steps{0};
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

/// Tile simulator debugging: sanitizers, schedule permutation, tracing (docs/tile-ir.md).
struct TileDebugOptions {
  uint32_t checks = 0;         ///< bit set: 1 bounds, 2 races, 4 barriers, 8 init, 16 async
  uint64_t check_limit = 100;  ///< reports kept (and printed) at most
  uint64_t schedule_seed = 0;  ///< 0: tiles in order; else a reproducible interleaving
  std::string trace_path;      ///< non-empty: write a Chrome/Perfetto trace here
  bool deterministic = true;   ///< refuse float atomics (their result depends on order)
  uint64_t max_steps = uint64_t{1} << 28;  ///< per-group instruction limit (runaway loops)
  /// Whole-run limits of tile launches (docs/tile-ir.md, "Limits"): instructions over every
  /// group, launch and rank, and wall-clock seconds (0: none), counted in `budget`.
  uint64_t max_total_steps = uint64_t{1} << 36;
  double time_limit = 3600.0;
  /// Bytes of shared, local and register memory (and their sanitizer shadows) that the groups
  /// of one launch may hold at once (RunOptions::max_memory, --max-memory).
  uint64_t max_memory = uint64_t{8} << 30;
  std::shared_ptr<TileRunBudget> budget;  ///< shared by the run's launches (null: per launch)
  std::shared_ptr<TileCheckLog> log;      ///< where launches add reports and counters (may be null)
  /// Where the launches run, named in reports and traces ("rank 3 (tp=3)"; may be empty).
  std::string context;
  /// Append every launch's trace to `log` (processes numbered from `trace_pid_base` and named
  /// after `context`) instead of writing `trace_path` (mesh programs: one trace of all ranks).
  bool collect_trace = false;
  int64_t trace_pid_base = 0;
};

/// Options that change how, never what, a program computes (results are bit-identical for any
/// thread count).
struct RunOptions {
  std::string entry = "main";           ///< Function to run.
  int threads = 0;                      ///< 0 = TBB default.
  uint64_t max_memory = 8ull << 30;     ///< Refuse plans whose live buffers exceed this (bytes).
  std::string source_name = "<input>";  ///< File name used in diagnostics.
  TileDebugOptions tile;                ///< Tile IR launches: sanitizers, seed, trace.
  /// Watches every Graph IR step and collective (numerics reports, shadow runs, probes,
  /// interp/numerics/observer.h); null: none.
  std::shared_ptr<StepObserver> observer;
};

/// A module compiled once (parsed, verified, its entry found) for repeated runs on host tensors:
/// what the reference backend's executables hold. Built over the session API (interp/session.h).
class CompiledModule {
 public:
  virtual ~CompiledModule() = default;
  /// How many results a run returns (per rank).
  virtual size_t num_results() const = 0;
  /// Runs the entry on one device: inputs in argument order, results in order.
  virtual std::vector<HostTensor> run(const std::vector<HostTensor>& inputs) const = 0;
  /// Runs a mesh program: per_rank[r] are rank r's arguments; returns rank r's results in row r.
  virtual std::vector<std::vector<HostTensor>> run_ranks(
      const std::vector<std::vector<HostTensor>>& per_rank) const = 0;
};

/// Parses and verifies `module_text` and finds `options.entry` (the options hold for every
/// run). Throws tessera::Error with a full diagnostic on bad input.
std::unique_ptr<CompiledModule> compile_module_text(const std::string& module_text,
                                                    const RunOptions& options);

/// Parses, verifies and runs `entry` of the module text on `inputs` (in argument order) and
/// returns its results in order. Throws tessera::Error with a full diagnostic on bad input.
std::vector<HostTensor> run_module_text(const std::string& module_text,
                                        const std::vector<HostTensor>& inputs,
                                        const RunOptions& options);

}  // namespace tessera::interp
