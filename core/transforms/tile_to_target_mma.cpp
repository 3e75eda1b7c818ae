// Pass tile-to-target: tile.mma on bf16/f16 register tiles as sequences of mma.sync m16n8k16
// over PTX fragments (docs/ops/target/lowering.md). Fragments are gathered from the row-
// distributed tiles with shfl.sync idx (one shuffle per candidate source register, the lane's
// own pick made through a per-lane local scratch array) and packed into vectors through local
// memory; D goes back to rows the same way. K advances in blocks of 16 in increasing order, so
// every element's accumulation chain is the one Tile IR specifies.
#include <map>

#include "core/ops/contractions.h"
#include "core/ops/policy.h"
#include "core/transforms/tile_to_target_impl.h"

namespace tessera::transforms::t2t {
namespace {

ir::Type i32t() { return ir::Type::scalar(DType::i32); }
ir::Type vec(DType d, int64_t n) { return ir::Type{ir::TypeKind::vector, d, {n}, 0, {}}; }

/// The constant an index value holds, or -1.
int64_t constant_of(const ir::Value* v) {
  const ir::Op* d = v->def;
  if (!d || d->name != "arith.constant" || !d->attrs.get("value")) return -1;
  const ir::Attr* a = d->attrs.get("value");
  return a->is_int() ? a->i : -1;
}

/// Whether an index value is provably a multiple of 8: a constant one, a product with such a
/// factor, or a sum of two such values (the GEMM template's tile offsets `tn * 32`).
bool multiple_of_8(const ir::Value* v, int depth = 0) {
  const int64_t c = constant_of(v);
  if (c >= 0) return c % 8 == 0;
  const ir::Op* d = v->def;
  if (!d || depth > 8 || d->operands.size() != 2) return false;
  if (d->name == "arith.muli")
    return multiple_of_8(d->operands[0], depth + 1) || multiple_of_8(d->operands[1], depth + 1);
  if (d->name == "arith.addi")
    return multiple_of_8(d->operands[0], depth + 1) && multiple_of_8(d->operands[1], depth + 1);
  return false;
}

}  // namespace

const ir::Op* Lowering::ldmatrix_source(const ir::Value* operand) {
  // A tile.load_tile of a 2-D shared bf16/f16 buffer at a column that is provably a multiple
  // of 8, rows padded to a multiple of 8 elements: ldmatrix can read its fragments directly.
  const ir::Op* l = operand->def;
  if (!l || l->name != "tile.load_tile" || l->attrs.get("mask") || l->attrs.get("padding"))
    return nullptr;
  const ir::Type& m = l->operands[0]->type;
  if (!m.is_memref() || m.memspace != 3 || m.rank() != 2) return nullptr;
  const Lowered& sm = at(l->operands[0]);
  if (sm.pcols % 8 != 0 || !multiple_of_8(l->operands[2])) return nullptr;
  return l;
}

ir::Value* Lowering::ldmatrix(const ir::Op& load, int64_t row_off, int64_t col_off,
                              ir::Value* lane_row, ir::Value* lane_col, int64_t num, bool trans) {
  // Lane L gives the address of row L % 8 of matrix L / 8: (row, col) of the load's tile plus
  // this lane's offsets, through the buffer's swizzle.
  const ir::Value* mem = load.operands[0];
  const Lowered& sm = at(mem);
  ir::Value* row = add(add_c(at(load.operands[1]).one(), row_off), lane_row);
  ir::Value* col = add(add_c(at(load.operands[2]).one(), col_off), lane_col);
  if (sm.chunk > 0) {
    ir::Value* ch = cst_index(sm.chunk);
    ir::Value* q = emit1("arith.divsi", {col, ch}, ir::Type::scalar(DType::index));
    ir::Value* rm = emit1("arith.remsi", {col, ch}, ir::Type::scalar(DType::index));
    ir::Value* rr =
        emit1("arith.remsi", {row, cst_index(sm.lcols / sm.chunk)}, ir::Type::scalar(DType::index));
    col = add(mul(emit1("arith.xori", {q, rr}, ir::Type::scalar(DType::index)), ch), rm);
  }
  ir::AttrDict a;
  a.set("num", ir::Attr::integer_attr(num));
  a.set("trans", ir::Attr::boolean_attr(trans));
  return emit1("tessera_nvidia.ldmatrix", {sm.one(), row, col}, vec(mem->type.dtype, 2 * num),
               std::move(a));
}

ir::AttrDict Lowering::mma_sync_attrs(const ir::Op& op, const Lowered& a, const Lowered& b,
                                      const Lowered& c) {
  const DType in = op.operands[0]->type.dtype;
  const int64_t M = a.rows, K = a.cols, N = c.cols;
  if (op.attrs.get_string("layout_a", "row") != "row")
    unsupported(op, "layout_a = \"col\" is not lowered yet");
  if (!a.tile || !b.tile || !c.tile || M % kLanes != 0 || K % 16 != 0 || N % 8 != 0 ||
      b.rows % kLanes != 0 || op.operands[2]->type.dtype != DType::f32)
    unsupported(op, "mma.sync lowering needs M % 32, K % 16, N % 8 == 0 and an f32 accumulator");
  // A tensor-core policy runs the same model in mma.sync; its steps must not straddle the
  // 16-wide K blocks.
  const ops::NumericPolicy pol = ops::read_policy(op);
  auto model = ops::accum_model_by_name(pol.accum_model, DType::f32, in);
  if (!model || (model->kind == num::AccumKind::kTensorCore && 16 % model->tc.k_step != 0) ||
      model->kind == num::AccumKind::kPairwise)
    unsupported(
        op, "accumulation model \"" + pol.accum_model + "\" does not split into K blocks of 16");
  ir::AttrDict mattrs;
  mattrs.set("shape", ir::Attr::string_attr("m16n8k16"));
  if (const ir::Attr* p = op.attrs.get("numeric_policy")) mattrs.set("numeric_policy", *p);
  return mattrs;
}

void Lowering::mma_sync(const ir::Op& op) {
  const Lowered& a = at(op.operands[0]);
  const Lowered& b = at(op.operands[1]);
  const Lowered& c = at(op.operands[2]);
  const DType in = op.operands[0]->type.dtype;
  const bool bcol = op.attrs.get_string("layout_b", "row") == "col";
  const int64_t K = a.cols, N = c.cols;
  const ir::AttrDict mattrs = mma_sync_attrs(op, a, b, c);
  ir::AttrDict idx_mode;
  idx_mode.set("mode", ir::Attr::string_attr("idx"));
  ir::Value* full = cst_i32(-1);
  ir::Value* L = emit1("tessera_nvidia.laneid", {}, i32t());
  ir::Value* g = emit1("arith.shrsi", {L, cst_i32(2)}, i32t());
  ir::Value* t = emit1("arith.andi", {L, cst_i32(3)}, i32t());
  auto local = [&](DType d, int64_t n) {
    return emit1("tessera_nvidia.alloc_local", {}, ir::Type::memref(d, {n}, 5));
  };
  ir::Value* pick_in = local(in, 8);
  ir::Value* pick_f = local(DType::f32, 8);
  ir::Value* pack_a = local(in, 8);
  ir::Value* pack_b = local(in, 4);
  ir::Value* pack_c = local(DType::f32, 4);
  auto shfl = [&](ir::Value* v, ir::Value* src) {
    return emit1("tessera_nvidia.shfl_sync", {v, src, full}, v->type, idx_mode);
  };
  // The lane's own candidate: candidates stored to a local array, read back at `which`.
  auto pick = [&](const std::vector<ir::Value*>& cand, ir::Value* which, ir::Value* scratch) {
    for (size_t k = 0; k < cand.size(); ++k)
      emit("tessera_nvidia.st", {cand[k], scratch, cst_i32(static_cast<int64_t>(k))}, {});
    return emit1("tessera_nvidia.ld", {scratch, which}, cand[0]->type);
  };
  auto pack = [&](const std::vector<ir::Value*>& vals, ir::Value* buf) {
    for (size_t k = 0; k < vals.size(); ++k)
      emit("tessera_nvidia.st", {vals[k], buf, cst_i32(static_cast<int64_t>(k))}, {});
    return emit1("tessera_nvidia.ld", {buf, cst_i32(0)},
                 vec(vals[0]->type.dtype, static_cast<int64_t>(vals.size())));
  };
  auto reg = [](const Lowered& l, int64_t slot) { return l.regs[static_cast<size_t>(slot)]; };
  // B fragments, shared by every 16-row block: element i of lane (g, t) is b(k, n) with
  // k = 16 kb + 2t + (i & 1) + 8 (i >> 1), n = n0 + g.
  // ldmatrix operands straight from shared memory (tile.load_tile -> ldmatrix).
  const ir::Op* a_ld = ldmatrix_source(op.operands[0]);
  const ir::Op* b_ld = ldmatrix_source(op.operands[1]);
  ir::Value *r8 = nullptr, *hi8 = nullptr, *q16 = nullptr;
  if (a_ld || b_ld) {
    const ir::Type ix = ir::Type::scalar(DType::index);
    r8 = emit1("arith.remsi", {lane(), cst_index(8)}, ix);  // row of the lane's matrix
    ir::Value* m = emit1("arith.divsi", {lane(), cst_index(8)}, ix);
    hi8 = mul(emit1("arith.remsi", {m, cst_index(2)}, ix), cst_index(8));        // 8 (matrix & 1)
    q16 = mul(emit1("arith.divsi", {lane(), cst_index(16)}, ix), cst_index(8));  // 8 (matrix >> 1)
  }
  std::map<std::pair<int64_t, int64_t>, ir::Value*> bfrag;
  auto b_fragment = [&](int64_t kb, int64_t n0) {
    ir::Value*& f = bfrag[{kb, n0}];
    if (f) return f;
    if (b_ld && !bcol)  // b[k][n]: matrices k0..k0+7 and k0+8..k0+15 at column n0, transposed
      return f = ldmatrix(*b_ld, kb * 16, n0, add(r8, hi8), cst_index(0), 2, true);
    if (b_ld && bcol)  // bt[n][k]: rows n0..n0+7, columns k0 and k0 + 8
      return f = ldmatrix(*b_ld, n0, kb * 16, r8, hi8, 2, false);
    std::vector<ir::Value*> vals;
    for (int64_t i = 0; i < 4; ++i) {
      const int64_t kin = (i & 1) + 8 * (i >> 1);
      std::vector<ir::Value*> cand;
      if (!bcol) {  // b is K x N: row k in lane k % 32, the candidates differ by g
        ir::Value* src = emit1(
            "arith.addi",
            {emit1("arith.muli", {t, cst_i32(2)}, i32t()), cst_i32((kb * 16) % 32 + kin)}, i32t());
        for (int64_t gg = 0; gg < 8; ++gg)
          cand.push_back(shfl(reg(b, (kb * 16 / 32) * N + n0 + gg), src));
        vals.push_back(pick(cand, g, pick_in));
      } else {  // b is N x K: row n in lane n % 32, the candidates differ by t
        ir::Value* src = emit1("arith.addi", {g, cst_i32(n0 % 32)}, i32t());
        for (int64_t tt = 0; tt < 4; ++tt)
          cand.push_back(shfl(reg(b, (n0 / 32) * K + kb * 16 + 2 * tt + kin), src));
        vals.push_back(pick(cand, t, pick_in));
      }
    }
    return f = pack(vals, pack_b);
  };
  Lowered d = c;
  for (int64_t mb = 0; mb < a.rows / 16; ++mb) {
    const int64_t base = (mb * 16) % 32, rb = mb * 16 / 32;
    // A fragments of this row block: element i is a(g + 8 ((i >> 1) & 1), 2t + (i & 1) + 8 (i >>
    // 2)).
    std::vector<ir::Value*> afrag;
    for (int64_t kb = 0; kb < K / 16; ++kb) {
      if (a_ld) {  // matrices: rows +0/+8 (matrix & 1) x columns +0/+8 (matrix >> 1)
        afrag.push_back(ldmatrix(*a_ld, mb * 16, kb * 16, add(r8, hi8), q16, 4, false));
        continue;
      }
      std::vector<ir::Value*> vals;
      for (int64_t i = 0; i < 8; ++i) {
        ir::Value* src = emit1("arith.addi", {g, cst_i32(base + 8 * ((i >> 1) & 1))}, i32t());
        std::vector<ir::Value*> cand;
        for (int64_t tt = 0; tt < 4; ++tt)
          cand.push_back(shfl(reg(a, rb * K + kb * 16 + 2 * tt + (i & 1) + 8 * (i >> 2)), src));
        vals.push_back(pick(cand, t, pick_in));
      }
      afrag.push_back(pack(vals, pack_a));
    }
    // Lanes base..base+15 own this block's rows: rr = lane - base.
    ir::Value* rr = emit1("arith.subi", {L, cst_i32(base)}, i32t());
    ir::AttrDict sge, slt;
    sge.set("predicate", ir::Attr::string_attr("sge"));
    slt.set("predicate", ir::Attr::string_attr("slt"));
    ir::Value* lo_ok = emit1("arith.cmpi", {rr, cst_i32(0)}, ir::Type::scalar(DType::i1), sge);
    ir::Value* hi_ok = emit1("arith.cmpi", {rr, cst_i32(16)}, ir::Type::scalar(DType::i1), slt);
    ir::Value* mine = emit1("arith.andi", {lo_ok, hi_ok}, ir::Type::scalar(DType::i1));
    ir::Value* upper = emit1("arith.cmpi", {rr, cst_i32(8)}, ir::Type::scalar(DType::i1), sge);
    ir::Value* quad =
        emit1("arith.muli", {emit1("arith.andi", {rr, cst_i32(7)}, i32t()), cst_i32(4)}, i32t());
    for (int64_t n0 = 0; n0 < N; n0 += 8) {
      // C fragment: element i is c(g + 8 (i >> 1), 2t + (i & 1)).
      std::vector<ir::Value*> vals;
      for (int64_t i = 0; i < 4; ++i) {
        ir::Value* src = emit1("arith.addi", {g, cst_i32(base + 8 * (i >> 1))}, i32t());
        std::vector<ir::Value*> cand;
        for (int64_t tt = 0; tt < 4; ++tt)
          cand.push_back(shfl(reg(c, rb * N + n0 + 2 * tt + (i & 1)), src));
        vals.push_back(pick(cand, t, pick_f));
      }
      ir::Value* acc = pack(vals, pack_c);
      for (int64_t kb = 0; kb < K / 16; ++kb)
        acc = emit1("tessera_nvidia.mma_sync",
                    {afrag[static_cast<size_t>(kb)], b_fragment(kb, n0), acc}, vec(DType::f32, 4),
                    mattrs);
      // Back to rows: d(rr, n0 + j) is element (j & 1) + 2 (rr >= 8) of lane 4 (rr % 8) + j / 2.
      emit("tessera_nvidia.st", {acc, pack_c, cst_i32(0)}, {});
      ir::Value* e[4];
      for (int64_t i = 0; i < 4; ++i)
        e[i] = emit1("tessera_nvidia.ld", {pack_c, cst_i32(i)}, ir::Type::scalar(DType::f32));
      for (int64_t j = 0; j < 8; ++j) {
        ir::Value* src = emit1("arith.addi", {quad, cst_i32(j / 2)}, i32t());
        ir::Value* v0 = shfl(e[j & 1], src);
        ir::Value* v1 = shfl(e[(j & 1) + 2], src);
        ir::Value* v = emit1("arith.select", {upper, v1, v0}, ir::Type::scalar(DType::f32));
        ir::Value*& slot = d.regs[static_cast<size_t>(rb * N + n0 + j)];
        slot = emit1("arith.select", {mine, v, slot}, ir::Type::scalar(DType::f32));
      }
    }
  }
  set(op.result(0), d);
}

}  // namespace tessera::transforms::t2t
