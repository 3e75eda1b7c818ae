// Shared by tessera-cuda-gen and the compile-only check: a module text lowered to Target IR and
// generated as CUDA C++.
#pragma once

#include <string>
#include <vector>

#include "backends/cuda/codegen/codegen.h"

namespace tessera::cuda {

/// One module's generated CUDA C++, or why there is none.
struct Generated {
  bool ok = false;
  /// False when the module did not reach Target IR (a lowering pass refused it): `error` says
  /// why. That is a gap of the lowering, not of the generator (compile-only lists it as SKIP).
  bool lowered = true;
  std::string error;   ///< Rendered diagnostics ("file:line:col: error: ...") when !ok.
  std::string source;  ///< Prelude + kernels.
  size_t kernels = 0;  ///< Kernels launched through tessera_nvidia.launch.
  std::vector<std::string> kernel_sources;  ///< Each kernel's text alone (no prelude), in order.
  std::vector<std::string> target_ops;      ///< Names of the ops in those kernels, sorted, unique.
  /// Why groups stayed above Target IR (their `schedule.not_lowered` reasons), sorted, unique.
  std::vector<std::string> not_lowered;
  /// Ops left in the host functions that are neither launches nor groups (collectives, ...).
  std::vector<std::string> host_ops;
  /// Host ops whose results are all empty (nothing to compute: the runtime allocates them).
  size_t empty_ops = 0;
};

/// Parses and verifies `text`, lowers it to Target IR unless it launches Target kernels already
/// (Graph and Tile IR go through the level pipeline), and generates CUDA C++ for `options`.
Generated lower_and_generate(const std::string& text, const std::string& name,
                             const CodegenOptions& options);

/// Parses "sm_80,sm_90,sm_100" (or "80,90"); throws tessera::Error on anything else.
std::vector<int> parse_archs(const std::string& list);

}  // namespace tessera::cuda
