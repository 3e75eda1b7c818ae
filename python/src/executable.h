// A module compiled once through the session API and run on numpy arrays, as often as asked:
// what `tessera._core.Executable` is (docs/python.md, "The runtime").
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "interp/graph/plan.h"
#include "interp/session.h"

namespace tessera::python {

namespace py = pybind11;

/// A sanitizer found something in a run (the reports, rendered).
struct SanitizerFinding {
  std::string message;
};

/// What compiling one module needs besides its text.
struct CompileOptions {
  std::string entry = "main";
  std::string filename = "<python>";
  int threads = 0;
  std::string checks;  ///< "" or a --check list ("all", "races,bounds")
  uint64_t schedule_seed = 0;
  uint64_t max_memory = uint64_t{8} << 30;
};

class Executable {
 public:
  /// Parses, verifies and finds the entry; throws tessera::Error with the diagnostics.
  Executable(const std::string& text, const CompileOptions& opts);

  /// Runs the entry on `inputs` (a sequence of arrays in parameter order, or a dict by parameter
  /// name / position / NAME@RANK). Returns the results (global tensors of a mesh program, or with
  /// `per_rank` one list per rank). Throws tessera::Error, interp::UsageError, SanitizerFinding.
  py::list run(const py::object& inputs, bool per_rank);

  /// (name, type) of every parameter of the entry.
  py::list params() const;
  size_t num_results() const { return session_->num_results(); }
  int64_t num_ranks() const { return session_->num_ranks(); }
  /// Peak live bytes of the cached plan of a Graph IR entry (its arguments, every buffer held at
  /// once under buffer reuse, its results); 0 before the first run and for mesh or kernel entries.
  uint64_t peak_bytes() const { return plan_ ? plan_->peak_bytes : 0; }
  /// The verified module printed (generic form when asked).
  std::string text(bool generic) const;

 private:
  /// Tensors for the inputs when each is of exactly its parameter's type (shared, not copied,
  /// when the layout allows); empty when the general binding rules must decide.
  bool bind_exact(const py::sequence& inputs, interp::RankTensors& out) const;
  interp::RankTensors bind_general(const py::object& inputs) const;
  py::list results_to_numpy(const interp::RankTensors& args, const interp::RankTensors& res,
                            bool per_rank) const;

  /// A Graph IR entry (no mesh, not a kernel) runs its plan directly, compiled once per
  /// argument-type signature: a cached call skips re-planning (the session's run() plans each
  /// time). The results are the same: the plan is the one run_function compiles.
  std::vector<interp::Tensor> run_cached_plan(const std::vector<interp::Tensor>& args);

  std::unique_ptr<interp::Session> session_;
  bool plan_path_ = false;
  std::vector<ir::Type> plan_types_;
  std::optional<interp::Plan> plan_;
  interp::RunContext run_ctx_;
  std::shared_ptr<interp::TileCheckLog> log_;
  std::shared_ptr<interp::TileRunBudget> budget_;
  std::mutex run_mutex_;  ///< one run at a time: the log and the budget belong to one run
};

}  // namespace tessera::python
