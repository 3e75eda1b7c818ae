// The generator's state while it writes one kernel: value names, indentation, region context.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "backends/cuda/codegen/codegen.h"

namespace tessera::cuda {

/// The C expression of a conversion of the storage-only scalars (arith.extf/truncf/sitofp with a
/// narrow float, uitofp, fptoui, index_castui) of operand `x` (type `d`) to `rt`; "" for any other
/// op (emit_convert.cpp).
std::string convert_expr(const ir::Op& o, const std::string& x, DType d, DType rt);

/// Writes one kernel. emit_arith / emit_scf (emit_scalar.cpp) and emit_target (emit_target.cpp)
/// each translate their ops and return false for an op that is not theirs.
class Emitter {
 public:
  explicit Emitter(const CodegenOptions& options) : options_(options) {}
  std::string kernel(const ir::Op& func);

  // Shared by the op files.
  const CodegenOptions& options() const { return options_; }
  /// The C name of an SSA value (defined earlier).
  std::string name(const ir::Value* v) const;
  /// Declares a fresh C name for `v` and returns it.
  std::string define(const ir::Value* v);
  /// C type of a register value (scalar or vector) of IR type `t`.
  std::string reg_type(const ir::Op& at, const ir::Type& t) const;
  /// C type of a memory element of dtype `d`.
  std::string mem_type(const ir::Op& at, DType d) const;
  /// Appends one line at the current indentation.
  void line(const std::string& text);
  void open(const std::string& text);  ///< `text {` and indent.
  void close(const std::string& text = "}");
  /// Emits the ops of a single-block region; `yield_to` receives the values of its terminator.
  void region(const ir::Op& owner, const ir::Region& r, const std::vector<std::string>& yield_to);
  /// Names of the dynamic-dimension parameters of a memref kernel argument ("" when static).
  std::string dim_param(const ir::Value* memref, size_t dim) const;
  /// Stack of yield destinations (innermost last); scf.condition uses cond_owner_.
  std::vector<std::vector<std::string>> yield_to_;
  std::vector<const ir::Op*> while_stack_;
  /// Deterministic mode: each alloc_shared's declaration and array name, hoisted to the kernel's
  /// start and zeroed there (the interpreters start shared memory zeroed).
  struct SharedArray {
    std::string decl, name;
  };
  std::vector<SharedArray> shared_;

 private:
  void op(const ir::Op& o);
  bool emit_arith(const ir::Op& o);
  std::string arith_expr(const ir::Op& o, const std::vector<std::string>& x, DType d, DType rt);
  bool emit_scf(const ir::Op& o);
  bool emit_target(const ir::Op& o);
  bool emit_target_memory(const ir::Op& o);
  bool emit_target_warp(const ir::Op& o);

  CodegenOptions options_;
  std::unordered_map<const ir::Value*, std::string> names_;
  std::unordered_map<const ir::Value*, std::vector<std::string>> dim_params_;
  std::string out_;
  int indent_ = 1;
  int next_ = 0;
};

/// prelude.cpp's parts of device_prelude(): the includes (prelude_head), then device/narrow.h,
/// then the types and helpers (prelude_core); prelude_embed.cpp.in appends the other headers.
std::string_view prelude_head();
std::string_view prelude_core();

/// The value of integer attribute `key` of `o`, or a CodegenError naming the attribute.
int64_t int_attr(const ir::Op& o, const char* key);

}  // namespace tessera::cuda
