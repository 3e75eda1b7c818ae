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

/// One parameter of a generated kernel. The runtime marshals launch arguments from this
/// description (docs/cuda.md, "Kernel signatures"): a memref argument is a `pointer` (its device
/// address) followed by one `dim` (an int64) per dynamic dimension in dimension order; any other
/// argument is a `scalar` passed by value.
struct KernelParam {
  enum class Kind : uint8_t { pointer, dim, scalar };
  Kind kind = Kind::scalar;
  size_t arg = 0;            ///< Index of the func argument it comes from.
  int dim = -1;              ///< Kind::dim: which dimension of that memref argument.
  DType dtype = DType::f32;  ///< pointer: element type; scalar: the value's type; dim: i64.
  size_t bytes = 8;          ///< Size of the parameter in the launch's argument buffer.
  std::string c_type;        ///< Its C type in the generated parameter list.
  std::string name;          ///< Its C name in the generated kernel.
};

/// The parameter list of the kernel generated for a Target IR func.func, in order.
struct KernelSignature {
  std::string symbol;  ///< kernel_symbol(func name): what the runtime looks up in the module.
  std::vector<KernelParam> params;
};

/// The signature generate_kernel() gives `func` (the same function builds both). Throws
/// CodegenError for an argument the generator cannot pass (a shared memref, an unmapped type).
KernelSignature kernel_signature(const ir::Op& func);

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
