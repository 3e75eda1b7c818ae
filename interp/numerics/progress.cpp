// A progress bar of a run on a terminal.
#include "interp/numerics/progress.h"

#include <string>

#include "interp/graph/plan.h"
#include "interp/run_context.h"

namespace tessera::interp::numerics {

void Progress::draw(uint64_t done, uint64_t total, const std::string& what) {
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && done < total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  drawn_ = true;
  constexpr uint64_t kWidth = 30;
  const uint64_t fill = total ? std::min(kWidth, done * kWidth / total) : kWidth;
  out_ << "\r\033[K[" << std::string(fill, '#') << std::string(kWidth - fill, ' ') << "] step "
       << done << "/" << total << " " << what << std::flush;
}

void Progress::after_step(const StepEvent& e, const RunContext& run) {
  if (run.call_depth != 0 || run.rank > 0) return;  // the entry's steps, once per mesh
  std::lock_guard<std::mutex> lock(mu_);
  done_ = e.index + 1;
  total_ = e.steps;
  draw(done_, total_, e.step.op->name);
}

void Progress::after_collective(const ir::Op& op, std::span<const Tensor* const>,
                                std::span<const Tensor* const>, const RunContext& run) {
  if (run.call_depth != 0) return;
  std::lock_guard<std::mutex> lock(mu_);
  ++done_;
  draw(std::min(done_, total_), total_, op.name + " (all ranks)");
}

void Progress::clear() {
  std::lock_guard<std::mutex> lock(mu_);
  if (drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace tessera::interp::numerics
