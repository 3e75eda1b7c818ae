// A progress bar of a run on a terminal, and a fan-out of step observers.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <ostream>
#include <vector>

#include "interp/numerics/observer.h"

namespace tessera::interp::numerics {

/// Draws "[#####     ] step k/N op (rank r)" on `out` (a terminal), at most ten times a second,
/// for the steps of the entry function (rank 0 of a mesh); clear() erases it.
class Progress final : public StepObserver {
 public:
  explicit Progress(std::ostream& out) : out_(out) {}
  void after_step(const StepEvent& e, const RunContext& run) override;
  void after_collective(const ir::Op& op, std::span<const Tensor* const> inputs,
                        std::span<const Tensor* const> outputs, const RunContext& run) override;
  /// Adds "group g/G" of the running tile launch (the bar advances within the launch's step).
  void after_tile_group(const ir::Op& site, int64_t done, int64_t total,
                        const RunContext& run) override;
  void clear();

 private:
  /// "[###   ] step k/N what" (no step part when total is 0); frac < 0: k/N of the bar filled.
  void draw(uint64_t step, uint64_t total, const std::string& what, double frac = -1,
            bool force = false);
  std::ostream& out_;
  std::mutex mu_;
  std::chrono::steady_clock::time_point last_{};
  uint64_t done_ = 0, total_ = 0;
  const ir::Op* group_site_ = nullptr;  ///< the launch whose groups are counted
  int64_t groups_done_ = 0;             ///< most groups reported done for it
  bool drawn_ = false;
};

/// Passes every event to each observer in order.
class ObserverList final : public StepObserver {
 public:
  void add(std::shared_ptr<StepObserver> o) {
    if (o) list_.push_back(std::move(o));
  }
  bool empty() const { return list_.empty(); }
  void after_step(const StepEvent& e, const RunContext& run) override {
    for (auto& o : list_) o->after_step(e, run);
  }
  void after_collective(const ir::Op& op, std::span<const Tensor* const> inputs,
                        std::span<const Tensor* const> outputs, const RunContext& run) override {
    for (auto& o : list_) o->after_collective(op, inputs, outputs, run);
  }
  void after_tile_group(const ir::Op& site, int64_t done, int64_t total,
                        const RunContext& run) override {
    for (auto& o : list_) o->after_tile_group(site, done, total, run);
  }
  TileWants tile_wants(const ir::Op& op, size_t r) const override {
    TileWants w;
    for (const auto& o : list_) {
      const TileWants one = o->tile_wants(op, r);
      w.stats = w.stats || one.stats;
      w.probe = w.probe || one.probe;
      w.shadow = w.shadow || one.shadow;
    }
    return w;
  }
  void tile_stop_on(bool& nan, bool& inf) const override {
    nan = inf = false;
    for (const auto& o : list_) {
      bool n = false, i = false;
      o->tile_stop_on(n, i);
      nan = nan || n;
      inf = inf || i;
    }
  }
  void after_tile_value(const TileValueEvent& e, const RunContext& run) override {
    for (auto& o : list_) o->after_tile_value(e, run);
  }
  void after_tile_stop(const TileStopEvent& e, const RunContext& run) override {
    for (auto& o : list_) o->after_tile_stop(e, run);
  }

 private:
  std::vector<std::shared_ptr<StepObserver>> list_;
};

}  // namespace tessera::interp::numerics
