// The autodiff engine's internals: the reverse and forward sweeps over a list of ops
// (autodiff_reverse.cpp, autodiff_forward.cpp), shared with autodiff.cpp.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/transforms/autodiff.h"
#include "core/transforms/autodiff_builder.h"

namespace tessera::transforms::autodiff {

using ValueMap = std::unordered_map<const ir::Value*, ir::Value*>;
using ValueSet = std::unordered_set<const ir::Value*>;

/// State of one derivative function being built.
class Engine {
 public:
  Engine(ir::Module& m, Builder& b) : m_(m), b_(b) {}

  /// The value of the function being built that stands for `v` (a value of the swept ops): its
  /// recomputation inside a checkpoint region, its copy, or `v` itself for ops the engine emitted.
  ir::Value* P(const ir::Value* v) const;
  void map(const ir::Value* from, ir::Value* to) { primal_[from] = to; }

  /// Reverse sweep over `ops` (in forward order; swept backwards). `varied`: values of the ops
  /// that depend on the differentiated inputs. `adj` maps each value of the ops to its cotangent;
  /// cotangents of the operands are accumulated into it. Returns false after reporting an error.
  bool reverse(const std::vector<const ir::Op*>& ops, const ValueSet& varied, ValueMap& adj);
  /// Forward sweep: `copy` appends each op to the function (mapping its values), then its jvp
  /// rule maps the tangents of its results into `tan` (keyed by the ops' own values).
  bool forward(const std::vector<const ir::Op*>& ops, ValueMap& tan, bool copy);

  /// Adds `g` into adj[v] (the first contribution is stored, later ones added in arrival order).
  void accumulate(ValueMap& adj, const ir::Value* v, ir::Value* g);

  /// Marks the start of the backward: ops emitted from here on (and `results`, the function's
  /// returned values) read the forward's values that checkpoint regions need not recompute.
  void begin_backward(std::vector<ir::Value*> results);
  /// Removes the recomputed ops whose results nothing reads (a region's vjp rules need only
  /// some of its values; the others were copied for nothing). Call once the sweep is done, with
  /// the values the function will return.
  void drop_unused_recomputation(const std::vector<ir::Value*>& results);

 private:
  bool reverse_op(const ir::Op& op, const ValueSet& varied, ValueMap& adj);
  bool forward_op(const ir::Op& op, ValueMap& tan);
  bool reverse_call(const ir::Op& op, std::vector<ir::Value*> x, std::vector<ir::Value*> dy,
                    const std::vector<bool>& want, std::vector<ir::Value*>& dx);
  bool forward_call(const ir::Op& op, std::vector<ir::Value*> x, std::vector<ir::Value*> tx,
                    std::vector<ir::Value*>& ty);
  /// Recomputes the checkpoint region that ends at `ops[last]` (ops[first..last]).
  void recompute(const std::vector<const ir::Op*>& ops, size_t first, size_t last);
  /// Whether the derivative keeps the forward's value `v` (a value of the function being
  /// built) into the backward anyway: it is returned, or an op of the backward reads it.
  bool kept(const ir::Value* v);

  ir::Module& m_;
  Builder& b_;
  ValueMap primal_;
  ValueMap recomputed_;
  static constexpr size_t kNoBackward = ~size_t{0};
  size_t backward_start_ = kNoBackward;  ///< Index of the first op of the backward.
  size_t scanned_ = 0;                   ///< Ops up to here are in read_in_backward_.
  ValueSet read_in_backward_;            ///< Values read by the backward (and the results).
  std::vector<const ir::Op*> recomputed_ops_;
};

/// `seeds` plus the values of `ops` that depend on them (through ops that have a derivative).
ValueSet varied_after(const std::vector<const ir::Op*>& ops, ValueSet seeds);

/// Builds (once) the derivative function `<callee>_vjp` / `<callee>_jvp` of `callee` with respect
/// to all its float parameters in `m` and returns it (nullptr after an error).
ir::Op* derivative_func(ir::Module& m, ir::Op& callee, Mode mode, DiagnosticEngine& diag);

}  // namespace tessera::transforms::autodiff
