// Decoding a tile kernel: registers, aggregate arena offsets, jumps for scf.*, one Inst per op.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "core/numerics/convert.h"
#include "core/ops/contractions.h"
#include "core/ops/policy.h"
#include "core/ops/registry.h"
#include "core/ops/tile_util.h"
#include "core/support/error.h"
#include "interp/tile/program.h"

namespace tessera::interp::tile {
namespace {

using ops::OpKind;

/// Where an SSA value lives: a scalar register or a slice of the aggregate arena.
struct Slot {
  bool agg = false;
  int32_t idx = -1;
  int32_t rows = 1, cols = 1;  ///< rank-1 aggregates are rows x 1... stored as numel = rows*cols
  int32_t rank = 0;
  DType dt = DType::f32;
  int32_t numel() const { return rows * cols; }
};

class Decoder {
 public:
  Decoder(Program& p, int lanes, const SourceManager& sm) : p_(p), lanes_(lanes), sm_(sm) {}

  void run(const ir::Op& func) {
    const ir::Block& entry = func.regions[0].front();
    for (const auto& a : entry.args) {
      Slot s = define(a.get());
      if (s.agg) fail(func, "kernel parameters must be memrefs or scalars");
      p_.param_regs.push_back(s.idx);
      p_.param_types.push_back(a->type);
    }
    block(entry);
  }

 private:
  Program& p_;
  int lanes_;
  const SourceManager& sm_;
  std::unordered_map<const ir::Value*, Slot> slots_;

  [[noreturn]] void fail(const ir::Op& op, const std::string& msg) {
    DiagnosticEngine d(&sm_);
    d.op_error(op, msg, "");
    throw Error(d.render());
  }

  Slot define(const ir::Value* v) {
    const ir::Type& t = v->type;
    Slot s;
    s.dt = t.dtype;
    if (t.kind == ir::TypeKind::vector || t.is_tensor()) {
      if (!t.has_static_shape() || t.rank() > 2)
        fail_value(v, "register tiles need a static rank-1 or rank-2 shape");
      s.agg = true;
      s.rank = static_cast<int32_t>(t.rank());
      s.rows = t.rank() >= 1 ? static_cast<int32_t>(t.shape[0]) : 1;
      s.cols = t.rank() == 2 ? static_cast<int32_t>(t.shape[1]) : 1;
      if (t.rank() == 0) s.rows = 1;
      int64_t n = int64_t(s.rows) * s.cols;
      if (n > (int64_t{1} << 24) || p_.agg_floats + n > (int64_t{1} << 28))
        fail_value(v, "register tiles are too large");
      s.idx = p_.agg_floats;
      p_.agg_floats += static_cast<int32_t>(n);
    } else {
      // A bf16/f16/fp8 scalar (a kernel parameter) would have no meaning in a register cell.
      if (t.is_scalar() && !ops::tile::is_scalar_reg(t))
        fail_value(v, "scalar registers hold integers, index, f32 and f64; pass a memref");
      s.idx = p_.num_regs++;
    }
    slots_[v] = s;
    return s;
  }

  [[noreturn]] void fail_value(const ir::Value* v, const std::string& msg) {
    DiagnosticEngine d(&sm_);
    d.error(v->loc, msg + " (" + ir::to_string(v->type) + ")");
    throw Error(d.render());
  }

  Slot get(const ir::Value* v) {
    auto it = slots_.find(v);
    if (it == slots_.end()) throw Error("internal: tile decoder met an undefined value");
    return it->second;
  }

  int emit(Inst in) {
    p_.code.push_back(in);
    return static_cast<int>(p_.code.size()) - 1;
  }

  Inst make(Opc opc, const ir::Op& op) {
    Inst in;
    in.opc = opc;
    in.op = &op;
    in.lane_ops = static_cast<uint64_t>(lanes_);
    return in;
  }

  int32_t list_of(const ir::Op& op, size_t first) {
    int32_t start = static_cast<int32_t>(p_.lists.size());
    for (size_t k = first; k < op.operands.size(); ++k) p_.lists.push_back(get(op.operands[k]).idx);
    return start;
  }

  /// Copies `from` into `to` (same type).
  void move(const ir::Op& op, Slot to, Slot from) {
    Inst in = make(from.agg ? Opc::kMovAgg : Opc::kMov, op);
    in.dst = to.idx;
    in.a = from.idx;
    in.rows = from.numel();
    in.cols = 1;
    in.lane_ops = from.agg ? static_cast<uint64_t>(from.numel()) : 0;
    emit(in);
  }

  void block(const ir::Block& b) {
    for (const auto& o : b.ops) one(*o);
  }

  /// Emits the body of a single-block region except its terminator; returns the terminator.
  const ir::Op& body(const ir::Region& r) {
    const ir::Block& b = r.front();
    for (size_t k = 0; k + 1 < b.ops.size(); ++k) one(*b.ops[k]);
    return *b.ops.back();
  }

  static Bin bin_of(OpKind k) {
    switch (k) {
      case OpKind::ArithAddI:
      case OpKind::ArithAddF:
        return Bin::add;
      case OpKind::ArithSubI:
      case OpKind::ArithSubF:
        return Bin::sub;
      case OpKind::ArithMulI:
      case OpKind::ArithMulF:
        return Bin::mul;
      case OpKind::ArithDivSI:
      case OpKind::ArithDivF:
        return Bin::div;
      case OpKind::ArithRemSI:
        return Bin::rem;
      case OpKind::ArithMinSI:
      case OpKind::ArithMinimumF:
        return Bin::min;
      case OpKind::TileMaximum:
      case OpKind::ArithMaxSI:
      case OpKind::ArithMaximumF:
        return Bin::max;
      case OpKind::ArithAndI:
        return Bin::band;
      case OpKind::ArithOrI:
        return Bin::bor;
      case OpKind::ArithXOrI:
        return Bin::bxor;
      case OpKind::ArithShLI:
        return Bin::shl;
      case OpKind::ArithShRSI:
        return Bin::shr;
      default:  // every other binary op kind is listed above; decode() only calls this for them
        return Bin::shr;
    }
  }

  /// eq/ne/slt/.../ugt (cmpi) and oeq/.../uge (cmpf) to a Cmp code.
  static uint8_t cmp_of(const std::string& p, bool is_float) {
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

  /// Binary ops and comparisons on scalars or aggregates.
  void binary(const ir::Op& op, bool compare) {
    Slot a = get(op.operands[0]), b = get(op.operands[1]);
    Slot r = define(op.result());
    Inst in = make(Opc::kIBin, op);
    in.a = a.idx;
    in.b = b.idx;
    in.dst = r.idx;
    in.dt = a.dt;
    if (compare) {
      in.mode = cmp_of(ops::tile::arith_predicate(op.attrs.get("predicate"), dtype_is_float(a.dt))
                           .value_or("eq"),
                       dtype_is_float(a.dt));
    } else {
      in.mode = static_cast<uint8_t>(bin_of(kind(op)));
    }
    if (!r.agg) {
      bool fl = dtype_is_float(a.dt);
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

  static OpKind kind(const ir::Op& op) { return op.def->kind; }

  /// The register-tile cell (imm_cell) of the number `v` in element type `dt`: floats rounded
  /// once from the double to `dt` (RNE), integers wrapped to their width (i1: 0 or 1).
  static int64_t tile_cell(double v, DType dt) {
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

  void scf_for(const ir::Op& op) {
    const ir::Block& b = op.regions[0].front();
    std::vector<Slot> res;
    for (size_t k = 0; k < op.num_results(); ++k) res.push_back(define(op.result(k)));
    Slot iv = define(b.args[0].get());
    std::vector<Slot> args;
    for (size_t k = 1; k < b.args.size(); ++k) args.push_back(define(b.args[k].get()));
    for (size_t k = 0; k < res.size(); ++k) move(op, res[k], get(op.operands[3 + k]));
    move(op, iv, get(op.operands[0]));
    Inst chk = make(Opc::kForCheck, op);
    chk.a = get(op.operands[2]).idx;
    emit(chk);
    Inst test = make(Opc::kForTest, op);
    test.a = iv.idx;
    test.b = get(op.operands[1]).idx;
    int head = emit(test);
    for (size_t k = 0; k < res.size(); ++k) move(op, args[k], res[k]);
    const ir::Op& y = body(op.regions[0]);
    for (size_t k = 0; k < res.size(); ++k) move(y, res[k], get(y.operands[k]));
    Inst inc = make(Opc::kForInc, op);
    inc.dst = iv.idx;
    inc.a = get(op.operands[2]).idx;
    emit(inc);
    Inst j = make(Opc::kJmp, op);
    j.target = head;
    emit(j);
    p_.code[static_cast<size_t>(head)].target = static_cast<int32_t>(p_.code.size());
  }

  void scf_if(const ir::Op& op) {
    std::vector<Slot> res;
    for (size_t k = 0; k < op.num_results(); ++k) res.push_back(define(op.result(k)));
    Inst br = make(Opc::kJmpIfNot, op);
    br.a = get(op.operands[0]).idx;
    int at = emit(br);
    const ir::Op& y1 = body(op.regions[0]);
    for (size_t k = 0; k < res.size(); ++k) move(y1, res[k], get(y1.operands[k]));
    if (op.regions.size() < 2) {
      p_.code[static_cast<size_t>(at)].target = static_cast<int32_t>(p_.code.size());
      return;
    }
    Inst j = make(Opc::kJmp, op);
    int jat = emit(j);
    p_.code[static_cast<size_t>(at)].target = static_cast<int32_t>(p_.code.size());
    const ir::Op& y2 = body(op.regions[1]);
    for (size_t k = 0; k < res.size(); ++k) move(y2, res[k], get(y2.operands[k]));
    p_.code[static_cast<size_t>(jat)].target = static_cast<int32_t>(p_.code.size());
  }

  void scf_while(const ir::Op& op) {
    const ir::Block& before = op.regions[0].front();
    const ir::Block& after = op.regions[1].front();
    std::vector<Slot> res, bargs, aargs;
    for (size_t k = 0; k < op.num_results(); ++k) res.push_back(define(op.result(k)));
    for (const auto& a : before.args) bargs.push_back(define(a.get()));
    for (const auto& a : after.args) aargs.push_back(define(a.get()));
    for (size_t k = 0; k < bargs.size(); ++k) move(op, bargs[k], get(op.operands[k]));
    int head = static_cast<int>(p_.code.size());
    const ir::Op& cond = body(op.regions[0]);
    for (size_t k = 0; k < res.size(); ++k) move(cond, res[k], get(cond.operands[k + 1]));
    Inst br = make(Opc::kJmpIfNot, cond);
    br.a = get(cond.operands[0]).idx;
    int at = emit(br);
    for (size_t k = 0; k < aargs.size(); ++k) move(cond, aargs[k], res[k]);
    const ir::Op& y = body(op.regions[1]);
    // Two-step copy: yields may read the before-region arguments they overwrite.
    std::vector<Slot> tmp;
    for (size_t k = 0; k < bargs.size(); ++k) {
      Slot s = get(y.operands[k]);
      Slot t = s;
      if (s.agg) {
        t.idx = p_.agg_floats;
        p_.agg_floats += s.numel();
      } else {
        t.idx = p_.num_regs++;
      }
      move(y, t, s);
      tmp.push_back(t);
    }
    for (size_t k = 0; k < bargs.size(); ++k) move(y, bargs[k], tmp[k]);
    Inst j = make(Opc::kJmp, op);
    j.target = head;
    emit(j);
    p_.code[static_cast<size_t>(at)].target = static_cast<int32_t>(p_.code.size());
  }

  void memory(const ir::Op& op, Opc opc, size_t mem, size_t first_index) {
    Inst in = make(opc, op);
    const ir::Type& mt = op.operands[mem]->type;
    in.dt = mt.dtype;
    in.b = get(op.operands[mem]).idx;
    in.list = list_of(op, first_index);
    in.nlist = static_cast<int32_t>(op.operands.size() - first_index);
    if (mem > 0) in.a = get(op.operands[0]).idx;
    if (mem > 1) in.c = get(op.operands[1]).idx;
    const ir::Type& vt = opc == Opc::kLoad || opc == Opc::kLoadTile ? op.result()->type
                         : opc == Opc::kAsyncCopy                   ? op.operands[1]->type
                                                                    : op.operands[0]->type;
    if (vt.kind == ir::TypeKind::vector || vt.is_tensor()) {
      in.rows = vt.rank() == 2 ? static_cast<int32_t>(vt.shape[0]) : 1;
      in.cols = static_cast<int32_t>(vt.shape.back());
    } else {
      in.rows = in.cols = 0;  // scalar access
    }
    in.bcast = op.attrs.get_bool("mask", false) ? 1 : 0;
    if (opc == Opc::kLoadTile) in.imm = tile_cell(op.attrs.get_float("padding", 0.0), mt.dtype);
    if (in.rows > 0) in.lane_ops = static_cast<uint64_t>(in.rows) * static_cast<uint64_t>(in.cols);
    if (op.num_results() == 1) {
      Slot r = define(op.result());
      in.dst = r.idx;
    }
    std::string kind = op.attrs.get_string("kind", "add");
    in.mode = kind == "max" ? 1 : kind == "min" ? 2 : 0;
    emit(in);
  }

  void alloc(const ir::Op& op, bool shared) {
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

  /// `rounds`: the op's result on a bf16/f16 tile is rounded to the type (round_to_dt).
  void unary_agg(const ir::Op& op, Opc scalar_opc, Opc agg_opc, bool rounds) {
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

  void one(const ir::Op& op) {
    if (op.name == "func.return") {
      emit(make(Opc::kExit, op));
      return;
    }
    if (!op.def || op.def->level != ops::Level::tile || kind(op) == OpKind::TileLaunch)
      fail(op, "cannot run inside a tile kernel (only Tile IR, arith.* and scf.* ops can)");
    if (ops::tile::is_tile_collective(op)) {
      // The mesh executor performs the collective; a, b hold the memref handles.
      Inst in = make(Opc::kCollective, op);
      in.a = get(op.operands[0]).idx;
      if (op.operands.size() > 1) in.b = get(op.operands[1]).idx;
      emit(in);
      return;
    }
    switch (kind(op)) {
      case OpKind::TileLinearId:
      case OpKind::TileGroupId:
      case OpKind::TileLocalId:
      case OpKind::TileGroupSize:
      case OpKind::TileNumGroups: {
        static const std::pair<OpKind, Opc> kIds[] = {{OpKind::TileLinearId, Opc::kLinearId},
                                                      {OpKind::TileGroupId, Opc::kGroupId},
                                                      {OpKind::TileLocalId, Opc::kLocalId},
                                                      {OpKind::TileGroupSize, Opc::kGroupSize},
                                                      {OpKind::TileNumGroups, Opc::kNumGroups}};
        Inst in = make(Opc::kLinearId, op);
        for (auto& [k, o] : kIds)
          if (k == kind(op)) in.opc = o;
        in.imm = op.attrs.get_int("dim", 0);
        in.dst = define(op.result()).idx;
        emit(in);
        return;
      }
      case OpKind::TileLaneId: {
        Slot r = define(op.result());
        if (r.numel() != lanes_)
          fail(op, "result has " + std::to_string(r.numel()) + " lanes but the launch has " +
                       std::to_string(lanes_) + " lanes per tile (id_c2)");
        Inst in = make(Opc::kLaneId, op);
        in.dst = r.idx;
        in.rows = r.numel();
        emit(in);
        return;
      }
      case OpKind::ArithConstant: {
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
        return;
      }
      case OpKind::ArithCmpI:
      case OpKind::ArithCmpF:
        binary(op, true);
        return;
      case OpKind::ArithNegF:
        unary_agg(op, Opc::kNeg, Opc::kANeg, false);  // exact
        return;
      case OpKind::TileExp:
        unary_agg(op, Opc::kExp, Opc::kAExp, true);
        return;
      case OpKind::ArithSelect: {
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
        return;
      }
      case OpKind::ArithIndexCast:
      case OpKind::ArithSIToFP:
      case OpKind::ArithFPToSI: {
        Inst in = make(kind(op) == OpKind::ArithIndexCast ? Opc::kIndexCast
                       : kind(op) == OpKind::ArithSIToFP  ? Opc::kSIToFP
                                                          : Opc::kFPToSI,
                       op);
        in.a = get(op.operands[0]).idx;
        in.mode = static_cast<uint8_t>(op.operands[0]->type.dtype);
        Slot r = define(op.result());
        in.dst = r.idx;
        in.dt = r.dt;
        emit(in);
        return;
      }
      case OpKind::ScfFor:
        scf_for(op);
        return;
      case OpKind::ScfIf:
        scf_if(op);
        return;
      case OpKind::ScfWhile:
        scf_while(op);
        return;
      case OpKind::ScfYield:
      case OpKind::ScfCondition:
        fail(op, "internal: terminator outside its region");
      case OpKind::TileDim: {
        Inst in = make(Opc::kDim, op);
        in.a = get(op.operands[0]).idx;
        in.imm = op.attrs.get_int("dim", 0);
        in.dst = define(op.result()).idx;
        emit(in);
        return;
      }
      case OpKind::TileLoad:
        memory(op, Opc::kLoad, 0, 1);
        return;
      case OpKind::TileStore:
        memory(op, Opc::kStore, 1, 2);
        return;
      case OpKind::TileLoadTile:
        memory(op, Opc::kLoadTile, 0, 1);
        return;
      case OpKind::TileStoreTile:
        memory(op, Opc::kStoreTile, 1, 2);
        return;
      case OpKind::TileAsyncCopy: {
        Inst in = make(Opc::kAsyncCopy, op);
        in.a = get(op.operands[0]).idx;
        in.b = get(op.operands[1]).idx;
        in.dt = op.operands[0]->type.dtype;
        in.list = list_of(op, 2);
        in.nlist = static_cast<int32_t>(op.operands.size() - 2);
        in.rows = static_cast<int32_t>(op.operands[1]->type.shape[0]);
        in.cols = static_cast<int32_t>(op.operands[1]->type.shape[1]);
        in.bcast = op.attrs.get_bool("mask", false) ? 1 : 0;
        in.lane_ops = static_cast<uint64_t>(in.rows) * static_cast<uint64_t>(in.cols);
        emit(in);
        return;
      }
      case OpKind::TileAtomic:
        memory(op, Opc::kAtomic, 1, 2);
        return;
      case OpKind::TileAtomicCas:
        memory(op, Opc::kAtomicCas, 2, 3);
        return;
      case OpKind::TileAllocShared:
        alloc(op, true);
        return;
      case OpKind::TileAllocRegister:
        alloc(op, false);
        return;
      case OpKind::TileBarrier:
        emit(make(Opc::kBarrier, op));
        return;
      case OpKind::TileCommitGroup:
        emit(make(Opc::kCommit, op));
        return;
      case OpKind::TileWaitGroup: {
        Inst in = make(Opc::kWait, op);
        in.imm = op.attrs.get_int("n", 0);
        emit(in);
        return;
      }
      case OpKind::TileMma:
        mma(op);
        return;
      case OpKind::TileReduce:
      case OpKind::TileWarpReduce:
      case OpKind::TileVote: {
        Slot a = get(op.operands[0]);
        Inst in = make(kind(op) == OpKind::TileVote     ? Opc::kVote
                       : kind(op) == OpKind::TileReduce ? Opc::kReduce
                                                        : Opc::kWarpReduce,
                       op);
        std::string k = op.attrs.get_string("kind", kind(op) == OpKind::TileVote ? "any" : "sum");
        in.mode = k == "max" || k == "all" ? 1 : k == "min" || k == "ballot" ? 2 : 0;
        in.a = a.idx;
        in.dt = a.dt;
        in.round_to_dt = in.mode == 0 && is_low_float(a.dt);  // a sum rounds every step
        in.rows = a.numel();
        in.lane_ops = static_cast<uint64_t>(a.numel());
        in.dst = define(op.result()).idx;
        emit(in);
        return;
      }
      case OpKind::TileRowMax:
      case OpKind::TileRowSum: {
        Slot a = get(op.operands[0]);
        Inst in = make(kind(op) == OpKind::TileRowMax ? Opc::kRowMax : Opc::kRowSum, op);
        in.a = a.idx;
        in.dt = a.dt;
        in.round_to_dt = kind(op) == OpKind::TileRowSum && is_low_float(a.dt);
        in.b = op.operands.size() == 2 ? get(op.operands[1]).idx : -1;
        in.rows = a.rows;
        in.cols = a.cols;
        in.lane_ops = static_cast<uint64_t>(a.numel());
        in.dst = define(op.result()).idx;
        emit(in);
        return;
      }
      case OpKind::TileCausalMask: {
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
        return;
      }
      case OpKind::TileZeros:
      case OpKind::TileFull: {
        Slot r = define(op.result());
        Inst in = make(op.operands.empty() ? Opc::kFill : Opc::kFillReg, op);
        in.dst = r.idx;
        in.dt = r.dt;
        in.rows = r.numel();
        in.lane_ops = static_cast<uint64_t>(r.numel());
        if (!op.operands.empty()) in.a = get(op.operands[0]).idx;
        in.imm =
            tile_cell(kind(op) == OpKind::TileZeros ? 0.0 : op.attrs.get_float("value", 0.0), r.dt);
        emit(in);
        return;
      }
      case OpKind::TileBroadcast: {
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
        return;
      }
      case OpKind::TileShuffle: {
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
        return;
      }
      default:
        binary(op, false);
        return;
    }
  }

  void mma(const ir::Op& op) {
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
};

}  // namespace

Program decode(const ir::Op& func, int lanes, const SourceManager& sm) {
  Program p;
  p.func = &func;
  p.name = func.attrs.get_string("sym_name", "?");
  p.lanes = lanes;
  if (func.regions.empty() || func.regions[0].empty())
    throw Error("tile kernel @" + p.name + " has no body");
  Decoder d(p, lanes, sm);
  d.run(func);
  if (p.code.empty() || p.code.back().opc != Opc::kExit) {
    Inst ex;
    ex.opc = Opc::kExit;
    ex.op = &func;
    p.code.push_back(ex);
  }
  for (Inst& in : p.code)
    in.cost = static_cast<uint32_t>(
        std::max<uint64_t>(1, std::min<uint64_t>(in.lane_ops / std::max(lanes, 1), 1u << 30)));
  return p;
}

}  // namespace tessera::interp::tile
