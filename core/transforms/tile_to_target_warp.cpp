// Pass tile-to-target: Tile IR warp primitives and whole-tile reductions (docs/ops/target/
// lowering.md). Every reduction keeps the Tile IR spec's sequential order: elements are
// broadcast with shfl.sync idx and every lane folds the same chain (a shuffle tree would change
// the order, hence the bits).
#include "core/transforms/tile_to_target_impl.h"

namespace tessera::transforms::t2t {
namespace {

ir::Type f32() { return ir::Type::scalar(DType::f32); }
ir::Type index_t() { return ir::Type::scalar(DType::index); }

Lowered scalar(ir::Value* v) {
  Lowered l;
  l.regs = {v};
  return l;
}

}  // namespace

/// A lane vector operand: a 32 x 1 register tile (one register per lane).
ir::Value* Lowering::lane_value(const ir::Op& op, const ir::Value* v) {
  const Lowered& l = at(v);
  if (!l.tile || l.rows != kLanes || l.cols != 1)
    unsupported(op, "needs a vector<32 x T> of lanes");
  return l.regs[0];
}

void Lowering::shuffle(const ir::Op& op) {
  // Tile IR keeps a lane's own value when its source lane s falls outside [0, 32), for any
  // offset (negative ones too); PTX reads only the low 5 bits of its lane operand. So the
  // source lane is computed exactly (i32) and read with shfl.sync idx, and a select on
  // s < 32 (unsigned) restores the own value.
  ir::Value* x = lane_value(op, op.operands[0]);
  const DType dt = op.operands[0]->type.dtype;
  if (dt != DType::f32 && dt != DType::i32) unsupported(op, "shuffles f32 or i32 lanes");
  const Lowered& sl = at(op.operands[1]);
  ir::Value* src = sl.tile ? lane_value(op, op.operands[1]) : sl.one();
  const ir::Type i32 = ir::Type::scalar(DType::i32);
  ir::Value* lane = emit1("tessera_nvidia.laneid", {}, i32);
  const std::string mode = op.attrs.get_string("mode", "idx");
  ir::Value* j = mode == "xor"    ? emit1("arith.xori", {lane, src}, i32)
                 : mode == "up"   ? emit1("arith.subi", {lane, src}, i32)
                 : mode == "down" ? emit1("arith.addi", {lane, src}, i32)
                                  : src;
  ir::AttrDict a;
  a.set("mode", ir::Attr::string_attr("idx"));
  ir::Value* r =
      emit1("tessera_nvidia.shfl_sync", {x, j, cst_i32(-1)}, ir::Type::scalar(dt), std::move(a));
  ir::AttrDict ult;
  ult.set("predicate", ir::Attr::string_attr("ult"));
  ir::Value* in = emit1("arith.cmpi", {j, cst_i32(kLanes)}, ir::Type::scalar(DType::i1), ult);
  Lowered out;
  out.tile = true;
  out.rows = kLanes;
  out.regs = {emit1("arith.select", {in, r, x}, ir::Type::scalar(dt))};
  set(op.result(0), out);
}

void Lowering::vote(const ir::Op& op) {
  ir::Value* p = lane_value(op, op.operands[0]);
  const std::string kind = op.attrs.get_string("kind", "any");
  ir::AttrDict a;
  a.set("mode", ir::Attr::string_attr(kind));
  if (kind != "ballot") {
    set(op.result(0), scalar(emit1("tessera_nvidia.vote_sync", {p, cst_i32(-1)},
                                   ir::Type::scalar(DType::i1), std::move(a))));
    return;
  }
  // Tile IR's ballot is an i64 with bits 32..63 clear: zero-extend PTX's b32.
  ir::Value* b = emit1("tessera_nvidia.vote_sync", {p, cst_i32(-1)}, ir::Type::scalar(DType::i32),
                       std::move(a));
  ir::Value* wide = emit1("arith.index_cast", {b}, index_t());
  ir::Value* low = emit1("arith.andi", {wide, cst_index(0xffffffffLL)}, index_t());
  set(op.result(0), scalar(emit1("arith.index_cast", {low}, ir::Type::scalar(DType::i64))));
}

void Lowering::warp_reduce(const ir::Op& op) {
  // The spec's order: acc = x[0]; acc = op(acc, x[l]) for l = 1, 2, ..., 31 (sequential in lane
  // order). Every lane evaluates that chain on broadcasts, so the result is uniform.
  ir::Value* x = lane_value(op, op.operands[0]);
  const DType dt = op.operands[0]->type.dtype;
  if (dt != DType::f32 && dt != DType::i32) unsupported(op, "reduces f32 or i32 lanes");
  const std::string kind = op.attrs.get_string("kind", "sum");
  const bool fl = dt == DType::f32;
  const char* name = kind == "sum"   ? (fl ? "arith.addf" : "arith.addi")
                     : kind == "max" ? (fl ? "arith.maximumf" : "arith.maxsi")
                                     : (fl ? "arith.minimumf" : "arith.minsi");
  ir::AttrDict a;
  a.set("mode", ir::Attr::string_attr("idx"));
  const ir::Type t = ir::Type::scalar(dt);
  ir::Value* acc = nullptr;
  for (int64_t l = 0; l < kLanes; ++l) {
    ir::Value* v = emit1("tessera_nvidia.shfl_sync", {x, cst_i32(l), cst_i32(-1)}, t, a);
    acc = acc ? emit1(name, {acc, v}, t) : v;
  }
  set(op.result(0), scalar(acc));
}

void Lowering::reduce(const ir::Op& op) {
  // tile.reduce: acc = x[0]; acc = op(acc, x[k]) in row-major order, every element broadcast
  // from the lane that owns its row: the spec's sequential order, uniform over the lanes.
  const Lowered& x = at(op.operands[0]);
  if (!x.tile || op.operands[0]->type.dtype != DType::f32)
    unsupported(op, "reduces f32 register tiles");
  const std::string kind = op.attrs.get_string("kind", "sum");
  const char* name = kind == "sum"   ? "arith.addf"
                     : kind == "max" ? "arith.maximumf"
                                     : "arith.minimumf";
  ir::AttrDict a;
  a.set("mode", ir::Attr::string_attr("idx"));
  ir::Value* acc = nullptr;
  for (int64_t r = 0; r < x.rows; ++r)
    for (int64_t c = 0; c < x.cols; ++c) {
      ir::Value* reg = x.regs[static_cast<size_t>((r / kLanes) * x.cols + c)];
      ir::Value* v =
          emit1("tessera_nvidia.shfl_sync", {reg, cst_i32(r % kLanes), cst_i32(-1)}, f32(), a);
      acc = acc ? emit1(name, {acc, v}, f32()) : v;
    }
  set(op.result(0), scalar(acc));
}

}  // namespace tessera::transforms::t2t
