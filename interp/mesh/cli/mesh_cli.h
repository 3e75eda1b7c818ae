// `tessera-interp run` on modules that declare a mesh: global or per-rank inputs and outputs.
#pragma once

#include <string>
#include <vector>

#include "interp/cli/outputs.h"
#include "interp/session.h"

namespace tessera::cli {

/// Runs function `func` of a mesh module. `input_specs` are the --input values, bound by
/// bind_inputs (`NAME=FILE.npy` a global tensor split by the parameter's `tessera.shard`,
/// `NAME@R=FILE.npy` rank R's local shard). Results are assembled into global tensors by
/// `tessera.result_shards` and given to `out` as <name>, or with `per_rank` as <name>@<rank>.
/// Returns the exit code; throws tessera::Error / UsageError.
int run_mesh_cli(const interp::LoadedModule& lm, const ir::Op& func,
                 const std::vector<std::string>& input_specs, const interp::RunOptions& ro,
                 ResultWriter& out, bool per_rank);

}  // namespace tessera::cli
