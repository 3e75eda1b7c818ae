// A module compiled by a backend plugin (a path to a .so, or a name such as "cuda" found in the
// plugin directory) and run on numpy arrays: `tessera._core.PluginExecutable`.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "plugins/backend.h"
#include "python/src/executable.h"

namespace tessera::python {

class PluginExecutable {
 public:
  /// Opens `backend` (name or path; TESSERA_PLUGIN_DIR, else the build tree's plugin
  /// directory, is searched for names) and compiles `text`. Throws tessera::Error naming the
  /// backend and the reason (unknown name, no CUDA device, ...).
  PluginExecutable(const std::string& text, const CompileOptions& opts, const std::string& backend);

  /// Runs on one device: arrays in parameter order; results as numpy arrays (no copy).
  py::list run(const py::object& inputs, bool per_rank);
  size_t num_results() const { return num_results_; }
  py::list params() const { return py::list(); }

 private:
  plugins::Backend backend_;
  plugins::Executable exe_;
  size_t num_results_ = 0;
};

}  // namespace tessera::python
