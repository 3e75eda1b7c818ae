// The numerics monitor: per-op statistics, shadow f64 errors, --stop-on and --probe of one run.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/support/diagnostics.h"
#include "interp/numerics/observer.h"
#include "interp/numerics/stats.h"

namespace tessera::interp::numerics {

/// What a run asks the monitor for (tessera-interp run
/// --numerics-report/--shadow/--stop-on/--probe).
struct MonitorOptions {
  bool stats = true;                ///< collect per-op statistics (--numerics-report)
  bool shadow = false;              ///< run every op again in f64 alongside (--shadow f64)
  bool stop_nan = false;            ///< stop at the first op producing NaN from finite inputs
  bool stop_inf = false;            ///< ... producing +-Inf from finite inputs
  std::vector<std::string> probes;  ///< SSA names (with or without '%') or FILE:LINE
  std::string probe_dir = ".";      ///< where probes are written
};

/// Everything recorded about one result of one op on one rank, over all its executions.
struct OpEntry {
  ValueStats value;
  uint64_t calls = 0;
  bool shadowed = false;  ///< the shadow evaluation ran (else `shadow_note` says why not)
  std::string shadow_note;
  ErrorStats total;      ///< result vs the f64 shadow
  ErrorStats own;        ///< the op on exact (shadow) inputs vs the shadow: what it adds
  ErrorStats inherited;  ///< result vs the op on exact inputs: what its inputs brought
};

/// One result of one op, with its entry per rank (rank -1 without a mesh).
struct OpRecord {
  std::string op;     ///< op name, e.g. tessera.exp
  std::string value;  ///< SSA name of the result (without '%'), may be empty
  size_t result = 0;
  std::string location;  ///< file:line:col
  uint32_t line = 0, col = 0;
  std::string dtype;        ///< element type of the result
  uint64_t first_seen = 0;  ///< order of first execution (stable tie-break)
  std::map<int64_t, OpEntry> ranks;
  /// Entries merged in rank order (deterministic).
  OpEntry merged() const;
};

/// Where a run stopped (--stop-on).
struct StopInfo {
  std::string message;  ///< the rendered diagnostic
  std::string op, location, what;
  int64_t element = -1;
  int64_t rank = -1;
};

/// Implements StepObserver for the numerics tools; thread-safe over mesh ranks.
class Monitor final : public StepObserver {
 public:
  Monitor(MonitorOptions opts, const SourceManager* sm);
  ~Monitor() override;
  void after_step(const StepEvent& e, const RunContext& run) override;
  void after_collective(const ir::Op& op, std::span<const Tensor* const> inputs,
                        std::span<const Tensor* const> outputs, const RunContext& run) override;
  // Tile kernels (monitor_tile.cpp): every float result of a tile op is measured when a report
  // or --stop-on is asked for; probes match SSA names and lines inside kernels too.
  TileWants tile_wants(const ir::Op& op, size_t r) const override;
  void tile_stop_on(bool& nan, bool& inf) const override;
  void after_tile_value(const TileValueEvent& e, const RunContext& run) override;
  void after_tile_stop(const TileStopEvent& e, const RunContext& run) override;

  /// Records sorted by source location (then result number, then first execution).
  std::vector<OpRecord> records() const;
  const StopInfo* stopped() const { return stop_ ? &*stop_ : nullptr; }
  /// Probes that matched no value of the run.
  std::vector<std::string> unmatched_probes() const;
  const MonitorOptions& options() const { return opts_; }
  /// The sources locations refer to (set once the module is loaded, before the run).
  void set_sources(const SourceManager* sm) { sm_ = sm; }

 private:
  /// Per rank: the f64 shadow of every live value, and how many uses each has left.
  struct RankState {
    std::unordered_map<const ir::Value*, Tensor> shadow;
    std::unordered_map<const ir::Value*, int> uses_left;
    std::vector<double> packed, local;  ///< shadow matmul buffers, kept between calls
  };
  /// The entry of result r of `op` on `rank` (created under the lock; entries never move).
  OpEntry& entry_for(const ir::Op& op, size_t r, const std::string& dtype, int64_t rank);
  RankState& rank_state(int64_t rank);
  void check_stop(const ir::Op& op, size_t r, const Tensor& out,
                  std::span<const Tensor* const> inputs, const ValueStats& s, int64_t rank);
  void write_probes(const ir::Op& op, std::span<const Tensor* const> outputs, int64_t rank);
  /// The probes result r of `op` matches: (file stem, probe number).
  std::vector<std::pair<std::string, size_t>> probe_stems(const ir::Op& op, size_t r) const;
  void write_probe(const std::string& stem, size_t p, const Tensor& t, int64_t rank);
  void shadow_step(const StepEvent& e, const RunContext& run, std::vector<OpEntry*>& entries);
  /// shadow_step of a plain 2-D tessera.matmul without copies (shadow_matmul.cpp); false when
  /// the op is not one (the generic path runs it).
  bool shadow_matmul(const StepEvent& e, const RunContext& run, std::vector<OpEntry*>& entries);
  void shadow_collective(const ir::Op& op, const Tensor& out, int64_t rank, OpEntry& entry);
  /// The shadow of operand `v` (its stored value `primary` widened when it has none).
  Tensor shadow_of(RankState& st, const ir::Value* v, const Tensor& primary) const;
  void set_shadow(RankState& st, const ir::Value* v, Tensor t);
  void release_uses(RankState& st, const ir::Op& op);

  MonitorOptions opts_;
  const SourceManager* sm_;
  mutable std::mutex mu_;
  std::map<std::pair<const ir::Op*, size_t>, std::unique_ptr<OpRecord>> records_;
  std::map<int64_t, std::unique_ptr<RankState>> ranks_;
  std::vector<bool> probe_hit_;
  std::optional<StopInfo> stop_;
  uint64_t seen_ = 0;
};

}  // namespace tessera::interp::numerics
