// The op builder the autodiff rules emit Graph IR with: each op's result type comes from its
// record's infer hook, so a rule cannot build ill-formed IR.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms::autodiff {

class Builder {
 public:
  Builder(ir::Block& block, DiagnosticEngine& diag) : block_(&block), diag_(diag) {}

  /// Appends `name`(operands) {attrs}; `hints` are the declared result types (needed where the
  /// record takes the result type from the program: reshape, broadcast, cast, matmul, constant);
  /// missing hints are inferred. Returns the results, or an empty vector after reporting an error
  /// (then ok() is false). A nullptr operand fails silently (an error was already reported).
  std::vector<ir::Value*> emit(const char* name, std::vector<ir::Value*> operands,
                               ir::AttrDict attrs = {}, std::vector<ir::Type> hints = {});
  ir::Value* emit1(const char* name, std::vector<ir::Value*> operands, ir::AttrDict attrs = {},
                   std::vector<ir::Type> hints = {});
  /// Appends a copy of `op` (same name and attributes) on new operands; hints from `op`'s results.
  std::vector<ir::Value*> copy(const ir::Op& op, std::vector<ir::Value*> operands);

  // Arithmetic with numpy broadcasting (the Graph ops of the same names).
  ir::Value* add(ir::Value* a, ir::Value* b) { return emit1("tessera.add", {a, b}); }
  ir::Value* sub(ir::Value* a, ir::Value* b) { return emit1("tessera.sub", {a, b}); }
  ir::Value* mul(ir::Value* a, ir::Value* b) { return emit1("tessera.mul", {a, b}); }
  ir::Value* div(ir::Value* a, ir::Value* b) { return emit1("tessera.div", {a, b}); }
  ir::Value* neg(ir::Value* a) { return emit1("tessera.neg", {a}); }
  ir::Value* unary(const char* name, ir::Value* a) { return emit1(name, {a}); }
  ir::Value* select(ir::Value* c, ir::Value* a, ir::Value* b) {
    return emit1("tessera.select", {c, a, b});
  }
  /// x * s for a scalar s (a rank-0 constant broadcast by mul).
  ir::Value* scale(ir::Value* x, double s) { return mul(x, scalar(s, x->type.dtype)); }

  /// A rank-0 tensor constant of `dtype` holding `v` (rounded to the type; formats other than
  /// f32, f64 and the integers are a cast of an f32 constant).
  ir::Value* scalar(double v, DType dtype);
  /// A tensor of `type` filled with `v` (a scalar constant broadcast to the shape).
  ir::Value* fill(const ir::Type& type, double v);
  ir::Value* zeros(const ir::Type& type) { return fill(type, 0.0); }
  /// A constant i64 (or `dtype`) vector with the given values.
  ir::Value* int_vector(const std::vector<int64_t>& values, DType dtype = DType::i64);
  /// A constant vector of `dtype` (f32, f64 or an integer type) with the given values, each
  /// rounded to the type (exact for values already of it).
  ir::Value* vector(const std::vector<double>& values, DType dtype);

  ir::Value* reshape(ir::Value* x, const std::vector<int64_t>& shape);
  ir::Value* transpose(ir::Value* x, const std::vector<int64_t>& perm);
  /// broadcast `x` to `shape` (numpy trailing alignment, or `dims` as broadcast_dimensions).
  ir::Value* broadcast(ir::Value* x, const std::vector<int64_t>& shape,
                       const std::vector<int64_t>* dims = nullptr);
  ir::Value* reduce(const char* kind, ir::Value* x, const std::vector<int64_t>& axes,
                    bool keepdims);
  ir::Value* cast(ir::Value* x, DType to);
  ir::Value* matmul(ir::Value* a, ir::Value* b, bool ta, bool tb, DType out);

  /// Sums `g` (a cotangent of the broadcast shape) down to `target`'s shape, undoing numpy
  /// broadcasting: leading dims and dims of size 1 in `target` are summed (sequentially, in the
  /// order of tessera.reduce), then the result is reshaped.
  ir::Value* unbroadcast(ir::Value* g, const ir::Type& target);
  /// `v` broadcast to `shape` when its shape differs (for tangents of broadcasting ops).
  ir::Value* broadcast_if_needed(ir::Value* v, const std::vector<int64_t>& shape);

  /// Reports an error at the current op (an internal failure of a rule or an unsupported case).
  void fail(const std::string& msg);
  bool ok() const { return ok_; }
  void set_loc(ir::Location loc) { loc_ = loc; }
  ir::Block& block() { return *block_; }
  /// Ops emitted so far (the engine differentiates the ops a decomposition emitted).
  size_t size() const { return block_->ops.size(); }
  DiagnosticEngine& diag() { return diag_; }
  /// The module the derivative function is built in (rules that build derivative functions of
  /// callees, such as control_if's, add them there).
  ir::Module* module() const { return module_; }
  void set_module(ir::Module* m) { module_ = m; }

 private:
  ir::Block* block_;
  DiagnosticEngine& diag_;
  ir::Location loc_;
  ir::Module* module_ = nullptr;
  bool ok_ = true;
};

/// A deep copy of `o` (attributes, results, regions with block labels and arguments); operands
/// found in `vm` are replaced, and every result and block argument of the copy is recorded in it.
std::unique_ptr<ir::Op> clone_op(const ir::Op& o,
                                 std::unordered_map<const ir::Value*, ir::Value*>& vm);

/// Appends a new function `name(ins...) -> outs` to `m` (an empty entry block whose arguments are
/// named `<arg_prefix>0`, `<arg_prefix>1`, ...) and returns it. The caller adds the body and the
/// return, and rebuilds `m`'s symbol table when it needs to look the function up.
ir::Op* append_function(ir::Module& m, const std::string& name, const std::vector<ir::Type>& ins,
                        const std::vector<ir::Type>& outs, ir::Location loc,
                        const std::string& arg_prefix);

/// Normalises an axis in [-rank, rank) to [0, rank).
inline int64_t norm_axis(int64_t a, int64_t rank) { return a < 0 ? a + rank : a; }

}  // namespace tessera::transforms::autodiff
