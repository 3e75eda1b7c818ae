// Target IR -> CUDA C++: a mechanical generator, one Target op to one statement (or one call of
// a prelude helper wrapping inline PTX). docs/cuda.md describes the mapping.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::cuda {

/// What the generator targets.
struct CodegenOptions {
  int sm = 80;  ///< Compute capability x 10 (80, 90, 100): gates fp8 mma.sync.
  /// Deterministic mode: mma_sync emulated with the interpreter's sequential f32 FMA chain;
  /// ops whose device result depends on the schedule (f32 atomic add/cas) refused.
  bool deterministic = false;
};

/// An op the generator cannot translate (unknown op, unsupported type or mode). `op` is where.
class CodegenError : public std::runtime_error {
 public:
  CodegenError(const ir::Op& op, const std::string& what) : std::runtime_error(what), op_(&op) {}
  const ir::Op& op() const { return *op_; }

 private:
  const ir::Op* op_;
};

/// The device prelude (types and helpers) every generated translation unit starts with.
std::string_view device_prelude();

/// The C identifier of the kernel generated for func `name` ("tsr_" + name, sanitised).
std::string kernel_symbol(const std::string& func_name);

/// The CUDA C++ of one kernel: an `extern "C" __global__` function for a Target IR func.func.
/// Parameters: each func argument in order; a memref becomes a pointer followed by one
/// `long long` per dynamic dimension. Throws CodegenError naming the op it cannot translate.
std::string generate_kernel(const ir::Op& func, const CodegenOptions& options);

/// Every func.func the module's tessera_nvidia.launch ops call, each once, in order of use.
std::vector<const ir::Op*> launched_kernels(const ir::Module& module);

/// A whole translation unit: the prelude, then the kernels of `launched_kernels(module)`.
std::string generate_module(const ir::Module& module, const CodegenOptions& options);

}  // namespace tessera::cuda
