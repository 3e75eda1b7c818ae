// Internals of the tile-to-target pass shared by its two files: the builder and value mapping.
#pragma once

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/ops/registry.h"
#include "core/support/diagnostics.h"

namespace tessera::transforms::t2t {

inline constexpr int64_t kLanes = 32;
/// An f32 tile.mma of at least this K is lowered as a loop over K, not unrolled.
inline constexpr int64_t kFmaLoopMinK = 16;
inline constexpr int64_t kLocalSpace = 5;  ///< memref space of tile.alloc_register buffers

/// What a Tile IR value became. Scalars and memrefs: one value, the same in every lane of the
/// warp. A register tile R x C (a 1-D tile of R elements is R x 1) is distributed by rows:
/// element (r, c) lives in lane r % 32 as slot (r / 32) * C + c, so every lane holds R / 32
/// rows whole and row operations need no communication.
struct Lowered {
  std::vector<ir::Value*> regs;
  bool tile = false;
  int64_t rows = 1, cols = 1;
  /// Shared memrefs: the logical column count, the xor swizzle chunk (elements; 0 = none) and
  /// the padded physical row length.
  int64_t lcols = 0, chunk = 0, pcols = 0;
  /// Memrefs: the static shape (kDynamic for `?`) and whether the memref is a kernel parameter
  /// (then a dynamic size is read once, at kernel entry).
  std::vector<int64_t> shape;
  bool param = false;
  ir::Value* one() const { return regs.at(0); }
};

/// Thrown (inside the pass only) when an op cannot be lowered; reported as a diagnostic.
struct Unsupported {
  const ir::Op* op;
  std::string msg;
};

class Lowering {
 public:
  explicit Lowering(DiagnosticEngine& diag) : diag_(diag) {}
  /// Rewrites `func`'s body in place.
  void kernel(ir::Op& func);

  // Builder ---------------------------------------------------------------------------------
  /// Appends `name`(operands) {attrs} with the given result types to the current block.
  ir::Op* emit(const char* name, std::vector<ir::Value*> operands, std::vector<ir::Type> results,
               ir::AttrDict attrs = {});
  ir::Value* emit1(const char* name, std::vector<ir::Value*> operands, ir::Type result,
                   ir::AttrDict attrs = {}) {
    return emit(name, std::move(operands), {std::move(result)}, std::move(attrs))->result(0);
  }
  ir::Value* cst_index(int64_t v);
  ir::Value* cst_i32(int64_t v);
  ir::Value* cst_f32(double v);
  ir::Value* add(ir::Value* a, ir::Value* b);
  ir::Value* mul(ir::Value* a, ir::Value* b);
  ir::Value* add_c(ir::Value* a, int64_t c) { return c == 0 ? a : add(a, cst_index(c)); }
  ir::Value* sreg(const char* name, int64_t dim);  ///< a special register as an index

  // Lowering of single ops (tile_to_target_ops.cpp) -----------------------------------------
  void op(const ir::Op& op);
  void id(const ir::Op& op);  ///< tile.local_id, group_id, ... as special registers
  void elementwise(const ir::Op& op);
  void alloc_register(const ir::Op& op);
  void memref_layout(const ir::Op& op);
  void load_tile(const ir::Op& op);
  void store_tile(const ir::Op& op);
  void async_copy(const ir::Op& op);
  void scalar_load_store(const ir::Op& op, bool store);
  void atomic(const ir::Op& op);
  /// i1: every index of `at_idx` lies inside memref `m` (masked tile loads and stores).
  ir::Value* window_inside(const ir::Value* m, const std::vector<ir::Value*>& at_idx);
  /// Emits scf.if(cond) { then() } with an empty else.
  template <class F>
  void when(ir::Value* cond, F&& then);
  void reduce(const ir::Op& op);
  /// Emits scf.if(lane0_) whose then-block `then` fills (returning the values it yields) and
  /// whose else-block yields `other`; returns the scf.if.
  template <class F>
  ir::Op* on_lane0(std::vector<ir::Type> types, std::vector<ir::Value*> other, F&& then);
  void mma(const ir::Op& op);
  void mma_sync(const ir::Op& op);  ///< bf16/f16 tile.mma (tile_to_target_mma.cpp)
  /// f32 tile.mma with K >= kFmaLoopMinK as an scf.for over K (tile_to_target_fma.cpp).
  void mma_fma_loop(const ir::Op& op, const Lowered& a, const Lowered& b, const Lowered& c,
                    bool bcol);
  /// Checks what mma_sync lowers; the attributes of its mma.sync ops (shape, policy).
  ir::AttrDict mma_sync_attrs(const ir::Op& op, const Lowered& a, const Lowered& b,
                              const Lowered& c);
  /// The tile.load_tile of shared memory an mma operand comes from when ldmatrix can read its
  /// fragments, else nullptr.
  const ir::Op* ldmatrix_source(const ir::Value* operand);
  /// ldmatrix of `num` 8x8 matrices of `load`'s buffer at the tile's (row_off, col_off) plus
  /// the lane's (lane_row, lane_col).
  ir::Value* ldmatrix(const ir::Op& load, int64_t row_off, int64_t col_off, ir::Value* lane_row,
                      ir::Value* lane_col, int64_t num, bool trans);
  void row_fold(const ir::Op& op, bool sum);
  void causal_mask(const ir::Op& op);
  void shuffle(const ir::Op& op);
  void vote(const ir::Op& op);
  void warp_reduce(const ir::Op& op);
  ir::Value* lane_value(const ir::Op& op, const ir::Value* v);
  void scf_for(const ir::Op& op);
  void scf_if(const ir::Op& op);
  void scf_while(const ir::Op& op);
  /// Builds `region` of `op` (one block with `arg_types`), maps the old block's arguments
  /// (shaped like `like`) to the new ones and lowers the old block's ops into it.
  void region(ir::Op& op, const ir::Block& old, const std::vector<const Lowered*>& like);
  void clone_scalar(const ir::Op& op);

  /// The linear element index of memref `m` at per-dimension indices `idx` (row-major; shared
  /// memrefs: through their swizzle and padding).
  ir::Value* linear(const ir::Value* old_m, const std::vector<ir::Value*>& idx);
  /// This lane's row of register-tile row block `rb`: rb * 32 + lane.
  ir::Value* lane_row(int64_t rb) { return add_c(lane(), rb * kLanes); }
  /// laneid as an index, and lane == 0 (the lane that performs a tile's scalar effects): made
  /// once, at kernel entry, when first needed.
  ir::Value* lane();
  ir::Value* lane0();
  /// The size of dimension d of memref `old_m` (a constant, a tessera_nvidia.dim at entry for a
  /// parameter, or one at the current point).
  ir::Value* dim(const ir::Value* old_m, size_t d);
  /// An op of the kernel's prologue (placed after the constants, before the body).
  ir::Value* prologue(const char* name, std::vector<ir::Value*> operands, ir::Type result,
                      ir::AttrDict attrs = {});

  Lowered& at(const ir::Value* v);
  void set(const ir::Value* v, Lowered l) { map_[v] = std::move(l); }
  [[noreturn]] void unsupported(const ir::Op& op, std::string msg) {
    throw Unsupported{&op, std::move(msg)};
  }
  ir::Location loc_;

 private:
  DiagnosticEngine& diag_;
  ir::Block* cur_ = nullptr;
  std::map<const ir::Value*, Lowered> map_;
  std::vector<std::unique_ptr<ir::Op>> consts_;  ///< constants, placed first in the entry block
  std::map<std::pair<int, double>, ir::Value*> const_cache_;
  ir::Value* lane_ = nullptr;   ///< see lane()
  ir::Value* lane0_ = nullptr;  ///< see lane0()
  std::map<std::pair<const ir::Value*, size_t>, ir::Value*> param_dims_;
  friend struct Scope;

 public:
  /// Emits into `b` until destroyed, then back into the previous block.
  struct Scope {
    Lowering& l;
    ir::Block* saved;
    Scope(Lowering& low, ir::Block* b) : l(low), saved(low.cur_) { low.cur_ = b; }
    ~Scope() { l.cur_ = saved; }
  };
};

template <class F>
ir::Op* Lowering::on_lane0(std::vector<ir::Type> types, std::vector<ir::Value*> other, F&& then) {
  ir::Op* n = emit("scf.if", {lane0()}, std::move(types));
  for (int k = 0; k < 2; ++k) {
    n->regions.emplace_back();
    n->regions.back().blocks.push_back(std::make_unique<ir::Block>());
    n->regions.back().blocks.back()->parent = n;
  }
  {
    Scope s(*this, n->regions[0].blocks[0].get());
    std::vector<ir::Value*> y = then();
    emit("scf.yield", y, {});
  }
  {
    Scope s(*this, n->regions[1].blocks[0].get());
    emit("scf.yield", other, {});
  }
  return n;
}

template <class F>
void Lowering::when(ir::Value* cond, F&& then) {
  ir::Op* n = emit("scf.if", {cond}, {});
  for (int k = 0; k < 2; ++k) {
    n->regions.emplace_back();
    n->regions.back().blocks.push_back(std::make_unique<ir::Block>());
    n->regions.back().blocks.back()->parent = n;
  }
  {
    Scope s(*this, n->regions[0].blocks[0].get());
    then();
    emit("scf.yield", {}, {});
  }
  Scope s(*this, n->regions[1].blocks[0].get());
  emit("scf.yield", {}, {});
}

/// A register tile's (rows, cols): 2-D R x C, 1-D R x 1; nullopt-like {0, 0} otherwise.
std::pair<int64_t, int64_t> tile_shape(const ir::Type& t);

}  // namespace tessera::transforms::t2t
