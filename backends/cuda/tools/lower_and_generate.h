// Shared by tessera-cuda-gen's two modes: a module text lowered to Target IR and generated.
#pragma once

#include <string>
#include <vector>

#include "backends/cuda/codegen/codegen.h"

namespace tessera::cuda {

/// One module's generated CUDA C++, or why there is none.
struct Generated {
  bool ok = false;
  std::string error;   ///< Rendered diagnostics ("file:line:col: error: ...") when !ok.
  std::string source;  ///< Prelude + kernels.
  size_t kernels = 0;  ///< Kernels launched through tessera_nvidia.launch.
};

/// Parses and verifies `text`, lowers it to Target IR unless it launches Target kernels already
/// (Graph and Tile IR go through the level pipeline), and generates CUDA C++ for `options`.
Generated lower_and_generate(const std::string& text, const std::string& name,
                             const CodegenOptions& options);

/// Parses "sm_80,sm_90,sm_100" (or "80,90"); throws tessera::Error on anything else.
std::vector<int> parse_archs(const std::string& list);

}  // namespace tessera::cuda
