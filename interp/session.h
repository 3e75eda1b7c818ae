// The session API: load and verify a module, bind inputs, run a function, a kernel or a mesh
// program, write the results. The one entry path of tessera-interp, the reference backend and
// Python (docs/ir-overview.md, "The session API").
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/mesh/mesh.h"
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
/// Intermediate buffers a Graph IR plan takes from `buffers` (may be null) and leaves there at
/// its end (interp/graph/plan.h).
std::vector<Tensor> run_function(const LoadedModule& lm, const std::vector<Tensor>& inputs,
                                 const RunOptions& opts, BufferCache* buffers = nullptr);

/// A caller's mistake in how it asks for a run (a malformed or unknown input name, a parameter
/// bound twice or not at all), as opposed to an error in the module or its data: tools exit 2.
struct UsageError {
  std::string message;
};

/// The file-name stem of result k of `func`: the returned value's SSA name when it is a word
/// (`return %logits` -> "logits"), else the index.
std::string result_stem(const ir::Op& func, size_t k);

/// Tensors per rank: row r is rank r's (one row for a program without a mesh).
using RankTensors = std::vector<std::vector<Tensor>>;

class ResultWriter;
struct NamedTensor;

/// One module loaded and verified once, run as often as asked: the entry is a Graph IR
/// function, a Tile IR kernel function (`tile.grid`) or, in a module that declares
/// `tessera.mesh`, an SPMD function over every rank.
class Session {
 public:
  /// Parses and verifies `text` (named `opts.source_name` in diagnostics) and finds the entry
  /// `opts.entry`; throws tessera::Error with the rendered diagnostics.
  Session(const std::string& text, RunOptions opts);

  const LoadedModule& module() const { return *lm_; }
  const RunOptions& options() const { return opts_; }
  const ir::Op& entry() const { return *entry_; }
  /// The module's mesh, or nullptr without one.
  const tessera::mesh::Mesh* mesh() const { return mesh_ ? &*mesh_ : nullptr; }
  /// Ranks the entry runs on (1 without a mesh).
  int64_t num_ranks() const { return mesh_ ? mesh_->size() : 1; }
  /// Results of the entry: the memref parameters of a kernel function, else the returned values.
  size_t num_results() const;

  /// The arguments of every rank from `NAME=FILE.npy` / `NAME@R=FILE.npy` specs, by one set of
  /// rules (bind_inputs, docs/cli.md "Inputs and outputs"). Throws UsageError / tessera::Error.
  RankTensors bind(const std::vector<std::string>& specs) const;
  /// The same rules for tensors in memory, named by parameter name or position (`NAME@R` per
  /// rank): what the Python package passes.
  RankTensors bind_values(const std::vector<NamedTensor>& values) const;
  /// Runs the entry (args: one row per rank). A run whose options name a trace file writes it.
  RankTensors run(const RankTensors& args) const;
  /// Gives every result to `out` under its stem (result_stem); a mesh program's results are
  /// assembled into global tensors by `tessera.result_shards`, or with `per_rank` written per
  /// rank as <stem>@<rank>.
  void write(const RankTensors& results, ResultWriter& out, bool per_rank) const;

 private:
  RankTensors run_mesh_entry(const RankTensors& args) const;
  void write_mesh(const RankTensors& results, ResultWriter& out, bool per_rank) const;

  std::unique_ptr<LoadedModule> lm_;
  RunOptions opts_;
  const ir::Op* entry_ = nullptr;
  std::optional<tessera::mesh::Mesh> mesh_;
  /// Buffers reused by every run of this session (their memory stays mapped between calls).
  std::shared_ptr<BufferCache> buffers_;
};

}  // namespace tessera::interp
