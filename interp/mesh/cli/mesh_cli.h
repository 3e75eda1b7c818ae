// `tessera-interp run` on modules that declare a mesh: global or per-rank inputs and outputs.
#pragma once

#include <string>
#include <vector>

#include "interp/session.h"

namespace tessera::cli {

/// Runs a mesh module. `input_specs` are the --input values: `NAME=FILE.npy` binds a global
/// tensor that is sharded by the parameter's `tessera.shard` spec; `NAME@R=FILE.npy` binds rank R's
/// local shard (then every rank must be bound). Results are assembled into global tensors by
/// `tessera.result_shards` (written as DIR/<name>.npy), or with `per_rank` written per rank as
/// DIR/<name>@<rank>.npy. Returns the exit code; throws tessera::Error / UsageError.
int run_mesh_cli(const interp::LoadedModule& lm, const std::vector<std::string>& input_specs,
                 const interp::RunOptions& ro, const std::string& output_dir, bool print,
                 bool per_rank);

}  // namespace tessera::cli
