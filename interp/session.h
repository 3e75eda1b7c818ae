// Loading and running modules: the shared path of tessera-interp, the reference backend and Python.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "interp/api.h"
#include "interp/run_context.h"
#include "interp/tensor.h"

namespace tessera::interp {

/// A parsed and verified module with the sources its diagnostics refer to.
struct LoadedModule {
  SourceManager sm;
  std::unique_ptr<ir::Module> module;
  std::string warnings;  ///< Rendered warnings from verification (may be empty).
};

/// Parses and verifies; throws tessera::Error holding every rendered diagnostic.
std::unique_ptr<LoadedModule> load_module(const std::string& text, const std::string& source_name,
                                          bool verify = true);

/// The run context of one run of `lm` under `opts`: the module, its sources, the thread cap,
/// the memory limit (which also caps the tile launches' memory) and the tile options.
RunContext make_run_context(const LoadedModule& lm, const RunOptions& opts);

/// Runs function `opts.entry` on `inputs`: a Graph IR function through a plan, a Tile IR
/// kernel function (`tile.grid`) directly. Throws tessera::Error on bad input.
std::vector<Tensor> run_function(const LoadedModule& lm, const std::vector<Tensor>& inputs,
                                 const RunOptions& opts);

/// Caps TBB's worker count for the lifetime of the object (0 = leave the default).
class ThreadLimit {
 public:
  explicit ThreadLimit(int threads);
  ~ThreadLimit();
  ThreadLimit(const ThreadLimit&) = delete;
  ThreadLimit& operator=(const ThreadLimit&) = delete;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera::interp
