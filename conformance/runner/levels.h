// tessera-conform --levels: a case's program lowered to each IR level (docs/conformance.md,
// "Levels").
#pragma once

#include <string>
#include <vector>

namespace tessera::conform {

/// "all" or a comma-separated list of graph, schedule, tile, target, in lowering order.
/// Throws tessera::Error on an unknown level.
std::vector<std::string> parse_levels(const std::string& list);

/// A program lowered to one level.
struct LoweredProgram {
  bool lowered = false;  ///< false: `why` says why the program does not lower to the level
  bool error = false;    ///< a pass produced a module that does not verify: a bug, not a limit
  std::string text;      ///< the lowered module (printed, re-parsable)
  std::string why;
  /// Fusion groups left at Schedule IR by the Tile IR lowering, with their reasons.
  std::vector<std::string> not_lowered;
};

/// Lowers `program` (a verified module) through the level pipeline to `level`.
LoweredProgram lower_program(const std::string& program, const std::string& name,
                             const std::string& level);

}  // namespace tessera::conform
