// The interpreter's public entry points: run a module given as text on host tensors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"

namespace tessera::interp {

/// A dense, C-ordered host tensor. Low-precision floats are stored as raw bit patterns, one
/// element per byte (fp8/fp6/fp4/e8m0) or two bytes (f16/bf16); i4 packs two per byte.
struct HostTensor {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<std::byte> data;
};

/// Options that change how, never what, a program computes (results are bit-identical for any
/// thread count).
struct RunOptions {
  std::string entry = "main";           ///< Function to run.
  int threads = 0;                      ///< 0 = TBB default.
  uint64_t max_memory = 8ull << 30;     ///< Refuse plans whose live buffers exceed this (bytes).
  std::string source_name = "<input>";  ///< File name used in diagnostics.
};

/// Parses, verifies and runs `entry` of the module text on `inputs` (in argument order) and
/// returns its results in order. Throws tessera::Error with a full diagnostic on bad input.
std::vector<HostTensor> run_module_text(const std::string& module_text,
                                        const std::vector<HostTensor>& inputs,
                                        const RunOptions& options);

}  // namespace tessera::interp
