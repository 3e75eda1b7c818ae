// One decode function per Tile IR op (core/ops/tile_ops.def), and the helpers they share.
#include <bit>
#include <cmath>
#include <cstring>

#include "core/numerics/convert.h"
#include "core/ops/contractions.h"
#include "core/ops/policy.h"
#include "core/ops/tile_util.h"
#include "core/support/error.h"
#include "interp/tile/convert_cell.h"
#include "interp/tile/decoder.h"

namespace tessera::interp::tile {
namespace {

/// The register-tile cell (imm_cell) of the number `v` in element type `dt`: floats rounded
/// once from the double to `dt` (RNE), integers wrapped to their width (i1: 0 or 1).
int64_t tile_cell(double v, DType dt) {
  float f;
  if (dtype_is_float(dt)) {
    f = dt == DType::bf16 || dt == DType::f16
            ? static_cast<float>(num::to_double(dt, num::from_double(dt, v)))
            : static_cast<float>(v);
  } else {
    const int64_t i = std::isfinite(v) && std::fabs(v) < 9.2e18 ? static_cast<int64_t>(v) : 0;
    f = std::bit_cast<float>(static_cast<int32_t>(canonical_int(i, dt)));
  }
  return std::bit_cast<uint32_t>(f);
}

}  // namespace

/// eq/ne/slt/.../ugt (cmpi) and oeq/.../uge (cmpf) to a Cmp code.
uint8_t cmp_of(const std::string& p, bool is_float) {
  if (p == "eq" || p == "ne") return p == "eq" ? kEq : kNe;
  if (p.size() != 3) return kEq;
  std::string base = p.substr(1);
  uint8_t c = base == "eq"   ? kEq
              : base == "ne" ? kNe
              : base == "lt" ? kLt
              : base == "le" ? kLe
              : base == "gt" ? kGt
                             : kGe;
  if (p[0] == 'u') c = static_cast<uint8_t>(c | (is_float ? kUnordered : kUnsigned));
  return c;
}

// ---- helpers shared by several ops ------------------------------------------------------------

void Decoder::binary(const ir::Op& op, Bin m, bool compare) {
  Slot a = get(op.operands[0]), b = get(op.operands[1]);
  Slot r = define(op.result());
  Inst in = make(Opc::kIBin, op);
  in.a = a.idx;
  in.b = b.idx;
  in.dst = r.idx;
  in.dt = a.dt;
  const bool fl = dtype_is_float(a.dt);
  if (compare)
    in.mode = cmp_of(ops::tile::arith_predicate(op.attrs.get("predicate"), fl).value_or("eq"), fl);
  else
    in.mode = static_cast<uint8_t>(m);
  if (!r.agg) {
    in.opc = compare ? (fl ? Opc::kFCmp : Opc::kICmp)
                     : (fl ? (a.dt == DType::f64 ? Opc::kFBin64 : Opc::kFBin32) : Opc::kIBin);
    if (!compare) in.dt = r.dt;
    emit(in);
    return;
  }
  in.opc = compare ? Opc::kACmp : Opc::kABin;
  in.round_to_dt = !compare && is_low_float(a.dt);
  in.rows = r.rows;
  in.cols = r.cols;
  in.lane_ops = static_cast<uint64_t>(r.numel());
  if (a.agg && b.agg) {
    in.bcast = static_cast<uint8_t>(a.numel() == b.numel() ? Bcast::same
                                    : a.rank == 2          ? Bcast::rows_left
                                                           : Bcast::rows_right);
  } else {
    in.bcast = static_cast<uint8_t>(a.agg ? Bcast::agg_scalar : Bcast::scalar_agg);
  }
  emit(in);
}

void Decoder::unary_agg(const ir::Op& op, Opc scalar_opc, Opc agg_opc, bool rounds) {
  Slot a = get(op.operands[0]);
  Slot r = define(op.result());
  Inst in = make(a.agg ? agg_opc : scalar_opc, op);
  in.a = a.idx;
  in.dst = r.idx;
  in.dt = a.dt;
  in.round_to_dt = rounds && is_low_float(a.dt);
  in.rows = r.numel();
  in.cols = 1;
  if (a.agg) in.lane_ops = static_cast<uint64_t>(r.numel());
  emit(in);
}

void Decoder::id(const ir::Op& op, Opc opc) {
  Inst in = make(opc, op);
  in.imm = op.attrs.get_int("dim", 0);
  in.dst = define(op.result()).idx;
  emit(in);
}

void Decoder::cast(const ir::Op& op, Opc opc) {
  Inst in = make(opc, op);
  in.a = get(op.operands[0]).idx;
  in.mode = static_cast<uint8_t>(op.operands[0]->type.dtype);
  Slot r = define(op.result());
  in.dst = r.idx;
  in.dt = r.dt;
  emit(in);
}

void Decoder::memory(const ir::Op& op, Opc opc, size_t mem, size_t first_index) {
  Inst in = make(opc, op);
  const ir::Type& mt = op.operands[mem]->type;
  in.dt = mt.dtype;
  in.b = get(op.operands[mem]).idx;
  in.list = list_of(op, first_index);
  in.nlist = static_cast<int32_t>(op.operands.size() - first_index);
  if (mem > 0) in.a = get(op.operands[0]).idx;
  if (mem > 1) in.c = get(op.operands[1]).idx;
  if (op.num_results() == 1) in.dst = define(op.result()).idx;  // checks register-tile shapes
  const ir::Type& vt =
      opc == Opc::kLoad || opc == Opc::kLoadTile ? op.result()->type : op.operands[0]->type;
  if (vt.kind == ir::TypeKind::vector || vt.is_tensor()) {
    const Slot v = get(opc == Opc::kLoad || opc == Opc::kLoadTile ? op.result() : op.operands[0]);
    in.rows = vt.rank() == 2 ? v.rows : 1;
    in.cols = vt.rank() == 2 ? v.cols : v.rows;
  } else {
    in.rows = in.cols = 0;  // scalar access
  }
  in.bcast = op.attrs.get_bool("mask", false) ? 1 : 0;
  if (opc == Opc::kLoadTile) in.imm = tile_cell(op.attrs.get_float("padding", 0.0), mt.dtype);
  if (in.rows > 0) in.lane_ops = static_cast<uint64_t>(in.rows) * static_cast<uint64_t>(in.cols);
  std::string kind = op.attrs.get_string("kind", "add");
  in.mode = kind == "max" ? 1 : kind == "min" ? 2 : 0;
  emit(in);
}

void Decoder::alloc(const ir::Op& op, bool shared) {
  const ir::Type& t = op.result()->type;
  AllocInfo ai;
  ai.dt = t.dtype;
  ai.shape = t.shape;
  ai.op = &op;
  if (shared) {
    ai.swizzle_xor = op.attrs.get_string("swizzle", "none") == "xor";
    ai.padding = op.attrs.get_int("padding", 0);
  }
  auto& list = shared ? p_.shared : p_.locals;
  Inst in = make(shared ? Opc::kAllocShared : Opc::kAllocLocal, op);
  in.target = static_cast<int32_t>(list.size());
  list.push_back(ai);
  in.dst = define(op.result()).idx;
  emit(in);
}

/// tile.reduce, tile.warp_reduce, tile.vote: a whole tile (or lane vector) to a scalar.
void Decoder::fold(const ir::Op& op, Opc opc) {
  Slot a = get(op.operands[0]);
  Inst in = make(opc, op);
  std::string k = op.attrs.get_string("kind", opc == Opc::kVote ? "any" : "sum");
  in.mode = k == "max" || k == "all" ? 1 : k == "min" || k == "ballot" ? 2 : 0;
  in.a = a.idx;
  in.dt = a.dt;
  in.round_to_dt = in.mode == 0 && is_low_float(a.dt);  // a sum rounds every step
  in.rows = a.numel();
  in.lane_ops = static_cast<uint64_t>(a.numel());
  in.dst = define(op.result()).idx;
  emit(in);
}

void Decoder::row_fold(const ir::Op& op, Opc opc) {
  Slot a = get(op.operands[0]);
  Inst in = make(opc, op);
  in.a = a.idx;
  in.dt = a.dt;
  in.round_to_dt = opc == Opc::kRowSum && is_low_float(a.dt);
  in.b = op.operands.size() == 2 ? get(op.operands[1]).idx : -1;
  in.rows = a.rows;
  in.cols = a.cols;
  in.lane_ops = static_cast<uint64_t>(a.numel());
  in.dst = define(op.result()).idx;
  emit(in);
}

void Decoder::fill(const ir::Op& op, double value) {
  Slot r = define(op.result());
  Inst in = make(op.operands.empty() ? Opc::kFill : Opc::kFillReg, op);
  in.dst = r.idx;
  in.dt = r.dt;
  in.rows = r.numel();
  in.lane_ops = static_cast<uint64_t>(r.numel());
  if (!op.operands.empty()) in.a = get(op.operands[0]).idx;
  in.imm = tile_cell(value, r.dt);
  emit(in);
}

/// The mesh executor performs the collective; a, b hold the memref handles.
void Decoder::collective(const ir::Op& op) {
  Inst in = make(Opc::kCollective, op);
  in.a = get(op.operands[0]).idx;
  if (op.operands.size() > 1) in.b = get(op.operands[1]).idx;
  emit(in);
}

// ---- one function per op, in the order of core/ops/tile_ops.def -------------------------------

#define TILE_DECODE(id) void Decoder::decode_##id(const ir::Op& op)

TILE_DECODE(TileLinearId) { id(op, Opc::kLinearId); }
TILE_DECODE(TileGroupId) { id(op, Opc::kGroupId); }
TILE_DECODE(TileLocalId) { id(op, Opc::kLocalId); }
TILE_DECODE(TileLaneId) {
  Slot r = define(op.result());
  if (r.numel() != lanes_)
    fail(op, "result has " + std::to_string(r.numel()) + " lanes but the launch has " +
                 std::to_string(lanes_) + " lanes per tile (id_c2)");
  Inst in = make(Opc::kLaneId, op);
  in.dst = r.idx;
  in.rows = r.numel();
  emit(in);
}
TILE_DECODE(TileGroupSize) { id(op, Opc::kGroupSize); }
TILE_DECODE(TileNumGroups) { id(op, Opc::kNumGroups); }

TILE_DECODE(ArithConstant) {
  Slot r = define(op.result());
  Inst in = make(Opc::kConst, op);
  in.dst = r.idx;
  const ir::Attr* v = op.attrs.get("value");
  Cell c{};
  if (r.dt == DType::f32)
    c.f = static_cast<float>(v->as_double());
  else if (r.dt == DType::f64)
    c.d = v->as_double();
  else if (v->kind == ir::Attr::Kind::boolean)
    c.i = v->b ? 1 : 0;
  else
    c.i = v->is_int() ? v->i : static_cast<int64_t>(v->f);
  if (!dtype_is_float(r.dt)) c.i = canonical_int(c.i, r.dt);
  std::memcpy(&in.imm, &c, sizeof c);
  emit(in);
}
TILE_DECODE(ArithAddI) { binary(op, Bin::add); }
TILE_DECODE(ArithSubI) { binary(op, Bin::sub); }
TILE_DECODE(ArithMulI) { binary(op, Bin::mul); }
TILE_DECODE(ArithDivSI) { binary(op, Bin::div); }
TILE_DECODE(ArithRemSI) { binary(op, Bin::rem); }
TILE_DECODE(ArithMinSI) { binary(op, Bin::min); }
TILE_DECODE(ArithMaxSI) { binary(op, Bin::max); }
TILE_DECODE(ArithAndI) { binary(op, Bin::band); }
TILE_DECODE(ArithOrI) { binary(op, Bin::bor); }
TILE_DECODE(ArithXOrI) { binary(op, Bin::bxor); }
TILE_DECODE(ArithShLI) { binary(op, Bin::shl); }
TILE_DECODE(ArithShRSI) { binary(op, Bin::shr); }
TILE_DECODE(ArithAddF) { binary(op, Bin::add); }
TILE_DECODE(ArithSubF) { binary(op, Bin::sub); }
TILE_DECODE(ArithMulF) { binary(op, Bin::mul); }
TILE_DECODE(ArithDivF) { binary(op, Bin::div); }
TILE_DECODE(ArithMaximumF) { binary(op, Bin::max); }
TILE_DECODE(ArithMinimumF) { binary(op, Bin::min); }
TILE_DECODE(ArithNegF) { unary_agg(op, Opc::kNeg, Opc::kANeg, false); }  // exact
TILE_DECODE(ArithCmpI) { binary(op, Bin::add, true); }
TILE_DECODE(ArithCmpF) { binary(op, Bin::add, true); }
TILE_DECODE(ArithSelect) {
  Slot c = get(op.operands[0]), a = get(op.operands[1]), b = get(op.operands[2]);
  Slot r = define(op.result());
  Inst in = make(r.agg ? Opc::kASelect : Opc::kSelect, op);
  in.dst = r.idx;
  in.a = a.idx;
  in.b = b.idx;
  in.c = c.idx;
  in.bcast = c.agg ? 1 : 0;
  in.rows = r.numel();
  emit(in);
}
TILE_DECODE(ArithIndexCast) { cast(op, Opc::kIndexCast); }
TILE_DECODE(ArithFPToSI) { cast(op, Opc::kFPToSI); }

// The conversions of convert_cell.h (kConvert): f32 <-> f64 keep their own opcodes.
namespace {
bool narrow(const ir::Value* v) { return dtype_is_low_precision_float(v->type.dtype); }
void finish_convert(Program& p, const ir::Op& op, bool signed_view) {
  p.code.back().bcast = signed_view ? 1 : 0;
  p.code.back().imm = pack_convert(ops::read_policy(op).convert);
}
}  // namespace

TILE_DECODE(ArithSIToFP) {
  if (!narrow(op.result()) && !op.attrs.get("numeric_policy")) return cast(op, Opc::kSIToFP);
  cast(op, Opc::kConvert);
  finish_convert(p_, op, true);
}
TILE_DECODE(ArithExtF) {
  if (!narrow(op.operands[0])) return cast(op, Opc::kExtF);
  cast(op, Opc::kConvert);
  finish_convert(p_, op, false);
}
TILE_DECODE(ArithTruncF) {
  if (!narrow(op.result()) && !op.attrs.get("numeric_policy")) return cast(op, Opc::kTruncF);
  cast(op, Opc::kConvert);
  finish_convert(p_, op, false);
}
TILE_DECODE(ArithUIToFP) {
  cast(op, Opc::kConvert);
  finish_convert(p_, op, false);
}
TILE_DECODE(ArithFPToUI) {
  cast(op, Opc::kConvert);
  finish_convert(p_, op, false);
}
TILE_DECODE(ArithIndexCastUI) {
  cast(op, Opc::kConvert);
  finish_convert(p_, op, false);
}

TILE_DECODE(ScfFor) { scf_for(op); }
TILE_DECODE(ScfIf) { scf_if(op); }
TILE_DECODE(ScfWhile) { scf_while(op); }
TILE_DECODE(ScfYield) { fail(op, "internal: terminator outside its region"); }
TILE_DECODE(ScfCondition) { fail(op, "internal: terminator outside its region"); }

TILE_DECODE(TileDim) {
  Inst in = make(Opc::kDim, op);
  in.a = get(op.operands[0]).idx;
  in.imm = op.attrs.get_int("dim", 0);
  in.dst = define(op.result()).idx;
  emit(in);
}
TILE_DECODE(TileLoad) { memory(op, Opc::kLoad, 0, 1); }
TILE_DECODE(TileStore) { memory(op, Opc::kStore, 1, 2); }
TILE_DECODE(TileLoadTile) { memory(op, Opc::kLoadTile, 0, 1); }
TILE_DECODE(TileStoreTile) { memory(op, Opc::kStoreTile, 1, 2); }
TILE_DECODE(TileAllocShared) { alloc(op, true); }
TILE_DECODE(TileAllocRegister) { alloc(op, false); }
TILE_DECODE(TileBarrier) { emit(make(Opc::kBarrier, op)); }
TILE_DECODE(TileAsyncCopy) {
  Inst in = make(Opc::kAsyncCopy, op);
  in.a = get(op.operands[0]).idx;
  in.b = get(op.operands[1]).idx;
  in.dt = op.operands[0]->type.dtype;
  in.list = list_of(op, 2);
  in.nlist = static_cast<int32_t>(op.operands.size() - 2);
  // The destination is a shared allocation (alloc_c1 bounds it); still never narrow blindly.
  const std::vector<int64_t>& ds = op.operands[1]->type.shape;
  if (ds.size() != 2 || ds[0] < 0 || ds[1] < 0 || ds[0] > INT32_MAX || ds[1] > INT32_MAX)
    fail(op, "the async-copy destination is too large");
  in.rows = static_cast<int32_t>(ds[0]);
  in.cols = static_cast<int32_t>(ds[1]);
  in.bcast = op.attrs.get_bool("mask", false) ? 1 : 0;
  in.lane_ops = static_cast<uint64_t>(in.rows) * static_cast<uint64_t>(in.cols);
  emit(in);
}
TILE_DECODE(TileCommitGroup) { emit(make(Opc::kCommit, op)); }
TILE_DECODE(TileWaitGroup) {
  Inst in = make(Opc::kWait, op);
  in.imm = op.attrs.get_int("n", 0);
  emit(in);
}
TILE_DECODE(TileAtomic) { memory(op, Opc::kAtomic, 1, 2); }
TILE_DECODE(TileAtomicCas) { memory(op, Opc::kAtomicCas, 2, 3); }

TILE_DECODE(TileMma) {
  Slot a = get(op.operands[0]), b = get(op.operands[1]), c = get(op.operands[2]);
  Inst in = make(Opc::kMma, op);
  in.a = a.idx;
  in.b = b.idx;
  in.c = c.idx;
  in.rows = c.rows;
  in.cols = c.cols;
  bool ta = op.attrs.get_string("layout_a", "row") == "col";
  bool tb = op.attrs.get_string("layout_b", "row") == "col";
  in.k = ta ? a.rows : a.cols;
  in.mode = static_cast<uint8_t>((ta ? 1 : 0) | (tb ? 2 : 0));
  in.dt = a.dt;
  ops::NumericPolicy pol = ops::read_policy(op);
  auto model = ops::accum_model_by_name(pol.accum_model, DType::f32, a.dt);
  if (!model) fail(op, "unknown accum_model \"" + pol.accum_model + "\" (mma_c4)");
  in.bcast = model->kind == num::AccumKind::kSequential ? 0 : 1;
  in.target = static_cast<int32_t>(p_.models.size());
  p_.models.push_back(*model);
  in.lane_ops = uint64_t(in.rows) * uint64_t(in.cols) * uint64_t(in.k);
  in.dst = define(op.result()).idx;
  emit(in);
}
TILE_DECODE(TileReduce) { fold(op, Opc::kReduce); }
TILE_DECODE(TileRowMax) { row_fold(op, Opc::kRowMax); }
TILE_DECODE(TileRowSum) { row_fold(op, Opc::kRowSum); }
TILE_DECODE(TileExp) { unary_agg(op, Opc::kExp, Opc::kAExp, true); }
TILE_DECODE(TileLog) { unary_agg(op, Opc::kLog, Opc::kALog, true); }
TILE_DECODE(TileMaximum) { binary(op, Bin::max); }
TILE_DECODE(TileSqrt) { unary_agg(op, Opc::kSqrt, Opc::kASqrt, false); }  // f32 only
TILE_DECODE(TileFma) {                                                    // scalars only (fma_c1)
  Slot a = get(op.operands[0]), b = get(op.operands[1]), c = get(op.operands[2]);
  Slot r = define(op.result());
  Inst in = make(Opc::kFma, op);
  in.dst = r.idx;
  in.a = a.idx;
  in.b = b.idx;
  in.c = c.idx;
  in.dt = a.dt;
  emit(in);
}
TILE_DECODE(TileCausalMask) {
  Slot a = get(op.operands[0]);
  Inst in = make(Opc::kCausalMask, op);
  in.a = a.idx;
  in.b = get(op.operands[1]).idx;
  in.c = get(op.operands[2]).idx;
  in.rows = a.rows;
  in.cols = a.cols;
  in.fimm = op.attrs.get("value") ? op.attrs.get("value")->as_double() : -INFINITY;
  in.lane_ops = static_cast<uint64_t>(a.numel());
  in.dst = define(op.result()).idx;
  emit(in);
}
TILE_DECODE(TileZeros) { fill(op, 0.0); }
TILE_DECODE(TileFull) { fill(op, op.attrs.get_float("value", 0.0)); }
TILE_DECODE(TileBroadcast) {
  Slot a = get(op.operands[0]);
  Slot r = define(op.result());
  // A scalar splat is a fill from a register; a row broadcast repeats a[i] along row i.
  Inst in = make(a.agg ? Opc::kRowBcast : Opc::kFillReg, op);
  in.a = a.idx;
  in.dst = r.idx;
  in.dt = r.dt;
  in.rows = a.agg ? r.rows : r.numel();
  in.cols = a.agg ? r.cols : 1;
  in.lane_ops = static_cast<uint64_t>(r.numel());
  emit(in);
}

TILE_DECODE(TileShuffle) {
  Slot a = get(op.operands[0]), s = get(op.operands[1]);
  std::string m = op.attrs.get_string("mode", "idx");
  Inst in = make(Opc::kShuffle, op);
  in.mode = m == "xor" ? 1 : m == "up" ? 2 : m == "down" ? 3 : 0;
  in.a = a.idx;
  in.b = s.idx;
  in.bcast = s.agg ? 1 : 0;
  in.rows = a.numel();
  in.dst = define(op.result()).idx;
  emit(in);
}
TILE_DECODE(TileVote) { fold(op, Opc::kVote); }
TILE_DECODE(TileWarpReduce) { fold(op, Opc::kWarpReduce); }

TILE_DECODE(TileAllReduce) { collective(op); }
TILE_DECODE(TileAllGather) { collective(op); }
TILE_DECODE(TileReduceScatter) { collective(op); }
TILE_DECODE(TileAllToAll) { collective(op); }
TILE_DECODE(TileCollectiveBroadcast) { collective(op); }
TILE_DECODE(TileCollectiveReduce) { collective(op); }
TILE_DECODE(TileCollectiveGather) { collective(op); }
TILE_DECODE(TileCollectiveScatter) { collective(op); }
TILE_DECODE(TilePpermute) { collective(op); }
TILE_DECODE(TileSend) { collective(op); }
TILE_DECODE(TileRecv) { collective(op); }

#undef TILE_DECODE

}  // namespace tessera::interp::tile
