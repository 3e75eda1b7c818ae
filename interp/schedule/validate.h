// Translation validation: run a Graph IR program and its lowerings on the same inputs and name
// the first divergence (docs/cli.md, "validate"; docs/ops/schedule/lowering.md).
#pragma once

#include <string>
#include <vector>

#include "interp/api.h"
#include "interp/tensor.h"

namespace tessera::interp {

/// A lowered module to check instead of lowering the Graph IR program (e.g. a hand-edited one).
struct LevelSource {
  std::string text, name;  ///< empty text: lower the level above
};

struct ValidateOptions {
  RunOptions run;        ///< entry, threads, memory; run.source_name names the Graph IR file
  LevelSource schedule;  ///< Schedule IR to check (default: graph-to-schedule of the program)
  LevelSource tile;      ///< Tile IR to check (default: schedule-to-tile of the Schedule IR)
};

/// One level's verdict.
struct LevelVerdict {
  std::string level;    ///< "schedule", "tile", "target"
  bool ran = false;     ///< false: not available (message says why)
  bool agree = true;    ///< every value equals Graph IR's bit for bit
  std::string message;  ///< the first divergence, or why the level did not run
};

/// Runs the entry of `graph_text` at Graph IR and at every level below on `inputs` (argument
/// order) and compares every value of every group, launch and op with the Graph IR value it
/// came from (`schedule.origin`). Throws tessera::Error for bad programs or inputs.
std::vector<LevelVerdict> validate_levels(const std::string& graph_text,
                                          const std::vector<Tensor>& inputs,
                                          const ValidateOptions& opts);

}  // namespace tessera::interp
