// A progress bar of a run on a terminal.
#include "interp/numerics/progress.h"

#include <string>

#include "interp/graph/plan.h"
#include "interp/run_context.h"

namespace tessera::interp::numerics {

void Progress::draw(uint64_t step, uint64_t total, const std::string& what, double frac,
                    bool force) {
  const auto now = std::chrono::steady_clock::now();
  const bool last = total && step >= total;
  if (!force && !last && drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  drawn_ = true;
  constexpr uint64_t kWidth = 30;
  if (frac < 0) frac = total ? static_cast<double>(step) / static_cast<double>(total) : 1;
  const uint64_t fill = std::min(kWidth, static_cast<uint64_t>(frac * kWidth));
  out_ << "\r\033[K[" << std::string(fill, '#') << std::string(kWidth - fill, ' ') << "] ";
  if (total) out_ << "step " << step << "/" << total << " ";
  out_ << what << std::flush;
}

void Progress::after_step(const StepEvent& e, const RunContext& run) {
  if (run.call_depth != 0 || run.rank > 0) return;  // the entry's steps, once per mesh
  std::lock_guard<std::mutex> lock(mu_);
  done_ = e.index + 1;
  total_ = e.steps;
  group_site_ = nullptr;
  draw(done_, total_, e.step.op->name);
}

void Progress::after_tile_group(const ir::Op& site, int64_t done, int64_t total,
                                const RunContext& run) {
  if (run.call_depth != 0 || run.rank > 0 || total <= 0) return;
  std::lock_guard<std::mutex> lock(mu_);
  if (group_site_ != &site) group_site_ = &site, groups_done_ = 0;
  if (done <= groups_done_) return;  // a group reporting after a later one
  groups_done_ = done;
  std::string what = site.name == "func.func" ? "kernel @" + ir::func_name(site) : site.name;
  if (const auto* c = site.attrs.get("callee"); c && site.name == "tile.launch")
    what += " " + ir::to_string(*c);
  what += " group " + std::to_string(done) + "/" + std::to_string(total);
  const double part = static_cast<double>(done) / static_cast<double>(total);
  // In the entry's plan the launch is step done_ + 1 (its own after_step comes later); a kernel
  // run directly has no steps and the bar counts its groups.
  if (total_ == 0 || done_ >= total_)
    draw(0, 0, what, part, done == total);
  else
    draw(done_ + 1, total_, what, (static_cast<double>(done_) + part) / total_, done == total);
}

void Progress::after_collective(const ir::Op& op, std::span<const Tensor* const>,
                                std::span<const Tensor* const>, const RunContext& run) {
  if (run.call_depth != 0) return;
  std::lock_guard<std::mutex> lock(mu_);
  ++done_;
  draw(std::min(done_, total_), total_, op.name + " (all ranks)", -1, false);
}

void Progress::clear() {
  std::lock_guard<std::mutex> lock(mu_);
  if (drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace tessera::interp::numerics
