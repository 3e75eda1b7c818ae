// Compile for a device: module text -> level pipeline (graph-to-schedule, schedule-to-tile,
// tile-to-target) -> host plan -> generator -> NVRTC CUBIN for the device's exact sm_XY,
// through the on-disk cache. Needs no device (tests run it on machines without a GPU).
#pragma once

#include <string>
#include <vector>

#include "backends/cuda/runtime/cubin_cache.h"
#include "backends/cuda/runtime/host_plan.h"

namespace tessera::cuda {

struct CompileRequest {
  std::string text;
  std::string source_name = "<input>";
  std::string entry = "main";
  int sm = 90;                 ///< Compute capability x 10 of the device.
  bool deterministic = false;  ///< The generator's deterministic option (docs/cuda.md, "Modes").
  /// Library paths for host ops in default mode; never consulted when `deterministic`.
  const LibraryHooks* library = &library_hooks();
};

/// A CUBIN and where it came from.
struct Cubin {
  std::string image;
  std::string key_hash;    ///< cubin_key_hash of what it was compiled from.
  bool cache_hit = false;  ///< Read from the cache instead of compiled.
};

struct CompiledProgram {
  HostPlan plan;
  std::string cuda_source;  ///< "" when the plan launches nothing.
  /// Each launched kernel's CUDA C++ alone (no prelude), in cuda_source's order.
  std::vector<std::string> kernel_sources;
  Cubin cubin;  ///< Empty image when the plan launches nothing.
};

/// The include directories NVRTC gets: $TESSERA_CUDA_INCLUDE, the toolkit's include directory
/// this was built with, /usr/local/cuda/include; those that exist.
std::vector<std::string> nvrtc_include_dirs();

/// NVRTC-compiles `source` for sm_`sm` unless `cache` holds it; stores what it compiles.
/// `options` is the generator's option text (part of the key). Throws Failure (INTERNAL with
/// NVRTC's log) when NVRTC fails.
Cubin compile_cubin(const std::string& source, const std::string& name, int sm,
                    const std::string& options, const CubinCache& cache);

/// The pipeline up to the CUDA C++ (lowering, host plan, generator), without NVRTC: `cubin` stays
/// empty. What the compile-only check compiles itself. Throws Failure as compile_program, less
/// the NVRTC error.
CompiledProgram generate_program(const CompileRequest& request);

/// The whole pipeline (generate_program, then compile_cubin). Throws Failure: INVALID_ARGUMENT for
/// a module that does not parse or verify; UNIMPLEMENTED for a verified module the level pipeline
/// cannot lower, and for an op the host plan or the generator cannot take (rendered with its
/// location); INTERNAL when NVRTC rejects generated code.
CompiledProgram compile_program(const CompileRequest& request, const CubinCache& cache);

}  // namespace tessera::cuda
